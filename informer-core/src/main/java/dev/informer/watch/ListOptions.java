package dev.informer.watch;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The query of a list or watch request ({@code meta/v1 ListOptions}). Immutable; build with
 * {@link #builder()}, derive with {@link #toBuilder()}. {@link #NONE} asks for everything.
 *
 * <p>Values are passed to the server as given (the server validates combinations such as
 * {@code resourceVersionMatch} without {@code resourceVersion}); only locally impossible values
 * (a negative limit or timeout) are rejected by the builder with {@link IllegalArgumentException}.
 */
public final class ListOptions {

    /** No selectors, no paging, the latest state. */
    public static final ListOptions NONE = builder().build();

    /** {@code resourceVersionMatch} values. */
    public static final String MATCH_NOT_OLDER_THAN = "NotOlderThan";
    /** {@code resourceVersionMatch} values. */
    public static final String MATCH_EXACT = "Exact";

    private final @Nullable String labelSelector;
    private final @Nullable String fieldSelector;
    private final @Nullable String resourceVersion;
    private final @Nullable String resourceVersionMatch;
    private final long limit;
    private final @Nullable String continueToken;
    private final @Nullable Integer timeoutSeconds;
    private final boolean allowWatchBookmarks;
    private final @Nullable Boolean sendInitialEvents;

    private ListOptions(Builder b) {
        this.labelSelector = b.labelSelector;
        this.fieldSelector = b.fieldSelector;
        this.resourceVersion = b.resourceVersion;
        this.resourceVersionMatch = b.resourceVersionMatch;
        this.limit = b.limit;
        this.continueToken = b.continueToken;
        this.timeoutSeconds = b.timeoutSeconds;
        this.allowWatchBookmarks = b.allowWatchBookmarks;
        this.sendInitialEvents = b.sendInitialEvents;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder(this);
    }

    /** e.g. {@code app=web,tier!=db}; {@code null} for none. */
    public @Nullable String labelSelector() {
        return labelSelector;
    }

    /** e.g. {@code spec.nodeName=node-1}; {@code null} for none. */
    public @Nullable String fieldSelector() {
        return fieldSelector;
    }

    /** {@code null} (latest, from etcd), "0" (any, from the cache), or a version. */
    public @Nullable String resourceVersion() {
        return resourceVersion;
    }

    /** {@link #MATCH_NOT_OLDER_THAN}, {@link #MATCH_EXACT}, or {@code null}. */
    public @Nullable String resourceVersionMatch() {
        return resourceVersionMatch;
    }

    /** The page size; 0 for no limit. */
    public long limit() {
        return limit;
    }

    /** The continue token of the page to fetch, or {@code null}. */
    public @Nullable String continueToken() {
        return continueToken;
    }

    /** How long the server keeps a watch (or list) open, or {@code null} for its default. */
    public @Nullable Integer timeoutSeconds() {
        return timeoutSeconds;
    }

    /** Whether a watch may receive BOOKMARK events. */
    public boolean allowWatchBookmarks() {
        return allowWatchBookmarks;
    }

    /** For a watch-list: {@code true} to receive the current state first; {@code null} to not send it. */
    public @Nullable Boolean sendInitialEvents() {
        return sendInitialEvents;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        if (!(o instanceof ListOptions other)) {
            return false;
        }
        return limit == other.limit
                && allowWatchBookmarks == other.allowWatchBookmarks
                && Objects.equals(labelSelector, other.labelSelector)
                && Objects.equals(fieldSelector, other.fieldSelector)
                && Objects.equals(resourceVersion, other.resourceVersion)
                && Objects.equals(resourceVersionMatch, other.resourceVersionMatch)
                && Objects.equals(continueToken, other.continueToken)
                && Objects.equals(timeoutSeconds, other.timeoutSeconds)
                && Objects.equals(sendInitialEvents, other.sendInitialEvents);
    }

    @Override
    public int hashCode() {
        return Objects.hash(
                labelSelector,
                fieldSelector,
                resourceVersion,
                resourceVersionMatch,
                limit,
                continueToken,
                timeoutSeconds,
                allowWatchBookmarks,
                sendInitialEvents);
    }

    @Override
    public String toString() {
        return "ListOptions[labelSelector=" + labelSelector + ", fieldSelector=" + fieldSelector
                + ", resourceVersion=" + resourceVersion + ", resourceVersionMatch=" + resourceVersionMatch
                + ", limit=" + limit + ", continue=" + (continueToken == null ? null : "<token>")
                + ", timeoutSeconds=" + timeoutSeconds + ", allowWatchBookmarks=" + allowWatchBookmarks
                + ", sendInitialEvents=" + sendInitialEvents + "]";
    }

    /** Builds {@link ListOptions}. Not thread-safe. Empty strings mean "not set". */
    public static final class Builder {
        private @Nullable String labelSelector;
        private @Nullable String fieldSelector;
        private @Nullable String resourceVersion;
        private @Nullable String resourceVersionMatch;
        private long limit;
        private @Nullable String continueToken;
        private @Nullable Integer timeoutSeconds;
        private boolean allowWatchBookmarks;
        private @Nullable Boolean sendInitialEvents;

        private Builder() {}

        private Builder(ListOptions o) {
            labelSelector = o.labelSelector;
            fieldSelector = o.fieldSelector;
            resourceVersion = o.resourceVersion;
            resourceVersionMatch = o.resourceVersionMatch;
            limit = o.limit;
            continueToken = o.continueToken;
            timeoutSeconds = o.timeoutSeconds;
            allowWatchBookmarks = o.allowWatchBookmarks;
            sendInitialEvents = o.sendInitialEvents;
        }

        public Builder labelSelector(@Nullable String selector) {
            this.labelSelector = emptyToNull(selector);
            return this;
        }

        public Builder fieldSelector(@Nullable String selector) {
            this.fieldSelector = emptyToNull(selector);
            return this;
        }

        public Builder resourceVersion(@Nullable String version) {
            this.resourceVersion = emptyToNull(version);
            return this;
        }

        public Builder resourceVersionMatch(@Nullable String match) {
            this.resourceVersionMatch = emptyToNull(match);
            return this;
        }

        /**
         * Sets the page size of a list ({@code 0}: no limit).
         *
         * @throws IllegalArgumentException if negative
         */
        public Builder limit(long pageSize) {
            if (pageSize < 0) {
                throw new IllegalArgumentException("limit must not be negative: " + pageSize);
            }
            this.limit = pageSize;
            return this;
        }

        public Builder continueToken(@Nullable String token) {
            this.continueToken = emptyToNull(token);
            return this;
        }

        /**
         * Sets the server-side timeout of a list or watch ({@code null}: the server's default).
         *
         * @throws IllegalArgumentException if negative
         */
        public Builder timeoutSeconds(@Nullable Integer seconds) {
            if (seconds != null && seconds < 0) {
                throw new IllegalArgumentException("timeoutSeconds must not be negative: " + seconds);
            }
            this.timeoutSeconds = seconds;
            return this;
        }

        public Builder allowWatchBookmarks(boolean allow) {
            this.allowWatchBookmarks = allow;
            return this;
        }

        public Builder sendInitialEvents(@Nullable Boolean send) {
            this.sendInitialEvents = send;
            return this;
        }

        public ListOptions build() {
            return new ListOptions(this);
        }

        private static @Nullable String emptyToNull(@Nullable String s) {
            return s == null || s.isEmpty() ? null : s;
        }
    }
}
