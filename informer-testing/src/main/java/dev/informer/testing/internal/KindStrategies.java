package dev.informer.testing.internal;

import dev.informer.labels.LabelSelector;
import dev.informer.labels.SelectorException;
import dev.informer.testing.ResourceDefinition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The per-kind parts of kube-apiserver's registry strategies for the built-in kinds: defaulting
 * (the {@code SetDefaults_*} functions of {@code k8s.io/kubernetes/pkg/apis/*}), the status each
 * kind starts with, validation of the fields users rely on (with kube's field paths and
 * messages), immutable fields, and ClusterIP / NodePort allocation for Services.
 *
 * <p>A kind is recognised by its group and plural, so a custom resource that happens to share a
 * kind name in another group is left alone. What is and is not emulated is listed in
 * {@code docs/embedded-api-server.md}. Stateless and thread-safe; every method works on trees the
 * caller owns. Failures are {@link Refusal} 422 Invalid with one cause per bad field.
 */
final class KindStrategies {
    /** The Service ClusterIP range (kube-apiserver's default {@code --service-cluster-ip-range}). */
    static final String SERVICE_CIDR = "10.96.0.0/12";

    private static final int SERVICE_NET = (10 << 24) | (96 << 16);
    private static final int SERVICE_NET_SIZE = 1 << 20;
    private static final int NODE_PORT_MIN = 30000;
    private static final int NODE_PORT_MAX = 32767;

    private static final Set<String> ALL_CATEGORY = Set.of(
            "/pods",
            "/replicationcontrollers",
            "/services",
            "apps/daemonsets",
            "apps/deployments",
            "apps/replicasets",
            "apps/statefulsets",
            "autoscaling/horizontalpodautoscalers",
            "batch/cronjobs",
            "batch/jobs");

    private KindStrategies() {}

    private static String id(ResourceDefinition def) {
        return def.group() + "/" + def.plural();
    }

    /** The discovery categories of a resource ({@code all} for what {@code kubectl get all} shows). */
    static List<String> categories(ResourceDefinition def) {
        return ALL_CATEGORY.contains(id(def)) ? List.of("all") : List.of();
    }

    // ---------------------------------------------------------------- create / update

    /**
     * Defaults, sets the initial status of, and validates a new object (after the generic create
     * rules). The name may still be empty when only generateName is given.
     *
     * @param uid the object's new uid (jobs label their pods with it)
     * @throws Refusal 422 when a field is invalid
     */
    static void prepareForCreate(ResourceDefinition def, ObjectNode obj, String uid) {
        switch (id(def)) {
            case "/services" -> obj.putObject("status").putObject("loadBalancer");
            case "/persistentvolumeclaims", "/persistentvolumes" ->
                obj.putObject("status").put("phase", "Pending");
            case "batch/jobs" -> generateJobSelector(def, obj, uid);
            default -> {}
        }
        applyDefaults(def, obj);
        validate(def, obj, null);
    }

    /**
     * Defaults and validates an update of the main resource (not the status subresource): keeps
     * the values the server allocated (a Service's ClusterIP and node ports) when the update
     * leaves them out, then checks immutable fields against {@code old}.
     *
     * @throws Refusal 422 when a field is invalid or an immutable one changed
     */
    static void prepareForUpdate(ResourceDefinition def, ObjectNode next, ObjectNode old) {
        if (id(def).equals("/services")) {
            keepAllocatedServiceValues(next, old);
        }
        applyDefaults(def, next);
        validate(def, next, old);
    }

    // ---------------------------------------------------------------- defaulting

    private static void applyDefaults(ResourceDefinition def, ObjectNode obj) {
        ObjectNode spec = obj.get("spec") instanceof ObjectNode s ? s : null;
        switch (id(def)) {
            case "apps/deployments" -> {
                spec = spec(obj);
                def(spec, "replicas", 1);
                ObjectNode ru = rollingUpdate(spec, "strategy");
                if (ru != null) {
                    defText(ru, "maxUnavailable", "25%");
                    defText(ru, "maxSurge", "25%");
                }
                def(spec, "revisionHistoryLimit", 10);
                def(spec, "progressDeadlineSeconds", 600);
                podTemplate(spec.get("template"));
            }
            case "apps/replicasets" -> {
                spec = spec(obj);
                def(spec, "replicas", 1);
                podTemplate(spec.get("template"));
            }
            case "apps/statefulsets" -> {
                spec = spec(obj);
                def(spec, "replicas", 1);
                defText(spec, "podManagementPolicy", "OrderedReady");
                ObjectNode ru = rollingUpdate(spec, "updateStrategy");
                if (ru != null) {
                    def(ru, "partition", 0);
                }
                def(spec, "revisionHistoryLimit", 10);
                ObjectNode retention = child(spec, "persistentVolumeClaimRetentionPolicy");
                defText(retention, "whenDeleted", "Retain");
                defText(retention, "whenScaled", "Retain");
                podTemplate(spec.get("template"));
            }
            case "apps/daemonsets" -> {
                spec = spec(obj);
                ObjectNode ru = rollingUpdate(spec, "updateStrategy");
                if (ru != null) {
                    def(ru, "maxUnavailable", 1);
                    def(ru, "maxSurge", 0);
                }
                def(spec, "revisionHistoryLimit", 10);
                podTemplate(spec.get("template"));
            }
            case "/replicationcontrollers" -> {
                spec = spec(obj);
                def(spec, "replicas", 1);
                Map<String, String> templateLabels = Json.labels(spec.path("template"));
                if (!templateLabels.isEmpty()) {
                    JsonNode selector = spec.get("selector");
                    if (selector == null || selector.isNull() || selector.isEmpty()) {
                        spec.set("selector", labelsNode(templateLabels));
                    }
                    ObjectNode meta = Json.metadata(obj);
                    JsonNode labels = meta == null ? null : meta.get("labels");
                    if (meta != null && (labels == null || labels.isNull() || labels.isEmpty())) {
                        meta.set("labels", labelsNode(templateLabels));
                    }
                }
                podTemplate(spec.get("template"));
            }
            case "batch/jobs" -> {
                spec = spec(obj);
                JsonNode completions = spec.get("completions");
                JsonNode parallelism = spec.get("parallelism");
                if (isAbsent(completions) && isAbsent(parallelism)) {
                    spec.put("completions", 1);
                    spec.put("parallelism", 1);
                }
                def(spec, "parallelism", 1);
                def(spec, "backoffLimit", 6);
                defText(spec, "completionMode", "NonIndexed");
                if (isAbsent(spec.get("suspend"))) {
                    spec.put("suspend", false);
                }
                if (isAbsent(spec.get("podFailurePolicy"))) {
                    defText(spec, "podReplacementPolicy", "TerminatingOrFailed");
                }
                podTemplate(spec.get("template"));
            }
            case "batch/cronjobs" -> {
                spec = spec(obj);
                defText(spec, "concurrencyPolicy", "Allow");
                if (isAbsent(spec.get("suspend"))) {
                    spec.put("suspend", false);
                }
                def(spec, "successfulJobsHistoryLimit", 3);
                def(spec, "failedJobsHistoryLimit", 1);
                podTemplate(spec.path("jobTemplate").path("spec").get("template"));
            }
            case "/services" -> defaultService(spec(obj));
            case "/persistentvolumeclaims" -> defText(spec(obj), "volumeMode", "Filesystem");
            case "/persistentvolumes" -> {
                spec = spec(obj);
                defText(spec, "persistentVolumeReclaimPolicy", "Retain");
                defText(spec, "volumeMode", "Filesystem");
            }
            case "/endpoints" -> {
                for (JsonNode subset : obj.path("subsets")) {
                    defaultProtocols(subset.get("ports"));
                }
            }
            case "discovery.k8s.io/endpointslices" -> defaultProtocols(obj.get("ports"));
            case "networking.k8s.io/networkpolicies" -> {
                spec = spec(obj);
                for (JsonNode rule : spec.path("ingress")) {
                    defaultProtocols(rule.get("ports"));
                }
                for (JsonNode rule : spec.path("egress")) {
                    defaultProtocols(rule.get("ports"));
                }
                if (isAbsent(spec.get("policyTypes")) || spec.get("policyTypes").isEmpty()) {
                    ArrayNode types = spec.putArray("policyTypes");
                    types.add("Ingress");
                    if (spec.path("egress").isArray() && !spec.path("egress").isEmpty()) {
                        types.add("Egress");
                    }
                }
            }
            case "autoscaling/horizontalpodautoscalers" -> {
                spec = spec(obj);
                def(spec, "minReplicas", 1);
                if (isAbsent(spec.get("metrics")) || spec.get("metrics").isEmpty()) {
                    ObjectNode metric = spec.putArray("metrics").addObject();
                    metric.put("type", "Resource");
                    ObjectNode resource = metric.putObject("resource");
                    resource.put("name", "cpu");
                    ObjectNode target = resource.putObject("target");
                    target.put("type", "Utilization");
                    target.put("averageUtilization", 80);
                }
            }
            case "storage.k8s.io/storageclasses" -> {
                defText(obj, "reclaimPolicy", "Delete");
                defText(obj, "volumeBindingMode", "Immediate");
            }
            default -> {}
        }
    }

    private static void defaultService(ObjectNode spec) {
        defText(spec, "type", "ClusterIP");
        String type = Json.text(spec, "type");
        defText(spec, "sessionAffinity", "None");
        for (JsonNode port : spec.path("ports")) {
            if (port instanceof ObjectNode p) {
                defText(p, "protocol", "TCP");
                if (isAbsent(p.get("targetPort")) && p.path("port").isIntegralNumber()) {
                    p.put("targetPort", p.get("port").intValue());
                }
            }
        }
        if ("ExternalName".equals(type)) {
            return;
        }
        defText(spec, "internalTrafficPolicy", "Cluster");
        if ("NodePort".equals(type) || "LoadBalancer".equals(type)) {
            defText(spec, "externalTrafficPolicy", "Cluster");
        }
        if ("LoadBalancer".equals(type) && isAbsent(spec.get("allocateLoadBalancerNodePorts"))) {
            spec.put("allocateLoadBalancerNodePorts", true);
        }
        String clusterIp = Json.text(spec, "clusterIP");
        if (clusterIp != null && !clusterIp.isEmpty() && isAbsent(spec.get("clusterIPs"))) {
            spec.putArray("clusterIPs").add(clusterIp);
        }
        if (isAbsent(spec.get("ipFamilies"))) {
            spec.putArray("ipFamilies").add("IPv4");
        }
        defText(spec, "ipFamilyPolicy", "SingleStack");
    }

    /** {@code SetDefaults_PodSpec} and {@code SetDefaults_Container} for the fields kubectl shows. */
    private static void podTemplate(JsonNode template) {
        if (!(template instanceof ObjectNode t) || !(t.get("spec") instanceof ObjectNode spec)) {
            return;
        }
        defText(spec, "restartPolicy", "Always");
        defText(spec, "dnsPolicy", "ClusterFirst");
        defText(spec, "schedulerName", "default-scheduler");
        def(spec, "terminationGracePeriodSeconds", 30);
        if (isAbsent(spec.get("securityContext"))) {
            spec.putObject("securityContext");
        }
        for (String list : List.of("initContainers", "containers")) {
            for (JsonNode c : spec.path(list)) {
                if (c instanceof ObjectNode container) {
                    defText(container, "terminationMessagePath", "/dev/termination-log");
                    defText(container, "terminationMessagePolicy", "File");
                    defText(container, "imagePullPolicy", pullPolicy(Json.text(container, "image")));
                    if (isAbsent(container.get("resources"))) {
                        container.putObject("resources");
                    }
                    defaultProtocols(container.get("ports"));
                }
            }
        }
    }

    /** Always for {@code :latest} or an untagged image, else IfNotPresent (by digest too). */
    private static String pullPolicy(@Nullable String image) {
        if (image == null) {
            return "IfNotPresent";
        }
        if (image.contains("@")) {
            return "IfNotPresent";
        }
        int slash = image.lastIndexOf('/');
        int colon = image.lastIndexOf(':');
        if (colon <= slash) {
            return "Always";
        }
        return image.substring(colon + 1).equals("latest") ? "Always" : "IfNotPresent";
    }

    private static void defaultProtocols(JsonNode ports) {
        if (ports == null) {
            return;
        }
        for (JsonNode p : ports) {
            if (p instanceof ObjectNode port) {
                defText(port, "protocol", "TCP");
            }
        }
    }

    /**
     * A Job's selector and pod labels, as the job strategy generates them unless
     * {@code spec.manualSelector} is true.
     */
    private static void generateJobSelector(ResourceDefinition def, ObjectNode job, String uid) {
        ObjectNode spec = spec(job);
        if (spec.path("manualSelector").asBoolean(false)) {
            return;
        }
        String name = Json.meta(job, "name");
        if (!isAbsent(spec.get("selector"))) {
            throw invalid(
                    def,
                    name,
                    "spec.selector",
                    "FieldValueInvalid",
                    "Invalid value: " + spec.get("selector") + ": `selector` will be auto-generated");
        }
        spec.putObject("selector").putObject("matchLabels").put("batch.kubernetes.io/controller-uid", uid);
        ObjectNode template = child(spec, "template");
        ObjectNode labels = child(child(template, "metadata"), "labels");
        labels.put("batch.kubernetes.io/controller-uid", uid);
        labels.put("controller-uid", uid);
        if (name != null && !name.isEmpty()) {
            labels.put("batch.kubernetes.io/job-name", name);
            labels.put("job-name", name);
        }
    }

    // ---------------------------------------------------------------- services

    /** The server-allocated values an update that omits them keeps (kube's patchAllocatedValues). */
    private static void keepAllocatedServiceValues(ObjectNode next, ObjectNode old) {
        ObjectNode spec = spec(next);
        JsonNode oldSpec = old.path("spec");
        if (!"ExternalName".equals(Json.text(spec, "type"))) {
            String ip = Json.text(spec, "clusterIP");
            if ((ip == null || ip.isEmpty()) && oldSpec.has("clusterIP")) {
                spec.set("clusterIP", oldSpec.get("clusterIP"));
                if (oldSpec.has("clusterIPs")) {
                    spec.set("clusterIPs", oldSpec.get("clusterIPs"));
                }
            }
        }
        Map<String, JsonNode> oldNodePorts = new HashMap<>();
        for (JsonNode p : oldSpec.path("ports")) {
            if (p.path("nodePort").isIntegralNumber()) {
                oldNodePorts.put(
                        p.path("port").asString() + "/" + p.path("protocol").asString("TCP"), p.get("nodePort"));
            }
        }
        for (JsonNode p : spec.path("ports")) {
            if (p instanceof ObjectNode port && isAbsent(port.get("nodePort"))) {
                JsonNode np = oldNodePorts.get(port.path("port").asString() + "/"
                        + port.path("protocol").asString("TCP"));
                if (np != null) {
                    port.set("nodePort", np);
                }
            }
        }
    }

    /** Whether {@link #allocate} does anything for this resource (Services only). */
    static boolean allocates(ResourceDefinition def) {
        return id(def).equals("/services");
    }

    /**
     * Allocates a Service's ClusterIP (the lowest free address of {@link #SERVICE_CIDR}) and node
     * ports (30000-32767) unless given, and checks given ones against the range and the other
     * Services. Other kinds are left alone.
     *
     * @param others the other live Services (never the one being written)
     * @throws Refusal 422 when a requested address or port is outside its range or taken
     */
    static void allocate(ResourceDefinition def, ObjectNode obj, Iterable<JsonNode> others) {
        if (!id(def).equals("/services")) {
            return;
        }
        ObjectNode spec = spec(obj);
        String type = Json.text(spec, "type");
        String name = Json.meta(obj, "name");
        Set<Integer> usedIps = new HashSet<>();
        Set<Integer> usedPorts = new HashSet<>();
        for (JsonNode o : others) {
            Integer ip = parseIp(Json.text(o.path("spec"), "clusterIP"));
            if (ip != null) {
                usedIps.add(ip);
            }
            for (JsonNode p : o.path("spec").path("ports")) {
                if (p.path("nodePort").isIntegralNumber()) {
                    usedPorts.add(p.get("nodePort").intValue());
                }
            }
        }
        if (!"ExternalName".equals(type)) {
            String requested = Json.text(spec, "clusterIP");
            if (requested == null || requested.isEmpty()) {
                int ip = -1;
                for (int offset = 1; offset < SERVICE_NET_SIZE - 1; offset++) {
                    if (!usedIps.contains(SERVICE_NET + offset)) {
                        ip = SERVICE_NET + offset;
                        break;
                    }
                }
                if (ip < 0) {
                    throw invalid(
                            def,
                            name,
                            "spec.clusterIPs",
                            "FieldValueInvalid",
                            "Invalid value: []: failed to allocate IP: range is full");
                }
                spec.put("clusterIP", formatIp(ip));
                spec.putArray("clusterIPs").add(formatIp(ip));
            } else if (!requested.equals("None")) {
                Integer ip = parseIp(requested);
                String shown = "Invalid value: []string{\"" + requested + "\"}: failed to allocate IP " + requested;
                if (ip == null || ip < SERVICE_NET || ip >= SERVICE_NET + SERVICE_NET_SIZE) {
                    throw invalid(
                            def,
                            name,
                            "spec.clusterIPs",
                            "FieldValueInvalid",
                            shown + ": the provided IP (" + requested + ") is not in the valid range. The range"
                                    + " of valid IPs is " + SERVICE_CIDR);
                }
                if (usedIps.contains(ip)) {
                    throw invalid(
                            def,
                            name,
                            "spec.clusterIPs",
                            "FieldValueInvalid",
                            shown + ": provided IP is already allocated");
                }
                if (isAbsent(spec.get("clusterIPs")) || spec.get("clusterIPs").isEmpty()) {
                    spec.putArray("clusterIPs").add(requested);
                }
            }
        }
        if ("NodePort".equals(type) || "LoadBalancer".equals(type)) {
            int i = 0;
            for (JsonNode p : spec.path("ports")) {
                if (p instanceof ObjectNode port) {
                    JsonNode np = port.get("nodePort");
                    if (np != null && np.isIntegralNumber() && np.intValue() != 0) {
                        int n = np.intValue();
                        if (n < NODE_PORT_MIN || n > NODE_PORT_MAX) {
                            throw invalid(
                                    def,
                                    name,
                                    "spec.ports[" + i + "].nodePort",
                                    "FieldValueInvalid",
                                    "Invalid value: " + n + ": provided port is not in the valid range. The range of"
                                            + " valid ports is " + NODE_PORT_MIN + "-" + NODE_PORT_MAX);
                        }
                        if (!usedPorts.add(n)) {
                            throw invalid(
                                    def,
                                    name,
                                    "spec.ports[" + i + "].nodePort",
                                    "FieldValueInvalid",
                                    "Invalid value: " + n + ": provided port is already allocated");
                        }
                    } else {
                        for (int n = NODE_PORT_MIN; n <= NODE_PORT_MAX; n++) {
                            if (usedPorts.add(n)) {
                                port.put("nodePort", n);
                                break;
                            }
                        }
                    }
                }
                i++;
            }
        }
    }

    private static @Nullable Integer parseIp(@Nullable String s) {
        if (s == null || s.isEmpty()) {
            return null;
        }
        String[] parts = s.split("\\.", -1);
        if (parts.length != 4) {
            return null;
        }
        int ip = 0;
        for (String part : parts) {
            if (part.isEmpty() || part.length() > 3 || !part.chars().allMatch(Character::isDigit)) {
                return null;
            }
            int octet = Integer.parseInt(part);
            if (octet > 255) {
                return null;
            }
            ip = (ip << 8) | octet;
        }
        return ip;
    }

    private static String formatIp(int ip) {
        return ((ip >>> 24) & 0xff) + "." + ((ip >>> 16) & 0xff) + "." + ((ip >>> 8) & 0xff) + "." + (ip & 0xff);
    }

    // ---------------------------------------------------------------- validation

    private static void validate(ResourceDefinition def, ObjectNode obj, @Nullable ObjectNode old) {
        String name = Json.meta(obj, "name");
        List<Refusal.Cause> causes = new ArrayList<>();
        JsonNode spec = obj.path("spec");
        JsonNode oldSpec = old == null ? null : old.path("spec");
        switch (id(def)) {
            case "apps/deployments", "apps/replicasets", "apps/statefulsets", "apps/daemonsets" -> {
                String kindWord = def.kind().toLowerCase(Locale.ROOT);
                replicas(spec, causes);
                selectorMatchesTemplate(spec, kindWord, causes);
                containers(spec.path("template").path("spec"), "spec.template.spec", causes);
                if (oldSpec != null && !spec.path("selector").equals(oldSpec.path("selector"))) {
                    causes.add(immutable("spec.selector", spec.path("selector")));
                }
                if (oldSpec != null && def.plural().equals("statefulsets")) {
                    statefulSetUpdate(spec, oldSpec, causes);
                }
            }
            case "/replicationcontrollers" -> {
                replicas(spec, causes);
                selectorMatchesTemplate(spec, "replicationcontroller", causes);
                containers(spec.path("template").path("spec"), "spec.template.spec", causes);
            }
            case "batch/jobs" -> {
                jobTemplate(spec, "spec", causes);
                if (oldSpec != null && !spec.path("selector").equals(oldSpec.path("selector"))) {
                    causes.add(immutable("spec.selector", spec.path("selector")));
                }
            }
            case "batch/cronjobs" -> {
                String schedule = Json.text(spec, "schedule");
                if (schedule == null || schedule.isBlank()) {
                    causes.add(required("spec.schedule"));
                }
                jobTemplate(spec.path("jobTemplate").path("spec"), "spec.jobTemplate.spec", causes);
            }
            case "/services" -> service(spec, oldSpec, causes);
            case "rbac.authorization.k8s.io/rolebindings", "rbac.authorization.k8s.io/clusterrolebindings" -> {
                JsonNode roleRef = obj.path("roleRef");
                if (Json.text(roleRef, "kind") == null || Json.text(roleRef, "name") == null) {
                    causes.add(required(Json.text(roleRef, "kind") == null ? "roleRef.kind" : "roleRef.name"));
                }
                if (old != null && !roleRef.equals(old.path("roleRef"))) {
                    causes.add(new Refusal.Cause(
                            "FieldValueInvalid", "Invalid value: " + roleRef + ": cannot change roleRef", "roleRef"));
                }
            }
            case "autoscaling/horizontalpodautoscalers" -> {
                JsonNode ref = spec.path("scaleTargetRef");
                if (Json.text(ref, "kind") == null) {
                    causes.add(required("spec.scaleTargetRef.kind"));
                }
                if (Json.text(ref, "name") == null) {
                    causes.add(required("spec.scaleTargetRef.name"));
                }
                JsonNode max = spec.path("maxReplicas");
                if (!max.isIntegralNumber() || max.intValue() < 1) {
                    causes.add(new Refusal.Cause(
                            "FieldValueInvalid",
                            "Invalid value: " + (max.isMissingNode() ? 0 : max)
                                    + ": must be greater than or equal to 1",
                            "spec.maxReplicas"));
                } else if (spec.path("minReplicas").isIntegralNumber()
                        && spec.get("minReplicas").intValue() > max.intValue()) {
                    causes.add(new Refusal.Cause(
                            "FieldValueInvalid",
                            "Invalid value: " + spec.get("minReplicas") + ": must be less than or equal to maxReplicas",
                            "spec.minReplicas"));
                }
            }
            case "policy/poddisruptionbudgets" -> {
                if (spec.has("minAvailable") && spec.has("maxUnavailable")) {
                    causes.add(new Refusal.Cause(
                            "FieldValueInvalid",
                            "Invalid value: " + spec + ": minAvailable and maxUnavailable cannot be both set",
                            "spec"));
                }
            }
            case "discovery.k8s.io/endpointslices" -> {
                String type = Json.text(obj, "addressType");
                if (type == null || type.isEmpty()) {
                    causes.add(required("addressType"));
                } else if (!List.of("IPv4", "IPv6", "FQDN").contains(type)) {
                    causes.add(notSupported("addressType", type, "\"FQDN\", \"IPv4\", \"IPv6\""));
                } else if (old != null && !type.equals(Json.text(old, "addressType"))) {
                    causes.add(immutable("addressType", obj.get("addressType")));
                }
            }
            case "storage.k8s.io/storageclasses" -> {
                String provisioner = Json.text(obj, "provisioner");
                if (provisioner == null || provisioner.isEmpty()) {
                    causes.add(required("provisioner"));
                }
                if (old != null) {
                    for (String f : List.of("provisioner", "parameters", "reclaimPolicy", "volumeBindingMode")) {
                        if (!obj.path(f).equals(old.path(f))) {
                            causes.add(new Refusal.Cause(
                                    "FieldValueForbidden", "Forbidden: updates to " + f + " are forbidden.", f));
                        }
                    }
                }
            }
            default -> {}
        }
        if (!causes.isEmpty()) {
            throw Refusal.invalid(def.kind(), def.group(), name == null ? "" : name, causes);
        }
    }

    private static void replicas(JsonNode spec, List<Refusal.Cause> causes) {
        JsonNode r = spec.path("replicas");
        if (r.isNumber() && r.longValue() < 0) {
            causes.add(new Refusal.Cause(
                    "FieldValueInvalid",
                    "Invalid value: " + r + ": must be greater than or equal to 0",
                    "spec.replicas"));
        }
    }

    private static void selectorMatchesTemplate(JsonNode spec, String kindWord, List<Refusal.Cause> causes) {
        JsonNode selector = spec.path("selector");
        if (selector.isMissingNode() || selector.isNull()) {
            causes.add(required("spec.selector"));
            return;
        }
        String expr = ScaleSubresource.selectorString(selector);
        if (expr.isEmpty()) {
            causes.add(new Refusal.Cause(
                    "FieldValueInvalid",
                    "Invalid value: " + selector + ": empty selector is invalid for " + kindWord,
                    "spec.selector"));
            return;
        }
        LabelSelector parsed;
        try {
            parsed = LabelSelector.parse(expr);
        } catch (SelectorException e) {
            causes.add(new Refusal.Cause(
                    "FieldValueInvalid", "Invalid value: " + selector + ": " + e.getMessage(), "spec.selector"));
            return;
        }
        Map<String, String> labels = Json.labels(spec.path("template"));
        if (!parsed.matches(labels)) {
            causes.add(new Refusal.Cause(
                    "FieldValueInvalid",
                    "Invalid value: " + goMap(labels) + ": `selector` does not match template `labels`",
                    "spec.template.metadata.labels"));
        }
    }

    /** A label map as Go's {@code %#v} prints it in kube's messages. */
    private static String goMap(Map<String, String> labels) {
        StringBuilder sb = new StringBuilder("map[string]string{");
        boolean first = true;
        for (Map.Entry<String, String> e : new TreeMap<>(labels).entrySet()) {
            if (!first) {
                sb.append(", ");
            }
            first = false;
            sb.append('"')
                    .append(e.getKey())
                    .append("\":\"")
                    .append(e.getValue())
                    .append('"');
        }
        return sb.append('}').toString();
    }

    private static void containers(JsonNode podSpec, String path, List<Refusal.Cause> causes) {
        JsonNode containers = podSpec.path("containers");
        if (!containers.isArray() || containers.isEmpty()) {
            causes.add(required(path + ".containers"));
            return;
        }
        for (int i = 0; i < containers.size(); i++) {
            JsonNode c = containers.get(i);
            String name = Json.text(c, "name");
            if (name == null || name.isEmpty()) {
                causes.add(required(path + ".containers[" + i + "].name"));
            }
            String image = Json.text(c, "image");
            if (image == null || image.isBlank()) {
                causes.add(required(path + ".containers[" + i + "].image"));
            }
        }
    }

    private static void jobTemplate(JsonNode jobSpec, String path, List<Refusal.Cause> causes) {
        JsonNode podSpec = jobSpec.path("template").path("spec");
        containers(podSpec, path + ".template.spec", causes);
        String restart = Json.text(podSpec, "restartPolicy");
        if (restart == null || restart.isEmpty()) {
            causes.add(new Refusal.Cause(
                    "FieldValueRequired",
                    "Required value: valid values: \"OnFailure\", \"Never\"",
                    path + ".template.spec.restartPolicy"));
        } else if (!restart.equals("OnFailure") && !restart.equals("Never")) {
            causes.add(notSupported(path + ".template.spec.restartPolicy", restart, "\"OnFailure\", \"Never\""));
        }
    }

    private static final List<String> STATEFULSET_MUTABLE = List.of(
            "replicas",
            "ordinals",
            "template",
            "updateStrategy",
            "persistentVolumeClaimRetentionPolicy",
            "minReadySeconds",
            "revisionHistoryLimit");

    private static void statefulSetUpdate(JsonNode spec, JsonNode oldSpec, List<Refusal.Cause> causes) {
        ObjectNode a = spec.isObject() ? ((ObjectNode) spec).deepCopy() : Json.object();
        ObjectNode b = oldSpec.isObject() ? ((ObjectNode) oldSpec).deepCopy() : Json.object();
        for (String f : STATEFULSET_MUTABLE) {
            a.remove(f);
            b.remove(f);
        }
        a.remove("selector");
        b.remove("selector");
        if (!a.equals(b)) {
            causes.add(new Refusal.Cause(
                    "FieldValueForbidden",
                    "Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals',"
                            + " 'template', 'updateStrategy', 'revisionHistoryLimit',"
                            + " 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
                    "spec"));
        }
    }

    private static final List<String> SERVICE_TYPES = List.of("ClusterIP", "NodePort", "LoadBalancer", "ExternalName");

    private static void service(JsonNode spec, @Nullable JsonNode oldSpec, List<Refusal.Cause> causes) {
        String type = Json.text(spec, "type");
        if (type == null || !SERVICE_TYPES.contains(type)) { // List.of(..).contains(null) throws
            causes.add(
                    notSupported("spec.type", type, "\"ClusterIP\", \"ExternalName\", \"LoadBalancer\", \"NodePort\""));
            return;
        }
        String clusterIp = Json.text(spec, "clusterIP");
        boolean headless = "None".equals(clusterIp);
        JsonNode ports = spec.path("ports");
        if (type.equals("ExternalName")) {
            String external = Json.text(spec, "externalName");
            if (external == null || external.isEmpty()) {
                causes.add(required("spec.externalName"));
            }
        } else if (!headless && (!ports.isArray() || ports.isEmpty())) {
            causes.add(required("spec.ports"));
        }
        Set<String> portNames = new HashSet<>();
        for (int i = 0; i < ports.size(); i++) {
            JsonNode p = ports.get(i);
            JsonNode port = p.path("port");
            if (!port.isIntegralNumber() || port.intValue() < 1 || port.intValue() > 65535) {
                causes.add(new Refusal.Cause(
                        "FieldValueInvalid",
                        "Invalid value: " + (port.isMissingNode() ? 0 : port) + ": must be between 1 and 65535,"
                                + " inclusive",
                        "spec.ports[" + i + "].port"));
            }
            String protocol = Json.text(p, "protocol");
            if (protocol != null && !List.of("TCP", "UDP", "SCTP").contains(protocol)) {
                causes.add(notSupported("spec.ports[" + i + "].protocol", protocol, "\"SCTP\", \"TCP\", \"UDP\""));
            }
            String portName = Json.text(p, "name");
            if (ports.size() > 1 && (portName == null || portName.isEmpty())) {
                causes.add(required("spec.ports[" + i + "].name"));
            } else if (portName != null && !portName.isEmpty() && !portNames.add(portName)) {
                causes.add(new Refusal.Cause(
                        "FieldValueDuplicate", "Duplicate value: \"" + portName + "\"", "spec.ports[" + i + "].name"));
            }
        }
        if (oldSpec != null && !type.equals("ExternalName")) {
            String oldIp = Json.text(oldSpec, "clusterIP");
            if (oldIp != null && !oldIp.isEmpty() && !oldIp.equals(clusterIp)) {
                causes.add(new Refusal.Cause(
                        "FieldValueInvalid",
                        "Invalid value: \"" + (clusterIp == null ? "" : clusterIp) + "\": field is immutable",
                        "spec.clusterIP"));
            }
        }
    }

    // ---------------------------------------------------------------- helpers

    private static Refusal invalid(
            ResourceDefinition def, @Nullable String name, String field, String type, String message) {
        return Refusal.invalid(def, name, new Refusal.Cause(type, message, field));
    }

    private static Refusal.Cause required(String field) {
        return new Refusal.Cause("FieldValueRequired", "Required value", field);
    }

    private static Refusal.Cause immutable(String field, JsonNode value) {
        return new Refusal.Cause("FieldValueInvalid", "Invalid value: " + value + ": field is immutable", field);
    }

    private static Refusal.Cause notSupported(String field, @Nullable String value, String supported) {
        return new Refusal.Cause(
                "FieldValueNotSupported",
                "Unsupported value: \"" + (value == null ? "" : value) + "\": supported values: " + supported,
                field);
    }

    private static boolean isAbsent(@Nullable JsonNode n) {
        return n == null || n.isNull() || n.isMissingNode();
    }

    private static ObjectNode spec(ObjectNode obj) {
        return child(obj, "spec");
    }

    /**
     * The object at {@code field}, created when absent or null.
     *
     * @throws Refusal 400 when the field holds something other than an object
     */
    private static ObjectNode child(ObjectNode parent, String field) {
        JsonNode n = parent.get(field);
        if (n instanceof ObjectNode o) {
            return o;
        }
        if (n != null && !n.isNull()) {
            throw Refusal.badRequest("the field \"" + field + "\" must be a JSON object, got " + n.getNodeType());
        }
        return parent.putObject(field);
    }

    /**
     * Defaults the update strategy at {@code field} to type RollingUpdate; returns its
     * {@code rollingUpdate} object (created when absent) when that is the type, else null.
     */
    private static @Nullable ObjectNode rollingUpdate(ObjectNode spec, String field) {
        ObjectNode strategy = child(spec, field);
        defText(strategy, "type", "RollingUpdate");
        return "RollingUpdate".equals(Json.text(strategy, "type")) ? child(strategy, "rollingUpdate") : null;
    }

    private static void def(ObjectNode node, String field, int value) {
        if (isAbsent(node.get(field))) {
            node.put(field, value);
        }
    }

    private static void defText(ObjectNode node, String field, String value) {
        JsonNode v = node.get(field);
        if (isAbsent(v) || (v.isString() && v.stringValue().isEmpty())) {
            node.put(field, value);
        }
    }

    private static ObjectNode labelsNode(Map<String, String> labels) {
        ObjectNode n = Json.object();
        labels.forEach(n::put);
        return n;
    }
}
