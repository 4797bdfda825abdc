package dev.informer.store;

import java.util.Collection;

/**
 * Computes the values under which an object is indexed (client-go's {@code IndexFunc}); an object
 * may have zero, one or several values.
 *
 * <p>Must be deterministic and side-effect free: the indexer calls it again on the stored object
 * to find the buckets to leave when the object is updated or deleted. It is called while the
 * indexer holds its write lock, so it must be cheap and must not call back into the indexer.
 * Returning {@code null} means "no values"; a {@code null} element is rejected. A runtime
 * exception thrown here aborts the store operation, leaving the store unchanged.
 *
 * @param <T> the stored object type
 */
@FunctionalInterface
public interface IndexFunction<T> {

    /** The index values of {@code obj}; duplicates are allowed and ignored. */
    Collection<String> index(T obj);
}
