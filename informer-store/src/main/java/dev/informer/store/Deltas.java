package dev.informer.store;

import java.util.List;

/**
 * Everything that happened to one object while it waited in a {@link DeltaFifo}, oldest first
 * (client-go's {@code Deltas}). A fifo never hands out an empty {@code Deltas}.
 *
 * <p>A {@code Deltas} returned by {@link DeltaFifo#pop} is the fifo's own accumulator, handed over
 * without a copy: once popped the fifo never changes it again, so it is effectively immutable.
 * It is safe to read on the popping thread; pass it to other threads through a safe publication
 * (a concurrent queue, a lock). {@link DeltaFifo#get}/{@link DeltaFifo#getByKey} return copies.
 *
 * @param <T> the object type
 */
public interface Deltas<T> extends Iterable<Delta<T>> {

    /** The number of deltas. */
    int size();

    /** Whether there are no deltas (never true for one handed out by a fifo). */
    default boolean isEmpty() {
        return size() == 0;
    }

    /**
     * The {@code i}-th delta, oldest first.
     *
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     */
    Delta<T> get(int i);

    /**
     * The first (oldest) delta.
     *
     * @throws java.util.NoSuchElementException if empty
     */
    Delta<T> oldest();

    /**
     * The last (newest) delta.
     *
     * @throws java.util.NoSuchElementException if empty
     */
    Delta<T> newest();

    /** An unmodifiable list view, oldest first (equal to any list holding the same deltas). */
    List<Delta<T>> asList();

    /** A {@code Deltas} holding a copy of {@code deltas}, for tests and hand-made requeues. */
    static <T> Deltas<T> of(List<Delta<T>> deltas) {
        return DeltaBuffer.copyOf(deltas);
    }
}
