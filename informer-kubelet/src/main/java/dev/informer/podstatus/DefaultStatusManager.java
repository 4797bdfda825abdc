package dev.informer.podstatus;

import dev.informer.api.ApiJson;
import dev.informer.api.ContainerState;
import dev.informer.api.ContainerStateTerminated;
import dev.informer.api.ContainerStatus;
import dev.informer.api.ObjectMeta;
import dev.informer.api.Pod;
import dev.informer.api.PodSpec;
import dev.informer.api.PodStatus;
import dev.informer.api.Timestamps;
import dev.informer.client.ApiConnectionException;
import dev.informer.client.PatchType;
import dev.informer.client.ResourceClient;
import dev.informer.client.StatusException;
import dev.informer.clock.Clock;
import dev.informer.kubelet.internal.LoopThread;
import dev.informer.podconfig.ConfigAnnotations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** {@link StatusManager} as the kubelet's status manager; see there. */
final class DefaultStatusManager implements StatusManager {

    private static final Logger LOG = LoggerFactory.getLogger(DefaultStatusManager.class);

    /** A cached desired status and what is needed to write it. */
    private record Versioned(
            long version, String name, String namespace, PodStatus status, boolean podIsFinished, boolean isStatic) {}

    /** The retry state of a pod whose last write failed (sync thread only). */
    private record Retry(int failures, long notBeforeNanos) {}

    private final ResourceClient<Pod> pods;
    private final Clock clock;
    private final long batchNanos;
    private final long retryInitialNanos;
    private final long retryMaxNanos;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition wake = lock.newCondition();
    private final LoopThread thread;
    // @GuardedBy("lock") static or regular pod UID -> desired status
    private final Map<String, Versioned> statuses = new HashMap<>();
    // @GuardedBy("lock") whether a status changed since the sync thread last looked
    private boolean pending;

    // Sync thread only: server (mirror) pod UID -> version last written.
    private final Map<String, Long> apiStatusVersions = new HashMap<>();
    // Sync thread only.
    private final Map<String, Retry> retries = new HashMap<>();
    // mirror pod UID -> static pod UID, learnt from the server; read by getPodStatus.
    private final Map<String, String> mirrorToStatic = new ConcurrentHashMap<>();

    DefaultStatusManager(StatusManager.Builder builder) {
        StatusManagerSettings settings = builder.settings();
        this.pods = builder.pods;
        this.clock = settings.clock();
        this.batchNanos = settings.batchPeriod().toNanos();
        this.retryInitialNanos = builder.retryInitial.toNanos();
        this.retryMaxNanos = builder.retryMax.toNanos();
        this.thread = new LoopThread("the status manager", lock, wake, settings.threadFactory(), this::syncLoop);
    }

    @Override
    public void start() {
        thread.start();
    }

    // ---- cache ----

