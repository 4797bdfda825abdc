package dev.informer.cache;

import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A {@link WatchErrorHandler} that is told which informer and resource failed (client-go's {@code
 * WatchErrorHandlerWithContext}); set with {@link SharedInformer#setWatchErrorHandlerWithContext}.
 * Called when and where a {@link WatchErrorHandler} is: on the reflector's thread, so it must return
 * quickly; a runtime exception it throws is logged and otherwise ignored.
 */
@FunctionalInterface
public interface WatchErrorHandlerWithContext {

    /**
     * A list-and-watch cycle of the informer in {@code context} failed.
     *
     * @param error   what ended the cycle (see {@link WatchErrorHandler#onWatchError(String, RuntimeException)})
     * @param retryIn the delay before the reflector's next attempt, or {@code null} when the reflector
     *                did not say (it always does; only a direct 2-argument call of the adapted handler does not)
     */
    void onWatchError(WatchErrorContext context, RuntimeException error, @Nullable Duration retryIn);

    /** The informer listed or watched successfully after failures. The default does nothing. */
    default void onRecovered(WatchErrorContext context) {}

    /**
     * The plain {@code handler} seen as one with context: it is called with the context's informer
     * name as the reflector name (the informer's reflector has its name), so nothing changes for it.
     */
    static WatchErrorHandlerWithContext of(WatchErrorHandler handler) {
        Objects.requireNonNull(handler, "handler");
        return new WatchErrorHandlerWithContext() {
            @Override
            public void onWatchError(WatchErrorContext context, RuntimeException error, @Nullable Duration retryIn) {
                handler.onWatchError(context.informerName(), error, retryIn);
            }

            @Override
            public void onRecovered(WatchErrorContext context) {
                handler.onRecovered(context.informerName());
            }

            @Override
            public String toString() {
                return handler.toString();
            }
        };
    }
}
