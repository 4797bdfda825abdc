package dev.informer.api.internal;

import java.util.Map;

/**
 * An unmodifiable, insertion-ordered map kept as one array of alternating keys and values: the small
 * maps of the model (labels, annotations, resource limits) cost about 70 bytes instead of about 300
 * for a {@code LinkedHashMap} behind an unmodifiable view. Lookups scan the array, so it is used only
 * for maps of at most {@link #MAX_SIZE} entries. {@code null} values are kept; keys are not
 * {@code null} (JSON object keys never are). {@code equals}/{@code hashCode} follow {@link Map}.
 *
 * <p>Immutable and thread-safe once built. Not part of the public API.
 */
final class CompactMap<K, V> extends ArrayTableMap<K, V> {

    static final int MAX_SIZE = 16;

    CompactMap(Object[] table) {
        super(table);
    }

    @Override
    @SuppressWarnings("unchecked")
    V read(Object stored) {
        return (V) stored;
    }
}
