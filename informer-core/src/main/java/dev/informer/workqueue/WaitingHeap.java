package dev.informer.workqueue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The delaying queue's waiting items: a binary min-heap ordered by deadline (then by insertion, so
 * equal deadlines stay FIFO), indexed by item so that moving an item's deadline earlier is
 * O(log n) instead of a linear search.
 *
 * <p>Not thread-safe: guarded by the delaying queue's lock. Deadlines are {@link
 * dev.informer.clock.Clock#nanoTime()} readings, compared by subtraction.
 */
final class WaitingHeap<T> {

    private static final class Entry<T> {
        final T item;
        final long sequence;
        long deadlineNanos;
        int index;

        Entry(T item, long deadlineNanos, long sequence) {
            this.item = item;
            this.deadlineNanos = deadlineNanos;
            this.sequence = sequence;
        }
    }

    private Entry<?>[] heap = new Entry<?>[16];
    private int size;
    private long nextSequence;
    private final Map<T, Entry<T>> byItem = new HashMap<>();

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /**
     * Adds {@code item} with {@code deadlineNanos}; if it is already waiting, keeps the earlier of the
     * two deadlines. Returns whether the earliest deadline of the heap changed.
     */
    boolean offer(T item, long deadlineNanos) {
        Entry<T> existing = byItem.get(item);
        if (existing != null) {
            if (deadlineNanos - existing.deadlineNanos < 0) {
                existing.deadlineNanos = deadlineNanos;
                siftUp(existing.index);
                return existing.index == 0;
            }
            return false;
        }
        Entry<T> entry = new Entry<>(item, deadlineNanos, nextSequence++);
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        heap[size] = entry;
        entry.index = size;
        size++;
        byItem.put(item, entry);
        siftUp(entry.index);
        return entry.index == 0;
    }

    /** The earliest deadline; only valid when not empty. */
    long peekDeadline() {
        return entry(0).deadlineNanos;
    }

    /** Removes and returns the item with the earliest deadline; only valid when not empty. */
    T poll() {
        Entry<T> first = entry(0);
        size--;
        if (size > 0) {
            heap[0] = heap[size];
            entry(0).index = 0;
            heap[size] = null;
            siftDown(0);
        } else {
            heap[0] = null;
        }
        byItem.remove(first.item);
        return first.item;
    }

    void clear() {
        Arrays.fill(heap, 0, size, null);
        size = 0;
        byItem.clear();
    }

    @SuppressWarnings("unchecked")
    private Entry<T> entry(int index) {
        return (Entry<T>) heap[index];
    }

    private boolean less(int i, int j) {
        Entry<T> a = entry(i);
        Entry<T> b = entry(j);
        long byDeadline = a.deadlineNanos - b.deadlineNanos;
        return byDeadline != 0 ? byDeadline < 0 : a.sequence < b.sequence;
    }

    private void swap(int i, int j) {
        Entry<?> tmp = heap[i];
        heap[i] = heap[j];
        heap[j] = tmp;
        entry(i).index = i;
        entry(j).index = j;
    }

    private void siftUp(int index) {
        int i = index;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!less(i, parent)) {
                return;
            }
            swap(i, parent);
            i = parent;
        }
    }

    private void siftDown(int index) {
        int i = index;
        while (true) {
            int left = 2 * i + 1;
            if (left >= size) {
                return;
            }
            int smallest = left;
            int right = left + 1;
            if (right < size && less(right, left)) {
                smallest = right;
            }
            if (!less(smallest, i)) {
                return;
            }
            swap(i, smallest);
            i = smallest;
        }
    }
}
