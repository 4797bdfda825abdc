package dev.informer.store;

import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The secondary indices of a {@link ThreadSafeIndexedStore}: for each named {@link IndexFunction},
 * a map from index value to the set of keys having that value.
 *
 * <p>Not thread-safe: the owning store guards every instance with its lock (mutations under the
 * write lock, lookups under the read lock), or confines an instance being built to one thread
 * before publishing it under the write lock.
 *
 * <p>{@link #update} is incremental and failure-atomic: it first computes every old and new value
 * (so a throwing index function changes nothing), then moves the key only out of buckets it left
 * and into buckets it joined. Empty buckets are removed, so short-lived high-cardinality values do
 * not leak (kubernetes/kubernetes#84959).
 */
final class StoreIndex<T> {

    /** Above this many values, membership tests switch from a scan to a hash set. */
    private static final int LINEAR_SCAN_LIMIT = 8;

    private final Map<String, IndexFunction<T>> indexers;
    private final String[] names;
    private final IndexFunction<T>[] functions;
    private final Map<String, Set<String>>[] buckets;
    private final Map<String, Integer> positions;
    // Scratch space for update(), reused so an update allocates no arrays; only touched by the
    // single thread allowed to mutate this instance.
    private final Collection<String>[] oldValues;
    private final Collection<String>[] newValues;

    @SuppressWarnings({"unchecked", "rawtypes"})
    private StoreIndex(Map<String, IndexFunction<T>> indexers, Map<String, Set<String>> @Nullable [] reuse) {
        Map<String, IndexFunction<T>> copy = new LinkedHashMap<>();
        indexers.forEach((name, function) -> copy.put(
                requireNonNull(name, "index name"), requireNonNull(function, "index function for \"" + name + "\"")));
        this.indexers = Collections.unmodifiableMap(copy);
        int n = copy.size();
        this.names = copy.keySet().toArray(new String[0]);
        this.functions = copy.values().toArray(new IndexFunction[0]);
        this.buckets = new Map[n];
        this.positions = new HashMap<>();
        for (int i = 0; i < n; i++) {
            buckets[i] = reuse != null && i < reuse.length ? reuse[i] : new HashMap<>();
            positions.put(names[i], i);
        }
        this.oldValues = new Collection[n];
        this.newValues = new Collection[n];
    }

    static <T> StoreIndex<T> create(Map<String, IndexFunction<T>> indexers) {
        requireNonNull(indexers, "indexers");
        return new StoreIndex<>(indexers, null);
    }

    /** The same index functions with no entries: the start of a rebuild. */
    StoreIndex<T> emptyCopy() {
        return new StoreIndex<>(indexers, null);
    }

    /**
     * A new index holding this one's functions and entries plus {@code more}, with every object of
     * {@code items} indexed under the new functions. This instance is left intact, so if an index
     * function throws the caller keeps using it.
     *
     * @throws IllegalArgumentException "indexer conflict" if a name is already registered
     */
    StoreIndex<T> withAdded(Map<String, IndexFunction<T>> more, Map<String, T> items) {
        requireNonNull(more, "newIndexers");
        List<String> conflicts =
                more.keySet().stream().filter(indexers::containsKey).sorted().toList();
        if (!conflicts.isEmpty()) {
            throw new IllegalArgumentException("indexer conflict: " + String.join(", ", conflicts));
        }
        Map<String, IndexFunction<T>> combined = new LinkedHashMap<>(indexers);
        combined.putAll(more);
        StoreIndex<T> result = new StoreIndex<>(combined, buckets);
        for (int i = names.length; i < result.names.length; i++) {
            for (Map.Entry<String, T> item : items.entrySet()) {
                String key = item.getKey();
                for (String value : result.valuesOf(i, item.getValue(), key)) {
                    addToBucket(result.buckets[i], value, key);
                }
            }
        }
        return result;
    }

    Map<String, IndexFunction<T>> indexers() {
        return indexers;
    }

    boolean isEmpty() {
        return names.length == 0;
    }

    /**
     * Moves {@code key} from the buckets of {@code oldObj} to those of {@code newObj}: pass only
     * {@code newObj} for an add, both for an update, only {@code oldObj} for a delete.
     *
     * @throws IllegalArgumentException if an index function fails or yields a {@code null} value;
     *     nothing has changed then
     */
    void update(String key, @Nullable T oldObj, @Nullable T newObj) {
        int n = names.length;
        if (n == 0) {
            return;
        }
        try {
            for (int i = 0; i < n; i++) {
                oldValues[i] = oldObj == null ? List.of() : valuesOf(i, oldObj, key);
                newValues[i] = newObj == null ? List.of() : valuesOf(i, newObj, key);
            }
            for (int i = 0; i < n; i++) {
                move(buckets[i], key, oldValues[i], newValues[i]);
            }
        } finally {
            for (int i = 0; i < n; i++) {
                oldValues[i] = null;
                newValues[i] = null;
            }
        }
    }

    /** The values of {@code obj} in index {@code indexName}. */
    Collection<String> valuesOf(String indexName, T obj) {
        return valuesOf(position(indexName), obj, null);
    }

    /** The keys having {@code value} in {@code indexName}, or {@code null} when none. Live: read under the lock. */
    @Nullable
    Set<String> bucket(String indexName, String value) {
        return buckets[position(indexName)].get(value);
    }

    /** The value-to-keys map of {@code indexName}. Live: read under the lock. */
    Map<String, Set<String>> buckets(String indexName) {
        return buckets[position(indexName)];
    }

    private int position(String indexName) {
        Integer position = positions.get(indexName);
        if (position == null) {
            throw new IllegalArgumentException(
                    "index \"" + indexName + "\" does not exist; known indices: " + indexers.keySet());
        }
        return position;
    }

    private Collection<String> valuesOf(int i, T obj, @Nullable String key) {
        Collection<String> values;
        try {
            values = functions[i].index(obj);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(
                    "unable to compute the values of index \"" + names[i] + "\" for " + describe(obj, key), e);
        }
        if (values == null) {
            return List.of();
        }
        for (String value : values) {
            if (value == null) {
                throw new IllegalArgumentException(
                        "index function \"" + names[i] + "\" returned a null value for " + describe(obj, key));
            }
        }
        return values;
    }

    private static String describe(Object obj, @Nullable String key) {
        return key == null ? KeyException.describe(obj) : "key \"" + key + "\" (" + KeyException.describe(obj) + ")";
    }

    private static void move(
            Map<String, Set<String>> index, String key, Collection<String> before, Collection<String> after) {
        if (before.size() == 1 && after.size() == 1) {
            // The common case: one value per object, usually unchanged.
            String was = first(before);
            String now = first(after);
            if (!was.equals(now)) {
                removeFromBucket(index, was, key);
                addToBucket(index, now, key);
            }
            return;
        }
        Collection<String> afterLookup = forLookup(after);
        Collection<String> beforeLookup = forLookup(before);
        for (String value : before) {
            if (!afterLookup.contains(value)) {
                removeFromBucket(index, value, key);
            }
        }
        for (String value : after) {
            if (!beforeLookup.contains(value)) {
                addToBucket(index, value, key);
            }
        }
    }

    private static Collection<String> forLookup(Collection<String> values) {
        return values.size() > LINEAR_SCAN_LIMIT && !(values instanceof Set) ? new HashSet<>(values) : values;
    }

    private static String first(Collection<String> values) {
        return values instanceof List<String> list
                ? list.get(0)
                : values.iterator().next();
    }

    private static void addToBucket(Map<String, Set<String>> index, String value, String key) {
        index.computeIfAbsent(value, v -> new HashSet<>()).add(key);
    }

    private static void removeFromBucket(Map<String, Set<String>> index, String value, String key) {
        Set<String> keys = index.get(value);
        if (keys != null && keys.remove(key) && keys.isEmpty()) {
            index.remove(value);
        }
    }

    private static <V> V requireNonNull(V value, String what) {
        if (value == null) {
            throw new NullPointerException(what + " must not be null");
        }
        return value;
    }
}
