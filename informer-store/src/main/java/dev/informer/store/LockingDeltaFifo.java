package dev.informer.store;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link DeltaFifo} implementation: a map from key to its {@link DeltaBuffer} plus a FIFO of
 * keys, both guarded by one reentrant lock with a "not empty" condition for {@link #pop}.
 *
 * <p>Invariant (client-go's): a key is in {@code queue} if and only if it is in {@code items},
 * and every buffer in {@code items} holds at least one delta.
 *
 * <p>Keys are computed and the transformer applied before the lock is taken, so a failure leaves
 * the queue untouched and the lock is held only for map and deque operations.
 */
final class LockingDeltaFifo<T> extends LockingQueueBase<T> implements DeltaFifo<T> {

    private static final Logger LOG = LoggerFactory.getLogger(DeltaFifo.class);

    private final boolean emitDeltaTypeReplaced;

    // @GuardedBy("lock")
    private final HashMap<String, DeltaBuffer<T>> items = new HashMap<>();
    // @GuardedBy("lock")
    private final ArrayDeque<String> queue = new ArrayDeque<>();

    LockingDeltaFifo(
            KeyFunction<T> keyFunction,
            @Nullable KnownObjects<? extends T> knownObjects,
            boolean emitDeltaTypeReplaced,
            @Nullable UnaryOperator<Object> transformer) {
        super(keyFunction, knownObjects, transformer, LOG, "");
        this.emitDeltaTypeReplaced = emitDeltaTypeReplaced;
    }

    @Override
    public void delete(T obj) {
        queueAction(DeltaType.DELETED, obj);
    }

    // A deletion of a key neither queued nor known was presumably queued by a relist already: it is
    // not reported twice.
    @Override
    boolean acceptsLocked(DeltaType type, String key) {
        return type != DeltaType.DELETED || items.containsKey(key) || isKnownLocked(key);
    }

    // With no known objects only queued keys count (client-go); a failing lookup counts as known.
    private boolean isKnownLocked(String key) {
        if (knownObjects == null) {
            return false;
        }
        try {
            return knownObjects.getByKey(key).isPresent();
        } catch (RuntimeException e) {
            LOG.error("lookup of key {} in the known objects failed; queueing its deletion anyway", key, e);
            return true;
        }
    }

    @Override
    public void addIfNotPresent(Deltas<T> deltas) {
        Objects.requireNonNull(deltas, "deltas");
        if (deltas.isEmpty()) {
            throw new IllegalArgumentException("cannot add an empty Deltas: it has no object to compute a key from");
        }
        String key = keyOf(deltas.newest().object());
        DeltaBuffer<T> copy = DeltaBuffer.copyOf(deltas);
        lock.lock();
        try {
            populated = true;
            if (items.containsKey(key)) {
                return;
            }
            enqueueLocked(key, copy);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void replace(Collection<? extends T> list, String resourceVersion) {
        Keyed keyed = keyAll(list);
        String[] keys = keyed.keys;
        Object[] objects = keyed.objects;
        Set<String> listed = new HashSet<>(Math.max(16, keys.length * 4 / 3 + 1));
        Collections.addAll(listed, keys);
        DeltaType action = emitDeltaTypeReplaced ? DeltaType.REPLACED : DeltaType.SYNC;
        lock.lock();
        try {
            for (int j = 0; j < keys.length; j++) {
                appendLocked(keys[j], new Delta<>(action, objects[j]));
            }
            int queuedDeletions = 0;
            // Keys queued but no longer listed: their deletion happened while we were not watching.
            // Appending to an existing key does not change the deque, so iterating it is safe.
            for (String key : queue) {
                if (listed.contains(key)) {
                    continue;
                }
                @Nullable Object last = queuedLocked(key).newest().object();
                if (last instanceof DeletedFinalStateUnknown<?> tombstone) {
                    last = tombstone.obj();
                }
                queuedDeletions++;
                appendLocked(key, new Delta<>(DeltaType.DELETED, tombstone(key, last)));
            }
            if (knownObjects != null) {
                // Known keys with nothing queued and no longer listed.
                for (String key : knownObjects.listKeys()) {
                    if (listed.contains(key) || items.containsKey(key)) {
                        continue;
                    }
                    queuedDeletions++;
                    @Nullable
                    Object last = knownObjectLocked(key, "placing a tombstone without object")
                            .orElse(null);
                    appendLocked(key, new Delta<>(DeltaType.DELETED, tombstone(key, last)));
                }
            }
            if (!populated) {
                populated = true;
                initialPopulationCount = listed.size() + queuedDeletions;
            }
        } finally {
            lock.unlock();
        }
    }

    /** The deltas queued for {@code key}; every key in the queue has them. */
    private DeltaBuffer<T> queuedLocked(String key) {
        DeltaBuffer<T> deltas = items.get(key);
        if (deltas == null) {
            throw new IllegalStateException("queued key " + key + " has no deltas");
        }
        return deltas;
    }

    @SuppressWarnings("unchecked")
    private DeletedFinalStateUnknown<T> tombstone(String key, @Nullable Object last) {
        return new DeletedFinalStateUnknown<>(key, (T) last);
    }

    @Override
    public void resync() {
        KnownObjects<? extends T> objects = knownObjects;
        if (objects == null) {
            return;
        }
        lock.lock();
        try {
            for (String key : objects.listKeys()) {
                Optional<? extends T> known = knownObjectLocked(key, "not queueing it for sync");
                if (known.isEmpty()) {
                    continue;
                }
                T obj = known.get();
                String id = keyOf(obj);
                // A queued change is newer than the known object: a sync with the older state
                // would race it, so skip (client-go's syncKeyLocked).
                if (items.containsKey(id)) {
                    continue;
                }
                appendLocked(id, new Delta<>(DeltaType.SYNC, obj));
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    Deltas<T> popLocked(PopProcessor<T> processor, boolean isInInitialList) throws Exception {
        String key = queue.pollFirst();
        if (initialPopulationCount > 0) {
            initialPopulationCount--;
        }
        DeltaBuffer<T> deltas = items.remove(key);
        if (deltas == null) {
            throw new IllegalStateException("queued key " + key + " has no deltas");
        }
        // Ownership passes to the caller: the buffer is no longer reachable from the queue.
        processor.process(deltas, isInInitialList);
        return deltas;
    }

    @Override
    int sizeLocked() {
        return queue.size();
    }

    @Override
    public List<String> listKeys() {
        return locked(() -> List.copyOf(queue));
    }

    @Override
    public List<Object> list() {
        lock.lock();
        try {
            List<Object> result = new ArrayList<>(queue.size());
            for (String key : queue) {
                result.add(queuedLocked(key).newest().object());
            }
            return List.copyOf(result);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Optional<Deltas<T>> get(T obj) {
        Objects.requireNonNull(obj, "obj");
        return getByKey(keyOf(obj));
    }

    @Override
    public Optional<Deltas<T>> getByKey(String key) {
        Objects.requireNonNull(key, "key");
        lock.lock();
        try {
            DeltaBuffer<T> deltas = items.get(key);
            // A copy: the queued buffer keeps changing while it waits.
            return deltas == null ? Optional.empty() : Optional.of(DeltaBuffer.copyOf(deltas));
        } finally {
            lock.unlock();
        }
    }

    @Override
    void appendLocked(@Nullable String itemKey, Delta<T> delta) {
        // A DeltaFifo has no atomic (keyless) items: every caller passes the key of its delta.
        String key = Objects.requireNonNull(itemKey, "key");
        DeltaBuffer<T> existing = items.get(key);
        if (existing == null) {
            enqueueLocked(key, new DeltaBuffer<>(delta));
        } else {
            existing.append(delta);
        }
    }

    private void enqueueLocked(String key, DeltaBuffer<T> deltas) {
        items.put(key, deltas);
        queue.addLast(key);
        // One new item can satisfy one waiting pop.
        notEmpty.signal();
    }

    /** The fifo's key of an object, a tombstone or a {@code Deltas} (client-go's {@code KeyOf}). */
    @Override
    public String toString() {
        return locked(() ->
                "DeltaFifo{queued=" + queue.size() + ", closed=" + closed + ", synced=" + hasSyncedLocked() + "}");
    }
}
