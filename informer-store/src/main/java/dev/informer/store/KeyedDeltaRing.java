package dev.informer.store;

import java.util.Arrays;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;

/**
 * The RealFifo's queue: an unbounded FIFO of (key, delta) pairs kept in two parallel arrays used as
 * one growing ring. No node or pair object per item, so adding allocates nothing (beyond growth) and
 * a batch pop is a scan of keys plus a bulk copy of deltas. A {@code null} key marks an atomic item
 * (a whole relist or resync) that pops alone.
 *
 * <p>Not thread-safe: the owning fifo guards it with its lock.
 *
 * @param <T> the object type
 */
final class KeyedDeltaRing<T> {

    private static final int INITIAL_CAPACITY = 16;

    private String[] keys = new String[INITIAL_CAPACITY];
    private Object[] deltas = new Object[INITIAL_CAPACITY];
    private int head;
    private int size;

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    void addLast(@Nullable String key, Delta<T> delta) {
        if (size == keys.length) {
            grow();
        }
        int slot = (head + size) & (keys.length - 1);
        keys[slot] = key;
        deltas[slot] = delta;
        size++;
    }

    /** Removes and returns the oldest delta. */
    @SuppressWarnings("unchecked")
    Delta<T> pollFirst() {
        if (size == 0) {
            throw new IllegalStateException("the ring is empty");
        }
        Delta<T> delta = (Delta<T>) deltas[head];
        keys[head] = null;
        deltas[head] = null;
        head = (head + 1) & (keys.length - 1);
        size--;
        return delta;
    }

    /**
     * Moves the oldest consecutive keyed deltas, at most {@code max}, into {@code into} from index 0 and
     * returns how many. An atomic item (null key) moves alone, and only when it is the oldest.
     */
    int pollBatch(Object[] into, int max) {
        int mask = keys.length - 1;
        int n = Math.min(max, size);
        if (n == 0) {
            return 0;
        }
        if (keys[head] == null) {
            n = 1;
        } else {
            for (int i = 1; i < n; i++) {
                if (keys[(head + i) & mask] == null) {
                    n = i;
                    break;
                }
            }
        }
        int first = Math.min(n, keys.length - head);
        System.arraycopy(deltas, head, into, 0, first);
        System.arraycopy(deltas, 0, into, first, n - first);
        clear(head, first);
        clear(0, n - first);
        head = (head + n) & mask;
        size -= n;
        return n;
    }

    private void clear(int from, int count) {
        Arrays.fill(keys, from, from + count, null);
        Arrays.fill(deltas, from, from + count, null);
    }

    /** Calls {@code action} with each queued (key, delta), oldest first; key is null for atomic items. */
    @SuppressWarnings("unchecked")
    void forEach(BiConsumer<@Nullable String, Delta<T>> action) {
        int mask = keys.length - 1;
        for (int i = 0; i < size; i++) {
            int slot = (head + i) & mask;
            action.accept(keys[slot], (Delta<T>) deltas[slot]);
        }
    }

    private void grow() {
        int capacity = keys.length * 2;
        if (capacity < 0) {
            throw new IllegalStateException("the fifo cannot hold more items");
        }
        String[] newKeys = new String[capacity];
        Object[] newDeltas = new Object[capacity];
        int first = keys.length - head;
        System.arraycopy(keys, head, newKeys, 0, first);
        System.arraycopy(keys, 0, newKeys, first, head);
        System.arraycopy(deltas, head, newDeltas, 0, first);
        System.arraycopy(deltas, 0, newDeltas, first, head);
        keys = newKeys;
        deltas = newDeltas;
        head = 0;
    }
}
