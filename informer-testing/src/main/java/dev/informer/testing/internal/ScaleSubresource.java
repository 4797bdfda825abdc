package dev.informer.testing.internal;

import dev.informer.testing.ResourceDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code scale} subresource: an {@code autoscaling/v1 Scale} view of an object's
 * {@code spec.replicas}, as kube-apiserver serves it for deployments, replicasets, statefulsets and
 * replicationcontrollers. A read renders the Scale; a write (update or patch of the Scale) changes
 * only {@code spec.replicas} of the object, which bumps its generation like any spec change.
 *
 * <p>{@code status.selector} is the object's selector as a label-selector string
 * ({@code spec.selector.matchLabels}/{@code matchExpressions}, or the map selector of a
 * replicationcontroller). Stateless and thread-safe.
 */
final class ScaleSubresource {
    static final String GROUP = "autoscaling";
    static final String VERSION = "v1";
    static final String KIND = "Scale";

    private ScaleSubresource() {}

    /** The Scale of {@code obj}. */
    static ObjectNode toScale(ResourceDefinition def, JsonNode obj) {
        ObjectNode scale = Json.object();
        scale.put("kind", KIND);
        scale.put("apiVersion", GROUP + "/" + VERSION);
        ObjectNode meta = scale.putObject("metadata");
        ObjectNode objMeta = Json.metadata(obj);
        for (String f : List.of("name", "namespace", "uid", "resourceVersion", "creationTimestamp")) {
            JsonNode v = objMeta == null ? null : objMeta.get(f);
            if (v != null && !v.isNull()) {
                meta.set(f, v);
            }
        }
        JsonNode replicas = obj.path("spec").path("replicas");
        scale.putObject("spec").put("replicas", replicas.isIntegralNumber() ? replicas.intValue() : 0);
        ObjectNode status = scale.putObject("status");
        JsonNode statusReplicas = obj.path("status").path("replicas");
        status.put("replicas", statusReplicas.isIntegralNumber() ? statusReplicas.intValue() : 0);
        String selector = selectorString(obj.path("spec").path("selector"));
        if (!selector.isEmpty()) {
            status.put("selector", selector);
        }
        return scale;
    }

    /**
     * The object with {@code spec.replicas} taken from {@code scale}.
     *
     * @param current the object now (not modified)
     * @param scale   the Scale written by the client
     * @throws Refusal 400 when the Scale names another object, 409 when its resourceVersion is
     *                     stale, 422 when {@code spec.replicas} is missing or negative
     */
    static ObjectNode apply(ResourceDefinition def, ObjectNode current, JsonNode scale, String urlName) {
        if (!(scale instanceof ObjectNode s)) {
            throw Refusal.badRequest("a Scale must be a JSON object, got " + scale.getNodeType());
        }
        String kind = Json.text(s, "kind");
        if (kind != null && !kind.isEmpty() && !kind.equals(KIND)) {
            throw Refusal.badRequest("the kind \"" + kind + "\" of the request body does not match the"
                    + " subresource " + def.qualifiedName() + "/scale (kind \"Scale\")");
        }
        String name = Json.meta(s, "name");
        if (name != null && !name.isEmpty() && !name.equals(urlName)) {
            throw Refusal.badRequest(
                    "the name of the object (" + name + ") does not match the name on the URL (" + urlName + ")");
        }
        String rv = Json.meta(s, "resourceVersion");
        if (rv != null && !rv.isEmpty() && !rv.equals(Json.meta(current, "resourceVersion"))) {
            throw Refusal.staleResourceVersion(def, urlName);
        }
        JsonNode replicas = s.path("spec").path("replicas");
        if (!replicas.isIntegralNumber() || replicas.longValue() < 0 || replicas.longValue() > Integer.MAX_VALUE) {
            String shown = replicas.isMissingNode() || replicas.isNull() ? "null" : replicas.toString();
            throw Refusal.invalid(
                    KIND,
                    GROUP,
                    urlName,
                    List.of(new Refusal.Cause(
                            "FieldValueInvalid",
                            "Invalid value: " + shown + ": must be greater than or equal to 0",
                            "spec.replicas")));
        }
        ObjectNode next = current.deepCopy();
        JsonNode spec = next.get("spec");
        ObjectNode specNode = spec instanceof ObjectNode o ? o : next.putObject("spec");
        specNode.put("replicas", replicas.intValue());
        return next;
    }

    /**
     * A selector as the string {@code status.selector} carries: {@code a=b,c in (d,e),!f}. A
     * replicationcontroller's selector is a plain map.
     */
    static String selectorString(JsonNode selector) {
        if (selector == null || !selector.isObject()) {
            return "";
        }
        List<String> terms = new ArrayList<>();
        boolean labelSelector = selector.has("matchLabels") || selector.has("matchExpressions");
        JsonNode labels = labelSelector ? selector.path("matchLabels") : selector;
        if (labels.isObject()) {
            for (Map.Entry<String, JsonNode> e : labels.properties()) {
                terms.add(e.getKey() + "=" + e.getValue().asString());
            }
        }
        for (JsonNode req : selector.path("matchExpressions")) {
            String key = Json.text(req, "key");
            String op = Json.text(req, "operator");
            List<String> values = new ArrayList<>();
            for (JsonNode v : req.path("values")) {
                values.add(v.asString());
            }
            if (key == null || op == null) {
                continue;
            }
            switch (op) {
                case "In" -> terms.add(key + " in (" + String.join(",", values) + ")");
                case "NotIn" -> terms.add(key + " notin (" + String.join(",", values) + ")");
                case "Exists" -> terms.add(key);
                case "DoesNotExist" -> terms.add("!" + key);
                default -> {}
            }
        }
        return String.join(",", terms);
    }
}
