package dev.informer.watch;

import java.util.List;
import java.util.Objects;

/**
 * What a {@link ListWatchSource#list()} returns: the items and the list's resource version, from which
 * a watch continues without a gap. Immutable (the items list is copied; the items themselves should be
 * immutable values).
 *
 * @param items           the listed objects, none {@code null}
 * @param resourceVersion the list's resource version, neither {@code null} nor empty
 */
public record ListResult<T>(List<T> items, String resourceVersion) {

    /**
     * @throws NullPointerException     if {@code items}, an item or {@code resourceVersion} is {@code null}
     * @throws IllegalArgumentException if {@code resourceVersion} is empty
     */
    public ListResult {
        items = List.copyOf(items);
        Objects.requireNonNull(resourceVersion, "resourceVersion");
        if (resourceVersion.isEmpty()) {
            throw new IllegalArgumentException(
                    "a list's resourceVersion must not be empty: a watch could not " + "continue from it");
        }
    }
}
