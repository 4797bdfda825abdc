package dev.informer.api;

import dev.informer.store.ObjectMetaAccessor;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Everything the client and the informers need to know about one resource: its REST identity
 * (group, version, plural), its kind, whether it is namespaced, the Java class its objects bind to,
 * and how to read an object's metadata.
 *
 * <p>Immutable and thread-safe. Equality covers group, version, plural, kind, scope and class (not
 * the metadata reader). Constants cover the library's typed model; {@link #generic} serves any
 * resource (custom resources) as {@link GenericObject}s; {@link #of} brings your own model class.
 *
 * @param <T> the class objects of this resource bind to
 */
public final class ResourceType<T> {

    /** {@code v1 pods}, namespaced. */
    public static final ResourceType<Pod> PODS = of(Pod.class, "", "v1", "pods", "Pod", true);
    /** {@code v1 nodes}, cluster-scoped. */
    public static final ResourceType<Node> NODES = of(Node.class, "", "v1", "nodes", "Node", false);
    /** {@code v1 namespaces}, cluster-scoped. */
    public static final ResourceType<Namespace> NAMESPACES =
            of(Namespace.class, "", "v1", "namespaces", "Namespace", false);
    /** {@code v1 configmaps}, namespaced. */
    public static final ResourceType<ConfigMap> CONFIGMAPS =
            of(ConfigMap.class, "", "v1", "configmaps", "ConfigMap", true);
    /** {@code v1 secrets}, namespaced. */
    public static final ResourceType<Secret> SECRETS = of(Secret.class, "", "v1", "secrets", "Secret", true);
    /** {@code v1 events} (core events, kind {@code Event}, bound to {@link CoreEvent}), namespaced. */
    public static final ResourceType<CoreEvent> EVENTS = of(CoreEvent.class, "", "v1", "events", "Event", true);
    /** {@code coordination.k8s.io/v1 leases}, namespaced. */
    public static final ResourceType<Lease> LEASES =
            of(Lease.class, "coordination.k8s.io", "v1", "leases", "Lease", true);
    /** {@code v1 services}, namespaced. */
    public static final ResourceType<Service> SERVICES = of(Service.class, "", "v1", "services", "Service", true);
    /** {@code apps/v1 deployments}, namespaced. */
    public static final ResourceType<Deployment> DEPLOYMENTS =
            of(Deployment.class, "apps", "v1", "deployments", "Deployment", true);
    /** {@code apps/v1 replicasets}, namespaced. */
    public static final ResourceType<ReplicaSet> REPLICASETS =
            of(ReplicaSet.class, "apps", "v1", "replicasets", "ReplicaSet", true);
    /** {@code apps/v1 statefulsets}, namespaced. */
    public static final ResourceType<StatefulSet> STATEFULSETS =
            of(StatefulSet.class, "apps", "v1", "statefulsets", "StatefulSet", true);
    /** {@code apps/v1 daemonsets}, namespaced. */
    public static final ResourceType<DaemonSet> DAEMONSETS =
            of(DaemonSet.class, "apps", "v1", "daemonsets", "DaemonSet", true);
    /** {@code batch/v1 jobs}, namespaced. */
    public static final ResourceType<Job> JOBS = of(Job.class, "batch", "v1", "jobs", "Job", true);
    /** {@code discovery.k8s.io/v1 endpointslices}, namespaced. */
    public static final ResourceType<EndpointSlice> ENDPOINTSLICES =
            of(EndpointSlice.class, "discovery.k8s.io", "v1", "endpointslices", "EndpointSlice", true);
    /** {@code apiextensions.k8s.io/v1 customresourcedefinitions}, cluster-scoped. */
    public static final ResourceType<CustomResourceDefinition> CUSTOMRESOURCEDEFINITIONS = of(
            CustomResourceDefinition.class,
            "apiextensions.k8s.io",
            "v1",
            "customresourcedefinitions",
            "CustomResourceDefinition",
            false);

    private final Class<T> type;
    private final String group;
    private final String version;
    private final String plural;
    private final String kind;
    private final boolean namespaced;
    private final MetadataReader<T> metadataReader;

    private ResourceType(
            Class<T> type,
            String group,
            String version,
            String plural,
            String kind,
            boolean namespaced,
            MetadataReader<T> metadataReader) {
        this.type = Objects.requireNonNull(type, "type");
        this.group = Objects.requireNonNull(group, "group");
        this.version = requireSegment(version, "version");
        this.plural = requireSegment(plural, "plural");
        this.kind = Objects.requireNonNull(kind, "kind");
        if (kind.isEmpty()) {
            throw new IllegalArgumentException("kind must not be empty (resource " + plural + ")");
        }
        if (!group.isEmpty()) {
            requireSegment(group, "group");
        }
        this.namespaced = namespaced;
        this.metadataReader = Objects.requireNonNull(metadataReader, "metadataReader");
    }

    /**
     * Any resource, as {@link GenericObject}s (custom resources, or built-ins without a typed model).
     *
     * @param group      the API group, {@code ""} for the core group
     * @throws IllegalArgumentException if a name is empty or not a valid path segment
     */
    public static ResourceType<GenericObject> generic(
            String group, String version, String plural, String kind, boolean namespaced) {
        return new ResourceType<>(
                GenericObject.class,
                group,
                version,
                plural,
                kind,
                namespaced,
                MetadataReader.defaultFor(GenericObject.class));
    }

    /**
     * A resource bound to {@code type} with the {@linkplain MetadataReader#defaultFor default
     * metadata reader}: any class Jackson can map, e.g. fabric8's {@code Pod}.
     *
     * @throws IllegalArgumentException if a name is invalid, or no default reader fits {@code type}
     */
    public static <T> ResourceType<T> of(
            Class<T> type, String group, String version, String plural, String kind, boolean namespaced) {
        return new ResourceType<>(type, group, version, plural, kind, namespaced, MetadataReader.defaultFor(type));
    }

    /**
     * A resource bound to {@code type}, whose metadata {@code metadataReader} reads.
     *
     * @throws IllegalArgumentException if a name is empty or not a valid path segment
     */
    public static <T> ResourceType<T> of(
            Class<T> type,
            String group,
            String version,
            String plural,
            String kind,
            boolean namespaced,
            MetadataReader<T> metadataReader) {
        return new ResourceType<>(type, group, version, plural, kind, namespaced, metadataReader);
    }

    /** The class objects bind to. */
    public Class<T> type() {
        return type;
    }

    /** The API group, {@code ""} for the core group. */
    public String group() {
        return group;
    }

    /** The API version, e.g. {@code "v1"}. */
    public String version() {
        return version;
    }

    /** The plural resource name used in paths, e.g. {@code "pods"}. */
    public String plural() {
        return plural;
    }

    /** The kind, e.g. {@code "Pod"}. */
    public String kind() {
        return kind;
    }

    /** The kind of the list type, e.g. {@code "PodList"}. */
    public String listKind() {
        return kind + "List";
    }

    /** Whether objects live in a namespace. */
    public boolean namespaced() {
        return namespaced;
    }

    /** {@code group/version}, or {@code version} for the core group: the objects' {@code apiVersion}. */
    public String apiVersion() {
        return GroupVersions.join(group, version);
    }

    /** The group, version and plural. */
    public GroupVersionResource groupVersionResource() {
        return new GroupVersionResource(group, version, plural);
    }

    /** The group, version and kind. */
    public GroupVersionKind groupVersionKind() {
        return new GroupVersionKind(group, version, kind);
    }

    /** The reader of the objects' metadata. */
    public MetadataReader<T> metadataReader() {
        return metadataReader;
    }

    /** The metadata of {@code object}, read with {@link #metadataReader()}. */
    public ObjectMetaAccessor metadataOf(T object) {
        return metadataReader.read(object);
    }

    /**
     * {@link #metadataOf} as a function of {@code Object}, the shape the store's {@code
     * KeyFunctions.metaNamespaceKey(Function)} takes.
     *
     * @throws ClassCastException (from the function) for an object that is not a {@link #type()}
     */
    public Function<Object, ObjectMetaAccessor> metadataAccessor() {
        return object -> metadataReader.read(type.cast(object));
    }

    /**
     * The collection path: {@code /api/v1/namespaces/ns/pods}, {@code /apis/group/version/plural}
     * for cluster-scoped resources, and the all-namespaces path ({@code /api/v1/pods}) for a
     * namespaced resource when {@code namespace} is {@code null} or empty.
     *
     * @throws IllegalArgumentException for a namespace on a cluster-scoped resource, or a namespace
     *     that is not a valid path segment
     */
    public String path(@Nullable String namespace) {
        StringBuilder path = new StringBuilder(64);
        path.append(group.isEmpty() ? "/api/" : "/apis/");
        if (!group.isEmpty()) {
            path.append(group).append('/');
        }
        path.append(version);
        if (namespace != null && !namespace.isEmpty()) {
            if (!namespaced) {
                throw new IllegalArgumentException("resource " + plural + " is cluster-scoped: namespace must be "
                        + "null or empty, got \"" + namespace + "\"");
            }
            path.append("/namespaces/").append(requireSegment(namespace, "namespace"));
        }
        return path.append('/').append(plural).toString();
    }

    /**
     * The path of one object: {@link #path(String)} plus {@code /name}.
     *
     * @throws IllegalArgumentException as {@link #path(String)}, for an empty or invalid name, or
     *     for a namespaced resource without a namespace
     */
    public String path(@Nullable String namespace, String name) {
        if (namespaced && (namespace == null || namespace.isEmpty())) {
            throw new IllegalArgumentException("resource " + plural + " is namespaced: a namespace is needed to "
                    + "address object \"" + name + "\"");
        }
        return path(namespace) + "/" + requireSegment(name, "name");
    }

    // Mirrors apimachinery's IsValidPathSegmentName: the value is used as one URL path segment.
    private static String requireSegment(String value, String what) {
        Objects.requireNonNull(value, what);
        if (value.isEmpty()
                || value.equals(".")
                || value.equals("..")
                || value.indexOf('/') >= 0
                || value.indexOf('%') >= 0) {
            throw new IllegalArgumentException(what + " \"" + value
                    + "\" is not a valid path segment (empty, \".\", \"..\", or contains '/' or '%')");
        }
        return value;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof ResourceType<?> other
                && type.equals(other.type)
                && group.equals(other.group)
                && version.equals(other.version)
                && plural.equals(other.plural)
                && kind.equals(other.kind)
                && namespaced == other.namespaced;
    }

    @Override
    public int hashCode() {
        return Objects.hash(type, group, version, plural, kind, namespaced);
    }

    /** E.g. {@code pods.v1 (Pod, namespaced, dev.informer.api.Pod)}. */
    @Override
    public String toString() {
        return groupVersionResource() + " (" + kind + ", " + (namespaced ? "namespaced" : "cluster-scoped") + ", "
                + type.getName() + ")";
    }
}
