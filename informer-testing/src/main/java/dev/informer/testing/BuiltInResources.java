package dev.informer.testing;

import java.util.List;
import java.util.Locale;

/**
 * The workload, networking, policy, access and storage resources the embedded server serves next
 * to the core ones of {@link ResourceDefinition}: what a controller typically reconciles.
 * {@link ResourceDefinition#builtIns()} includes every one of them.
 *
 * <p>Each definition carries the names, scope, short names and subresources kube-apiserver
 * advertises for the resource (v1.32), with every verb. The {@code scale} subresource reads and
 * writes {@code spec.replicas} as an {@code autoscaling/v1 Scale}. Per-kind defaulting and
 * validation are listed in {@code docs/embedded-api-server.md}.
 *
 * <p>Constants only; immutable and thread-safe.
 */
public final class BuiltInResources {
    /** core/v1 services (short name {@code svc}; subresource {@code status}). */
    public static final ResourceDefinition SERVICES = namespaced("v1", "services", "Service", "svc", "status");

    /** core/v1 endpoints (short name {@code ep}). */
    public static final ResourceDefinition ENDPOINTS = namespaced("v1", "endpoints", "Endpoints", "ep");

    /** core/v1 serviceaccounts (short name {@code sa}). */
    public static final ResourceDefinition SERVICE_ACCOUNTS =
            namespaced("v1", "serviceaccounts", "ServiceAccount", "sa");

    /** core/v1 persistentvolumeclaims (short name {@code pvc}; subresource {@code status}). */
    public static final ResourceDefinition PERSISTENT_VOLUME_CLAIMS =
            namespaced("v1", "persistentvolumeclaims", "PersistentVolumeClaim", "pvc", "status");

    /** core/v1 persistentvolumes (cluster-scoped; short name {@code pv}; subresource {@code status}). */
    public static final ResourceDefinition PERSISTENT_VOLUMES =
            clusterScoped("v1", "persistentvolumes", "PersistentVolume", "pv", "status");

    /** core/v1 replicationcontrollers (short name {@code rc}; subresources {@code status} and {@code scale}). */
    public static final ResourceDefinition REPLICATION_CONTROLLERS =
            namespaced("v1", "replicationcontrollers", "ReplicationController", "rc", "status", "scale");

    /** core/v1 resourcequotas (short name {@code quota}; subresource {@code status}). */
    public static final ResourceDefinition RESOURCE_QUOTAS =
            namespaced("v1", "resourcequotas", "ResourceQuota", "quota", "status");

    /** core/v1 limitranges (short name {@code limits}). */
    public static final ResourceDefinition LIMIT_RANGES = namespaced("v1", "limitranges", "LimitRange", "limits");

    /** apps/v1 deployments (short name {@code deploy}; subresources {@code status} and {@code scale}). */
    public static final ResourceDefinition DEPLOYMENTS =
            namespaced("apps/v1", "deployments", "Deployment", "deploy", "status", "scale");

    /** apps/v1 replicasets (short name {@code rs}; subresources {@code status} and {@code scale}). */
    public static final ResourceDefinition REPLICA_SETS =
            namespaced("apps/v1", "replicasets", "ReplicaSet", "rs", "status", "scale");

    /** apps/v1 statefulsets (short name {@code sts}; subresources {@code status} and {@code scale}). */
    public static final ResourceDefinition STATEFUL_SETS =
            namespaced("apps/v1", "statefulsets", "StatefulSet", "sts", "status", "scale");

    /** apps/v1 daemonsets (short name {@code ds}; subresource {@code status}). */
    public static final ResourceDefinition DAEMON_SETS =
            namespaced("apps/v1", "daemonsets", "DaemonSet", "ds", "status");

    /** apps/v1 controllerrevisions. */
    public static final ResourceDefinition CONTROLLER_REVISIONS =
            namespaced("apps/v1", "controllerrevisions", "ControllerRevision", "");

    /** batch/v1 jobs (subresource {@code status}). */
    public static final ResourceDefinition JOBS = namespaced("batch/v1", "jobs", "Job", "", "status");

    /** batch/v1 cronjobs (short name {@code cj}; subresource {@code status}). */
    public static final ResourceDefinition CRON_JOBS = namespaced("batch/v1", "cronjobs", "CronJob", "cj", "status");

    /** discovery.k8s.io/v1 endpointslices. */
    public static final ResourceDefinition ENDPOINT_SLICES =
            namespaced("discovery.k8s.io/v1", "endpointslices", "EndpointSlice", "");

    /** networking.k8s.io/v1 ingresses (short name {@code ing}; subresource {@code status}). */
    public static final ResourceDefinition INGRESSES =
            namespaced("networking.k8s.io/v1", "ingresses", "Ingress", "ing", "status");

