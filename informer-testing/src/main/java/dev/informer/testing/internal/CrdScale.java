package dev.informer.testing.internal;

import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The scale subresource of a custom resource, as its CRD declares it
 * ({@code spec.versions[*].subresources.scale}): the replica counts live at
 * {@code specReplicasPath} and {@code statusReplicasPath} (simple dotted paths such as
 * {@code .spec.replicas}), the selector, if any, at {@code labelSelectorPath}. Reads and writes
 * are translated to and from {@code autoscaling/v1 Scale} objects. Immutable and thread-safe.
 *
 * @param specReplicasPath   where {@code Scale.spec.replicas} is stored, e.g. {@code .spec.replicas}
 * @param statusReplicasPath where {@code Scale.status.replicas} is read
 * @param labelSelectorPath  where {@code Scale.status.selector} is read, or null
 */
record CrdScale(String specReplicasPath, String statusReplicasPath, @Nullable String labelSelectorPath) {

    /** The {@code autoscaling/v1 Scale} view of {@code obj}. */
    ObjectNode toScale(ObjectNode obj) {
        ObjectNode scale = Json.object();
        scale.put("kind", "Scale");
        scale.put("apiVersion", "autoscaling/v1");
        ObjectNode meta = scale.putObject("metadata");
        ObjectNode objMeta = Json.requireMetadata(obj);
        for (String f : List.of("name", "namespace", "uid", "resourceVersion", "creationTimestamp")) {
            JsonNode v = objMeta.get(f);
            if (v != null) {
                meta.set(f, v.deepCopy());
            }
        }
        JsonNode spec = at(obj, specReplicasPath);
        scale.putObject("spec").put("replicas", spec.isIntegralNumber() ? spec.asInt() : 0);
        ObjectNode status = scale.putObject("status");
        JsonNode current = at(obj, statusReplicasPath);
        status.put("replicas", current.isIntegralNumber() ? current.asInt() : 0);
        if (labelSelectorPath != null) {
            JsonNode selector = at(obj, labelSelectorPath);
            if (selector.isString()) {
                status.put("selector", selector.asString());
            }
        }
        return scale;
    }

    /**
     * {@code obj} (a new tree) with the replicas of {@code scale} written at the spec path.
     *
     * @throws Refusal 422 when {@code spec.replicas} is not a non-negative integer, 409 when the
     *                     Scale's resourceVersion is stale
     */
    ObjectNode applyScale(ObjectNode obj, JsonNode scale) {
        JsonNode replicas = scale.path("spec").path("replicas");
        String name = Json.meta(obj, "name");
        if (!replicas.isIntegralNumber() || replicas.asLong() < 0 || replicas.asLong() > Integer.MAX_VALUE) {
            throw Refusal.invalid(
                    "Scale",
                    "autoscaling",
                    name,
                    List.of(new Refusal.Cause(
                            "FieldValueInvalid",
                            "Invalid value: " + JsonValues.render(replicas) + ": must be greater than or equal to 0",
                            "spec.replicas")));
        }
        String rv = scale.path("metadata").path("resourceVersion").asString("");
        if (!rv.isEmpty() && !rv.equals(Json.meta(obj, "resourceVersion"))) {
            throw Refusal.of(
                    409,
                    "Conflict",
                    "Operation cannot be fulfilled on scale \"" + name + "\": the object has been modified;"
                            + " please apply your changes to the latest version and try again");
        }
        ObjectNode next = obj.deepCopy();
        String[] parts = specReplicasPath.substring(1).split("\\.", -1);
        ObjectNode cur = next;
        for (int i = 0; i < parts.length - 1; i++) {
            JsonNode child = cur.get(parts[i]);
            cur = child instanceof ObjectNode o ? o : cur.putObject(parts[i]);
        }
        cur.put(parts[parts.length - 1], replicas.asInt());
        return next;
    }

    private static JsonNode at(JsonNode obj, String path) {
        JsonNode cur = obj;
        for (String part : path.substring(1).split("\\.", -1)) {
            cur = cur.path(part);
        }
        return cur;
    }
}
