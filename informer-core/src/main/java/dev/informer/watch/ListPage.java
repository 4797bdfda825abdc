package dev.informer.watch;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One page of a list answer, as the engine reads it: the items, the resource version the list was
 * read at and the continue token of the next page. The API model's {@code ObjectList} implements
 * it; {@link #of} builds one for a fake or an adapter. A reflector follows the continue tokens until
 * the last page.
 *
 * <p>Implementations are immutable values and safe to share between threads as long as the items
 * are.
 *
 * @param <T> the item type
 */
public interface ListPage<T> {

    /** The objects of this page, in the server's order; never {@code null}. */
    List<T> items();

    /** The resource version the list was read at, or {@code null} if the server gave none. */
    @Nullable
    String resourceVersion();

    /** The continue token of the next page, or {@code null} (or empty) on the last page. */
    @Nullable
    String continueToken();

    /**
     * A page of {@code items} (copied) at {@code resourceVersion}, with {@code continueToken} ({@code
     * null}: the last page).
     *
     * @throws NullPointerException if {@code items} or an item is {@code null}
     */
    static <T> ListPage<T> of(List<T> items, @Nullable String resourceVersion, @Nullable String continueToken) {
        return new SimpleListPage<>(List.copyOf(items), resourceVersion, continueToken);
    }
}
