package dev.informer.testing;

import java.util.List;

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
    public static final ResourceDefinition SERVICES = new ResourceDefinition(
            "",
            "v1",
            "services",
            "service",
            "Service",
            true,
            List.of("svc"),
            List.of("status"),
            ResourceDefinition.ALL_VERBS);

    /** core/v1 endpoints (short name {@code ep}). */
    public static final ResourceDefinition ENDPOINTS = new ResourceDefinition(
            "",
            "v1",
            "endpoints",
            "endpoints",
            "Endpoints",
            true,
            List.of("ep"),
            List.of(),
            ResourceDefinition.ALL_VERBS);

    /** core/v1 serviceaccounts (short name {@code sa}). */
    public static final ResourceDefinition SERVICE_ACCOUNTS = new ResourceDefinition(
            "",
            "v1",
            "serviceaccounts",
            "serviceaccount",
            "ServiceAccount",
            true,
            List.of("sa"),
            List.of(),
            ResourceDefinition.ALL_VERBS);

    /** core/v1 persistentvolumeclaims (short name {@code pvc}; subresource {@code status}). */
    public static final ResourceDefinition PERSISTENT_VOLUME_CLAIMS = new ResourceDefinition(
            "",
            "v1",
            "persistentvolumeclaims",
            "persistentvolumeclaim",
            "PersistentVolumeClaim",
            true,
            List.of("pvc"),
            List.of("status"),
            ResourceDefinition.ALL_VERBS);

    /** core/v1 persistentvolumes (cluster-scoped; short name {@code pv}; subresource {@code status}). */
    public static final ResourceDefinition PERSISTENT_VOLUMES = new ResourceDefinition(
            "",
            "v1",
            "persistentvolumes",
            "persistentvolume",
            "PersistentVolume",
            false,
            List.of("pv"),
            List.of("status"),
            ResourceDefinition.ALL_VERBS);

    /** core/v1 replicationcontrollers (short name {@code rc}; subresources {@code status} and {@code scale}). */
    public static final ResourceDefinition REPLICATION_CONTROLLERS = new ResourceDefinition(
            "",
            "v1",
            "replicationcontrollers",
            "replicationcontroller",
            "ReplicationController",
            true,
            List.of("rc"),
            List.of("status", "scale"),
            ResourceDefinition.ALL_VERBS);

    /** core/v1 resourcequotas (short name {@code quota}; subresource {@code status}). */
    public static final ResourceDefinition RESOURCE_QUOTAS = new ResourceDefinition(
            "",
            "v1",
            "resourcequotas",
            "resourcequota",
            "ResourceQuota",
            true,
            List.of("quota"),
            List.of("status"),
            ResourceDefinition.ALL_VERBS);

    /** core/v1 limitranges (short name {@code limits}). */
    public static final ResourceDefinition LIMIT_RANGES = new ResourceDefinition(
            "",
            "v1",
            "limitranges",
            "limitrange",
            "LimitRange",
            true,
            List.of("limits"),
            List.of(),
            ResourceDefinition.ALL_VERBS);

    /** apps/v1 deployments (short name {@code deploy}; subresources {@code status} and {@code scale}). */
    public static final ResourceDefinition DEPLOYMENTS = new ResourceDefinition(
            "apps",
            "v1",
            "deployments",
            "deployment",
            "Deployment",
            true,
            List.of("deploy"),
            List.of("status", "scale"),
            ResourceDefinition.ALL_VERBS);

    /** apps/v1 replicasets (short name {@code rs}; subresources {@code status} and {@code scale}). */
    public static final ResourceDefinition REPLICA_SETS = new ResourceDefinition(
            "apps",
            "v1",
            "replicasets",
            "replicaset",
            "ReplicaSet",
            true,
            List.of("rs"),
            List.of("status", "scale"),
            ResourceDefinition.ALL_VERBS);

    /** apps/v1 statefulsets (short name {@code sts}; subresources {@code status} and {@code scale}). */
    public static final ResourceDefinition STATEFUL_SETS = new ResourceDefinition(
            "apps",
            "v1",
            "statefulsets",
            "statefulset",
            "StatefulSet",
            true,
            List.of("sts"),
            List.of("status", "scale"),
            ResourceDefinition.ALL_VERBS);

    /** apps/v1 daemonsets (short name {@code ds}; subresource {@code status}). */
    public static final ResourceDefinition DAEMON_SETS = new ResourceDefinition(
            "apps",
            "v1",
            "daemonsets",
            "daemonset",
            "DaemonSet",
            true,
            List.of("ds"),
            List.of("status"),
            ResourceDefinition.ALL_VERBS);

    /** apps/v1 controllerrevisions. */
    public static final ResourceDefinition CONTROLLER_REVISIONS = new ResourceDefinition(
            "apps",
            "v1",
            "controllerrevisions",
            "controllerrevision",
            "ControllerRevision",
            true,
            List.of(),
            List.of(),
            ResourceDefinition.ALL_VERBS);

    /** batch/v1 jobs (subresource {@code status}). */
    public static final ResourceDefinition JOBS = new ResourceDefinition(
            "batch", "v1", "jobs", "job", "Job", true, List.of(), List.of("status"), ResourceDefinition.ALL_VERBS);

    /** batch/v1 cronjobs (short name {@code cj}; subresource {@code status}). */
    public static final ResourceDefinition CRON_JOBS = new ResourceDefinition(
            "batch",
            "v1",
            "cronjobs",
            "cronjob",
            "CronJob",
            true,
            List.of("cj"),
            List.of("status"),
            ResourceDefinition.ALL_VERBS);

    /** discovery.k8s.io/v1 endpointslices. */
    public static final ResourceDefinition ENDPOINT_SLICES = new ResourceDefinition(
            "discovery.k8s.io",
            "v1",
            "endpointslices",
            "endpointslice",
            "EndpointSlice",
            true,
            List.of(),
            List.of(),
            ResourceDefinition.ALL_VERBS);

    /** networking.k8s.io/v1 ingresses (short name {@code ing}; subresource {@code status}). */
    public static final ResourceDefinition INGRESSES = new ResourceDefinition(
            "networking.k8s.io",
            "v1",
            "ingresses",
            "ingress",
            "Ingress",
            true,
            List.of("ing"),
            List.of("status"),
            ResourceDefinition.ALL_VERBS);

    /** networking.k8s.io/v1 ingressclasses (cluster-scoped). */
    public static final ResourceDefinition INGRESS_CLASSES = new ResourceDefinition(
            "networking.k8s.io",
            "v1",
            "ingressclasses",
            "ingressclass",
            "IngressClass",
            false,
            List.of(),
            List.of(),
            ResourceDefinition.ALL_VERBS);

    /** networking.k8s.io/v1 networkpolicies (short name {@code netpol}). */
    public static final ResourceDefinition NETWORK_POLICIES = new ResourceDefinition(
            "networking.k8s.io",
            "v1",
            "networkpolicies",
            "networkpolicy",
            "NetworkPolicy",
            true,
            List.of("netpol"),
            List.of(),
            ResourceDefinition.ALL_VERBS);

    /** policy/v1 poddisruptionbudgets (short name {@code pdb}; subresource {@code status}). */
    public static final ResourceDefinition POD_DISRUPTION_BUDGETS = new ResourceDefinition(
            "policy",
            "v1",
            "poddisruptionbudgets",
            "poddisruptionbudget",
            "PodDisruptionBudget",
            true,
            List.of("pdb"),
            List.of("status"),
            ResourceDefinition.ALL_VERBS);

    /** rbac.authorization.k8s.io/v1 roles. */
    public static final ResourceDefinition ROLES = new ResourceDefinition(
            "rbac.authorization.k8s.io",
            "v1",
            "roles",
            "role",
            "Role",
            true,
            List.of(),
            List.of(),
            ResourceDefinition.ALL_VERBS);

    /** rbac.authorization.k8s.io/v1 rolebindings. */
    public static final ResourceDefinition ROLE_BINDINGS = new ResourceDefinition(
            "rbac.authorization.k8s.io",
            "v1",
            "rolebindings",
            "rolebinding",
            "RoleBinding",
            true,
            List.of(),
            List.of(),
            ResourceDefinition.ALL_VERBS);

    /** rbac.authorization.k8s.io/v1 clusterroles (cluster-scoped). */
    public static final ResourceDefinition CLUSTER_ROLES = new ResourceDefinition(
            "rbac.authorization.k8s.io",
            "v1",
            "clusterroles",
            "clusterrole",
            "ClusterRole",
            false,
            List.of(),
            List.of(),
            ResourceDefinition.ALL_VERBS);

    /** rbac.authorization.k8s.io/v1 clusterrolebindings (cluster-scoped). */
    public static final ResourceDefinition CLUSTER_ROLE_BINDINGS = new ResourceDefinition(
            "rbac.authorization.k8s.io",
            "v1",
            "clusterrolebindings",
            "clusterrolebinding",
            "ClusterRoleBinding",
            false,
            List.of(),
            List.of(),
            ResourceDefinition.ALL_VERBS);

    /** events.k8s.io/v1 events (short name {@code ev}). */
    public static final ResourceDefinition EVENTS = new ResourceDefinition(
            "events.k8s.io",
            "v1",
            "events",
            "event",
            "Event",
            true,
            List.of("ev"),
            List.of(),
            ResourceDefinition.ALL_VERBS);

    /** autoscaling/v2 horizontalpodautoscalers (short name {@code hpa}; subresource {@code status}). */
    public static final ResourceDefinition HORIZONTAL_POD_AUTOSCALERS = new ResourceDefinition(
            "autoscaling",
            "v2",
            "horizontalpodautoscalers",
            "horizontalpodautoscaler",
            "HorizontalPodAutoscaler",
            true,
            List.of("hpa"),
            List.of("status"),
            ResourceDefinition.ALL_VERBS);

    /** storage.k8s.io/v1 storageclasses (cluster-scoped; short name {@code sc}). */
    public static final ResourceDefinition STORAGE_CLASSES = new ResourceDefinition(
            "storage.k8s.io",
            "v1",
            "storageclasses",
            "storageclass",
            "StorageClass",
            false,
            List.of("sc"),
            List.of(),
            ResourceDefinition.ALL_VERBS);

    private BuiltInResources() {}

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
