package dev.informer.cache;

/**
 * The handle returned when a {@link ResourceEventHandler} is registered with an informer; pass it to
 * the informer's {@code removeEventHandler} to unregister (client-go's
 * {@code ResourceEventHandlerRegistration}).
 *
 * <p>Thread-safe; every method is non-blocking.
 */
public interface ResourceEventHandlerRegistration {

    /**
     * Whether the informer has synced and this handler has been delivered every notification of the
     * initial list (its own replay of the store, if it was registered after the informer started).
     * Unlike the informer's own {@code hasSynced}, this tells a controller that its handler has seen
     * the whole initial state, not just that the store has.
     */
    boolean hasSynced();

    /**
     * {@link #hasSynced()} as a named {@link DoneChecker} for {@link Sync#waitFor}; the informer's
     * registrations are named {@code "<informer>/<handler name>"} ({@code "<informer>/listener <n>"}
     * without a name). The default is named {@code "handler registration"}.
     */
    default DoneChecker hasSyncedChecker() {
        return DoneChecker.of("handler registration", this::hasSynced);
    }

    /** A snapshot of this registration's delivery metrics. */
    ListenerMetrics metrics();
}
