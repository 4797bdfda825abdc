package dev.informer.leaderelection;

import dev.informer.api.Status;
import dev.informer.client.StatusException;
import dev.informer.clock.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * An in-memory {@link ResourceLock}: candidates share one {@link Store} (the "API server") and each
 * has its own view remembering the version it last read or wrote, so a stale update fails with a 409
 * Conflict as on a real server. Records events and every operation.
 */
final class FakeResourceLock implements ResourceLock {

    /** One operation on the store: who, what, when (store clock nanos). */
    record Operation(String identity, String verb, long nanos) {}

    /** The shared object. Thread-safe. */
    static final class Store {
        private final Clock clock;
        private final Object monitor = new Object();
        // @GuardedBy("monitor")
        private LeaderElectionRecord record;
        // @GuardedBy("monitor")
        private long version;
        // @GuardedBy("monitor")
        private final List<Operation> operations = new ArrayList<>();
        // (identity, verb) -> exception to throw instead of performing the operation, or null.
        private volatile BiFunction<String, String, RuntimeException> interceptor = (identity, verb) -> null;

        Store(Clock clock) {
            this.clock = clock;
        }

        /** A write by someone outside the election (bumps the version). */
        void put(LeaderElectionRecord value) {
            synchronized (monitor) {
                record = value;
                version++;
            }
        }

        Optional<LeaderElectionRecord> current() {
            synchronized (monitor) {
                return Optional.ofNullable(record);
            }
        }

        List<Operation> operations() {
            synchronized (monitor) {
                return List.copyOf(operations);
            }
        }

        /** The verbs performed (or attempted) by {@code identity}, in order. */
        List<String> verbs(String identity) {
            List<String> verbs = new ArrayList<>();
            for (Operation op : operations()) {
                if (op.identity().equals(identity)) {
                    verbs.add(op.verb());
                }
            }
            return verbs;
        }

        void intercept(BiFunction<String, String, RuntimeException> interceptor) {
            this.interceptor = interceptor;
        }

        private void begin(String identity, String verb) {
            synchronized (monitor) {
                operations.add(new Operation(identity, verb, clock.nanoTime()));
            }
            RuntimeException failure = interceptor.apply(identity, verb);
            if (failure != null) {
                throw failure;
            }
        }
    }

    private final Store store;
    private final String identity;
    private final List<String> events = new ArrayList<>();
    // @GuardedBy("this")
    private long knownVersion = -1;

    FakeResourceLock(Store store, String identity) {
        this.store = store;
        this.identity = identity;
    }

    static StatusException conflict() {
        return StatusException.of(Status.failure(
                409,
                "Conflict",
                "the object has been modified; please apply your changes to the latest version and try again"));
    }

    static StatusException notFound() {
        return StatusException.of(Status.failure(404, "NotFound", "leases.coordination.k8s.io \"bar\" not found"));
    }

    static StatusException alreadyExists() {
        return StatusException.of(
                Status.failure(409, "AlreadyExists", "leases.coordination.k8s.io \"bar\" already exists"));
    }

    static StatusException serverError() {
        return StatusException.of(Status.failure(500, "InternalError", "etcd is unhappy"));
    }

    @Override
    public synchronized Optional<LeaderElectionRecord> get() {
        knownVersion = -1;
        store.begin(identity, "get");
        synchronized (store.monitor) {
            if (store.record == null) {
                return Optional.empty();
            }
            knownVersion = store.version;
            return Optional.of(store.record);
        }
    }

    @Override
    public synchronized void create(LeaderElectionRecord record) {
        store.begin(identity, "create");
        synchronized (store.monitor) {
            if (store.record != null) {
                throw alreadyExists();
            }
            write(record);
        }
    }

    @Override
    public synchronized void update(LeaderElectionRecord record) {
        if (knownVersion < 0) {
            throw new IllegalStateException("not initialized, call get or create first");
        }
        store.begin(identity, "update");
        synchronized (store.monitor) {
            if (store.version != knownVersion) {
                throw conflict();
            }
            write(record);
        }
    }

    /** Stores {@code record} as the next version, which this lock then knows; the caller holds the store's monitor. */
    private void write(LeaderElectionRecord record) {
        store.record = record;
        store.version++;
        knownVersion = store.version;
    }

    @Override
    public void recordEvent(String message) {
        synchronized (events) {
            events.add(identity + " " + message);
        }
    }

    List<String> events() {
        synchronized (events) {
            return List.copyOf(events);
        }
    }

    @Override
    public String identity() {
        return identity;
    }

    @Override
    public String describe() {
        return "foo/bar";
    }
}