    /** networking.k8s.io/v1 ingressclasses (cluster-scoped). */
    public static final ResourceDefinition INGRESS_CLASSES =
            clusterScoped("networking.k8s.io/v1", "ingressclasses", "IngressClass", "");

    /** networking.k8s.io/v1 networkpolicies (short name {@code netpol}). */
    public static final ResourceDefinition NETWORK_POLICIES =
            namespaced("networking.k8s.io/v1", "networkpolicies", "NetworkPolicy", "netpol");

    /** policy/v1 poddisruptionbudgets (short name {@code pdb}; subresource {@code status}). */
    public static final ResourceDefinition POD_DISRUPTION_BUDGETS =
            namespaced("policy/v1", "poddisruptionbudgets", "PodDisruptionBudget", "pdb", "status");

    /** rbac.authorization.k8s.io/v1 roles. */
    public static final ResourceDefinition ROLES = namespaced("rbac.authorization.k8s.io/v1", "roles", "Role", "");

    /** rbac.authorization.k8s.io/v1 rolebindings. */
    public static final ResourceDefinition ROLE_BINDINGS =
            namespaced("rbac.authorization.k8s.io/v1", "rolebindings", "RoleBinding", "");

    /** rbac.authorization.k8s.io/v1 clusterroles (cluster-scoped). */
    public static final ResourceDefinition CLUSTER_ROLES =
            clusterScoped("rbac.authorization.k8s.io/v1", "clusterroles", "ClusterRole", "");

    /** rbac.authorization.k8s.io/v1 clusterrolebindings (cluster-scoped). */
    public static final ResourceDefinition CLUSTER_ROLE_BINDINGS =
            clusterScoped("rbac.authorization.k8s.io/v1", "clusterrolebindings", "ClusterRoleBinding", "");

    /** events.k8s.io/v1 events (short name {@code ev}). */
    public static final ResourceDefinition EVENTS = namespaced("events.k8s.io/v1", "events", "Event", "ev");

    /** autoscaling/v2 horizontalpodautoscalers (short name {@code hpa}; subresource {@code status}). */
    public static final ResourceDefinition HORIZONTAL_POD_AUTOSCALERS =
            namespaced("autoscaling/v2", "horizontalpodautoscalers", "HorizontalPodAutoscaler", "hpa", "status");

    /** storage.k8s.io/v1 storageclasses (cluster-scoped; short name {@code sc}). */
    public static final ResourceDefinition STORAGE_CLASSES =
            clusterScoped("storage.k8s.io/v1", "storageclasses", "StorageClass", "sc");

    private BuiltInResources() {}

    /** A namespaced resource of {@code groupVersion} with every verb; the singular is the kind in lower case. */
    private static ResourceDefinition namespaced(
            String groupVersion, String plural, String kind, String shortName, String... subresources) {
        return define(groupVersion, plural, kind, true, shortName, subresources);
    }

    /** A cluster-scoped resource of {@code groupVersion} with every verb. */
    private static ResourceDefinition clusterScoped(
            String groupVersion, String plural, String kind, String shortName, String... subresources) {
        return define(groupVersion, plural, kind, false, shortName, subresources);
    }

    private static ResourceDefinition define(
            String groupVersion,
            String plural,
            String kind,
            boolean namespaced,
            String shortName,
            String... subresources) {
        int slash = groupVersion.indexOf('/');
        return new ResourceDefinition(
                slash < 0 ? "" : groupVersion.substring(0, slash),
                groupVersion.substring(slash + 1),
                plural,
                kind.toLowerCase(Locale.ROOT),
                kind,
                namespaced,
                shortName.isEmpty() ? List.of() : List.of(shortName),
                List.of(subresources),
                ResourceDefinition.ALL_VERBS);
    }

    /** Every resource above, in discovery order (core group first, then by group). */
    public static List<ResourceDefinition> all() {
        return List.of(
                SERVICES,
                ENDPOINTS,
                SERVICE_ACCOUNTS,
                PERSISTENT_VOLUME_CLAIMS,
                PERSISTENT_VOLUMES,
                REPLICATION_CONTROLLERS,
                RESOURCE_QUOTAS,
                LIMIT_RANGES,
                DEPLOYMENTS,
                REPLICA_SETS,
                STATEFUL_SETS,
                DAEMON_SETS,
                CONTROLLER_REVISIONS,
                JOBS,
                CRON_JOBS,
                ENDPOINT_SLICES,
                INGRESSES,
                INGRESS_CLASSES,
                NETWORK_POLICIES,
                POD_DISRUPTION_BUDGETS,
                ROLES,
                ROLE_BINDINGS,
                CLUSTER_ROLES,
                CLUSTER_ROLE_BINDINGS,
                EVENTS,
                HORIZONTAL_POD_AUTOSCALERS,
                STORAGE_CLASSES);
    }
}
