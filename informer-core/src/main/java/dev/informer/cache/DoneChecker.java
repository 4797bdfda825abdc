package dev.informer.cache;

import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * Something that becomes done once and stays done, with a name to report it by (client-go 1.37's
 * {@code DoneChecker}/{@code HasSyncedChecker}): an informer's {@link SharedInformer#hasSyncedChecker()}
 * (its store has the initial list) or a registration's {@link
 * ResourceEventHandlerRegistration#hasSyncedChecker()} (its handler has seen the initial list). Wait
 * for several with {@link Sync#waitFor}.
 *
 * <p>Implementations are thread-safe and {@link #isDone()} never blocks.
 */
public interface DoneChecker {

    /** What is checked, for messages ("pods", "pods/handler node-controller"). */
    String name();

    /** Whether it is done; once true, stays true. */
    boolean isDone();

    /** A checker named {@code name} that asks {@code isDone}. */
    static DoneChecker of(String name, BooleanSupplier isDone) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(isDone, "isDone");
        return new DoneChecker() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public boolean isDone() {
                return isDone.getAsBoolean();
            }

            @Override
            public String toString() {
                return "DoneChecker[" + name + "]";
            }
        };
    }
}
