package dev.informer.store;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link RealFifo} implementation: a deque of (key, delta) entries under one reentrant lock with
 * a "not empty" condition. Keys are computed when an item is queued (outside the lock, with the
 * transformer), so popping, batching and relists never recompute them. Atomic items
 * (REPLACED_ALL, SYNC_ALL, BOOKMARK) have a {@code null} key.
 */
final class LockingRealFifo<T> extends LockingQueueBase<T> implements RealFifo<T> {

    private static final Logger LOG = LoggerFactory.getLogger(RealFifo.class);

    private record Entry<T>(@Nullable String key, Delta<T> delta) {}

    private final RealFifoOptions options;
    private final String name;
    private final LongSupplier nanoTime;
    private final FifoMetrics metrics;
    private final boolean timed;
    private final int maxBatchSize;
    private final int unlockBelow;

    // @GuardedBy("lock")
    private final KeyedDeltaRing<T> items = new KeyedDeltaRing<>();

    LockingRealFifo(
            KeyFunction<T> keyFunction,
            @Nullable KnownObjects<? extends T> knownObjects,
            @Nullable UnaryOperator<Object> transformer,
            RealFifoOptions options,
            String name,
            LongSupplier nanoTime) {
        super(keyFunction, knownObjects, transformer, LOG, name + ": ");
        this.options = options;
        this.name = name;
        this.nanoTime = nanoTime;
        FifoMetrics provided = options.metricsProvider().forQueue(name);
        this.metrics = provided == null ? FifoMetrics.noop() : provided;
        this.timed = this.metrics != FifoMetrics.noop();
        this.maxBatchSize = options.maxBatchSize();
        this.unlockBelow = 2 * Math.max(maxBatchSize, RealFifoOptions.CLIENT_GO_BATCH_SIZE);
    }

    @Override
    public RealFifoOptions options() {
        return options;
    }

    @Override
    public void delete(T obj) {
        queueAction(DeltaType.DELETED, obj);
    }

