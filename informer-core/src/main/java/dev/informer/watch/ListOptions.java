package dev.informer.watch;

import dev.informer.codegen.GenerateBuilder;
import org.jspecify.annotations.Nullable;

/**
 * The query of a list or watch request ({@code meta/v1 ListOptions}). Immutable; build with
 * {@link #builder()}, derive with {@link #toBuilder()}. {@link #NONE} asks for everything.
 *
 * <p>Values are passed to the server as given (the server validates combinations such as
 * {@code resourceVersionMatch} without {@code resourceVersion}); only locally impossible values
 * (a negative limit or timeout) are rejected by the builder with {@link IllegalArgumentException}.
 * Empty strings mean "not set": the builder and the canonical constructor turn them into {@code null}.
 *
 * @param labelSelector e.g. {@code app=web,tier!=db}; {@code null} for none
 * @param fieldSelector e.g. {@code spec.nodeName=node-1}; {@code null} for none
 * @param resourceVersion {@code null} (latest, from etcd), "0" (any, from the cache), or a version
 * @param resourceVersionMatch {@link #MATCH_NOT_OLDER_THAN}, {@link #MATCH_EXACT}, or {@code null}
 * @param limit the page size of a list; 0 for no limit
 * @param continueToken the continue token of the page to fetch, or {@code null}
 * @param timeoutSeconds how long the server keeps a watch (or list) open, or {@code null} for its
 *     default
 * @param allowWatchBookmarks whether a watch may receive BOOKMARK events
 * @param sendInitialEvents for a watch-list: {@code true} to receive the current state first;
 *     {@code null} to not send it
 */
@GenerateBuilder(checked = true)
public record ListOptions(
        @Nullable String labelSelector,
        @Nullable String fieldSelector,
        @Nullable String resourceVersion,
        @Nullable String resourceVersionMatch,
        long limit,
        @Nullable String continueToken,
        @Nullable Integer timeoutSeconds,
        boolean allowWatchBookmarks,
        @Nullable Boolean sendInitialEvents) {

    /** No selectors, no paging, the latest state. */
    public static final ListOptions NONE = builder().build();

    /** {@code resourceVersionMatch} values. */
    public static final String MATCH_NOT_OLDER_THAN = "NotOlderThan";
    /** {@code resourceVersionMatch} values. */
    public static final String MATCH_EXACT = "Exact";

    /**
     * Checks every component as the builder's setters do.
     *
     * @throws IllegalArgumentException if {@code limit} or {@code timeoutSeconds} is negative
     */
    public ListOptions {
        labelSelector = checkLabelSelector(labelSelector);
        fieldSelector = checkFieldSelector(fieldSelector);
        resourceVersion = checkResourceVersion(resourceVersion);
        resourceVersionMatch = checkResourceVersionMatch(resourceVersionMatch);
        limit = checkLimit(limit);
        continueToken = checkContinueToken(continueToken);
        timeoutSeconds = checkTimeoutSeconds(timeoutSeconds);
    }

    /** A builder of no selectors, no paging, the latest state ({@link #NONE}). */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these options. */
    public Builder toBuilder() {
        return new Builder().from(this);
    }

    /** The label selector as given; {@code ""} is {@code null}. */
    static @Nullable String checkLabelSelector(@Nullable String labelSelector) {
        return emptyToNull(labelSelector);
    }

    /** The field selector as given; {@code ""} is {@code null}. */
    static @Nullable String checkFieldSelector(@Nullable String fieldSelector) {
        return emptyToNull(fieldSelector);
    }

    /** The resource version as given; {@code ""} is {@code null}. */
    static @Nullable String checkResourceVersion(@Nullable String resourceVersion) {
        return emptyToNull(resourceVersion);
    }

    /** The resource version match as given; {@code ""} is {@code null}. */
    static @Nullable String checkResourceVersionMatch(@Nullable String resourceVersionMatch) {
        return emptyToNull(resourceVersionMatch);
    }

    /** The continue token as given; {@code ""} is {@code null}. */
    static @Nullable String checkContinueToken(@Nullable String continueToken) {
        return emptyToNull(continueToken);
    }

    /**
     * The page size, if valid.
     *
     * @throws IllegalArgumentException if negative
     */
    static long checkLimit(long limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must not be negative: " + limit);
        }
        return limit;
    }

    /**
     * The server-side timeout, if valid.
     *
     * @throws IllegalArgumentException if negative
     */
    static @Nullable Integer checkTimeoutSeconds(@Nullable Integer timeoutSeconds) {
        if (timeoutSeconds != null && timeoutSeconds < 0) {
            throw new IllegalArgumentException("timeoutSeconds must not be negative: " + timeoutSeconds);
        }
        return timeoutSeconds;
    }

    private static @Nullable String emptyToNull(@Nullable String s) {
        return s == null || s.isEmpty() ? null : s;
    }

    /** Never shows the continue token, which may encode the query's position. */
    @Override
    public String toString() {
        return "ListOptions[labelSelector=" + labelSelector + ", fieldSelector=" + fieldSelector
                + ", resourceVersion=" + resourceVersion + ", resourceVersionMatch=" + resourceVersionMatch
                + ", limit=" + limit + ", continue=" + (continueToken == null ? null : "<token>")
                + ", timeoutSeconds=" + timeoutSeconds + ", allowWatchBookmarks=" + allowWatchBookmarks
                + ", sendInitialEvents=" + sendInitialEvents + "]";
    }

    /** Builds {@link ListOptions}. Not thread-safe. Empty strings mean "not set". */
    public static final class Builder extends ListOptionsBuilderBase {
        private Builder() {}
    }
}
