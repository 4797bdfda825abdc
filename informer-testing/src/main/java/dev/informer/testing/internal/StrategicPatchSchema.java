package dev.informer.testing.internal;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The strategic-merge-patch metadata of the built-in Kubernetes types: which lists merge (and by
 * which key) instead of being replaced. This is the {@code patchStrategy}/{@code patchMergeKey}
 * struct tags of {@code k8s.io/api}, as the schema files carry them.
 *
 * <p>A schema node describes one object type; {@link #field} gives a field's {@link Field}: whether
 * a list merges, its merge key ({@code null} for lists of scalars such as {@code finalizers}) and
 * the schema of the nested object or list element. Unknown fields have no metadata: nested objects
 * still merge key by key, lists are replaced (as for custom resources, which kube-apiserver does not
 * strategic-merge at all).
 *
 * <p>The metadata comes from the schema data files of the built-in kinds ({@link BuiltInSchemas}):
 * every kind served as a built-in has its own; any other kind (custom resources) gets the
 * ObjectMeta rules only. Immutable apart from a per-node cache of resolved fields; thread-safe.
 */
final class StrategicPatchSchema {
    /** A field's patch metadata. */
    static final class Field {
        final boolean mergeList;
        final @Nullable String mergeKey;
        final StrategicPatchSchema type;

        Field(boolean mergeList, @Nullable String mergeKey, StrategicPatchSchema type) {
            this.mergeList = mergeList;
            this.mergeKey = mergeKey;
            this.type = type;
        }
    }

    // Declared first: every constant below refers to it during class initialisation.
    /** A type with no patch metadata at all. */
    static final StrategicPatchSchema EMPTY = new StrategicPatchSchema(null, null);

    /** The metadata of a field nothing is known about: objects merge, lists are replaced. */
    static final Field UNKNOWN = new Field(false, null, EMPTY);

    /** Any kind without a schema: only {@code metadata} (ObjectMeta) has patch metadata. */
    private static final StrategicPatchSchema GENERIC = BuiltInSchemas.group("")
            .map(core -> {
                ObjectNode root = Json.object();
                root.putObject("properties")
                        .putObject("metadata")
                        .put("$ref", "#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta");
                return new StrategicPatchSchema(core, root);
            })
            .orElse(EMPTY);

    /** Null (with {@link #schema}) for {@link #EMPTY}. */
    private final BuiltInSchemas.@Nullable Document document;

    private final @Nullable ObjectNode schema;
    private final Map<String, Field> fields = new ConcurrentHashMap<>();

    private StrategicPatchSchema(BuiltInSchemas.@Nullable Document document, @Nullable ObjectNode schema) {
        this.document = document;
        this.schema = schema;
    }

    /** The metadata of {@code name}, or {@link #UNKNOWN}. */
    Field field(String name) {
        BuiltInSchemas.Document doc = document;
        ObjectNode root = schema;
        if (doc == null || root == null) {
            return UNKNOWN;
        }
        return fields.computeIfAbsent(name, n -> resolveField(doc, root, n));
    }

    private static Field resolveField(BuiltInSchemas.Document document, ObjectNode schema, String name) {
        JsonNode prop = schema.path("properties").get(name);
        if (prop == null) {
            return UNKNOWN;
        }
        if ("array".equals(Json.text(prop, "type"))) {
            String strategy = Json.text(prop, "x-kubernetes-patch-strategy");
            boolean merge = strategy != null && List.of(strategy.split(",", -1)).contains("merge");
            return new Field(
                    merge,
                    merge ? Json.text(prop, "x-kubernetes-patch-merge-key") : null,
                    typeOf(document, prop.get("items")));
        }
        return new Field(false, null, typeOf(document, prop));
    }

    private static StrategicPatchSchema typeOf(BuiltInSchemas.Document document, @Nullable JsonNode prop) {
        ObjectNode target = prop == null ? null : document.resolve(Json.text(prop, "$ref"));
        return target == null ? EMPTY : new StrategicPatchSchema(document, target);
    }

    /**
     * The schema for an object of {@code apiVersion}/{@code kind}; a {@code null} apiVersion matches
     * any group. Unknown kinds get the ObjectMeta-only schema.
     */
    static StrategicPatchSchema forKind(@Nullable String apiVersion, @Nullable String kind) {
        if (kind == null) {
            return GENERIC;
        }
        List<String> groups;
        if (apiVersion == null) {
            groups = BuiltInSchemas.GROUPS;
        } else {
            int slash = apiVersion.indexOf('/');
            groups = List.of(slash < 0 ? "" : apiVersion.substring(0, slash));
        }
        for (String g : groups) {
            Optional<BuiltInSchemas.Document> doc = BuiltInSchemas.group(g);
            if (doc.isPresent()) {
                ObjectNode root = doc.get().kind(kind);
                if (root != null) {
                    return new StrategicPatchSchema(doc.get(), root);
                }
            }
        }
        return GENERIC;
    }

    /** The schema named by the {@code apiVersion}/{@code kind} of the target, else of the patch. */
    static StrategicPatchSchema forDocuments(@Nullable JsonNode target, @Nullable JsonNode patch) {
        JsonNode source = target != null && target.path("kind").isString() ? target : patch;
        JsonNode kind = source == null ? null : source.get("kind");
        JsonNode apiVersion = source == null ? null : source.get("apiVersion");
        return forKind(
                apiVersion != null && apiVersion.isString() ? apiVersion.stringValue() : null,
                kind != null && kind.isString() ? kind.stringValue() : null);
    }
}
