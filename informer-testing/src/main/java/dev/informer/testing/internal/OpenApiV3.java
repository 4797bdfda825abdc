package dev.informer.testing.internal;

import dev.informer.testing.ResourceDefinition;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A minimal OpenAPI v3 discovery: {@code /openapi/v3} lists one document per group/version, and
 * each document declares, per resource, the item path's PATCH operation with its
 * {@code x-kubernetes-group-version-kind} and the {@code fieldValidation} query parameter.
 *
 * <p>That is what kubectl (v1.27+) reads to decide that the server validates fields itself, so
 * {@code kubectl apply/create} skip client-side schema validation. The documents of built-in
 * groups also carry the kinds' schemas under {@code components.schemas} (from {@link
 * BuiltInSchemas}: names, types, {@code x-kubernetes-group-version-kind}, patch extensions, no
 * descriptions), which {@code kubectl explain} reads. No PATCH request body is declared, so
 * kubectl computes strategic-merge patches from its compiled-in types (built-ins) or falls back to
 * JSON merge patches (custom resources).
 *
 * <p>Resources that a CustomResourceDefinition installed also get their schema in
 * {@code components.schemas} (named like kube's, e.g. {@code com.example.v1.Widget}, tagged with
 * {@code x-kubernetes-group-version-kind}), which is what {@code kubectl explain} reads. Each
 * document's {@code hash} in the root changes with its content, so clients that cache documents by
 * hash (kubectl) see a CRD change. Documents are built per request from the registry;
 * thread-safe.
 */
final class OpenApiV3 {
    private final ResourceRegistry registry;

    OpenApiV3(ResourceRegistry registry) {
        this.registry = registry;
    }

    /** {@code /openapi/v3}: {@code {"paths":{"api/v1":{"serverRelativeURL":...}}}}. */
    ObjectNode root() {
        ObjectNode root = Json.object();
        ObjectNode paths = root.putObject("paths");
        for (String g : registry.groups()) {
            for (String v : registry.versions(g)) {
                String rel = g.isEmpty() ? "api/" + v : "apis/" + g + "/" + v;
                ObjectNode doc = groupVersion(g, v);
                String hash = doc == null ? "embedded" : hash(Json.bytes(doc));
                paths.putObject(rel).put("serverRelativeURL", "/openapi/v3/" + rel + "?hash=" + hash);
            }
        }
        return root;
    }

    /** The document of one group/version, or null when not served. */
    @Nullable
    ObjectNode groupVersion(String group, String version) {
        List<ResourceDefinition> defs = registry.resources(group, version);
        if (defs.isEmpty()) {
            return null;
        }
        ObjectNode doc = Json.object();
        doc.put("openapi", "3.0.0");
        ObjectNode info = doc.putObject("info");
        info.put("title", "Kubernetes (embedded API server)");
        info.put("version", "v" + Discovery.MAJOR + "." + Discovery.MINOR + ".0");
        ObjectNode paths = doc.putObject("paths");
        String prefix = group.isEmpty() ? "/api/" + version : "/apis/" + group + "/" + version;
        for (ResourceDefinition d : defs) {
            String item = prefix + (d.namespaced() ? "/namespaces/{namespace}/" : "/") + d.plural() + "/{name}";
            ObjectNode patch = paths.putObject(item).putObject("patch");
            patch.put("operationId", "patch" + d.kind());
            ObjectNode gvk = patch.putObject("x-kubernetes-group-version-kind");
            gvk.put("group", d.group());
            gvk.put("kind", d.kind());
            gvk.put("version", d.version());
            patch.put("x-kubernetes-action", "patch");
            ArrayNode params = patch.putArray("parameters");
            for (String q : List.of("dryRun", "fieldManager", "fieldValidation", "force")) {
                ObjectNode p = params.addObject();
                p.put("name", q);
                p.put("in", "query");
                p.putObject("schema").put("type", q.equals("force") ? "boolean" : "string");
            }
            patch.putObject("responses").putObject("200").put("description", "OK");
        }
        ObjectNode schemas = doc.putObject("components").putObject("schemas");
        BuiltInSchemas.group(group)
                .filter(d -> d.version().equals(version))
                .ifPresent(d -> schemas.setAll(d.schemas()));
        for (ResourceDefinition d : defs) {
            CrdSchema schema =
                    registry.extras(d).map(ResourceRegistry.Extras::schema).orElse(null);
            if (schema != null) {
                schemas.set(schemaName(d), customResourceSchema(d, schema));
            }
        }
        return doc;
    }

    /** kube's definition name: the group reversed, then version and kind ({@code com.example.v1.Widget}). */
    private static String schemaName(ResourceDefinition d) {
        List<String> parts = new java.util.ArrayList<>(List.of(d.group().split("\\.", -1)));
        java.util.Collections.reverse(parts);
        return String.join(".", parts) + "." + d.version() + "." + d.kind();
    }

    private static ObjectNode customResourceSchema(ResourceDefinition d, CrdSchema schema) {
        ObjectNode s = (ObjectNode) schema.root().deepCopy();
        ObjectNode props = s.get("properties") instanceof ObjectNode p ? p : s.putObject("properties");
        if (!props.has("apiVersion")) {
            props.putObject("apiVersion")
                    .put("type", "string")
                    .put(
                            "description",
                            "APIVersion defines the versioned schema of this representation of an" + " object.");
        }
        if (!props.has("kind")) {
            props.putObject("kind")
                    .put("type", "string")
                    .put(
                            "description",
                            "Kind is a string value representing the REST resource this object" + " represents.");
        }
        if (!props.has("metadata")) {
            props.putObject("metadata").put("type", "object").put("description", "Standard object's metadata.");
        }
        ObjectNode gvk = s.putArray("x-kubernetes-group-version-kind").addObject();
        gvk.put("group", d.group());
        gvk.put("kind", d.kind());
        gvk.put("version", d.version());
        return s;
    }

    private static String hash(byte[] bytes) {
        try {
            byte[] digest = java.security.MessageDigest.getInstance("SHA-256").digest(bytes);
            return java.util.HexFormat.of().formatHex(digest, 0, 16);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JDK", e);
        }
    }
}
