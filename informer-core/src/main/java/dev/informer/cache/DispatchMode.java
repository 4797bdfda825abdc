package dev.informer.cache;

import dev.informer.concurrent.ThreadFactories;
import java.time.Duration;
import java.util.Objects;

/**
 * How an informer runs its listeners' delivery loops: the threading model of event dispatch. One
 * option on {@link SharedIndexInformer.Builder#dispatchMode}, the client's {@code SharedInformerFactory.Builder#dispatchMode}
 * and the shared processor.
 *
 * <p>Whatever the mode, each registration keeps its own unbounded, ordered pending buffer, its handler
 * is never called concurrently with itself, and a slow or throwing handler delays no other handler
 * (in {@link #pooled()} mode: at most once, by the {@linkplain #slowHandlerThreshold() threshold}).
 *
 * <ul>
 *   <li>{@link #pooled()} (the default): listeners are scheduled onto a small worker pool shared by the
 *       informer's listeners. A distribute costs at most one thread wake-up however many listeners
 *       there are; a worker drains a listener in batches, then yields it; idle workers spin briefly
 *       before parking. A watchdog moves a listener whose handler call has run longer than the
 *       threshold onto its own thread for good.</li>
 *   <li>{@link #threadPerListener()}: one dedicated platform thread per listener (from the
 *       informer's thread factory); every event wakes every listener thread.</li>
 *   <li>{@link #virtualThreads()}: one virtual thread per listener (Java 21+). A CPU-bound handler
 *       pins its carrier thread while it runs.</li>
 * </ul>
 *
 * <p>An immutable value, safe to share.
 */
public final class DispatchMode {

    /** The kinds of dispatch mode. */
    public enum Kind {
        /** A shared worker pool with a slow-handler watchdog. */
        POOLED,
        /** One platform thread per listener. */
        THREAD_PER_LISTENER,
        /** One virtual thread per listener (Java 21+). */
        VIRTUAL_THREADS
    }

    /** The handler call duration after which {@link #pooled()} moves a listener to its own thread. */
    public static final Duration DEFAULT_SLOW_HANDLER_THRESHOLD = Duration.ofMillis(5);

    /** The most notifications a pool worker delivers to one listener before yielding it. */
    public static final int BATCH_SIZE = 256;

    private static final DispatchMode THREAD_PER_LISTENER =
            new DispatchMode(Kind.THREAD_PER_LISTENER, 0, Duration.ZERO);

    private final Kind kind;
    private final int workers;
    private final Duration slowHandlerThreshold;

    private DispatchMode(Kind kind, int workers, Duration slowHandlerThreshold) {
        this.kind = kind;
        this.workers = workers;
        this.slowHandlerThreshold = slowHandlerThreshold;
    }

    /**
     * The default: {@link #pooled()}.
     */
    public static DispatchMode defaults() {
        return pooled();
    }

    /**
     * A shared worker pool of {@link #defaultWorkers()} workers and a slow-handler threshold of {@link
     * #DEFAULT_SLOW_HANDLER_THRESHOLD}.
     */
    public static DispatchMode pooled() {
        return pooled(defaultWorkers(), DEFAULT_SLOW_HANDLER_THRESHOLD);
    }

    /**
     * A shared worker pool of {@code workers} threads (from the informer's thread factory); a listener
     * whose handler call runs longer than {@code slowHandlerThreshold} (on the informer's clock) is moved
     * to a thread of its own, and the pool gets a new worker in its place.
     *
     * @throws IllegalArgumentException if {@code workers} is less than 1 or the threshold is not positive
     */
    public static DispatchMode pooled(int workers, Duration slowHandlerThreshold) {
        if (workers < 1) {
            throw new IllegalArgumentException("a dispatch pool needs at least 1 worker: " + workers);
        }
        Objects.requireNonNull(slowHandlerThreshold, "slowHandlerThreshold");
        if (slowHandlerThreshold.isNegative() || slowHandlerThreshold.isZero()) {
            throw new IllegalArgumentException("slowHandlerThreshold must be positive: " + slowHandlerThreshold);
        }
        return new DispatchMode(Kind.POOLED, workers, slowHandlerThreshold);
    }

    /** One dedicated platform thread per listener, from the informer's thread factory. */
    public static DispatchMode threadPerListener() {
        return THREAD_PER_LISTENER;
    }

    /**
     * One virtual thread per listener (the informer's thread factory is not used for them).
     *
     * @throws UnsupportedOperationException on a JVM without virtual threads (before Java 21)
     */
    public static DispatchMode virtualThreads() {
        if (!ThreadFactories.virtualThreadsAvailable()) {
            throw new UnsupportedOperationException("DispatchMode.virtualThreads() needs Java 21 or later; this JVM is "
                    + System.getProperty("java.vm.vendor") + " Java " + System.getProperty("java.version")
                    + ": use DispatchMode.pooled() or threadPerListener()");
        }
        return new DispatchMode(Kind.VIRTUAL_THREADS, 0, Duration.ZERO);
    }

    /**
     * The mode named {@code name}: {@code pooled}, {@code thread} (thread per listener) or {@code virtual}
     * (for benchmarks and command lines).
     *
     * @throws IllegalArgumentException for another name
     * @throws UnsupportedOperationException for {@code virtual} before Java 21
     */
    public static DispatchMode named(String name) {
        return switch (Objects.requireNonNull(name, "name")) {
            case "pooled" -> pooled();
            case "thread" -> threadPerListener();
            case "virtual" -> virtualThreads();
            default ->
                throw new IllegalArgumentException(
                        "unknown dispatch mode '" + name + "': expected pooled, thread or virtual");
        };
    }

    /** The pool size of {@link #pooled()}: half the available processors, at least 1 and at most 4. */
    public static int defaultWorkers() {
        return Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors() / 2));
    }

    /** This mode's kind. */
    public Kind kind() {
        return kind;
    }

    /** The pool size ({@link Kind#POOLED}); 0 for the other kinds. */
    public int workers() {
        return workers;
    }

    /** The slow-handler threshold ({@link Kind#POOLED}); zero for the other kinds. */
    public Duration slowHandlerThreshold() {
        return slowHandlerThreshold;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DispatchMode other
                && kind == other.kind
                && workers == other.workers
                && slowHandlerThreshold.equals(other.slowHandlerThreshold);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, workers, slowHandlerThreshold);
    }

    @Override
    public String toString() {
        return switch (kind) {
            case POOLED ->
                "DispatchMode.pooled(workers=" + workers + ", slowHandlerThreshold=" + slowHandlerThreshold + ")";
            case THREAD_PER_LISTENER -> "DispatchMode.threadPerListener()";
            case VIRTUAL_THREADS -> "DispatchMode.virtualThreads()";
        };
    }
}
