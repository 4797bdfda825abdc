package dev.informer.testing.internal;

import dev.informer.testing.ResourceDefinition;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * How the server shapes objects on write, following kube-apiserver's generic registry and the
 * built-in strategies it needs: type meta checks, metadata the server owns (uid,
 * creationTimestamp, resourceVersion, generation, deletionTimestamp), name rules, and the status
 * subresource split. Stateless; every method works on trees the caller owns.
 */
final class ObjectRules {
    /** kube-apiserver's limit on the total size of an object's annotation keys and values. */
    static final int TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

    private static final Pattern DNS1123_SUBDOMAIN =
            Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
    private static final Pattern DNS1123_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
    private static final List<String> SERVER_OWNED_META =
            List.of("uid", "creationTimestamp", "generation", "deletionTimestamp", "deletionGracePeriodSeconds");

    private ObjectRules() {}

    /** RFC 3339 with whole seconds, as Kubernetes serializes metav1.Time. */
    static String timestamp(Instant instant) {
        return DateTimeFormatter.ISO_INSTANT.format(instant.truncatedTo(ChronoUnit.SECONDS));
    }

    /** The store key: {@code namespace/name} for namespaced resources, else {@code name}. */
    static String key(ResourceDefinition def, @Nullable String namespace, String name) {
        return def.namespaced() ? namespace + "/" + name : name;
    }

    /**
     * Checks kind/apiVersion of a request body against the resource; fills them in when absent.
     *
     * @throws Refusal 400 when they name another type
     */
    static void checkTypeMeta(ResourceDefinition def, ObjectNode body) {
        String kind = Json.text(body, "kind");
        String apiVersion = Json.text(body, "apiVersion");
        if (kind != null && !kind.isEmpty() && !kind.equals(def.kind())) {
            throw Refusal.badRequest("the kind \"" + kind + "\" of the request body does not match" + " the resource "
                    + def.qualifiedName() + " (kind \"" + def.kind() + "\")");
        }
        if (apiVersion != null && !apiVersion.isEmpty() && !apiVersion.equals(def.apiVersion())) {
            throw Refusal.badRequest("the API version in the data (" + apiVersion + ") does not"
                    + " match the expected API version (" + def.apiVersion() + ")");
        }
        if (kind == null || kind.isEmpty() || apiVersion == null || apiVersion.isEmpty()) {
            // Put type meta first, as kube serializes it.
            ObjectNode rest = body.deepCopy();
            body.removeAll();
            body.put("kind", def.kind());
            body.put("apiVersion", def.apiVersion());
            rest.remove("kind");
            rest.remove("apiVersion");
            body.setAll(rest);
        }
    }

    /**
     * The metadata object of a request body, created when absent.
     *
     * @throws Refusal 400 when metadata, labels, annotations or finalizers have the wrong shape
     */
    static ObjectNode metadata(ObjectNode body) {
        JsonNode m = body.get("metadata");
        if (m == null || m.isNull()) {
            return body.putObject("metadata");
        }
        if (!(m instanceof ObjectNode meta)) {
            throw Refusal.badRequest("metadata must be a JSON object, got " + m.getNodeType());
        }
        for (String mapField : List.of("labels", "annotations")) {
            JsonNode map = meta.get(mapField);
            if (map == null || map.isNull()) {
                continue;
            }
            if (!map.isObject()) {
                throw Refusal.badRequest("metadata." + mapField + " must be a map of strings");
            }
            for (Map.Entry<String, JsonNode> e : map.properties()) {
                if (!e.getValue().isString()) {
                    throw Refusal.badRequest("metadata." + mapField + "." + e.getKey() + " must be a string, got "
                            + e.getValue().getNodeType());
                }
            }
        }
        JsonNode fin = meta.get("finalizers");
        if (fin != null && !fin.isNull()) {
            if (!fin.isArray()) {
                throw Refusal.badRequest("metadata.finalizers must be a list of strings");
            }
            for (JsonNode f : fin) {
                if (!f.isString()) {
                    throw Refusal.badRequest("metadata.finalizers must be a list of strings");
                }
            }
        }
        for (String s : List.of("name", "namespace", "generateName", "resourceVersion", "uid")) {
            JsonNode v = meta.get(s);
            if (v != null && !v.isNull() && !v.isString()) {
                throw Refusal.badRequest("metadata." + s + " must be a string, got " + v.getNodeType());
            }
        }
        return meta;
    }

