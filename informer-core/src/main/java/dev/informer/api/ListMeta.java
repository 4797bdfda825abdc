package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * The metadata of a list response ({@code meta/v1 ListMeta}).
 *
 * <p>Immutable value, thread-safe. Lists are read, never written back, so fields this model does
 * not know (such as the deprecated {@code selfLink}) are ignored.
 *
 * @param resourceVersion    the resource version the list was read at; start a watch from it
 * @param continueToken      the wire's {@code continue}: the token for the next page, {@code null}
 *                           or empty on the last page
 * @param remainingItemCount how many items the following pages hold, when the server knows
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ListMeta(
        @Nullable String resourceVersion,
        @JsonProperty("continue") @Nullable String continueToken,
        @Nullable Long remainingItemCount) {

    /** List metadata carrying only a resource version. */
    public static ListMeta of(@Nullable String resourceVersion) {
        return new ListMeta(resourceVersion, null, null);
    }

    /** Whether a further page follows ({@code continue} is set and not empty). */
    public boolean hasMore() {
        return continueToken != null && !continueToken.isEmpty();
    }
}
