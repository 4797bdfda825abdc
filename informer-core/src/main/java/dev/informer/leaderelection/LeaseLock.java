package dev.informer.leaderelection;

import dev.informer.api.Lease;
import dev.informer.api.LeaseSpec;
import dev.informer.api.ObjectMeta;
import dev.informer.client.ResourceClient;
import dev.informer.client.StatusException;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A {@link ResourceLock} on a {@code coordination.k8s.io/v1} Lease (client-go's {@code LeaseLock}).
 * It caches the Lease last read or written so that {@link #update} sends its resourceVersion: the
 * API server then rejects the update with 409 Conflict if anyone wrote the Lease in between.
 *
 * <p>Thread-safe (the cache is guarded), though an elector calls it from one thread.
 */
final class LeaseLock implements ResourceLock {

    private final ResourceClient<Lease> leases;
    private final String namespace;
    private final String name;
    private final String identity;

    private final Object cacheLock = new Object();
    // The Lease last read or written, null before the first successful get/create or after a failed get.
    // @GuardedBy("cacheLock")
    private @Nullable Lease lease;

    LeaseLock(ResourceClient<Lease> leases, String namespace, String name, String identity) {
        Objects.requireNonNull(leases, "leases");
        this.namespace = requireNotEmpty(namespace, "namespace");
        this.name = requireNotEmpty(name, "name");
        this.identity = Objects.requireNonNull(identity, "identity");
        this.leases = leases.inNamespace(namespace);
    }

    @Override
    public Optional<LeaderElectionRecord> get() {
        Lease current;
        try {
            current = leases.get(name);
        } catch (StatusException e) {
            setCached(null);
            if (e.isNotFound()) {
                return Optional.empty();
            }
            throw e;
        } catch (RuntimeException e) {
            setCached(null);
            throw e;
        }
        setCached(current);
        return Optional.of(LeaderElectionRecord.fromLeaseSpec(current.spec()));
    }

    @Override
    public void create(LeaderElectionRecord record) {
        Lease created = leases.create(Lease.builder()
                .metadata(ObjectMeta.builder().name(name).namespace(namespace).build())
                .spec(record.toLeaseSpec())
                .build());
        setCached(created);
    }

    @Override
    public void update(LeaderElectionRecord record) {
        Lease base;
        synchronized (cacheLock) {
            base = lease;
        }
        if (base == null) {
            throw new IllegalStateException("lease " + describe() + " not initialized, call get or create first");
        }
        LeaseSpec spec = record.toLeaseSpec();
        if (base.spec() != null && !base.spec().unknownFields().isEmpty()) {
            // Keep spec fields this model does not know (newer API versions) as they were.
            spec = spec.toBuilder().unknownFields(base.spec().unknownFields()).build();
        }
        Lease updated = leases.update(base.toBuilder().spec(spec).build());
        setCached(updated);
    }

    @Override
    public String identity() {
        return identity;
    }

    @Override
    public String describe() {
        return namespace + "/" + name;
    }

    @Override
    public String toString() {
        return "LeaseLock[" + describe() + ", identity=" + identity + "]";
    }

    private void setCached(@Nullable Lease value) {
        synchronized (cacheLock) {
            lease = value;
        }
    }

    private static String requireNotEmpty(String value, String what) {
        Objects.requireNonNull(value, what);
        if (value.isEmpty()) {
            throw new IllegalArgumentException("the lease " + what + " must not be empty");
        }
        return value;
    }
}
