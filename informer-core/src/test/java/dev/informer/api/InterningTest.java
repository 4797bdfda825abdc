package dev.informer.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.internal.Interner;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Strings that repeat across objects are shared; the small maps are compact and keep order. */
class InterningTest {

    private static Pod decode(String name) {
        String json = "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"" + name + "\","
                + "\"namespace\":\"team-a\",\"labels\":{\"app.kubernetes.io/name\":\"web\",\"tier\":\"backend\"},"
                + "\"annotations\":{\"prometheus.io/scrape\":\"true\"},"
                + "\"ownerReferences\":[{\"apiVersion\":\"apps/v1\",\"kind\":\"ReplicaSet\",\"name\":\"web-1\"}]},"
                + "\"spec\":{\"nodeName\":\"node-1\",\"containers\":[{\"name\":\"app\",\"image\":\"registry.example/web:1.4.2\","
                + "\"resources\":{\"requests\":{\"cpu\":\"100m\"}}}]},"
                + "\"status\":{\"phase\":\"Running\",\"conditions\":[{\"type\":\"Ready\",\"status\":\"True\"}]}}";
        // A fresh String per decode, as a watch stream gives.
        return ApiJson.readObject(json.getBytes(java.nio.charset.StandardCharsets.UTF_8), ResourceType.PODS);
    }

    private static String keyOf(Map<String, String> map, String key) {
        return map.keySet().stream().filter(key::equals).findFirst().orElseThrow();
    }

    @Test
    void equalLabelKeysAndValuesOfDecodedObjectsAreOneInstance() {
        Pod a = decode("a");
        Pod b = decode("b");

        assertSame(keyOf(a.labels(), "app.kubernetes.io/name"), keyOf(b.labels(), "app.kubernetes.io/name"));
        assertSame(a.labels().get("app.kubernetes.io/name"), b.labels().get("app.kubernetes.io/name"));
        assertSame(
                keyOf(a.metadata().annotations(), "prometheus.io/scrape"),
                keyOf(b.metadata().annotations(), "prometheus.io/scrape"));
    }

    @Test
    void namespacesImagesOwnersAndKindsAreShared() {
        Pod a = decode("a");
        Pod b = decode("b");

        assertSame(a.namespace(), b.namespace());
        assertSame(a.apiVersion(), b.apiVersion());
        assertSame(a.kind(), b.kind());
        assertSame(
                a.spec().containers().get(0).image(),
                b.spec().containers().get(0).image());
        assertSame(
                a.metadata().ownerReferences().get(0).kind(),
                b.metadata().ownerReferences().get(0).kind());
        assertSame(
                a.metadata().ownerReferences().get(0).apiVersion(),
                b.metadata().ownerReferences().get(0).apiVersion());
        assertSame(a.spec().nodeName(), b.spec().nodeName());
        assertSame(
                a.spec().containers().get(0).resources().requests().get("cpu"),
                b.spec().containers().get(0).resources().requests().get("cpu"));
        assertSame(
                a.status().conditions().get(0).type(),
                b.status().conditions().get(0).type());
        // Unique values are left alone.
        assertNotSame(a.name(), decode("a").name());
    }

    @Test
    void builtObjectsAreInternedToo() {
        String built = new String("team-b".toCharArray());
        ObjectMeta meta = ObjectMeta.builder().name("x").namespace(built).build();

        assertSame(Interner.intern("team-b"), meta.namespace());
    }

    @Test
    void theInternerIsBoundedAndLeavesLongStringsAlone() {
        String longValue = "x".repeat(Interner.MAX_LENGTH + 1);
        assertSame(longValue, Interner.intern(longValue));
        assertEquals(null, Interner.intern(null));

        for (int i = 0; i < Interner.MAX_ENTRIES + 10; i++) {
            Interner.intern("unique-" + i);
        }
        assertTrue(Interner.size() <= Interner.MAX_ENTRIES, "size " + Interner.size());
        String fresh = new String("after-clear".toCharArray());
        assertSame(fresh, Interner.intern(fresh));
        assertSame(fresh, Interner.intern(new String("after-clear".toCharArray())));
    }

    @Test
    void compactMapsKeepOrderEqualityAndImmutability() {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("z", "1");
        labels.put("a", null);
        labels.put("m", "3");
        ObjectMeta meta = ObjectMeta.builder().labels(labels).build();

        assertEquals(List.of("z", "a", "m"), new ArrayList<>(meta.labels().keySet()));
        assertEquals(labels, meta.labels());
        assertEquals(meta.labels(), labels);
        assertEquals(labels.hashCode(), meta.labels().hashCode());
        assertEquals(labels.toString(), meta.labels().toString());
        assertTrue(meta.labels().containsKey("a"));
        assertEquals(null, meta.labels().get("missing"));
        assertThrows(UnsupportedOperationException.class, () -> meta.labels().put("b", "2"));
        assertThrows(UnsupportedOperationException.class, () -> meta.labels().remove("z"));
        assertThrows(
                UnsupportedOperationException.class,
                () -> meta.labels().entrySet().iterator().next().setValue("x"));
    }

    @Test
    void largeMapsKeepOrderToo() {
        Map<String, String> annotations = new LinkedHashMap<>();
        for (int i = 40; i > 0; i--) {
            annotations.put("k" + i, "v" + i);
        }
        ObjectMeta meta = ObjectMeta.builder().annotations(annotations).build();

        assertEquals(
                new ArrayList<>(annotations.keySet()),
                new ArrayList<>(meta.annotations().keySet()));
        assertEquals(annotations, meta.annotations());
        assertThrows(
                UnsupportedOperationException.class, () -> meta.annotations().put("b", "2"));
    }
}
