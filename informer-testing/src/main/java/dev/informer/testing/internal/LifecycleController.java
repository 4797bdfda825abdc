package dev.informer.testing.internal;

import dev.informer.testing.ResourceDefinition;
import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.concurrent.ThreadFactory;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The in-server controllers that make lifecycle semantics happen: the {@link GarbageCollector}
 * and the {@link NamespaceLifecycle} controller, on one thread from the server's thread factory.
 *
 * <p>Driven by the stores: every committed event is handed to {@link #observe} (non-blocking,
 * called under the writing store's lock), which queues it; the thread updates the collector's
 * ownership graph from the events in order and runs the work they imply. Work items are
 * de-duplicated. Writes the controllers make are ordinary store writes, so they emit watch events
 * and come back here as events.
 *
 * <p>Thread-safe. {@link #awaitIdle} waits until the queue is empty and no item is running: after
 * a client's write has been answered, that means every consequence of it (cascades included) has
 * been written. A failing item is logged and dropped, so the thread never dies.
 */
final class LifecycleController {
    private static final Logger LOG = LoggerFactory.getLogger(LifecycleController.class);

    /** A store event to fold into the graph. */
    record Observed(ResourceDefinition def, StoredEvent event) {}

    /** Run the collector's checks on one object. */
    record Attempt(GarbageCollector.Ref ref) {}

    /** Orphan the dependents of a terminating owner with the {@code orphan} finalizer. */
    record Orphan(GarbageCollector.Ref ref) {}

    /** One namespace controller pass over a terminating namespace. */
    record Namespace(String name) {}

    private final Object monitor = new Object();
    // @GuardedBy("monitor")
    private final LinkedHashSet<Object> queue = new LinkedHashSet<>();
    // @GuardedBy("monitor")
    private boolean busy;
    // @GuardedBy("monitor")
    private boolean stopped;

    private final ApiServerEngine engine;
    private final GarbageCollector collector;
    private final Thread thread;

    LifecycleController(ApiServerEngine engine, ThreadFactory threads) {
        this.engine = engine;
        this.collector = new GarbageCollector(engine, this, new NamespaceLifecycle(engine));
        this.thread = threads.newThread(this::run);
    }

    void start() {
        thread.start();
    }

    /**
     * Queues a committed event that may matter to the controllers (called with the store's lock
     * held; never blocks for long). Only deletions, objects with owner references (now or before),
     * terminating objects and namespaces can; the rest (most writes) is skipped here, so the
     * controllers cost next to nothing on a busy server.
     */
    void observe(ResourceDefinition def, StoredEvent e) {
        if (e.type == EventKind.DELETED
                || NamespaceLifecycle.isNamespaces(def)
                || hasOwners(e.current)
                || hasOwners(e.previous)
                || ObjectRules.isTerminating(e.current.object)) {
            enqueue(new Observed(def, e));
        }
    }

    private static boolean hasOwners(@Nullable ObjectVersion v) {
        if (v == null) {
            return false;
        }
        JsonNode meta = Json.metadata(v.object);
        JsonNode refs = meta == null ? null : meta.get("ownerReferences");
        return refs != null && refs.isArray() && !refs.isEmpty();
    }

    void enqueue(Object work) {
        synchronized (monitor) {
            if (stopped) {
                return;
            }
            queue.add(work);
            monitor.notifyAll();
        }
    }

    /** Stops the thread (pending work is dropped). */
    void stop() {
        synchronized (monitor) {
            stopped = true;
            queue.clear();
            monitor.notifyAll();
        }
        thread.interrupt();
    }

    /**
     * Waits until nothing is queued or running.
     *
     * @return whether that happened within {@code timeout}
     */
    boolean awaitIdle(Duration timeout) throws InterruptedException {
        long deadline = engine.nanoTime() + timeout.toNanos();
        synchronized (monitor) {
            while (!stopped && (busy || !queue.isEmpty())) {
                long left = deadline - engine.nanoTime();
                if (left <= 0) {
                    return false;
                }
                monitor.wait(Math.max(1, left / 1_000_000));
            }
            return true;
        }
    }

    private void run() {
        while (true) {
            Object work;
            synchronized (monitor) {
                busy = false;
                monitor.notifyAll();
                while (queue.isEmpty() && !stopped) {
                    try {
                        monitor.wait();
                    } catch (InterruptedException e) {
                        if (stopped) {
                            return;
                        }
                    }
                }
                if (stopped) {
                    return;
                }
                Iterator<Object> it = queue.iterator();
                work = it.next();
                it.remove();
                busy = true;
            }
            try {
                collector.process(work);
            } catch (Refusal e) {
                LOG.debug("Lifecycle work {} failed: {} {}", work, e.code(), e.getMessage());
            } catch (RuntimeException e) {
                LOG.warn("Lifecycle work {} failed: {}", work, e.toString());
                LOG.debug("Lifecycle work failure", e);
            }
        }
    }
}
