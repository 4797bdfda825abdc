package dev.informer.store;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * The growable per-key delta list of a {@link LockingDeltaFifo}. While queued it is mutated only by
 * the fifo under its lock; {@code pop} removes it from the fifo and hands this very object to the
 * consumer, after which nothing mutates it (so no copy is made per pop).
 */
final class DeltaBuffer<T> implements Deltas<T> {

    @SuppressWarnings("rawtypes")
    private static final Delta[] EMPTY = new Delta[0];

    private Delta<T>[] deltas;
    private int size;

    @SuppressWarnings({"unchecked", "rawtypes"})
    DeltaBuffer(Delta<T> first) {
        this.deltas = new Delta[2];
        this.deltas[0] = first;
        this.size = 1;
    }

    @SuppressWarnings("unchecked")
    private DeltaBuffer(Delta<T>[] deltas, int size) {
        this.deltas = size == 0 ? EMPTY : deltas;
        this.size = size;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static <T> DeltaBuffer<T> copyOf(List<Delta<T>> source) {
        Objects.requireNonNull(source, "deltas");
        Delta<T>[] copy = source.toArray(new Delta[0]);
        for (Delta<T> delta : copy) {
            Objects.requireNonNull(delta, "a delta must not be null");
        }
        return new DeltaBuffer<>(copy, copy.length);
    }

    /** A buffer of exactly one delta (a {@link RealFifo} item), never appended to. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static <T> DeltaBuffer<T> of(Delta<T> only) {
        return new DeltaBuffer<>(new Delta[] {only}, 1);
    }

    static <T> DeltaBuffer<T> copyOf(Deltas<T> source) {
        return source instanceof DeltaBuffer<T> buffer
                ? new DeltaBuffer<>(buffer.deltas.clone(), buffer.size)
                : copyOf(source.asList());
    }

    /**
     * Appends {@code delta}, collapsing two trailing deletions into one (client-go's {@code
     * dedupDeltas}): the older deletion stays unless it is a tombstone, in which case the newer
     * one replaces it. Call under the fifo's lock, only while this buffer is queued.
     */
    void append(Delta<T> delta) {
        if (delta.type() == DeltaType.DELETED && size > 0) {
            Delta<T> last = deltas[size - 1];
            if (last.type() == DeltaType.DELETED) {
                if (last.isTombstone()) {
                    deltas[size - 1] = delta;
                }
                return;
            }
        }
        if (size == deltas.length) {
            deltas = Arrays.copyOf(deltas, Math.max(2, size * 2));
        }
        deltas[size++] = delta;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Delta<T> get(int i) {
        Objects.checkIndex(i, size);
        return deltas[i];
    }

    @Override
    public Delta<T> oldest() {
        if (size == 0) {
            throw new NoSuchElementException("no deltas");
        }
        return deltas[0];
    }

    @Override
    public Delta<T> newest() {
        if (size == 0) {
            throw new NoSuchElementException("no deltas");
        }
        return deltas[size - 1];
    }

    @Override
    public List<Delta<T>> asList() {
        return new View();
    }

    @Override
    public Iterator<Delta<T>> iterator() {
        return new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < size;
            }

            @Override
            public Delta<T> next() {
                if (next >= size) {
                    throw new NoSuchElementException();
                }
                return deltas[next++];
            }
        };
    }

    @Override
    public String toString() {
        return asList().toString();
    }

    private final class View extends AbstractList<Delta<T>> implements RandomAccess {
        @Override
        public Delta<T> get(int index) {
            return DeltaBuffer.this.get(index);
        }

        @Override
        public int size() {
            return size;
        }
    }
}
