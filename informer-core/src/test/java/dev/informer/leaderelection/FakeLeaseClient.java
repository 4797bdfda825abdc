package dev.informer.leaderelection;

import dev.informer.api.Lease;
import dev.informer.api.LeaseSpec;
import dev.informer.api.ObjectList;
import dev.informer.api.ObjectMeta;
import dev.informer.api.ResourceType;
import dev.informer.client.DeleteOptions;
import dev.informer.client.PatchOptions;
import dev.informer.client.PatchType;
import dev.informer.client.ResourceClient;
import dev.informer.watch.ListOptions;
import dev.informer.watch.Watch;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The lease client of client-go's fake clientset, for {@link LeaseLock}: one Lease {@code foo/bar}
 * in memory with resourceVersion checks (409 on a stale update), a log of every API call, and an
 * interceptor that can fail or observe calls. Only get, create and update are supported: any other
 * verb fails the test. Thread-safe.
 */
final class FakeLeaseClient implements ResourceClient<Lease> {

    static final String NAMESPACE = "foo";
    static final String NAME = "bar";

    private final Object monitor = new Object();
    // @GuardedBy("monitor")
    private Lease stored;
    // @GuardedBy("monitor")
    private long resourceVersion;
    // @GuardedBy("monitor")
    private final List<String> actions = new ArrayList<>();
    // verb -> exception to throw instead of performing the call, or null; may have side effects.
    private volatile Function<String, RuntimeException> interceptor = verb -> null;

    /** Stores a Lease {@code foo/bar} with {@code spec} (which may be {@code null}), as if another client wrote it. */
    void seed(LeaseSpec spec) {
        synchronized (monitor) {
            resourceVersion++;
            stored = Lease.builder()
                    .metadata(ObjectMeta.builder()
                            .name(NAME)
                            .namespace(NAMESPACE)
                            .resourceVersion(Long.toString(resourceVersion))
                            .build())
                    .spec(spec)
                    .build();
        }
    }

    /** Seeds the Lease holding {@code record}. */
    void seed(LeaderElectionRecord record) {
        seed(record.toLeaseSpec());
    }

    /** Removes the Lease, as if another client deleted it. */
    void remove() {
        synchronized (monitor) {
            stored = null;
        }
    }

    Lease stored() {
        synchronized (monitor) {
            return stored;
        }
    }

    LeaderElectionRecord storedRecord() {
        Lease lease = stored();
        return lease == null ? null : LeaderElectionRecord.fromLeaseSpec(lease.spec());
    }

    /** The verbs called, in order. */
    List<String> actions() {
        synchronized (monitor) {
            return List.copyOf(actions);
        }
    }

    void intercept(Function<String, RuntimeException> interceptor) {
        this.interceptor = interceptor;
    }

    private void begin(String verb) {
        synchronized (monitor) {
            actions.add(verb);
        }
        RuntimeException failure = interceptor.apply(verb);
        if (failure != null) {
            throw failure;
        }
    }

    @Override
    public Lease get(String name) {
        begin("get");
        synchronized (monitor) {
            if (stored == null || !stored.metadata().name().equals(name)) {
                throw FakeResourceLock.notFound();
            }
            return stored;
        }
    }

    @Override
    public Lease create(Lease object) {
        begin("create");
        synchronized (monitor) {
            if (stored != null) {
                throw FakeResourceLock.alreadyExists();
            }
            return store(object);
        }
    }

    @Override
    public Lease update(Lease object) {
        begin("update");
        synchronized (monitor) {
            if (stored == null) {
                throw FakeResourceLock.notFound();
            }
            if (!Objects.equals(
                    stored.metadata().resourceVersion(), object.metadata().resourceVersion())) {
                throw FakeResourceLock.conflict();
            }
            return store(object);
        }
    }

    /** Stores {@code object} at the next resource version; the caller holds the monitor. */
    private Lease store(Lease object) {
        resourceVersion++;
        stored = object.toBuilder()
                .metadata(object.metadata().toBuilder()
                        .resourceVersion(Long.toString(resourceVersion))
                        .build())
                .build();
        return stored;
    }

    @Override
    public ResourceType<Lease> resourceType() {
        return ResourceType.LEASES;
    }

    @Override
    public String namespace() {
        return NAMESPACE;
    }

    @Override
    public ResourceClient<Lease> inNamespace(String namespace) {
        if (!NAMESPACE.equals(namespace)) {
            throw new AssertionError("the fake serves namespace " + NAMESPACE + " only, asked for " + namespace);
        }
        return this;
    }

    @Override
    public ResourceClient<Lease> inAnyNamespace() {
        throw unsupported("inAnyNamespace");
    }

    @Override
    public ObjectList<Lease> list(ListOptions options) {
        throw unsupported("list");
    }

    @Override
    public Watch<Lease> watch(ListOptions options) {
        throw unsupported("watch");
    }

    @Override
    public Lease updateStatus(Lease object) {
        throw unsupported("updateStatus");
    }

    @Override
    public Lease patch(String name, PatchType type, String body, PatchOptions options) {
        throw unsupported("patch");
    }

    @Override
    public Lease patchStatus(String name, PatchType type, String body, PatchOptions options) {
        throw unsupported("patchStatus");
    }

    @Override
    public Lease apply(Lease object, String fieldManager, boolean force) {
        throw unsupported("apply");
    }

    @Override
    public Lease apply(String manifest, String fieldManager, boolean force) {
        throw unsupported("apply");
    }

    @Override
    public void delete(String name, DeleteOptions options) {
        throw unsupported("delete");
    }

    private AssertionError unsupported(String verb) {
        synchronized (monitor) {
            actions.add(verb);
        }
        return new AssertionError("unreachable action: the leader election called " + verb);
    }
}
