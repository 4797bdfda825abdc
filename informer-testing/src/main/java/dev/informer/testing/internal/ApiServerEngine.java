package dev.informer.testing.internal;

import dev.informer.testing.ResourceDefinition;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * The state of one embedded API server, shared by the HTTP handler, the direct-access API and the
 * fault controller: the registry, one {@link ResourceStore} per resource, the global
 * resourceVersion counter (like etcd's revision: one sequence for all resources, starting at an
 * epoch so that a later server never hands out an earlier one's values), the clock, the
 * seeded randomness (uids, generated names) and the request counters.
 *
 * <p>Thread-safe. The counter only grows; each store takes its next value under its own lock.
 * Requests for a resourceVersion the counter has not reached yet wait for it in
 * {@link #awaitResourceVersion}, woken by every write while someone waits.
 */
public final class ApiServerEngine {
    private final ResourceRegistry registry;
    /** One store per group/version/plural; CRDs add and remove entries while the server runs. */
    private final Map<String, ResourceStore> stores = new ConcurrentHashMap<>();

    private final int historyLimit;
    private final Crds crds;
    private final AtomicLong resourceVersion;
    private final Clock clock;
    private final LongSupplier nanoTime;
    // @GuardedBy("random")
    private final Random random;
    private final long bookmarkIntervalNanos;
    private final FaultController faults;
    private final Map<String, LongAdder> requestCounts = new ConcurrentHashMap<>();
    private volatile boolean closing;
    private volatile @Nullable LifecycleController lifecycle;
    /** Notified whenever a watch opens or ends (for {@link #awaitOpenWatches}). */
    private final Object watchMonitor = new Object();
    /** Notified on writes while {@link #rvWaiters} is positive (for future resourceVersions). */
    private final Object rvMonitor = new Object();

    private final AtomicInteger rvWaiters = new AtomicInteger();
    private final long futureRvWaitNanos;
    private final long historyMaxAgeMillis;

    /**
     * Creates the engine with one empty store per definition.
     *
     * @param historyLimit     events retained per resource (at least 1)
     * @param historyMaxAge    how long an event stays in the history (positive)
     * @param bookmarkInterval period of BOOKMARK events on watches that allow them
     * @param clock            source of creation/deletion timestamps and of the events' age
     * @param nanoTime         monotonic time for timeouts, bookmarks and faults
     * @param seed             seed of uids and generated names
     * @param rvEpoch          the resourceVersion before the first write (at least 0)
     * @param futureRvWait     how long a request for a future resourceVersion waits for it
     */
    public ApiServerEngine(
            List<ResourceDefinition> definitions,
            int historyLimit,
            Duration historyMaxAge,
            Duration bookmarkInterval,
            Clock clock,
            LongSupplier nanoTime,
            long seed,
            long rvEpoch,
            Duration futureRvWait) {
        this.registry = new ResourceRegistry(definitions);
        this.resourceVersion = new AtomicLong(rvEpoch);
        this.historyMaxAgeMillis = historyMaxAge.toMillis();
        this.futureRvWaitNanos = futureRvWait.toNanos();
        this.clock = clock;
        this.nanoTime = nanoTime;
        this.random = new Random(seed);
        this.bookmarkIntervalNanos = bookmarkInterval.toNanos();
        this.historyLimit = historyLimit;
        for (ResourceDefinition d : registry.all()) {
            stores.put(storeKey(d), new ResourceStore(d, this, historyLimit));
        }
        this.faults = new FaultController(this);
        this.crds = new Crds(this);
    }

    public ResourceRegistry registry() {
        return registry;
    }

    public FaultController faults() {
        return faults;
    }

    /** Every store (a copy, in registration order). */
    List<ResourceStore> stores() {
        return new ArrayList<>(stores.values());
    }

    /**
     * Starts the in-server lifecycle controllers (garbage collector, namespace controller) on a
     * thread of {@code threads}. Without this call, finalizers, graceful deletion and namespace
     * termination still apply, but nothing cascades and terminating namespaces never empty.
     *
     * @throws IllegalStateException when already started
     */
    public void startLifecycleControllers(ThreadFactory threads) {
        LifecycleController c = new LifecycleController(this, threads);
        synchronized (this) {
            if (lifecycle != null) {
                throw new IllegalStateException("the lifecycle controllers already run");
            }
            lifecycle = c;
        }
        c.start();
    }

    /**
     * Waits until the lifecycle controllers have nothing queued or running (true at once when they
     * do not run).
     *
     * @return whether that happened within {@code timeout}
     */
    public boolean awaitLifecycleIdle(Duration timeout) throws InterruptedException {
        LifecycleController c = lifecycle;
        return c == null || c.awaitIdle(timeout);
    }

    /** Hands a committed event to the lifecycle controllers (called under the store's lock). */
    void observe(ResourceDefinition def, StoredEvent e) {
        LifecycleController c = lifecycle;
        if (c != null) {
            c.observe(def, e);
        }
    }

    /**
     * The store of a served resource.
     *
     * @throws Refusal 404 when the resource is not served (any more: its CRD was deleted)
     */
    ResourceStore store(ResourceDefinition def) {
        ResourceStore s = stores.get(storeKey(def));
        if (s == null) {
            throw Refusal.noSuchPath();
        }
        return s;
    }

    /** The CRD machinery: admission of CRDs and custom resources, install and removal. */
    Crds crds() {
        return crds;
    }

    private static String storeKey(ResourceDefinition def) {
        return def.group() + "/" + def.version() + "/" + def.plural();
    }

    /** Serves {@code def} from now on: a new, empty store, or the existing one redefined. */
    void installStore(ResourceDefinition def) {
        stores.compute(storeKey(def), (k, old) -> {
            if (old == null || old.isRetired()) {
                return new ResourceStore(def, this, historyLimit);
            }
            old.redefine(def);
            return old;
        });
    }

    /** Stops serving {@code def}: the store, removed, or null when it was not served. */
    @Nullable
    ResourceStore removeStore(ResourceDefinition def) {
        return stores.remove(storeKey(def));
    }

    long nextRv() {
        long rv = resourceVersion.incrementAndGet();
        // A waiter registers before it reads the counter, so it either sees this value or is
        // counted here and woken.
        if (rvWaiters.get() > 0) {
            synchronized (rvMonitor) {
                rvMonitor.notifyAll();
            }
        }
        return rv;
    }

    /** The newest resourceVersion handed out (the epoch before the first write). */
    public long currentRv() {
        return resourceVersion.get();
    }

    /**
     * Waits, up to the configured bound, until the counter reaches {@code rv} (as kube-apiserver's
     * watch cache waits up to 3 s to become fresh enough).
     *
     * @return whether it did; false leaves the interrupt flag set when interrupted
     */
    boolean awaitResourceVersion(long rv) {
        if (currentRv() >= rv) {
            return true;
        }
        long deadline = nanoTime() + futureRvWaitNanos;
        rvWaiters.incrementAndGet();
        try {
            synchronized (rvMonitor) {
                rvMonitor.notifyAll(); // for awaitResourceVersionWaiters
                while (currentRv() < rv) {
                    long left = deadline - nanoTime();
                    if (left <= 0) {
                        return false;
                    }
                    rvMonitor.wait(Math.max(1, left / 1_000_000));
                }
                return true;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return currentRv() >= rv;
        } finally {
            rvWaiters.decrementAndGet();
        }
    }

    /**
     * Waits until at least {@code min} requests wait for a future resourceVersion (for tests that
     * must write only once a request is waiting).
     *
     * @return whether that happened within {@code timeout}
     */
    boolean awaitResourceVersionWaiters(int min, Duration timeout) throws InterruptedException {
        return awaitOn(rvMonitor, () -> rvWaiters.get() >= min, timeout);
    }

    /**
     * Waits on {@code monitor} (whose writers notify it) until {@code done} holds.
     *
     * @return whether it held within {@code timeout}
     */
    private boolean awaitOn(Object monitor, BooleanSupplier done, Duration timeout) throws InterruptedException {
        long deadline = nanoTime() + timeout.toNanos();
        synchronized (monitor) {
            while (!done.getAsBoolean()) {
                long left = deadline - nanoTime();
                if (left <= 0) {
                    return false;
                }
                monitor.wait(Math.max(1, left / 1_000_000));
            }
            return true;
        }
    }

    /** How long an event stays in the history, in milliseconds of {@link #nowMillis()}. */
    long historyMaxAgeMillis() {
        return historyMaxAgeMillis;
    }

    /** The server clock in epoch milliseconds (the age of history events). */
    long nowMillis() {
        return clock.millis();
    }

    Instant now() {
        return clock.instant();
    }

    long nanoTime() {
        return nanoTime.getAsLong();
    }

    long bookmarkIntervalNanos() {
        return bookmarkIntervalNanos;
    }

    int randomInt(int bound) {
        synchronized (random) {
            return random.nextInt(bound);
        }
    }

    String newUid() {
        long hi;
        long lo;
        synchronized (random) {
            hi = random.nextLong();
            lo = random.nextLong();
        }
        // Version 4, IETF variant: a well-formed random UUID from the seeded source.
        hi = (hi & ~0xF000L) | 0x4000L;
        lo = (lo & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(hi, lo).toString();
    }

    /** Compacts every resource's history at the current resourceVersion. */
    long compactAll() {
        long rv = currentRv();
        for (ResourceStore s : stores.values()) {
            s.compactTo(rv);
        }
        return rv;
    }

    /** Every watch open now, over all resources. */
    List<ServedWatch> openWatches() {
        List<ServedWatch> out = new ArrayList<>();
        for (ResourceStore s : stores.values()) {
            out.addAll(s.watchers());
        }
        return out;
    }

    /** The number of watch streams open now. */
    public int openWatchCount() {
        int n = 0;
        for (ResourceStore s : stores.values()) {
            n += s.watchers().size();
        }
        return n;
    }

    void watchesChanged() {
        synchronized (watchMonitor) {
            watchMonitor.notifyAll();
        }
    }

    /**
     * Waits until at least {@code min} watches are open ({@code min == 0}: until none is).
     *
     * @return whether the condition held before the timeout
     */
    public boolean awaitOpenWatches(int min, Duration timeout) throws InterruptedException {
        return awaitOn(watchMonitor, () -> min == 0 ? openWatchCount() <= 0 : openWatchCount() >= min, timeout);
    }

    void wakeAllWatchers() {
        for (ResourceStore s : stores.values()) {
            s.wakeWatchers();
        }
    }

    boolean isClosing() {
        return closing;
    }

    /** Marks the server closing and asks every watch to end (with a bookmark where allowed). */
    public void beginShutdown() {
        closing = true;
        LifecycleController c = lifecycle;
        if (c != null) {
            c.stop();
        }
        faults.wakeAll();
        for (ServedWatch s : openWatches()) {
            s.requestEnd(ServedWatch.End.SHUTDOWN);
        }
    }

    void countRequest(String verb, String resource) {
        requestCounts
                .computeIfAbsent(verb + " " + resource, k -> new LongAdder())
                .increment();
    }

    /** Requests served for {@code verb} on {@code resource} (plural or plural/subresource). */
    public long requestCount(String verb, String resource) {
        LongAdder a = requestCounts.get(verb + " " + resource);
        return a == null ? 0 : a.sum();
    }
}
