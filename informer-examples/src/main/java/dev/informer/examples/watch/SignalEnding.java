package dev.informer.examples.watch;

/**
 * Hands the {@code watch} command's session to its shutdown hook, which may run at any moment,
 * even before the session exists. Whichever comes first decides: a signal before {@link
 * #attach(Object)} means the hook prints an empty store and the session must never start; a signal
 * after it means the hook finishes that session.
 *
 * <p>Thread-safe: the main thread attaches, the shutdown hook signals; both under one lock. Neither
 * method blocks beyond that lock.
 *
 * @param <S> the session type
 */
final class SignalEnding<S> {

    private final Object lock = new Object();
    // @GuardedBy("lock")
    private S session;
    // @GuardedBy("lock")
    private boolean signalled;

    /**
     * Makes {@code started} the session a later signal finishes.
     *
     * @return false if a signal came first: then the caller must not start the session
     * @throws NullPointerException if {@code started} is null
     * @throws IllegalStateException if a session was attached before
     */
    boolean attach(S started) {
        if (started == null) {
            throw new NullPointerException("session");
        }
        synchronized (lock) {
            if (session != null) {
                throw new IllegalStateException("a watch session is already attached: " + session);
            }
            if (signalled) {
                return false;
            }
            session = started;
            return true;
        }
    }

    /**
     * Records the signal; from now on {@link #attach(Object)} refuses.
     *
     * @return the attached session, or null if none was attached before the signal
     */
    S signalled() {
        synchronized (lock) {
            signalled = true;
            return session;
        }
    }
}
