package dev.informer.testing.internal;

import java.util.HashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The strategic-merge-patch metadata of the built-in Kubernetes types: which lists merge (and by
 * which key) instead of being replaced. This is the {@code patchStrategy}/{@code patchMergeKey}
 * struct tags of {@code k8s.io/api}, transcribed for the fields that matter here.
 *
 * <p>A schema node describes one object type; {@link #field} gives a field's {@link Field}: whether
 * a list merges, its merge key ({@code null} for lists of scalars such as {@code finalizers}) and
 * the schema of the nested object or list element. Unknown fields have no metadata: nested objects
 * still merge key by key, lists are replaced (as for custom resources, which kube-apiserver does not
 * strategic-merge at all).
 *
 * <p>Covered kinds: Pod, PodTemplate, Node, Namespace, Service, ServiceAccount (core/v1);
 * Deployment, ReplicaSet, StatefulSet, DaemonSet (apps/v1); Job, CronJob (batch/v1). Every other
 * kind (ConfigMap, Secret, Event, Lease, custom resources) gets the ObjectMeta rules only. Immutable
 * and thread-safe.
 */
final class StrategicPatchSchema {
    /** A field's patch metadata. */
    static final class Field {
        final boolean mergeList;
        final String mergeKey;
        final StrategicPatchSchema type;

        Field(boolean mergeList, String mergeKey, StrategicPatchSchema type) {
            this.mergeList = mergeList;
            this.mergeKey = mergeKey;
            this.type = type;
        }
    }

    // Declared first: every constant below refers to it during class initialisation.
    /** A type with no patch metadata at all. */
    static final StrategicPatchSchema EMPTY = new StrategicPatchSchema(Map.of());

    /** The metadata of a field nothing is known about: objects merge, lists are replaced. */
    static final Field UNKNOWN = new Field(false, null, EMPTY);

    private static final StrategicPatchSchema OBJECT_META = type(
            "finalizers", mergeScalars(),
            "ownerReferences", mergeBy("uid", EMPTY));

    private static final StrategicPatchSchema CONTAINER = type(
            "ports", mergeBy("containerPort", EMPTY),
            "env", mergeBy("name", EMPTY),
            "volumeMounts", mergeBy("mountPath", EMPTY),
            "volumeDevices", mergeBy("devicePath", EMPTY));

    private static final StrategicPatchSchema POD_SPEC = type(
            "volumes", mergeBy("name", EMPTY),
            "initContainers", mergeBy("name", CONTAINER),
            "containers", mergeBy("name", CONTAINER),
            "ephemeralContainers", mergeBy("name", CONTAINER),
            "imagePullSecrets", mergeBy("name", EMPTY),
            "hostAliases", mergeBy("ip", EMPTY),
            "topologySpreadConstraints", mergeBy("topologyKey", EMPTY),
            "resourceClaims", mergeBy("name", EMPTY),
            "schedulingGates", mergeBy("name", EMPTY));

    private static final StrategicPatchSchema POD_STATUS = type(
            "conditions", mergeBy("type", EMPTY),
            "podIPs", mergeBy("ip", EMPTY),
            "hostIPs", mergeBy("ip", EMPTY),
            "resourceClaimStatuses", mergeBy("name", EMPTY));

    private static final StrategicPatchSchema CONDITIONS_STATUS = type("conditions", mergeBy("type", EMPTY));

    private static final StrategicPatchSchema POD_TEMPLATE_SPEC = type(
            "metadata", nested(OBJECT_META),
            "spec", nested(POD_SPEC));

    private static final StrategicPatchSchema WORKLOAD = root(
            "spec", nested(type("template", nested(POD_TEMPLATE_SPEC))),
            "status", nested(CONDITIONS_STATUS));

    private static final StrategicPatchSchema GENERIC = root();

    private static final Map<String, StrategicPatchSchema> CORE = Map.of(
            "Pod", root("spec", nested(POD_SPEC), "status", nested(POD_STATUS)),
            "PodTemplate", root("template", nested(POD_TEMPLATE_SPEC)),
            "Node",
                    root(
                            "spec", nested(type("podCIDRs", mergeScalars())),
                            "status",
                                    nested(type(
                                            "conditions", mergeBy("type", EMPTY),
                                            "addresses", mergeBy("type", EMPTY)))),
            "Namespace", root("status", nested(CONDITIONS_STATUS)),
            "Service",
                    root(
                            "spec", nested(type("ports", mergeBy("port", EMPTY))),
                            "status", nested(CONDITIONS_STATUS)),
            "ServiceAccount", root("secrets", mergeBy("name", EMPTY)));

    private static final Map<String, StrategicPatchSchema> APPS = Map.of(
            "Deployment", WORKLOAD,
            "ReplicaSet", WORKLOAD,
            "StatefulSet", WORKLOAD,
            "DaemonSet", WORKLOAD);

    private static final Map<String, StrategicPatchSchema> BATCH = Map.of(
            "Job",
            WORKLOAD,
            "CronJob",
            root(
                    "spec",
                            nested(type(
                                    "jobTemplate",
                                    nested(type(
                                            "metadata", nested(OBJECT_META),
                                            "spec", nested(type("template", nested(POD_TEMPLATE_SPEC))))))),
                    "status", nested(CONDITIONS_STATUS)));

    private final Map<String, Field> fields;

    private StrategicPatchSchema(Map<String, Field> fields) {
        this.fields = fields;
    }

    /** The metadata of {@code name}, or {@link #UNKNOWN}. */
    Field field(String name) {
        Field f = fields.get(name);
        return f == null ? UNKNOWN : f;
    }

    /**
     * The schema for an object of {@code apiVersion}/{@code kind}; a {@code null} apiVersion matches
     * any group. Unknown kinds get the ObjectMeta-only schema.
     */
    static StrategicPatchSchema forKind(String apiVersion, String kind) {
        if (kind == null) {
            return GENERIC;
        }
        String group = null;
        if (apiVersion != null) {
            int slash = apiVersion.indexOf('/');
            group = slash < 0 ? "" : apiVersion.substring(0, slash);
        }
        StrategicPatchSchema s = null;
        if (group == null || group.isEmpty()) {
            s = CORE.get(kind);
        }
        if (s == null && (group == null || group.equals("apps"))) {
            s = APPS.get(kind);
        }
        if (s == null && (group == null || group.equals("batch"))) {
            s = BATCH.get(kind);
        }
        return s == null ? GENERIC : s;
    }

    /** The schema named by the {@code apiVersion}/{@code kind} of the target, else of the patch. */
    static StrategicPatchSchema forDocuments(JsonNode target, JsonNode patch) {
        JsonNode source = target != null && target.path("kind").isString() ? target : patch;
        JsonNode kind = source == null ? null : source.get("kind");
        JsonNode apiVersion = source == null ? null : source.get("apiVersion");
        return forKind(
                apiVersion != null && apiVersion.isString() ? apiVersion.stringValue() : null,
                kind != null && kind.isString() ? kind.stringValue() : null);
    }

    private static Field mergeBy(String key, StrategicPatchSchema element) {
        return new Field(true, key, element);
    }

    private static Field mergeScalars() {
        return new Field(true, null, EMPTY);
    }

    private static Field nested(StrategicPatchSchema type) {
        return new Field(false, null, type);
    }

    /** A top-level kind: its fields plus {@code metadata}. */
    private static StrategicPatchSchema root(Object... nameFieldPairs) {
        Map<String, Field> map = pairs(nameFieldPairs);
        map.put("metadata", nested(OBJECT_META));
        return new StrategicPatchSchema(Map.copyOf(map));
    }

    private static StrategicPatchSchema type(Object... nameFieldPairs) {
        return new StrategicPatchSchema(Map.copyOf(pairs(nameFieldPairs)));
    }

    private static Map<String, Field> pairs(Object... nameFieldPairs) {
        Map<String, Field> map = new HashMap<>();
        for (int i = 0; i < nameFieldPairs.length; i += 2) {
            map.put((String) nameFieldPairs[i], (Field) nameFieldPairs[i + 1]);
        }
        return map;
    }
}
