package dev.informer.api.internal;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The read side that {@link CompactMap} and {@link UnknownFieldsMap} share: an unmodifiable,
 * insertion-ordered map kept as one array of alternating keys and stored values, looked up by
 * scanning (so only for small maps). A subclass says how a stored value reads ({@link #read}).
 *
 * <p>Immutable and thread-safe when the subclass's {@link #read} is. Not part of the public API.
 */
abstract class ArrayTableMap<K, V> extends AbstractMap<K, V> {

    /** Alternating keys and stored values; never changed after construction. */
    final Object[] table;

    ArrayTableMap(Object[] table) {
        this.table = table;
    }

    /** The value that {@code stored}, an element at an odd index of the table, stands for. */
    abstract V read(Object stored);

    @Override
    public final int size() {
        return table.length / 2;
    }

    @Override
    public final boolean containsKey(@Nullable Object key) {
        return indexOf(key) >= 0;
    }

    @Override
    public final @Nullable V get(@Nullable Object key) {
        int i = indexOf(key);
        return i < 0 ? null : read(table[i + 1]);
    }

    private int indexOf(@Nullable Object key) {
        for (int i = 0; i < table.length; i += 2) {
            if (Objects.equals(table[i], key)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public final Set<Map.Entry<K, V>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Map.Entry<K, V>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < table.length;
                    }

                    @Override
                    @SuppressWarnings("unchecked")
                    public Map.Entry<K, V> next() {
                        if (next >= table.length) {
                            throw new NoSuchElementException();
                        }
                        Map.Entry<K, V> entry =
                                new AbstractMap.SimpleImmutableEntry<>((K) table[next], read(table[next + 1]));
                        next += 2;
                        return entry;
                    }
                };
            }

            @Override
            public int size() {
                return table.length / 2;
            }
        };
    }
}