    @Override
    public void setPodStatus(Pod pod, @Nullable PodStatus status) {
        ObjectMeta meta = requireIdentity(pod);
        lock.lock();
        try {
            // A pod being deleted always gets a new version, so that its status is written again.
            updateStatusLocked(
                    pod,
                    status == null ? PodStatus.builder().build() : status,
                    meta.deletionTimestamp() != null,
                    false);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Optional<PodStatus> getPodStatus(String uid) {
        String key = mirrorToStatic.getOrDefault(uid, uid);
        lock.lock();
        try {
            Versioned v = statuses.get(key);
            return v == null ? Optional.empty() : Optional.of(v.status());
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void terminatePod(Pod pod) {
        requireIdentity(pod);
        lock.lock();
        try {
            Versioned cached = statuses.get(keyOf(pod));
            PodStatus old = cached != null
                    ? cached.status()
                    : pod.status() != null ? pod.status() : PodStatus.builder().build();
            PodStatus.Builder status = old.toBuilder();
            // Once initialized, a container without a known end is a failure.
            if (hasPodInitialized(pod)) {
                status.containerStatuses(terminateAll(
                        old.containerStatuses(), old.containerStatuses().size()));
            }
            status.initContainerStatuses(
                    terminateAll(old.initContainerStatuses(), initializedCount(old.initContainerStatuses())));
            if (!ConfigAnnotations.isStaticPod(pod) && !PodStatuses.isTerminal(old.phase())) {
                status.phase(PodStatuses.FAILED);
            }
            updateStatusLocked(pod, status.build(), true, true);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void removeOrphanedStatuses(Set<String> existingUids) {
        lock.lock();
        try {
            statuses.keySet().removeIf(uid -> {
                boolean orphan = !existingUids.contains(uid);
                if (orphan) {
                    LOG.debug("Removing the status of pod uid {}: the pod is gone", uid);
                }
                return orphan;
            });
        } finally {
            lock.unlock();
        }
    }

    private static ObjectMeta requireIdentity(Pod pod) {
        ObjectMeta meta = pod.metadata();
        if (meta == null || isEmpty(meta.uid()) || isEmpty(meta.name()) || isEmpty(meta.namespace())) {
            throw new IllegalArgumentException("a pod needs a uid, a name and a namespace to have a status: "
                    + (meta == null ? "no metadata" : meta.namespace() + "/" + meta.name() + " uid " + meta.uid()));
        }
        return meta;
    }

    private static boolean isEmpty(@Nullable String s) {
        return s == null || s.isEmpty();
    }

    /** Mirror pods stand for their static pod: the mirror annotation holds the static pod's UID. */
    private static String keyOf(Pod pod) {
        ObjectMeta meta = requireIdentity(pod);
        String mirrorOf = meta.annotations().get(ConfigAnnotations.MIRROR);
        return mirrorOf != null && !mirrorOf.isEmpty() ? mirrorOf : Objects.requireNonNull(meta.uid(), "uid");
    }

    private void updateStatusLocked(Pod pod, PodStatus status, boolean forceUpdate, boolean podIsFinished) {
        String uid = keyOf(pod);
        boolean isStatic = ConfigAnnotations.isStaticPod(pod);
        Versioned cached = statuses.get(uid);
        PodStatus old;
        if (cached != null) {
            old = cached.status();
            if (!isStatic && cached.podIsFinished() && !podIsFinished) {
                LOG.info("Pod {}/{} was finished; keeping it finished", pod.namespace(), pod.name());
                podIsFinished = true;
            }
        } else {
            old = pod.status() != null ? pod.status() : PodStatus.builder().build();
        }
        String restartPolicy = pod.spec() == null ? null : pod.spec().restartPolicy();
        String illegal = PodStatuses.illegalContainerTransition(
                old.containerStatuses(), status.containerStatuses(), restartPolicy);
        if (illegal == null) {
            illegal = PodStatuses.illegalContainerTransition(
                    old.initContainerStatuses(), status.initContainerStatuses(), restartPolicy);
        }
        if (illegal != null) {
            LOG.error("Status update of pod {}/{} aborted: {}", pod.namespace(), pod.name(), illegal);
            return;
        }
        if (PodStatuses.isTerminal(old.phase()) && !Objects.equals(old.phase(), status.phase())) {
            LOG.error(
                    "Pod {}/{} attempted an illegal phase transition from {} to {}; keeping {}",
                    pod.namespace(),
                    pod.name(),
                    old.phase(),
                    status.phase(),
                    old.phase());
            status = status.toBuilder().phase(old.phase()).build();
        }
        status = PodStatuses.withTransitionTimes(status, old, clock.now());
        if (!isEmpty(old.startTime())) {
            status = status.toBuilder().startTime(old.startTime()).build();
        } else if (isEmpty(status.startTime())) {
            status =
                    status.toBuilder().startTime(Timestamps.format(clock.now())).build();
        }
        status = PodStatuses.normalize(status, containerCount(pod.spec()));
        if (cached != null && !forceUpdate && PodStatuses.equalByKubelet(cached.status(), status)) {
            LOG.trace("Ignoring the same status for pod {}/{}", pod.namespace(), pod.name());
            return;
        }
        long version = cached == null ? 1 : cached.version() + 1;
        // requireIdentity (through keyOf) checked the name and namespace.
        statuses.put(
                uid,
                new Versioned(
                        version,
                        Objects.requireNonNull(pod.name(), "name"),
                        Objects.requireNonNull(pod.namespace(), "namespace"),
                        status,
                        podIsFinished,
                        isStatic));
        pending = true;
        wake.signalAll();
    }

    private static int containerCount(@Nullable PodSpec spec) {
        return spec == null
                ? 0
                : spec.containers().size() + spec.initContainers().size();
    }

    private static List<ContainerStatus> terminateAll(List<ContainerStatus> statuses, int upTo) {
        List<ContainerStatus> out = new ArrayList<>(statuses);
        for (int i = 0; i < upTo; i++) {
            ContainerStatus s = out.get(i);
            if (s.state() != null && s.state().terminated() != null) {
                continue;
            }
            ContainerStateTerminated unknown = ContainerStateTerminated.builder()
                    .reason("ContainerStatusUnknown")
                    .message("The container could not be located when the pod was terminated")
                    .exitCode(137)
                    .build();
            out.set(
                    i,
                    s.toBuilder()
                            .state(ContainerState.builder().terminated(unknown).build())
                            .build());
        }
        return out;
    }

    /** How many init containers have tried to start: all but the trailing waiting ones, at least one. */
    private static int initializedCount(List<ContainerStatus> init) {
        for (int i = init.size() - 1; i >= 0; i--) {
            ContainerStatus s = init.get(i);
            if (s.state() == null || s.state().waiting() == null || terminated(s.lastState())) {
                return i + 1;
            }
        }
        return init.isEmpty() ? 0 : 1;
    }

    /** Whether the pod ever started a regular container (or has no init containers). */
    private static boolean hasPodInitialized(Pod pod) {
        if (pod.spec() == null || pod.spec().initContainers().isEmpty()) {
            return true;
        }
        PodStatus status = pod.status();
        if (status == null) {
            return false;
        }
        for (ContainerStatus s : status.containerStatuses()) {
            if (terminated(s.lastState()) || s.state() == null || s.state().waiting() == null) {
                return true;
            }
        }
        List<ContainerStatus> init = status.initContainerStatuses();
        if (!init.isEmpty()) {
            ContainerStatus last = init.get(init.size() - 1);
            return exitedZero(last.lastState()) || exitedZero(last.state());
        }
        return false;
    }

    private static boolean terminated(@Nullable ContainerState state) {
        return state != null && state.terminated() != null;
    }

    private static boolean exitedZero(@Nullable ContainerState state) {
        return state != null
                && state.terminated() != null
                && Integer.valueOf(0).equals(state.terminated().exitCode());
    }

    // ---- sync ----

    private void syncLoop() {
        try {
            long nextBatch = clock.nanoTime() + batchNanos;
            while (true) {
                boolean all;
                lock.lockInterruptibly();
                try {
                    while (true) {
                        if (thread.isClosed()) {
                            return;
                        }
                        long now = clock.nanoTime();
                        if (pending || now - nextBatch >= 0 || retryDue(now)) {
                            break;
                        }
                        clock.awaitUntil(lock, wake, Math.min(nextBatch, earliestRetry(nextBatch)));
                    }
                    long now = clock.nanoTime();
                    all = now - nextBatch >= 0;
                    if (all) {
                        nextBatch = now + batchNanos;
                    }
                    pending = false;
                } finally {
                    lock.unlock();
                }
                try {
                    syncBatch(all);
                } catch (RuntimeException e) {
                    LOG.error("Syncing pod statuses failed; retrying with the next change or batch: {}", e.toString());
                    LOG.debug("Syncing pod statuses failed", e);
                }
            }
        } catch (InterruptedException e) {
            // closing
        }
    }

    private boolean retryDue(long now) {
        for (Retry retry : retries.values()) {
            if (now - retry.notBeforeNanos() >= 0) {
                return true;
            }
        }
        return false;
    }

    private long earliestRetry(long otherwise) {
        long earliest = otherwise;
        for (Retry retry : retries.values()) {
            if (retry.notBeforeNanos() - earliest < 0) {
                earliest = retry.notBeforeNanos();
            }
        }
        return earliest;
    }

    private void syncBatch(boolean all) throws InterruptedException {
        Map<String, Versioned> snapshot;
        lock.lock();
        try {
            snapshot = new HashMap<>(statuses);
        } finally {
            lock.unlock();
        }
        if (all) {
            // Versions of pods that are gone are not needed any more.
            apiStatusVersions.keySet().removeIf(uid -> !snapshot.containsKey(uid) && !mirrorToStatic.containsKey(uid));
        }
        // A retry of a status that is gone would otherwise wake the loop for nothing, again and again.
        retries.keySet().removeIf(uid -> !snapshot.containsKey(uid));
        long now = clock.nanoTime();
        for (Map.Entry<String, Versioned> e : snapshot.entrySet()) {
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedException();
            }
            String uid = e.getKey();
            Versioned status = e.getValue();
            Retry retry = retries.get(uid);
            if (retry != null && now - retry.notBeforeNanos() < 0) {
                continue;
            }
            if (!all && retry == null) {
                Long written = apiStatusVersions.get(statusUid(uid));
                if (written != null && written >= status.version()) {
                    continue;
                }
            }
            syncPod(uid, status);
        }
    }

    /** The UID of the server pod carrying {@code uid}'s status: the mirror pod's for a static pod. */
    private String statusUid(String uid) {
        for (Map.Entry<String, String> e : mirrorToStatic.entrySet()) {
            if (e.getValue().equals(uid)) {
                return e.getKey();
            }
        }
        return uid;
    }

    private void syncPod(String uid, Versioned status) {
        ResourceClient<Pod> client = pods.inNamespace(status.namespace());
        Pod server;
        try {
            server = client.get(status.name());
        } catch (StatusException | ApiConnectionException e) {
            if (e instanceof StatusException se && se.isNotFound()) {
                LOG.debug(
                        "Pod {}/{} (uid {}) does not exist on the server; dropping its status",
                        status.namespace(),
                        status.name(),
                        uid);
                deleteStatus(uid);
            } else {
                failed(uid, status, "reading", e);
            }
            return;
        }
        String serverUid = server.uid();
        String translated = serverUid;
        if (ConfigAnnotations.isMirrorPod(server)) {
            translated = server.annotations().get(ConfigAnnotations.MIRROR);
            mirrorToStatic.put(serverUid, translated);
        } else if (status.isStatic()) {
            LOG.debug(
                    "Static pod {}/{} has no mirror pod yet; not writing its status",
                    status.namespace(),
                    status.name());
            retries.remove(uid);
            return;
        }
        if (!uid.equals(translated)) {
            LOG.info(
                    "Pod {}/{} was deleted and recreated (uid {} is now {}); dropping the old pod's status",
                    status.namespace(),
                    status.name(),
                    uid,
                    serverUid);
            deleteStatus(uid);
            return;
        }
        PodStatus desired = status.status();
        PodStatus serverStatus = server.status() == null ? PodStatus.builder().build() : server.status();
        PodStatus merged = PodStatuses.mergeForServer(serverStatus, desired, clock.now());
        if (PodStatuses.isTerminal(serverStatus.phase()) && !Objects.equals(serverStatus.phase(), merged.phase())) {
            LOG.error(
                    "Pod {}/{} is {} on the server; not moving it to phase {}",
                    status.namespace(),
                    status.name(),
                    serverStatus.phase(),
                    merged.phase());
            merged = merged.toBuilder().phase(serverStatus.phase()).build();
        }
        ObjectNode diff = MergePatches.diff(toJson(serverStatus), toJson(merged));
        if (!diff.isEmpty()) {
            ObjectNode patch = ApiJson.mapper().createObjectNode();
            // The UID makes the write conditional: a recreated pod of the same name is refused (409).
            patch.putObject("metadata").put("uid", serverUid);
            patch.set("status", diff);
            try {
                client.patchStatus(
                        status.name(), PatchType.MERGE, ApiJson.mapper().writeValueAsString(patch));
            } catch (StatusException | ApiConnectionException e) {
                if (e instanceof StatusException se && se.isNotFound()) {
                    deleteStatus(uid);
                } else {
                    failed(uid, status, "patching", e);
                }
                return;
            }
            LOG.debug("Wrote status version {} of pod {}/{}", status.version(), status.namespace(), status.name());
        }
        apiStatusVersions.put(serverUid, status.version());
        retries.remove(uid);
    }

    private static JsonNode toJson(PodStatus status) {
        return ApiJson.mapper().valueToTree(status);
    }

    private void failed(String uid, Versioned status, String what, RuntimeException e) {
        boolean retriable = e instanceof ApiConnectionException
                || (e instanceof StatusException se
                        && (se.isConflict() || se.isServerError() || se.isTooManyRequests() || se.isServerTimeout()));
        Retry previous = retries.get(uid);
        int failures = previous == null ? 1 : previous.failures() + 1;
        long delay = retryInitialNanos;
        for (int i = 1; i < failures && delay < retryMaxNanos; i++) {
            delay *= 2;
        }
        delay = Math.min(delay, retryMaxNanos);
        // One line per failure; the stack trace only at debug level.
        LOG.debug("Failed {} the status of pod {}/{}", what, status.namespace(), status.name(), e);
        if (thread.isClosed()) {
            // close() interrupted the request: not a failure worth a line.
            return;
        }
        if (retriable) {
            retries.put(uid, new Retry(failures, clock.nanoTime() + delay));
            LOG.info(
                    "Failed {} the status of pod {}/{} (attempt {}); retrying in {}: {}",
                    what,
                    status.namespace(),
                    status.name(),
                    failures,
                    Duration.ofNanos(delay),
                    e.getMessage());
        } else {
            // Not worth hammering the server: the next batch tries again.
            retries.remove(uid);
            LOG.warn(
                    "Failed {} the status of pod {}/{}; trying again with the next batch: {}",
                    what,
                    status.namespace(),
                    status.name(),
                    e.getMessage());
        }
    }

    private void deleteStatus(String uid) {
        lock.lock();
        try {
            // Only the entry that was synced: a newer pod with the same UID key cannot exist.
            statuses.remove(uid);
        } finally {
            lock.unlock();
        }
        retries.remove(uid);
        mirrorToStatic.values().removeIf(uid::equals);
    }

    @Override
    public void close() {
        thread.close();
    }
}
