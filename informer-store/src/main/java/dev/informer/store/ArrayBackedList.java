package dev.informer.store;

import java.util.AbstractList;
import java.util.RandomAccess;

/**
 * A read-only list over an array the caller filled and no longer touches: the snapshots that
 * {@code list()} and {@code byIndex()} hand out. One object besides the array, where an
 * {@code ArrayList} inside {@code Collections.unmodifiableList} costs two. Every mutator throws
 * {@link UnsupportedOperationException} (the {@link AbstractList} defaults). Immutable once built,
 * so safe to share between threads.
 */
final class ArrayBackedList<E> extends AbstractList<E> implements RandomAccess {

    private final Object[] elements;

    /** Takes ownership of {@code elements}: the caller must not change the array afterwards. */
    ArrayBackedList(Object[] elements) {
        this.elements = elements;
    }

    @Override
    @SuppressWarnings("unchecked")
    public E get(int index) {
        return (E) elements[index];
    }

    @Override
    public int size() {
        return elements.length;
    }

    @Override
    public Object[] toArray() {
        return elements.clone();
    }
}
