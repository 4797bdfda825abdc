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
 * An unmodifiable, insertion-ordered map kept as one array of alternating keys and values: the small
 * maps of the model (labels, annotations, resource limits) cost about 70 bytes instead of about 300
 * for a {@code LinkedHashMap} behind an unmodifiable view. Lookups scan the array, so it is used only
 * for maps of at most {@link #MAX_SIZE} entries. {@code null} values are kept; keys are not
 * {@code null} (JSON object keys never are). {@code equals}/{@code hashCode} follow {@link Map}.
 *
 * <p>Immutable and thread-safe once built. Not part of the public API.
 */
final class CompactMap<K, V> extends AbstractMap<K, V> {

    static final int MAX_SIZE = 16;

    private final Object[] table;

    CompactMap(Object[] table) {
        this.table = table;
    }

    @Override
    public int size() {
        return table.length / 2;
    }

    @Override
    public boolean containsKey(@Nullable Object key) {
        return indexOf(key) >= 0;
    }

    @Override
    @SuppressWarnings("unchecked")
    public @Nullable V get(@Nullable Object key) {
        int i = indexOf(key);
        return i < 0 ? null : (V) table[i + 1];
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
    public Set<Map.Entry<K, V>> entrySet() {
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
                                new AbstractMap.SimpleImmutableEntry<>((K) table[next], (V) table[next + 1]);
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
