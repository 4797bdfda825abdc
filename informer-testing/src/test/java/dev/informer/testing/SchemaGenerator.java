package dev.informer.testing;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Derives the embedded server's schema data files ({@code
 * src/main/resources/dev/informer/testing/schemas/<group>.json}, one per API group) once, from the
 * fabric8 model classes on the test classpath: field names and types by reflection, plus the
 * strategic-merge-patch metadata of {@code k8s.io/api} (the {@code patchStrategy}/{@code
 * patchMergeKey} struct tags) from the table below. No descriptions are copied.
 *
 * <p>{@code SchemaFilesTest} fails when the committed files differ from what this generates; to
 * regenerate them (after changing the table or the fabric8 version), run from the repository root:
 *
 * <pre>
 * mvn -o -pl informer-testing -am test -Dtest=SchemaFilesTest -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dschemas.write=true
 * </pre>
 */
public final class SchemaGenerator {
    private static final String MODEL = "io.fabric8.kubernetes.api.model.";
    private static final List<String> META_TYPES = List.of(
            "ObjectMeta",
            "OwnerReference",
            "ManagedFieldsEntry",
            "LabelSelector",
            "LabelSelectorRequirement",
            "Condition",
            "ListMeta",
            "FieldsV1",
            "MicroTime",
            "Time");

    /** "Definition.field" -> {patchStrategy, patchMergeKey or null}: k8s.io/api's struct tags. */
    private static final Map<String, String[]> PATCH = new LinkedHashMap<>();

    static {
        merge("ObjectMeta.finalizers", null);
        merge("ObjectMeta.ownerReferences", "uid");
        for (String c : List.of("Container", "EphemeralContainer")) {
            merge(c + ".ports", "containerPort");
            merge(c + ".env", "name");
            merge(c + ".volumeMounts", "mountPath");
            merge(c + ".volumeDevices", "devicePath");
        }
        merge("PodSpec.volumes", "name");
        merge("PodSpec.initContainers", "name");
        merge("PodSpec.containers", "name");
        merge("PodSpec.ephemeralContainers", "name");
        merge("PodSpec.imagePullSecrets", "name");
        merge("PodSpec.hostAliases", "ip");
        merge("PodSpec.topologySpreadConstraints", "topologyKey");
        merge("PodSpec.resourceClaims", "name");
        merge("PodSpec.schedulingGates", "name");
        merge("PodStatus.conditions", "type");
        merge("PodStatus.podIPs", "ip");
        merge("PodStatus.hostIPs", "ip");
        merge("PodStatus.resourceClaimStatuses", "name");
        merge("NodeSpec.podCIDRs", null);
        merge("NodeStatus.conditions", "type");
        merge("NodeStatus.addresses", "type");
        merge("ServiceSpec.ports", "port");
        merge("ServiceAccount.secrets", "name");
        for (String s : List.of(
                "NamespaceStatus",
                "ServiceStatus",
                "ReplicationControllerStatus",
                "PersistentVolumeClaimStatus",
                "DeploymentStatus",
                "ReplicaSetStatus",
                "StatefulSetStatus",
                "DaemonSetStatus",
                "JobStatus",
                "PodDisruptionBudgetStatus")) {
            merge(s + ".conditions", "type");
        }
    }

    private static void merge(String field, String key) {
        PATCH.put(field, new String[] {"merge", key});
    }

    /** group file -> {group, version, fabric8 classes of the kinds}. */
    private static final Map<String, Object[]> GROUPS = new LinkedHashMap<>();

    static {
        group(
                "core",
                "",
                "v1",
                "Pod",
                "Node",
                "Namespace",
                "ConfigMap",
                "Secret",
                "Event",
                "Service",
                "Endpoints",
                "ServiceAccount",
                "PersistentVolumeClaim",
                "PersistentVolume",
                "ReplicationController",
                "ResourceQuota",
                "LimitRange");
        group("coordination.k8s.io", "coordination.k8s.io", "v1", "coordination.v1.Lease");
        group(
                "apps",
                "apps",
                "v1",
                "apps.Deployment",
                "apps.ReplicaSet",
                "apps.StatefulSet",
                "apps.DaemonSet",
                "apps.ControllerRevision");
        group("batch", "batch", "v1", "batch.v1.Job", "batch.v1.CronJob");
        group("discovery.k8s.io", "discovery.k8s.io", "v1", "discovery.v1.EndpointSlice");
        group(
                "networking.k8s.io",
                "networking.k8s.io",
                "v1",
                "networking.v1.Ingress",
                "networking.v1.IngressClass",
                "networking.v1.NetworkPolicy");
        group("policy", "policy", "v1", "policy.v1.PodDisruptionBudget");
        group(
                "rbac.authorization.k8s.io",
                "rbac.authorization.k8s.io",
                "v1",
                "rbac.Role",
                "rbac.RoleBinding",
                "rbac.ClusterRole",
                "rbac.ClusterRoleBinding");
        group("events.k8s.io", "events.k8s.io", "v1", "events.v1.Event");
        group("autoscaling", "autoscaling", "v2", "autoscaling.v2.HorizontalPodAutoscaler");
        group("storage.k8s.io", "storage.k8s.io", "v1", "storage.StorageClass");
    }

    private static void group(String file, String group, String version, String... kinds) {
        GROUPS.put(file, new Object[] {group, version, kinds});
    }

    private SchemaGenerator() {}

