package dev.informer.examples.controller;

import dev.informer.api.ConfigMap;
import dev.informer.api.ObjectMeta;
import dev.informer.api.OwnerReference;
import dev.informer.api.Pod;
import dev.informer.cache.Lister;
import dev.informer.client.DeleteOptions;
import dev.informer.client.ResourceClient;
import dev.informer.client.StatusException;
import dev.informer.errors.InformerException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * The example controller's business logic, separate from its wiring ({@link AppPodsController}):
 * for one {@link AppKey}, make the ConfigMap {@code <app>-pods} in the app's namespace list the
 * names of that app's ready pods.
 *
 * <ul>
 *   <li>While at least one pod in the namespace carries {@code app=<app>}, the ConfigMap exists with
 *       {@code data.readyPods} (the ready pods' names, sorted, one per line), {@code
 *       data.readyCount}, the labels {@code app=<app>} and {@value #MANAGED_BY_LABEL}={@value
 *       #MANAGER}, and one owner reference per pod of the app (so Kubernetes' garbage collector
 *       removes it too once they are all gone).</li>
 *   <li>When no pod carries the label any more, the ConfigMap is deleted (with the cached uid and
 *       resourceVersion as preconditions).</li>
 *   <li>A ConfigMap of that name without the managed-by label belongs to someone else and is never
 *       touched ({@link ReconcileResult.Action#SKIPPED}).</li>
 * </ul>
 *
 * <p>State is read from the informers' listers (never from the server), writes go to the server;
 * a write based on a stale cache fails with {@link StatusException} (409 Conflict, or
 * AlreadyExists), which the controller answers by retrying the key through its rate-limited queue
 * once the cache has caught up. Thread-safe: it holds no mutable state, and the controller's queue
 * never hands the same key to two workers at once.
 */
public final class AppPodsReconciler {

    /** The pod label that names the app. */
    public static final String APP_LABEL = "app";
    /** The label that marks the ConfigMaps this controller owns. */
    public static final String MANAGED_BY_LABEL = "app.kubernetes.io/managed-by";
    /** The value of {@link #MANAGED_BY_LABEL}. */
    public static final String MANAGER = "informer-examples";
    /** The data key listing the ready pods' names, one per line. */
    public static final String READY_PODS_KEY = "readyPods";
    /** The data key holding the number of ready pods. */
    public static final String READY_COUNT_KEY = "readyCount";

    private final Lister<Pod> pods;
    private final Lister<ConfigMap> configMaps;
    private final ResourceClient<ConfigMap> configMapClient;
    private final BooleanSupplier leading;

    /**
     * Thrown instead of a write when this process does not lead (any more): the write is not sent.
     * The controller drops the key without retrying; the new leader reconciles it.
     */
    public static final class NotLeaderException extends InformerException {
        private static final long serialVersionUID = 1L;

        NotLeaderException(AppKey key, String write) {
            super("not the leader: the " + write + " of " + key.namespace() + "/" + key.configMapName()
                    + " was not sent");
        }
    }

    /**
     * @param pods            the pod informer's lister
     * @param configMaps      the ConfigMap informer's lister
     * @param configMapClient where ConfigMaps are created, updated and deleted
     */
    public AppPodsReconciler(
            Lister<Pod> pods, Lister<ConfigMap> configMaps, ResourceClient<ConfigMap> configMapClient) {
        this(pods, configMaps, configMapClient, () -> true);
    }

    /**
     * A reconciler that writes only while {@code leading} says this process leads (e.g. {@code
     * LeaderElector::isLeader}); it is asked right before each write, the last moment a process that
     * was paused past its lease can still hold back.
     */
    public AppPodsReconciler(
            Lister<Pod> pods,
            Lister<ConfigMap> configMaps,
            ResourceClient<ConfigMap> configMapClient,
            BooleanSupplier leading) {
        this.pods = Objects.requireNonNull(pods, "pods");
        this.configMaps = Objects.requireNonNull(configMaps, "configMaps");
        this.configMapClient = Objects.requireNonNull(configMapClient, "configMapClient");
        this.leading = Objects.requireNonNull(leading, "leading");
    }

    private void requireLeading(AppKey key, String write) {
        if (!leading.getAsBoolean()) {
            throw new NotLeaderException(key, write);
        }
    }

    /**
     * Brings {@code key}'s ConfigMap in line with its pods, as the class comment says.
     *
     * @throws StatusException when the server refuses a write (a conflict with a stale cache
     *         included); the caller retries later
     * @throws RuntimeException for connection failures; the caller retries later
     * @throws NotLeaderException when a write is due but this process does not lead; nothing was sent
     */
    public ReconcileResult reconcile(AppKey key) {
        List<Pod> appPods = podsOf(pods, key);
        Optional<ConfigMap> existing = configMaps.namespace(key.namespace()).get(key.configMapName());
        if (appPods.isEmpty()) {
            if (existing.isEmpty()) {
                return new ReconcileResult(key, ReconcileResult.Action.UNCHANGED, 0, 0);
            }
            if (!isManaged(existing.get())) {
                return new ReconcileResult(key, ReconcileResult.Action.SKIPPED, 0, 0);
            }
            ObjectMeta meta = existing.get().metadata();
            requireLeading(key, "delete");
            try {
                configMapClient
                        .inNamespace(key.namespace())
                        .delete(key.configMapName(), DeleteOptions.preconditions(meta.uid(), meta.resourceVersion()));
            } catch (StatusException e) {
                if (!e.isNotFound()) {
                    throw e;
                }
            }
            return new ReconcileResult(key, ReconcileResult.Action.DELETED, 0, 0);
        }
        ConfigMap desired = desiredConfigMap(key, appPods);
        int ready = Integer.parseInt(desired.data().get(READY_COUNT_KEY));
        if (existing.isEmpty()) {
            requireLeading(key, "create");
            configMapClient.inNamespace(key.namespace()).create(desired);
            return new ReconcileResult(key, ReconcileResult.Action.CREATED, ready, appPods.size());
        }
        ConfigMap current = existing.get();
        if (!isManaged(current)) {
            return new ReconcileResult(key, ReconcileResult.Action.SKIPPED, ready, appPods.size());
        }
        if (matches(current, desired)) {
            return new ReconcileResult(key, ReconcileResult.Action.UNCHANGED, ready, appPods.size());
        }
        Map<String, String> labels = new LinkedHashMap<>(current.metadata().labels());
        labels.putAll(desired.metadata().labels());
        ConfigMap updated = current.toBuilder()
                .metadata(current.metadata().toBuilder()
                        .labels(labels)
                        .ownerReferences(desired.metadata().ownerReferences())
                        .build())
                .data(desired.data())
                .build();
        // Carries the cached resourceVersion: a stale cache gets 409 Conflict instead of losing a write.
        requireLeading(key, "update");
        configMapClient.inNamespace(key.namespace()).update(updated);
        return new ReconcileResult(key, ReconcileResult.Action.UPDATED, ready, appPods.size());
    }

    /** The pods of {@code key}'s namespace labelled with its app, sorted by name. */
    static List<Pod> podsOf(Lister<Pod> pods, AppKey key) {
        List<Pod> result = new ArrayList<>();
        for (Pod pod : pods.namespace(key.namespace()).list()) {
            if (key.app().equals(pod.labels().get(APP_LABEL))) {
                result.add(pod);
            }
        }
        result.sort(Comparator.comparing(Pod::name));
        return result;
    }

    /** The ConfigMap that {@code appPods} (sorted by name, not empty) call for. */
    public static ConfigMap desiredConfigMap(AppKey key, List<Pod> appPods) {
        List<String> readyNames = new ArrayList<>();
        List<OwnerReference> owners = new ArrayList<>();
        for (Pod pod : appPods) {
            if (PodReadiness.isReady(pod)) {
                readyNames.add(pod.name());
            }
            owners.add(OwnerReference.builder()
                    .apiVersion(Pod.API_VERSION)
                    .kind(Pod.KIND)
                    .name(pod.name())
                    .uid(pod.uid())
                    .build());
        }
        return ConfigMap.builder()
                .metadata(ObjectMeta.builder()
                        .name(key.configMapName())
                        .namespace(key.namespace())
                        .labels(Map.of(APP_LABEL, key.app(), MANAGED_BY_LABEL, MANAGER))
                        .ownerReferences(owners)
                        .build())
                .data(READY_PODS_KEY, String.join("\n", readyNames))
                .data(READY_COUNT_KEY, Integer.toString(readyNames.size()))
                .build();
    }

    /** Whether this controller manages {@code configMap}. */
    public static boolean isManaged(ConfigMap configMap) {
        return MANAGER.equals(configMap.labels().get(MANAGED_BY_LABEL));
    }

    private static boolean matches(ConfigMap current, ConfigMap desired) {
        if (!current.data().equals(desired.data())) {
            return false;
        }
        for (Map.Entry<String, String> label : desired.metadata().labels().entrySet()) {
            if (!label.getValue().equals(current.labels().get(label.getKey()))) {
                return false;
            }
        }
        List<OwnerReference> have = current.metadata().ownerReferences();
        List<OwnerReference> want = desired.metadata().ownerReferences();
        if (have.size() != want.size()) {
            return false;
        }
        for (int i = 0; i < want.size(); i++) {
            if (!Objects.equals(have.get(i).uid(), want.get(i).uid())
                    || !Objects.equals(have.get(i).name(), want.get(i).name())
                    || !Objects.equals(have.get(i).kind(), want.get(i).kind())) {
                return false;
            }
        }
        return true;
    }
}
