package dev.informer.testing.internal;

import dev.informer.testing.ResourceDefinition;
import java.util.List;
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
 * JSON merge patches (custom resources). Immutable, thread-safe.
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
                paths.putObject(rel).put("serverRelativeURL", "/openapi/v3/" + rel + "?hash=embedded");
            }
        }
        return root;
    }

    /** The document of one group/version, or null when not served. */
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
        return doc;
    }
}