    @Override
    public void bookmark(String resourceVersion) {
        Objects.requireNonNull(resourceVersion, "resourceVersion");
        if (!options.emitBookmarks()) {
            return;
        }
        lock.lock();
        try {
            appendLocked(null, new Delta<>(DeltaType.BOOKMARK, new Bookmark(resourceVersion)));
        } finally {
            lock.unlock();
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public void replace(Collection<? extends T> list, String resourceVersion) {
        Keyed keyed = keyAll(list);
        String[] keys = keyed.keys;
        Object[] objects = keyed.objects;
        int n = keys.length;
        lock.lock();
        try {
            if (options.atomicEvents()) {
                List<T> transformed = new ArrayList<>(n);
                for (Object o : objects) {
                    transformed.add((T) o);
                }
                appendLocked(
                        null,
                        new Delta<>(
                                DeltaType.REPLACED_ALL,
                                new ReplacedAll<>(resourceVersion == null ? "" : resourceVersion, transformed)));
            } else {
                Set<String> listed = new HashSet<>(Math.max(16, n * 4 / 3 + 1));
                for (int j = 0; j < n; j++) {
                    listed.add(keys[j]);
                }
                // The last queued delta of each queued key, in first-queued order.
                Map<String, Delta<T>> lastQueued = new LinkedHashMap<>();
                items.forEach((key, delta) -> {
                    if (key != null) {
                        lastQueued.put(key, delta);
                    }
                });
                List<Entry<T>> deletions = new ArrayList<>();
                for (Map.Entry<String, Delta<T>> e : lastQueued.entrySet()) {
                    if (listed.contains(e.getKey()) || e.getValue().type() == DeltaType.DELETED) {
                        continue;
                    }
                    deletions.add(new Entry<>(
                            e.getKey(),
                            new Delta<>(
                                    DeltaType.DELETED,
                                    new DeletedFinalStateUnknown<>(
                                            e.getKey(), e.getValue().unwrap()))));
                }
                if (knownObjects != null) {
                    for (String key : knownObjects.listKeys()) {
                        if (listed.contains(key) || lastQueued.containsKey(key)) {
                            continue;
                        }
                        deletions.add(
                                new Entry<>(key, new Delta<>(DeltaType.DELETED, new DeletedFinalStateUnknown<>(key, (T)
                                        knownObjectLocked(key, "placing a tombstone without object")
                                                .orElse(null)))));
                    }
                }
                for (Entry<T> e : deletions) {
                    appendLocked(e.key(), e.delta());
                }
                for (int j = 0; j < n; j++) {
                    appendLocked(keys[j], new Delta<>(DeltaType.REPLACED, objects[j]));
                }
            }
            if (!populated) {
                populated = true;
                initialPopulationCount = items.size();
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void resync() {
        lock.lock();
        try {
            if (options.atomicEvents()) {
                appendLocked(null, new Delta<>(DeltaType.SYNC_ALL, new SyncAll()));
                return;
            }
            if (knownObjects == null) {
                return;
            }
            Set<String> queuedKeys = new HashSet<>();
            items.forEach((key, delta) -> {
                if (key != null) {
                    queuedKeys.add(key);
                }
            });
            for (String key : knownObjects.listKeys()) {
                // A queued change is newer than the known object: a sync with the older state would race it.
                if (queuedKeys.contains(key)) {
                    continue;
                }
                Optional<? extends T> known = knownObjectLocked(key, "not queueing it for sync");
                if (known.isEmpty()) {
                    continue;
                }
                appendLocked(key, new Delta<>(DeltaType.SYNC, known.get()));
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    Deltas<T> popLocked(PopProcessor<T> processor, boolean isInInitialList) throws Exception {
        Deltas<T> popped = DeltaBuffer.of(items.pollFirst());
        metrics.setQueuedItems(items.size());
        try {
            processLocked(() -> processor.process(popped, isInInitialList));
        } finally {
            poppedLocked(1);
        }
        return popped;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void popBatch(BatchProcessor<T> batchProcessor, PopProcessor<T> singleProcessor) throws Exception {
        Objects.requireNonNull(batchProcessor, "batchProcessor");
        Objects.requireNonNull(singleProcessor, "singleProcessor");
        if (maxBatchSize == 1) {
            pop(singleProcessor);
            return;
        }
        lock.lockInterruptibly();
        try {
            awaitItemLocked();
            boolean isInInitialList = !hasSyncedLocked();
            int limit = Math.min(maxBatchSize, items.size());
            if (initialPopulationCount > 0) {
                // A batch never straddles the end of the initial list (isInInitialList is per batch).
                limit = Math.min(limit, initialPopulationCount);
            }
            // Consecutive items; several changes of one key may share a batch (the processor applies
            // them in order). An atomic item (null key) pops alone.
            Object[] batch = new Object[limit];
            int size = items.pollBatch(batch, limit);
            metrics.setQueuedItems(items.size());
            int popped = size;
            try {
                if (size == 1) {
                    Deltas<T> single = DeltaBuffer.of((Delta<T>) batch[0]);
                    processLocked(() -> singleProcessor.process(single, isInInitialList));
                } else {
                    Object[] exact = size == batch.length ? batch : java.util.Arrays.copyOf(batch, size);
                    List<Delta<T>> list = new ArrayBackedList<>(exact);
                    processLocked(() -> batchProcessor.process(list, isInInitialList));
                }
            } finally {
                poppedLocked(popped);
            }
        } finally {
            lock.unlock();
        }
    }

    private interface Processing {
        void run() throws Exception;
    }

    /** Runs the processor, releasing the lock meanwhile when so configured and the queue is short. */
    private void processLocked(Processing processing) throws Exception {
        boolean unlock = options.unlockWhileProcessing() && items.size() < unlockBelow;
        long start = timed ? nanoTime.getAsLong() : 0;
        if (unlock) {
            lock.unlock();
        }
        try {
            processing.run();
        } finally {
            if (unlock) {
                lock.lock();
            }
            if (timed) {
                metrics.observeProcessingLatency(nanoTime.getAsLong() - start);
            }
        }
    }

    // After processing, so hasSynced never turns true while the last initial item is still processed.
    private void poppedLocked(int count) {
        if (initialPopulationCount > 0) {
            initialPopulationCount = Math.max(0, initialPopulationCount - count);
        }
    }

    @Override
    int sizeLocked() {
        return items.size();
    }

    @Override
    void appendLocked(@Nullable String key, Delta<T> delta) {
        items.addLast(key, delta);
        metrics.setQueuedItems(items.size());
        notEmpty.signal();
    }

    @Override
    public String toString() {
        return locked(() -> "RealFifo{name=" + name + ", queued=" + items.size() + ", closed=" + closed + ", synced="
                + hasSyncedLocked() + ", " + options + "}");
    }
}