    /**
     * Rejects annotations whose keys and values together exceed kube-apiserver's limit
     * (apimachinery's {@code ValidateAnnotationsSize}: 256 KiB of UTF-8).
     *
     * @throws Refusal 422 Invalid naming {@code metadata.annotations}
     */
    static void validateAnnotationsSize(ResourceDefinition def, ObjectNode meta, @Nullable String name) {
        JsonNode annotations = meta.get("annotations");
        if (annotations == null || !annotations.isObject()) {
            return;
        }
        long total = 0;
        for (Map.Entry<String, JsonNode> e : annotations.properties()) {
            total += utf8Length(e.getKey()) + utf8Length(e.getValue().asString());
        }
        if (total > TOTAL_ANNOTATION_SIZE_LIMIT) {
            throw Refusal.invalid(
                    def,
                    name,
                    new Refusal.Cause(
                            "FieldValueTooLong",
                            "Too long: must have at most " + TOTAL_ANNOTATION_SIZE_LIMIT + " bytes",
                            "metadata.annotations"));
        }
    }

    private static long utf8Length(String s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n++;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c)
                    && i + 1 < s.length()
                    && Character.isLowSurrogate(s.charAt(i + 1))) {
                n += 4;
                i++;
            } else {
                n += 3;
            }
        }
        return n;
    }

    /**
     * Validates an object name the way the resource requires (DNS-1123 label for namespaces,
     * DNS-1123 subdomain otherwise).
     *
     * @throws Refusal 422 Invalid naming the field
     */
    static void validateName(ResourceDefinition def, String name, String field) {
        boolean label = def.group().isEmpty() && def.plural().equals("namespaces");
        int max = label ? 63 : 253;
        Pattern p = label ? DNS1123_LABEL : DNS1123_SUBDOMAIN;
        if (name.length() > max || !p.matcher(name).matches()) {
            String what = label ? "a lowercase RFC 1123 label" : "a lowercase RFC 1123 subdomain";
            throw Refusal.invalid(
                    def,
                    name,
                    new Refusal.Cause(
                            "FieldValueInvalid",
                            "Invalid value: \"" + name + "\": " + what + " must consist of"
                                    + " lower case alphanumeric characters, '-' or '.', and must start and end with an"
                                    + " alphanumeric character (at most " + max + " characters)",
                            field));
        }
    }

    /**
     * Shapes a create request body into the object to store (without resourceVersion, which the
     * store stamps on commit). The name may still be empty when only generateName is given; the
     * store picks it.
     *
     * @param namespace the request's namespace (namespaced resources), never null for them
     * @throws Refusal 400/422 on bad input
     */
    static ObjectNode prepareCreate(
            ResourceDefinition def, @Nullable String namespace, ObjectNode body, String uid, Instant now) {
        checkTypeMeta(def, body);
        ObjectNode meta = metadata(body);
        if (def.namespaced()) {
            String bodyNs = Json.text(meta, "namespace");
            if (bodyNs != null && !bodyNs.isEmpty() && !bodyNs.equals(namespace)) {
                throw Refusal.badRequest(
                        "the namespace of the provided object does not match the" + " namespace sent on the request");
            }
            meta.put("namespace", namespace);
        } else {
            meta.remove("namespace");
        }
        String name = Json.text(meta, "name");
        String generateName = Json.text(meta, "generateName");
        if ((name == null || name.isEmpty()) && (generateName == null || generateName.isEmpty())) {
            throw Refusal.invalid(
                    def,
                    "",
                    new Refusal.Cause(
                            "FieldValueRequired", "Required value: name or generateName is required", "metadata.name"));
        }
        if (name != null && !name.isEmpty()) {
            validateName(def, name, "metadata.name");
        }
        validateAnnotationsSize(def, meta, name);
        meta.remove("resourceVersion");
        meta.remove("selfLink");
        meta.remove("deletionTimestamp");
        meta.remove("deletionGracePeriodSeconds");
        meta.put("uid", uid);
        meta.put("creationTimestamp", timestamp(now));
        meta.put("generation", 1);
        resetStatusOnCreate(def, body);
        KindStrategies.prepareForCreate(def, body, uid);
        return body;
    }

    /**
     * What each resource keeps of {@code .status} on create, as the built-in strategies do: pods
     * start Pending, namespaces Active, nodes keep what they are given; other resources with the
     * status subresource start without status.
     */
    private static void resetStatusOnCreate(ResourceDefinition def, ObjectNode body) {
        if (!def.hasStatusSubresource()) {
            return;
        }
        if (def.group().isEmpty() && def.plural().equals("pods")) {
            ObjectNode status = body.putObject("status");
            status.put("phase", "Pending");
        } else if (def.group().isEmpty() && def.plural().equals("namespaces")) {
            ObjectNode status = body.putObject("status");
            status.put("phase", "Active");
        } else if (!(def.group().isEmpty() && def.plural().equals("nodes"))) {
            body.remove("status");
        }
    }

    /**
     * Shapes an update (PUT, or a patched object) of {@code old} into the new object; its
     * resourceVersion is still the old one, so an unchanged object equals {@code old.object}.
     *
     * @param urlName the name in the URL
     * @param status  true for the status subresource
     * @throws Refusal 400 (name/namespace mismatch), 409 (stale resourceVersion, uid
     *                     precondition), 422
     */
    static ObjectNode prepareUpdate(
            ResourceDefinition def, ObjectVersion old, ObjectNode body, String urlName, boolean status) {
        checkTypeMeta(def, body);
        ObjectNode meta = metadata(body);
        String bodyName = Json.text(meta, "name");
        if (bodyName == null || !bodyName.equals(urlName)) {
            throw Refusal.badRequest("the name of the object (" + (bodyName == null ? "" : bodyName)
                    + ") does not match the name on the URL (" + urlName + ")");
        }
        ObjectNode oldMeta = Json.requireMetadata(old.object);
        if (def.namespaced()) {
            String bodyNs = Json.text(meta, "namespace");
            String oldNs = Json.text(oldMeta, "namespace");
            if (bodyNs != null && !bodyNs.isEmpty() && !bodyNs.equals(oldNs)) {
                throw Refusal.badRequest(
                        "the namespace of the provided object does not match the" + " namespace sent on the request");
            }
        }
        String uid = Json.text(meta, "uid");
        String oldUid = Json.text(oldMeta, "uid");
        if (uid != null && !uid.isEmpty() && !uid.equals(oldUid)) {
            throw Refusal.conflict(
                    def,
                    urlName,
                    "Precondition failed: UID in precondition: " + uid + ", UID in object meta: " + oldUid);
        }
        String rv = Json.text(meta, "resourceVersion");
        if (rv != null && !rv.isEmpty()) {
            long wanted = ListQuery.parseResourceVersion(rv);
            if (wanted != old.rv) {
                throw Refusal.staleResourceVersion(def, urlName);
            }
        }
        if (!status) {
            validateAnnotationsSize(def, meta, urlName);
        }
        ObjectNode next;
        if (status) {
            next = old.object.deepCopy();
            JsonNode newStatus = body.get("status");
            if (newStatus == null || newStatus.isNull()) {
                next.remove("status");
            } else {
                next.set("status", newStatus);
            }
        } else {
            next = body;
            ObjectNode nextMeta = meta;
            if (def.namespaced()) {
                nextMeta.put("namespace", Json.text(oldMeta, "namespace"));
            } else {
                nextMeta.remove("namespace");
            }
            for (String f : SERVER_OWNED_META) {
                JsonNode v = oldMeta.get(f);
                if (v == null) {
                    nextMeta.remove(f);
                } else {
                    nextMeta.set(f, v);
                }
            }
            nextMeta.remove("selfLink");
            if (def.hasStatusSubresource()) {
                JsonNode oldStatus = old.object.get("status");
                if (oldStatus == null) {
                    next.remove("status");
                } else {
                    next.set("status", oldStatus);
                }
            }
            KindStrategies.prepareForUpdate(def, next, old.object);
            if (specChanged(old.object, next)) {
                long gen = oldMeta.path("generation").asLong(0);
                nextMeta.put("generation", gen + 1);
            }
        }
        Json.requireMetadata(next).put("resourceVersion", Long.toString(old.rv));
        return next;
    }

    /** Whether anything outside metadata and status differs (what bumps metadata.generation). */
    static boolean specChanged(ObjectNode a, ObjectNode b) {
        for (Map.Entry<String, JsonNode> e : a.properties()) {
            String k = e.getKey();
            if (k.equals("metadata") || k.equals("status")) {
                continue;
            }
            if (!e.getValue().equals(b.get(k))) {
                return true;
            }
        }
        for (Map.Entry<String, JsonNode> e : b.properties()) {
            String k = e.getKey();
            if (!k.equals("metadata") && !k.equals("status") && !a.has(k)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the object lists finalizers that block its removal. */
    static boolean hasFinalizers(JsonNode obj) {
        ObjectNode meta = Json.metadata(obj);
        JsonNode f = meta == null ? null : meta.get("finalizers");
        return f != null && f.isArray() && !f.isEmpty();
    }

    /** Whether deletion has been requested (metadata.deletionTimestamp set). */
    static boolean isTerminating(JsonNode obj) {
        return Json.meta(obj, "deletionTimestamp") != null;
    }

    /**
     * The grace period a pod delete gets: explicit, else spec.terminationGracePeriodSeconds, else
     * 30; 0 for pods that no kubelet runs (unscheduled) or that already finished, which
     * kube-apiserver deletes at once.
     */
    static long podGracePeriod(JsonNode pod, @Nullable Long requested) {
        String nodeName = Json.text(pod.path("spec"), "nodeName");
        String phase = Json.text(pod.path("status"), "phase");
        if (nodeName == null || nodeName.isEmpty() || "Succeeded".equals(phase) || "Failed".equals(phase)) {
            return 0;
        }
        if (requested != null) {
            return requested;
        }
        JsonNode spec = pod.path("spec").path("terminationGracePeriodSeconds");
        return spec.isIntegralNumber() ? spec.longValue() : 30;
    }
}
