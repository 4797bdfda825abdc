package dev.informer.leaderelection;

import dev.informer.api.Lease;
import dev.informer.api.ResourceType;
import dev.informer.client.KubernetesClient;
import dev.informer.client.ResourceClient;
import java.util.Objects;
import java.util.Optional;

/**
 * The object a {@link LeaderElector} competes for (client-go's {@code resourcelock.Interface}): reads,
 * creates and conditionally updates one {@link LeaderElectionRecord}.
 *
 * <p>Contract the elector relies on: {@link #update} succeeds only if the object was not changed by
 * anyone else since this lock last read or wrote it (optimistic concurrency, e.g. the Lease's
 * resourceVersion), and fails otherwise; that is what makes two candidates unable to both acquire
 * the same term. Failures are unchecked exceptions (for the Lease lock: {@link
 * dev.informer.client.StatusException} with {@code isConflict()}, {@code isAlreadyExists()}, or an
 * {@link dev.informer.client.ApiConnectionException}); the elector logs them and counts the round as
 * lost.
 *
 * <p>A lock belongs to one elector, which calls it from its own run thread; implementations need not
 * support concurrent callers but must be safe to hand from the building thread to that thread. Every
 * call blocks until the backing store has answered.
 */
public interface ResourceLock {

    /**
     * Reads the current record and remembers the object's version for the next {@link #update}.
     *
     * @return the record, or empty when the lock object does not exist
     */
    Optional<LeaderElectionRecord> get();

    /**
     * Creates the lock object holding {@code record}.
     *
     * @throws RuntimeException when it cannot be created (e.g. it exists already)
     */
    void create(LeaderElectionRecord record);

    /**
     * Replaces the record, conditional on the version last read or written by this lock.
     *
     * @throws IllegalStateException when neither {@link #get()} nor {@link #create} succeeded before
     * @throws RuntimeException when the write fails, e.g. because someone else changed the object
     */
    void update(LeaderElectionRecord record);

    /**
     * Records an election event ("became leader", "stopped leading") about this lock; by default
     * nothing. Must not throw.
     */
    default void recordEvent(String message) {}

    /** The identity this candidate writes as holder; stable for the lock's lifetime. */
    String identity();

    /** A human-readable name of the lock object for logs, e.g. {@code namespace/name}. */
    String describe();

    /**
     * A lock on the Lease {@code namespace/name} served by {@code client}.
     *
     * @throws NullPointerException if an argument is {@code null}
     * @throws IllegalArgumentException if {@code namespace} or {@code name} is empty
     */
    static ResourceLock lease(KubernetesClient client, String namespace, String name, String identity) {
        Objects.requireNonNull(client, "client");
        return lease(client.resource(ResourceType.LEASES), namespace, name, identity);
    }

    /**
     * A lock on the Lease {@code namespace/name} through {@code leases} (any namespace it is set to is
     * replaced by {@code namespace}).
     *
     * @throws NullPointerException if an argument is {@code null}
     * @throws IllegalArgumentException if {@code namespace} or {@code name} is empty
     */
    static ResourceLock lease(ResourceClient<Lease> leases, String namespace, String name, String identity) {
        return new LeaseLock(leases, namespace, name, identity);
    }
}
