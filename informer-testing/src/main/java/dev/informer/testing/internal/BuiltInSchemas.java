package dev.informer.testing.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The OpenAPI v3 schemas of the built-in kinds, one data file per API group under
 * {@code dev/informer/testing/schemas/} ({@code core.json}, {@code apps.json}, ...): field names and
 * types plus the strategic-merge-patch extensions ({@code x-kubernetes-patch-strategy},
 * {@code x-kubernetes-patch-merge-key}); top-level kinds carry {@code
 * x-kubernetes-group-version-kind}. The files are derived once by the test-scope {@code
 * SchemaGenerator} (see its javadoc), not hand-written.
 *
 * <p>Files are read on first use and cached; the trees are shared and must not be modified.
 * Thread-safe.
 */
final class BuiltInSchemas {
    /** A group's document: {@code {"group":..,"version":..,"schemas":{name: schema}}}. */
    record Document(String group, String version, ObjectNode schemas) {
        /** The schema a {@code $ref} names, or null. */
        @Nullable
        ObjectNode resolve(@Nullable String ref) {
            if (ref == null) {
                return null;
            }
            JsonNode n = schemas.get(ref.substring(ref.lastIndexOf('/') + 1));
            return n instanceof ObjectNode o ? o : null;
        }

        /** The schema of a top-level kind, or null. */
        @Nullable
        ObjectNode kind(String kind) {
            for (Map.Entry<String, JsonNode> e : schemas.properties()) {
                for (JsonNode gvk : e.getValue().path("x-kubernetes-group-version-kind")) {
                    if (kind.equals(Json.text(gvk, "kind"))) {
                        return (ObjectNode) e.getValue();
                    }
                }
            }
            return null;
        }
    }

    /** Every group that has a file, the core group as "". */
    static final List<String> GROUPS = List.of(
            "",
            "coordination.k8s.io",
            "apps",
            "batch",
            "discovery.k8s.io",
            "networking.k8s.io",
            "policy",
            "rbac.authorization.k8s.io",
            "events.k8s.io",
            "autoscaling",
            "storage.k8s.io");

    private static final Map<String, Optional<Document>> CACHE = new ConcurrentHashMap<>();

    private BuiltInSchemas() {}

    /** The document of a group ("" for core), or empty when the group has no file. */
    static Optional<Document> group(String group) {
        if (!GROUPS.contains(group)) {
            return Optional.empty();
        }
        return CACHE.computeIfAbsent(group, BuiltInSchemas::load);
    }

    private static Optional<Document> load(String group) {
        String file = "/dev/informer/testing/schemas/" + (group.isEmpty() ? "core" : group) + ".json";
        try (InputStream in = BuiltInSchemas.class.getResourceAsStream(file)) {
            if (in == null) {
                return Optional.empty();
            }
            ObjectNode doc = Json.parseObject(in.readAllBytes(), "schema file " + file);
            String docGroup = Json.text(doc, "group");
            String version = Json.text(doc, "version");
            if (docGroup == null || version == null) {
                throw new IllegalStateException("the schema file " + file + " names no group or version");
            }
            return Optional.of(new Document(docGroup, version, (ObjectNode) doc.get("schemas")));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the schema file " + file, e);
        }
    }
}
