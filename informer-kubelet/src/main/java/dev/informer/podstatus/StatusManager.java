package dev.informer.podstatus;

import dev.informer.api.Pod;
import dev.informer.api.PodStatus;
import dev.informer.client.ResourceClient;
import dev.informer.clock.Clock;
import dev.informer.concurrent.ThreadFactories;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadFactory;
import org.jspecify.annotations.Nullable;

/**
 * The kubelet's status manager: the node's source of truth for pod statuses, and the way they get
 * back to the API server.
 *
 * <p><b>Cache.</b> {@link #setPodStatus} caches the desired status per pod UID with a version
 * counter that grows by one for each accepted change. Condition transition times are kept when a
 * condition's status did not change (set to now otherwise) and the start time never changes once
 * set (it is now when first missing); timestamps are normalized to whole seconds and container
 * statuses sorted by name, as the API server stores them. A status equal to the cached one (ignoring
 * conditions the kubelet does not own) is not a new version. A status never leaves a terminal phase
 * (Succeeded, Failed): such a change keeps the terminal phase and is logged. A container of a pod
 * whose restart policy is not Always never goes from terminated back to running: such an update is
 * refused and logged.
 *
 * <p><b>Sync.</b> One thread, from the builder's {@link ThreadFactory}, writes every status whose
 * version is newer than the last one written, as soon as it changes: it reads the pod from the
 * server and sends a JSON merge patch of the {@code status} subresource carrying the pod's UID as a
 * precondition, so a pod deleted and recreated under the same name is never patched (its cache
 * entry is dropped instead); a patch that would change nothing is not sent. Every {@link
 * Builder#batchPeriod(Duration) Builder.batchPeriod} (10 s by default, on the injected clock) it re-checks every cached status
 * against the server copy and patches the differences. A pod that no longer exists on the server
 * drops its entry. Conflicts, 429s, 5xx answers and connection failures are retried per pod with
 * exponential backoff ({@link Builder#retryBackoff}). Statuses of static pods are written to their
 * mirror pods (found by name; the mirror's {@code kubernetes.io/config.mirror} annotation names the
 * static pod's UID), and {@link #getPodStatus} accepts a mirror pod's UID.
 *
 * <p>All methods are thread-safe and never block on the network. {@link #close()} is idempotent
 * and waits for the sync thread.
 */
public interface StatusManager extends AutoCloseable {

    /** A builder of a status manager writing through {@code pods} (any namespace is addressed). */
    static Builder builder(ResourceClient<Pod> pods) {
        return new Builder(pods);
    }

    /**
     * Starts the sync thread.
     *
     * @throws IllegalStateException if already started or closed
     */
    void start();

    /**
     * Caches {@code status} as the desired status of {@code pod} and, if it changed, schedules a
     * write. A pod with a deletion timestamp always gets a new version. A {@code null} status counts
     * as an empty one.
     *
     * @throws IllegalArgumentException if the pod has no UID, name or namespace
     */
    void setPodStatus(Pod pod, @Nullable PodStatus status);

    /** The cached status of the pod with {@code uid} (a static pod's, or its mirror pod's, UID). */
    Optional<PodStatus> getPodStatus(String uid);

    /**
     * Marks every container of {@code pod} that is not terminated as terminated (exit code 137,
     * reason {@code ContainerStatusUnknown}; init containers that never started stay waiting), moves
     * a pod that is not a static pod to phase Failed unless it is already terminal, and schedules
     * a write.
     *
     * @throws IllegalArgumentException if the pod has no UID, name or namespace
     */
    void terminatePod(Pod pod);

    /** Drops the cached statuses of every pod whose UID is not in {@code existingUids}. */
    void removeOrphanedStatuses(Set<String> existingUids);

    /** Stops the sync thread. */
    @Override
    void close();

    /**
     * Configures a {@link StatusManager}. Not thread-safe; each {@link #build()} gives a new manager. The
     * setters of the plain settings are generated (from {@code StatusManagerSettings}); the retry
     * backoff's is written here.
     */
    final class Builder extends StatusManagerSettingsBuilderBase {
        final ResourceClient<Pod> pods;

        Duration retryInitial = Duration.ofMillis(500);
        Duration retryMax = Duration.ofSeconds(10);

        private Builder(ResourceClient<Pod> pods) {
            this.pods = Objects.requireNonNull(pods, "pods");
            from(new StatusManagerSettings(
                    Clock.system(), ThreadFactories.platformDaemon("pod-status"), Duration.ofSeconds(10)));
        }

        /**
         * The backoff of a failed write: {@code initial}, doubling per failure up to {@code max};
         * default 500 ms to 10 s.
         *
         * @throws IllegalArgumentException if {@code initial} is not positive or {@code max} is below it
         */
        public Builder retryBackoff(Duration initial, Duration max) {
            if (initial.isNegative() || initial.isZero() || max.compareTo(initial) < 0) {
                throw new IllegalArgumentException("retry backoff needs 0 < initial <= max: " + initial + ", " + max);
            }
            this.retryInitial = initial;
            this.retryMax = max;
            return this;
        }

        /** A new, not yet started, status manager. */
        public StatusManager build() {
            return new DefaultStatusManager(this);
        }
    }
}
