package dev.informer.cache.internal;

import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * An unbounded FIFO on one array used as a ring (k8s.io/utils {@code buffer.RingGrowing}): no node per
 * element; when full the array doubles and the elements are copied in order; when it empties after
 * having grown, it drops back to its initial capacity so that one burst does not pin a large array
 * for the listener's lifetime.
 *
 * <p>Not thread-safe: the owning {@link ProcessorListener} guards it with its lock.
 *
 * @param <E> the element type; {@code null} elements are not allowed ({@code null} means "empty")
 */
final class RingGrowing<E> {

    private final int initialCapacity;
    private Object[] data;
    private int beginning; // index of the first readable element
    private int readable; // number of readable elements

    /** @throws IllegalArgumentException if {@code initialCapacity} is less than 1 */
    RingGrowing(int initialCapacity) {
        if (initialCapacity < 1) {
            throw new IllegalArgumentException("a ring buffer needs a capacity of at least 1: " + initialCapacity);
        }
        this.initialCapacity = initialCapacity;
        this.data = new Object[initialCapacity];
    }

    /** Removes and returns the oldest element, or {@code null} when empty. */
    @SuppressWarnings("unchecked")
    @Nullable
    E readOne() {
        if (readable == 0) {
            return null;
        }
        E element = (E) data[beginning];
        data[beginning] = null; // let the notification be collected once delivered
        readable--;
        if (readable == 0) {
            beginning = 0;
            if (data.length > initialCapacity) {
                data = new Object[initialCapacity];
            }
        } else if (++beginning == data.length) {
            beginning = 0;
        }
        return element;
    }

    /** Moves up to {@code max} of the oldest elements into {@code into} from index 0; returns how many. */
    int readMany(Object[] into, int max) {
        int n = 0;
        E element;
        while (n < max && (element = readOne()) != null) {
            into[n++] = element;
        }
        return n;
    }

    /**
     * Appends {@code element}, doubling the array first when it is full.
     *
     * @throws NullPointerException if {@code element} is {@code null}
     */
    void writeOne(E element) {
        if (element == null) {
            throw new NullPointerException("a ring buffer element must not be null");
        }
        int capacity = data.length;
        if (readable == capacity) {
            if (capacity > (Integer.MAX_VALUE - 8) / 2) {
                throw new IllegalStateException("ring buffer cannot grow beyond " + capacity + " elements");
            }
            Object[] grown = new Object[capacity * 2];
            int tail = capacity - beginning; // elements from beginning to the array's end
            System.arraycopy(data, beginning, grown, 0, tail);
            System.arraycopy(data, 0, grown, tail, beginning);
            data = grown;
            beginning = 0;
            capacity = grown.length;
        }
        int end = beginning + readable;
        if (end >= capacity) {
            end -= capacity;
        }
        data[end] = element;
        readable++;
    }

    /** The number of elements. */
    int len() {
        return readable;
    }

    /** The current array size. */
    int capacity() {
        return data.length;
    }

    /** Drops every element and returns to the initial capacity. */
    void clear() {
        if (data.length > initialCapacity) {
            data = new Object[initialCapacity];
        } else {
            Arrays.fill(data, null);
        }
        beginning = 0;
        readable = 0;
    }
}