    /** Writes every group's file into {@code args[0]}. */
    public static void main(String[] args) throws IOException, ClassNotFoundException {
        Path out = Path.of(args[0]);
        Files.createDirectories(out);
        for (Map.Entry<String, String> file : generate().entrySet()) {
            Files.writeString(out.resolve(file.getKey()), file.getValue());
        }
    }

    /** file name ({@code apps.json}) -> its content, for every group. */
    static Map<String, String> generate() throws ClassNotFoundException {
        JsonMapper json = JsonMapper.builder().build();
        Map<String, String> files = new LinkedHashMap<>();
        for (Map.Entry<String, Object[]> g : GROUPS.entrySet()) {
            String group = (String) g.getValue()[0];
            String version = (String) g.getValue()[1];
            Map<String, ObjectNode> defs = new TreeMap<>();
            Deque<Class<?>> todo = new ArrayDeque<>();
            Map<Class<?>, String> kinds = new LinkedHashMap<>();
            for (String k : (String[]) g.getValue()[2]) {
                Class<?> c = Class.forName(MODEL + k);
                kinds.put(c, c.getSimpleName());
                todo.add(c);
            }
            while (!todo.isEmpty()) {
                Class<?> c = todo.poll();
                String name = defName(c);
                if (defs.containsKey(name)) {
                    continue;
                }
                defs.put(name, schema(json, c, kinds.get(c), group, version, todo));
            }
            ObjectNode doc = json.createObjectNode();
            doc.put("group", group);
            doc.put("version", version);
            ObjectNode schemas = doc.putObject("schemas");
            defs.forEach(schemas::set);
            files.put(
                    g.getKey() + ".json", json.writerWithDefaultPrettyPrinter().writeValueAsString(doc) + "\n");
        }
        return files;
    }

    private static ObjectNode schema(
            JsonMapper json, Class<?> c, String kind, String group, String version, Deque<Class<?>> todo) {
        ObjectNode schema = json.createObjectNode();
        schema.put("type", "object");
        ObjectNode props = schema.putObject("properties");
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                JsonProperty p = f.getAnnotation(JsonProperty.class);
                if (p == null || f.isAnnotationPresent(JsonIgnore.class) || Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                ObjectNode prop = props.putObject(p.value());
                type(prop, f.getGenericType(), todo);
                String[] patch = PATCH.get(c.getSimpleName() + "." + p.value());
                if (patch != null) {
                    prop.put("x-kubernetes-patch-strategy", patch[0]);
                    if (patch[1] != null) {
                        prop.put("x-kubernetes-patch-merge-key", patch[1]);
                    }
                }
            }
        }
        if (kind != null) {
            ObjectNode e = schema.putArray("x-kubernetes-group-version-kind").addObject();
            e.put("group", group);
            e.put("kind", kind);
            e.put("version", version);
        }
        return schema;
    }

    private static void type(ObjectNode prop, Type t, Deque<Class<?>> todo) {
        if (t instanceof ParameterizedType pt) {
            Class<?> raw = (Class<?>) pt.getRawType();
            if (List.class.isAssignableFrom(raw)) {
                prop.put("type", "array");
                type(prop.putObject("items"), pt.getActualTypeArguments()[0], todo);
                return;
            }
            if (Map.class.isAssignableFrom(raw)) {
                prop.put("type", "object");
                type(prop.putObject("additionalProperties"), pt.getActualTypeArguments()[1], todo);
                return;
            }
            type(prop, raw, todo);
            return;
        }
        Class<?> c = (Class<?>) t;
        String n = c.getSimpleName();
        if (c == String.class) {
            prop.put("type", "string");
        } else if (c == Integer.class || c == int.class) {
            prop.put("type", "integer");
            prop.put("format", "int32");
        } else if (c == Long.class || c == long.class) {
            prop.put("type", "integer");
            prop.put("format", "int64");
        } else if (c == Boolean.class || c == boolean.class) {
            prop.put("type", "boolean");
        } else if (c == Double.class || c == Float.class) {
            prop.put("type", "number");
            prop.put("format", "double");
        } else if (n.equals("IntOrString")) {
            prop.put("x-kubernetes-int-or-string", true);
            prop.putArray("anyOf").addObject().put("type", "integer");
            ((ArrayNode) prop.get("anyOf")).addObject().put("type", "string");
        } else if (n.equals("Quantity")) {
            prop.put("type", "string");
        } else if (n.equals("Object") || n.equals("AnyType") || n.equals("RawExtension") || n.equals("FieldsV1")) {
            prop.put("type", "object");
            prop.put("x-kubernetes-preserve-unknown-fields", true);
        } else if (c.getName().startsWith(MODEL)) {
            prop.put("$ref", "#/components/schemas/" + defName(c));
            todo.add(c);
        } else {
            prop.put("type", "string");
        }
    }

    /** kube's definition name: {@code io.k8s.api.apps.v1.Deployment}, meta types under apimachinery. */
    static String defName(Class<?> c) {
        String pkg = c.getPackageName();
        String rest = pkg.length() > MODEL.length() - 1 ? pkg.substring(MODEL.length()) : "";
        if (rest.isEmpty()) {
            return META_TYPES.contains(c.getSimpleName())
                    ? "io.k8s.apimachinery.pkg.apis.meta.v1." + c.getSimpleName()
                    : "io.k8s.api.core.v1." + c.getSimpleName();
        }
        if (!rest.matches(".*\\.v[0-9].*")) {
            rest = rest + ".v1";
        }
        return "io.k8s.api." + rest + "." + c.getSimpleName();
    }
}
