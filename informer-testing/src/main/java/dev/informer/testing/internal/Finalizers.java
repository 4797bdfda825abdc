package dev.informer.testing.internal;

import dev.informer.testing.ResourceDefinition;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The finalizer rules of kube-apiserver's generic registry: which finalizers block an object's
 * removal, which ones a delete's propagation policy puts on it ({@code orphan},
 * {@code foregroundDeletion}), and that a terminating object takes no new ones. Stateless.
 */
final class Finalizers {
    /** Dependents lose their owner reference before the owner goes. */
    static final String ORPHAN = "orphan";
    /** The owner waits until its blocking dependents are gone. */
    static final String FOREGROUND = "foregroundDeletion";
    /** The namespace controller's spec finalizer: the namespace's contents are being removed. */
    static final String NAMESPACE_KUBERNETES = "kubernetes";

    private Finalizers() {}

    /** {@code metadata.finalizers} (empty when absent). */
    static List<String> of(JsonNode obj) {
        ObjectNode meta = Json.metadata(obj);
        return strings(meta == null ? null : meta.get("finalizers"));
    }

    /** A namespace's {@code spec.finalizers} (empty when absent). */
    static List<String> specOf(JsonNode obj) {
        return strings(obj.path("spec").get("finalizers"));
    }

    private static List<String> strings(@Nullable JsonNode arr) {
        List<String> out = new ArrayList<>();
        if (arr != null && arr.isArray()) {
            for (JsonNode n : arr) {
                if (n.isString()) {
                    out.add(n.stringValue());
                }
            }
        }
        return out;
    }

    /**
     * Whether the object may not be removed yet: it has metadata finalizers, or it is a namespace
     * whose spec still lists finalizers.
     */
    static boolean blocking(ResourceDefinition def, JsonNode obj) {
        return !of(obj).isEmpty()
                || (NamespaceLifecycle.isNamespaces(def) && !specOf(obj).isEmpty());
    }

    /**
     * Sets the {@code orphan}/{@code foregroundDeletion} finalizers a delete asks for, as
     * kube-apiserver's {@code deletionFinalizersForGarbageCollection}: an explicit policy wins,
     * then what the object's finalizers already ask for, then the resource's default.
     *
     * @return whether the finalizers changed (as a set)
     */
    static boolean applyPropagation(
            ResourceDefinition def, ObjectNode obj, DeleteRequest.@Nullable Propagation policy) {
        List<String> current = of(obj);
        boolean orphan;
        boolean foreground;
        if (policy != null) {
            orphan = policy == DeleteRequest.Propagation.ORPHAN;
            foreground = policy == DeleteRequest.Propagation.FOREGROUND;
        } else {
            orphan = current.contains(ORPHAN)
                    || (!current.contains(FOREGROUND) && defaultPolicy(def) == DeleteRequest.Propagation.ORPHAN);
            foreground = current.contains(FOREGROUND);
        }
        Set<String> next = new LinkedHashSet<>(current);
        next.remove(ORPHAN);
        next.remove(FOREGROUND);
        if (orphan) {
            next.add(ORPHAN);
        }
        if (foreground) {
            next.add(FOREGROUND);
        }
        if (new TreeSet<>(next).equals(new TreeSet<>(current))) {
            return false;
        }
        setFinalizers(obj, new ArrayList<>(next));
        return true;
    }

    /**
     * The propagation a delete without one gets: {@code Orphan} for core/v1 replicationcontrollers
     * (kept for compatibility, as in kube-apiserver), {@code Background} for everything else.
     */
    static DeleteRequest.Propagation defaultPolicy(ResourceDefinition def) {
        return def.group().isEmpty() && def.plural().equals("replicationcontrollers")
                ? DeleteRequest.Propagation.ORPHAN
                : DeleteRequest.Propagation.BACKGROUND;
    }

    /** Replaces {@code metadata.finalizers}; an empty list removes the field. */
    static void setFinalizers(ObjectNode obj, List<String> finalizers) {
        ObjectNode meta = Json.requireMetadata(obj);
        if (finalizers.isEmpty()) {
            meta.remove("finalizers");
            return;
        }
        Json.putStrings(meta, "finalizers", finalizers);
    }

    /**
     * Rejects finalizers added to an object that is being deleted, with kube-apiserver's 422.
     *
     * @throws Refusal 422 Invalid ({@code metadata.finalizers: Forbidden: no new finalizers can
     *                     be added if the object is being deleted, found new finalizers ...})
     */
    static void checkNoNewFinalizers(ResourceDefinition def, @Nullable String name, JsonNode old, JsonNode next) {
        if (!ObjectRules.isTerminating(old)) {
            return;
        }
        TreeSet<String> added = new TreeSet<>(of(next));
        added.removeAll(of(old));
        if (added.isEmpty()) {
            return;
        }
        StringBuilder go = new StringBuilder("[]string{");
        boolean first = true;
        for (String f : added) {
            if (!first) {
                go.append(", ");
            }
            first = false;
            go.append('"').append(f).append('"');
        }
        go.append('}');
        throw Refusal.invalid(
                def,
                name,
                new Refusal.Cause(
                        "FieldValueForbidden",
                        "Forbidden: no new finalizers can be added if the object is being deleted, found new"
                                + " finalizers " + go,
                        "metadata.finalizers"));
    }
}
