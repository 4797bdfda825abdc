package dev.informer.examples.watch;

import dev.informer.cache.ResourceEventHandler;
import dev.informer.cache.ResourceEventHandlerRegistration;
import dev.informer.cache.SharedIndexInformer;
import dev.informer.clock.Clock;
import dev.informer.store.DeletedFinalStateUnknown;
import dev.informer.store.ObjectMetaAccessor;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * One informer seen from outside, as the {@code watch} command prints it: every handler
 * notification as an ADD/UPDATE/DELETE {@link WatchLine}, {@code SYNCED} once the handler has
 * received the whole initial list, and on {@link #finish()} one STORE line per cached object (sorted
 * by key) followed by END.
 *
 * <p>Thread-safe. Lines are written whole and flushed one at a time under one lock, so lines from
 * the listener thread, the sync watcher and the finishing thread never interleave; after {@link
 * #finish()} nothing more is printed. The SYNCED line follows every initial-list ADD line (it waits
 * for the registration's {@code hasSynced}, which counts handled notifications).
 *
 * @param <T> the object type
 */
final class WatchSession<T> {

    private static final Duration SYNC_POLL = Duration.ofMillis(10);

    private final SharedIndexInformer<T> informer;
    private final Function<Object, ObjectMetaAccessor> metadata;
    private final PrintWriter out;
    private final Clock clock;
    private final ThreadFactory threadFactory;
    private final Object lock = new Object();
    // @GuardedBy("lock")
    private boolean finished;
    private volatile ResourceEventHandlerRegistration registration;
    private final CountDownLatch synced = new CountDownLatch(1);

    WatchSession(
            SharedIndexInformer<T> informer,
            Function<Object, ObjectMetaAccessor> metadata,
            PrintWriter out,
            Clock clock,
            ThreadFactory threadFactory) {
        this.informer = Objects.requireNonNull(informer, "informer");
        this.metadata = Objects.requireNonNull(metadata, "metadata");
        this.out = Objects.requireNonNull(out, "out");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.threadFactory = Objects.requireNonNull(threadFactory, "threadFactory");
    }

    /** Registers the printing handler, starts the informer and a thread that prints SYNCED. */
    void start() {
        registration = informer.addEventHandler(new ResourceEventHandler<T>() {
            @Override
            public void onAdd(T obj, boolean isInInitialList) {
                printObject("ADD", obj);
            }

            @Override
            public void onUpdate(T oldObj, T newObj) {
                printObject("UPDATE", newObj);
            }

            @Override
            public void onDelete(Object objOrTombstone) {
                if (objOrTombstone instanceof DeletedFinalStateUnknown<?> tombstone) {
                    String version = tombstone.obj() == null
                            ? ""
                            : metadata.apply(tombstone.obj()).resourceVersion();
                    print(WatchLine.object("DELETE", tombstone.key(), version));
                } else {
                    printObject("DELETE", objOrTombstone);
                }
            }
        });
        informer.start();
        Thread syncWatcher = threadFactory.newThread(this::printSyncedWhenSynced);
        syncWatcher.start();
    }

    /**
     * Stops printing notifications and prints the store and END, once. Does not stop the informer.
     *
     * @return whether this call did it (false if it had been done before)
     */
    boolean finish() {
        synchronized (lock) {
            if (finished) {
                return false;
            }
            finished = true;
            List<String[]> entries = new ArrayList<>();
            for (T obj : informer.getStore().list()) {
                ObjectMetaAccessor meta = metadata.apply(obj);
                entries.add(new String[] {key(meta), meta.resourceVersion()});
            }
            entries.sort((a, b) -> a[0].compareTo(b[0]));
            for (String[] entry : entries) {
                writeLocked(WatchLine.object("STORE", entry[0], entry[1]));
            }
            writeLocked(WatchLine.end(entries.size()));
            return true;
        }
    }

    private void printSyncedWhenSynced() {
        try {
            while (!registration.hasSynced()) {
                synchronized (lock) {
                    if (finished) {
                        return;
                    }
                }
                clock.sleep(SYNC_POLL);
            }
            print(WatchLine.synced());
            synced.countDown();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Waits until the SYNCED line has been printed.
     *
     * @return false if {@code timeout} passed first
     */
    boolean awaitSynced(Duration timeout) throws InterruptedException {
        return synced.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    private void printObject(String event, Object obj) {
        ObjectMetaAccessor meta = metadata.apply(obj);
        print(WatchLine.object(event, key(meta), meta.resourceVersion()));
    }

    private void print(String line) {
        synchronized (lock) {
            if (!finished) {
                writeLocked(line);
            }
        }
    }

    // One write and one flush per line: a reader sees each line as soon as it is complete.
    private void writeLocked(String line) {
        out.write(line);
        out.write('\n');
        out.flush();
    }

    /** The store key: namespace/name, or name for cluster-scoped objects. */
    static String key(ObjectMetaAccessor meta) {
        String namespace = meta.namespace();
        return namespace == null || namespace.isEmpty() ? meta.name() : namespace + "/" + meta.name();
    }
}
