package dev.informer.client;

import dev.informer.api.ListMeta;
import dev.informer.api.ObjectList;
import dev.informer.watch.ListOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Lists in pages, as client-go's {@code tools/pager.ListPager}: asks for {@code pageSize} objects at a
 * time, follows continue tokens, and returns one list whose resource version is the first page's (the
 * snapshot every page was read at). If a continue token expires between pages (410, reason Expired:
 * the snapshot was compacted away) and {@code fullListIfExpired} is on (the default), it falls back to
 * ONE unpaged list at the originally requested resource version, and {@link Result#fellBackToFullList()}
 * says so. An expired first page is not retried (there was no continue token; the caller relists).
 *
 * <p>Subsequent pages are requested without {@code resourceVersion}/{@code resourceVersionMatch}, which
 * the continue token encodes (the server rejects both together).
 *
 * <p>Immutable and thread-safe if the page function is; each call blocks until the list is complete.
 *
 * @param <T> the object type
 */
public final class ListPager<T> {

    /** The default page size, as client-go's. */
    public static final int DEFAULT_PAGE_SIZE = 500;

    /** Fetches one page; {@code ResourceClient::list} fits. */
    @FunctionalInterface
    public interface PageFunction<T> {
        ObjectList<T> list(ListOptions options);
    }

    /**
     * The outcome of {@link #list}.
     *
     * @param list               every object, in the server's order, at the first page's resource version
     * @param paginated          whether more than one page was fetched
     * @param fellBackToFullList whether a continue token expired and one full list replaced the pages
     */
    public record Result<T>(ObjectList<T> list, boolean paginated, boolean fellBackToFullList) {}

    private final PageFunction<T> pageFunction;
    private final long pageSize;
    private final boolean fullListIfExpired;

    private ListPager(PageFunction<T> pageFunction, long pageSize, boolean fullListIfExpired) {
        this.pageFunction = Objects.requireNonNull(pageFunction, "pageFunction");
        if (pageSize <= 0) {
            throw new IllegalArgumentException("pageSize must be positive: " + pageSize);
        }
        this.pageSize = pageSize;
        this.fullListIfExpired = fullListIfExpired;
    }

    /** A pager with 500 objects per page that falls back to a full list on an expired token. */
    public static <T> ListPager<T> of(PageFunction<T> pageFunction) {
        return new ListPager<>(pageFunction, DEFAULT_PAGE_SIZE, true);
    }

    /** A pager with {@code pageSize} objects per page that falls back to a full list on an expired token. */
    public static <T> ListPager<T> of(PageFunction<T> pageFunction, long pageSize) {
        return new ListPager<>(pageFunction, pageSize, true);
    }

    /** A pager; {@code fullListIfExpired=false} lets an expired token fail the list instead. */
    public static <T> ListPager<T> of(PageFunction<T> pageFunction, long pageSize, boolean fullListIfExpired) {
        return new ListPager<>(pageFunction, pageSize, fullListIfExpired);
    }

    /**
     * Lists everything matching {@code options} (its {@code limit}, when set, overrides the page size).
     *
     * @throws StatusException from a page, except an expired continue token when falling back
     */
    public Result<T> list(ListOptions options) {
        ListOptions page =
                options.limit() == 0 ? options.toBuilder().limit(pageSize).build() : options;
        String requestedVersion = options.resourceVersion();
        String requestedMatch = options.resourceVersionMatch();
        List<T> items = null;
        ObjectList<T> first = null;
        boolean paginated = false;
        while (true) {
            ObjectList<T> result;
            try {
                result = pageFunction.list(page);
            } catch (StatusException e) {
                if (!e.isResourceExpired() || !fullListIfExpired || page.continueToken() == null) {
                    throw e;
                }
                ListOptions full = page.toBuilder()
                        .limit(0)
                        .continueToken(null)
                        .resourceVersion(requestedVersion)
                        .resourceVersionMatch(requestedMatch)
                        .build();
                return new Result<>(pageFunction.list(full), paginated, true);
            }
            String next = result.continueToken();
            if (next == null && items == null) {
                return new Result<>(result, paginated, false); // One page: return it as is.
            }
            if (items == null) {
                first = result;
                items = new ArrayList<>(result.items().size() * 2);
            }
            items.addAll(result.items());
            if (next == null) {
                ObjectList<T> head = Objects.requireNonNull(first); // set with items, on the first page
                ObjectList<T> merged =
                        new ObjectList<>(head.apiVersion(), head.kind(), ListMeta.of(head.resourceVersion()), items);
                return new Result<>(merged, paginated, false);
            }
            page = page.toBuilder()
                    .continueToken(next)
                    .resourceVersion(null)
                    .resourceVersionMatch(null)
                    .build();
            paginated = true;
        }
    }

    /**
     * Hands each page to {@code consumer} as it arrives, without collecting (no fallback: an expired
     * continue token fails with its {@link StatusException}, as client-go's {@code EachListItem}).
     */
    public void forEachPage(ListOptions options, Consumer<ObjectList<T>> consumer) {
        ListOptions page =
                options.limit() == 0 ? options.toBuilder().limit(pageSize).build() : options;
        while (true) {
            ObjectList<T> result = pageFunction.list(page);
            consumer.accept(result);
            String next = result.continueToken();
            if (next == null) {
                return;
            }
            page = page.toBuilder()
                    .continueToken(next)
                    .resourceVersion(null)
                    .resourceVersionMatch(null)
                    .build();
        }
    }
}
