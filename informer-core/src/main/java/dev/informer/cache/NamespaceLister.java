package dev.informer.cache;

import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The objects of one namespace in an informer's cache ({@link Lister#namespace(String)}).
 * Thread-safe; results are snapshots; see {@link Lister} for selectors.
 *
 * @param <T> the object type
 */
public interface NamespaceLister<T> {

    /** The namespace this lister reads. */
    String namespace();

    /** Every cached object of the namespace. */
    List<T> list();

    /** The objects of the namespace whose labels match {@code labelSelector} ({@code null} or blank: all). */
    List<T> list(@Nullable String labelSelector);

    /** The object named {@code name} in the namespace. */
    Optional<T> get(String name);
}
