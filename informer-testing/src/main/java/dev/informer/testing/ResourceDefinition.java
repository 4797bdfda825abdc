package dev.informer.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One API resource the embedded server serves: its group/version, names, scope, subresources and
 * verbs, exactly what discovery ({@code APIResourceList}) advertises for it.
 *
 * <p>Immutable and thread-safe. The built-ins ({@link #PODS}, {@link #NODES}, {@link #NAMESPACES},
 * {@link #CONFIGMAPS}, {@link #SECRETS}, {@link #EVENTS}, {@link #LEASES}, {@link #CUSTOM_RESOURCE_DEFINITIONS}, and the workload,
 * networking, policy, RBAC and storage kinds of {@link BuiltInResources}) are always served; a
 * test registers more (custom resources) with {@link EmbeddedApiServer.Builder#register}.
 *
 * <p>Two subresources have behaviour. {@code "status"}: with it, writes to the main resource
 * ignore {@code .status} and writes to {@code /status} change only {@code .status}. Without it,
 * the main resource stores {@code .status} like any other field (as for a CRD without the status
 * subresource). {@code "scale"}: an {@code autoscaling/v1 Scale} view of {@code spec.replicas}
 * (get, update, patch), as for deployments. Resources that a CustomResourceDefinition installs may also serve
 * {@code scale}, with the replica paths of the CRD; that is not part of this record.
 *
 * <p>The constructor throws {@link IllegalArgumentException} when a name is empty, not lower-case
 * DNS-like, or a verb/subresource is unknown.
 *
 * @param group        API group, {@code ""} for the core group
 * @param version      API version, e.g. {@code "v1"}
 * @param plural       the URL name, lower case, e.g. {@code "pods"}
 * @param singular     the singular name, lower case, e.g. {@code "pod"}
 * @param kind         the object kind, e.g. {@code "Pod"}; lists are {@code kind + "List"}
 * @param namespaced   whether objects live in a namespace
 * @param shortNames   kubectl short names, e.g. {@code ["po"]}
 * @param subresources subresource names, e.g. {@code ["status"]}
 * @param verbs        the verbs served; a request for another verb answers 405 MethodNotAllowed
 */
public record ResourceDefinition(
        String group,
        String version,
        String plural,
        String singular,
        String kind,
        boolean namespaced,
        List<String> shortNames,
        List<String> subresources,
        List<String> verbs) {

    /** Every verb the server implements, in the order discovery lists them. */
    public static final List<String> ALL_VERBS =
            List.of("create", "delete", "deletecollection", "get", "list", "patch", "update", "watch");

    private static final List<String> KNOWN_SUBRESOURCES = List.of("status", "scale");
    private static final Pattern LOWER_NAME = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
    private static final Pattern GROUP_NAME =
            Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
    private static final Pattern KIND_NAME = Pattern.compile("[A-Z][A-Za-z0-9]*");

    /** core/v1 pods, short name {@code po}, with the status subresource. */
    public static final ResourceDefinition PODS =
            new ResourceDefinition("", "v1", "pods", "pod", "Pod", true, List.of("po"), List.of("status"), ALL_VERBS);
    /** core/v1 nodes (cluster-scoped), short name {@code no}, with the status subresource. */
    public static final ResourceDefinition NODES = new ResourceDefinition(
            "", "v1", "nodes", "node", "Node", false, List.of("no"), List.of("status"), ALL_VERBS);
    /** core/v1 namespaces (cluster-scoped), short name {@code ns}, with the status subresource. */
    public static final ResourceDefinition NAMESPACES = new ResourceDefinition(
            "",
            "v1",
            "namespaces",
            "namespace",
            "Namespace",
            false,
            List.of("ns"),
            List.of("status"),
            List.of("create", "delete", "get", "list", "patch", "update", "watch"));
    /** core/v1 configmaps, short name {@code cm}. */
    public static final ResourceDefinition CONFIGMAPS = new ResourceDefinition(
            "", "v1", "configmaps", "configmap", "ConfigMap", true, List.of("cm"), List.of(), ALL_VERBS);
    /** core/v1 secrets. */
    public static final ResourceDefinition SECRETS =
            new ResourceDefinition("", "v1", "secrets", "secret", "Secret", true, List.of(), List.of(), ALL_VERBS);
    /** core/v1 events, short name {@code ev}. */
    public static final ResourceDefinition EVENTS =
            new ResourceDefinition("", "v1", "events", "event", "Event", true, List.of("ev"), List.of(), ALL_VERBS);
    /** coordination.k8s.io/v1 leases (used by leader election). */
    public static final ResourceDefinition LEASES = new ResourceDefinition(
            "coordination.k8s.io", "v1", "leases", "lease", "Lease", true, List.of(), List.of(), ALL_VERBS);

    /**
     * apiextensions.k8s.io/v1 customresourcedefinitions (cluster-scoped), short names {@code crd}
     * and {@code crds}, with the status subresource. Creating one serves its custom resource.
     */
    public static final ResourceDefinition CUSTOM_RESOURCE_DEFINITIONS = new ResourceDefinition(
            "apiextensions.k8s.io",
            "v1",
            "customresourcedefinitions",
            "customresourcedefinition",
            "CustomResourceDefinition",
            false,
            List.of("crd", "crds"),
            List.of("status"),
            ALL_VERBS);

    /**
     * The resources every server serves, in discovery order: the core ones above, then {@link
     * BuiltInResources#all()} (workloads, networking, policy, RBAC, storage...), then
     * customresourcedefinitions.
     */
    public static List<ResourceDefinition> builtIns() {
        List<ResourceDefinition> all =
                new ArrayList<>(List.of(PODS, NODES, NAMESPACES, CONFIGMAPS, SECRETS, EVENTS, LEASES));
        all.addAll(BuiltInResources.all());
        all.add(CUSTOM_RESOURCE_DEFINITIONS);
        return List.copyOf(all);
    }

    /** Validates and freezes the lists. */
    public ResourceDefinition {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(plural, "plural");
        Objects.requireNonNull(singular, "singular");
        Objects.requireNonNull(kind, "kind");
        if (!group.isEmpty() && !GROUP_NAME.matcher(group).matches()) {
            throw new IllegalArgumentException("group must be a DNS subdomain or empty: '" + group + "'");
        }
        requireLowerName("version", version);
        requireLowerName("plural", plural);
        requireLowerName("singular", singular);
        if (!KIND_NAME.matcher(kind).matches()) {
            throw new IllegalArgumentException("kind must be UpperCamelCase: '" + kind + "'");
        }
        shortNames = List.copyOf(shortNames);
        subresources = List.copyOf(subresources);
        verbs = List.copyOf(verbs);
        for (String s : shortNames) {
            requireLowerName("shortName", s);
        }
        for (String s : subresources) {
            if (!KNOWN_SUBRESOURCES.contains(s)) {
                throw new IllegalArgumentException(
                        "subresource '" + s + "' of " + plural + " is not supported; supported: " + KNOWN_SUBRESOURCES);
            }
        }
        if (verbs.isEmpty()) {
            throw new IllegalArgumentException("verbs of " + plural + " must not be empty");
        }
        for (String v : verbs) {
            if (!ALL_VERBS.contains(v)) {
                throw new IllegalArgumentException("verb '" + v + "' of " + plural + " is not one of " + ALL_VERBS);
            }
        }
    }

    /**
     * A custom resource with every verb and no subresource; singular is the lower-cased kind.
     *
     * @throws IllegalArgumentException on invalid names
     */
    public static ResourceDefinition custom(
            String group, String version, String plural, String kind, boolean namespaced) {
        return new ResourceDefinition(
                group,
                version,
                plural,
                kind.toLowerCase(Locale.ROOT),
                kind,
                namespaced,
                List.of(),
                List.of(),
                ALL_VERBS);
    }

    /** A copy with the {@code status} subresource enabled. */
    public ResourceDefinition withStatusSubresource() {
        return new ResourceDefinition(
                group, version, plural, singular, kind, namespaced, shortNames, List.of("status"), verbs);
    }

    /** A copy with these short names. */
    public ResourceDefinition withShortNames(String... names) {
        return new ResourceDefinition(
                group, version, plural, singular, kind, namespaced, List.of(names), subresources, verbs);
    }

    /** {@code "v1"} for the core group, else {@code "group/version"}: the objects' apiVersion. */
    public String apiVersion() {
        return group.isEmpty() ? version : group + "/" + version;
    }

    /** The kind of the list type, {@code kind + "List"}. */
    public String listKind() {
        return kind + "List";
    }

    /** Whether the {@code scale} subresource is served. */
    public boolean hasScaleSubresource() {
        return subresources.contains("scale");
    }

    /** Whether the {@code status} subresource is served. */
    public boolean hasStatusSubresource() {
        return subresources.contains("status");
    }

    /** {@code plural} for the core group, else {@code plural.group} (kubectl's fully qualified name). */
    public String qualifiedName() {
        return group.isEmpty() ? plural : plural + "." + group;
    }

    private static void requireLowerName(String what, String value) {
        if (!LOWER_NAME.matcher(value).matches()) {
            throw new IllegalArgumentException(what + " must be lower-case alphanumerics and '-': '" + value + "'");
        }
    }
}
