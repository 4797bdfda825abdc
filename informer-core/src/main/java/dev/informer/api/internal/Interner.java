package dev.informer.api.internal;

import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * Shares one {@link String} instance among equal strings that repeat across many objects of the model
 * (label values, namespaces, image names, owner kinds, API versions): an informer holding 50k pods
 * otherwise keeps 50k copies of {@code "registry.example/web:1.4.2"}. Property names and map keys need
 * no interning: Jackson's symbol table already canonicalizes them.
 *
 * <p>Bounded and thread-safe: a {@link ConcurrentHashMap} of at most {@link #MAX_ENTRIES} strings of
 * at most {@link #MAX_LENGTH} characters (longer ones are returned as given). When it is full it is
 * cleared and starts over, so a stream of unique values (uids, hashes) cannot grow it without limit;
 * strings already shared stay shared. Not {@link String#intern()}: the JVM's table is unbounded and
 * global. Interning is only an optimisation: callers must still compare strings with {@code equals}.
 * Not part of the public API.
 */
public final class Interner {

    /** The most strings kept before the table is cleared. */
    public static final int MAX_ENTRIES = 64 * 1024;

    /** Longer strings are not interned (they rarely repeat and would make the bound meaningless). */
    public static final int MAX_LENGTH = 256;

    private static final ConcurrentHashMap<String, String> TABLE = new ConcurrentHashMap<>();

    private Interner() {}

    /** The shared instance equal to {@code value}, or {@code value} itself ({@code null} stays {@code null}). */
    public static @Nullable String intern(@Nullable String value) {
        if (value == null || value.length() > MAX_LENGTH) {
            return value;
        }
        String shared = TABLE.get(value);
        if (shared != null) {
            return shared;
        }
        if (TABLE.size() >= MAX_ENTRIES) {
            TABLE.clear();
        }
        shared = TABLE.putIfAbsent(value, value);
        return shared == null ? value : shared;
    }

    /** How many strings the table holds now (for tests and diagnostics). */
    public static int size() {
        return TABLE.size();
    }
}
