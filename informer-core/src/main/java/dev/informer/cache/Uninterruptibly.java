package dev.informer.cache;

/**
 * Runs a blocking shutdown step to its end even if the calling thread is interrupted meanwhile, then
 * restores the interrupt: a stop must not leave threads behind, and the caller must still learn of
 * the interrupt. Stateless and thread-safe; blocks for as long as the step does.
 */
final class Uninterruptibly {

    /** A blocking step that may be interrupted. */
    @FunctionalInterface
    interface BlockingStep {
        void run() throws InterruptedException;
    }

    private Uninterruptibly() {}

    /** Runs {@code step}, retrying it after each interrupt; re-interrupts the caller if any came. */
    static void run(BlockingStep step) {
        boolean interrupted = false;
        while (true) {
            try {
                step.run();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits for {@code thread} to end, however often the caller is interrupted meanwhile. */
    static void join(Thread thread) {
        run(thread::join);
    }
}
