package dev.informer.cache;

import java.util.Objects;

/**
 * Which informer a watch error belongs to, as given to a {@link WatchErrorHandlerWithContext}
 * (the role of the {@code context.Context} and {@code *Reflector} in client-go's {@code
 * WatchErrorHandlerWithContext}). Immutable value.
 *
 * @param informerName the informer's {@link SharedInformer#name()} (also its reflector's name)
 * @param resource     the resource it lists and watches ({@code "apps/v1/deployments"}, {@code
 *                     "v1/pods"}), or {@code ""} for an informer built from a bare {@link ListerWatcher}
 */
public record WatchErrorContext(String informerName, String resource) {

    /** @throws NullPointerException if an argument is {@code null} */
    public WatchErrorContext {
        Objects.requireNonNull(informerName, "informerName");
        Objects.requireNonNull(resource, "resource");
    }
}
