package dev.informer.controller;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ConfigMap;
import dev.informer.api.ObjectMeta;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each predicate against pairs of objects that differ in exactly one field. */
class EventPredicateTest {

    private static ConfigMap cm(
            long generation, String rv, Map<String, String> labels, Map<String, String> annotations) {
        return ConfigMap.builder()
                .metadata(ObjectMeta.builder()
                        .name("a")
                        .namespace("default")
                        .generation(generation)
                        .resourceVersion(rv)
                        .labels(labels)
                        .annotations(annotations)
                        .build())
                .build();
    }

    private static final ConfigMap BASE = cm(1, "10", Map.of("app", "web"), Map.of("note", "x"));

    @Test
    void generationChangedPassesOnlyUpdatesThatBumpTheGeneration() {
        EventPredicate<ConfigMap> p = EventPredicate.generationChanged();
        assertTrue(p.update(BASE, cm(2, "11", Map.of("app", "web"), Map.of("note", "x"))));
        assertFalse(p.update(BASE, cm(1, "11", Map.of("app", "other"), Map.of("note", "y"))));
        assertTrue(p.create(BASE), "creates pass");
        assertTrue(p.delete(BASE), "deletes pass");
    }

    @Test
    void labelsChangedPassesOnlyUpdatesThatChangeLabels() {
        EventPredicate<ConfigMap> p = EventPredicate.labelsChanged();
        assertTrue(p.update(BASE, cm(1, "11", Map.of("app", "other"), Map.of("note", "x"))));
        assertFalse(p.update(BASE, cm(2, "11", Map.of("app", "web"), Map.of("note", "y"))));
    }

    @Test
    void annotationsChangedPassesOnlyUpdatesThatChangeAnnotations() {
        EventPredicate<ConfigMap> p = EventPredicate.annotationsChanged();
        assertTrue(p.update(BASE, cm(1, "11", Map.of("app", "web"), Map.of("note", "y"))));
        assertFalse(p.update(BASE, cm(2, "11", Map.of("app", "other"), Map.of("note", "x"))));
    }

    @Test
    void resourceVersionChangedFiltersOutResyncs() {
        EventPredicate<ConfigMap> p = EventPredicate.resourceVersionChanged();
        assertFalse(p.update(BASE, BASE), "a resync re-delivers the same resource version");
        assertTrue(p.update(BASE, cm(1, "11", Map.of("app", "web"), Map.of("note", "x"))));
    }

    @Test
    void customConditionAppliesToEveryNotificationAndToTheNewObjectOfAnUpdate() {
        EventPredicate<ConfigMap> p =
                EventPredicate.of(o -> "web".equals(o.labels().get("app")));
        ConfigMap other = cm(1, "11", Map.of("app", "other"), Map.of());
        assertTrue(p.create(BASE));
        assertFalse(p.create(other));
        assertFalse(p.update(BASE, other));
        assertTrue(p.update(other, BASE));
        assertFalse(p.delete(other));
    }

    @Test
    void andOrNotCombinePerNotification() {
        EventPredicate<ConfigMap> labels = EventPredicate.labelsChanged();
        EventPredicate<ConfigMap> generation = EventPredicate.generationChanged();
        ConfigMap labelsOnly = cm(1, "11", Map.of("app", "other"), Map.of("note", "x"));
        ConfigMap both = cm(2, "11", Map.of("app", "other"), Map.of("note", "x"));

        assertFalse(labels.and(generation).update(BASE, labelsOnly));
        assertTrue(labels.and(generation).update(BASE, both));
        assertTrue(labels.or(generation).update(BASE, labelsOnly));
        assertFalse(labels.or(generation).update(BASE, BASE));
        assertTrue(EventPredicate.not(generation).update(BASE, labelsOnly));
        assertFalse(EventPredicate.not(generation).create(BASE), "not() negates creates too");
    }
}
