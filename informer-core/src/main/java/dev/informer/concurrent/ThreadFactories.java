package dev.informer.concurrent;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * Thread factories for the library's own threads (listener run threads, reflector loops, work queue
 * waiters), injected wherever a component starts a thread.
 *
 * <p>{@link #virtualIfAvailable(String)} is the one-line switch to virtual threads: on Java 21+ it
 * returns a factory of virtual threads (so thousands of listeners cost little memory), on Java 17-20
 * platform daemon threads. The library is compiled for Java 17, so the virtual-thread builder
 * ({@code Thread.ofVirtual().name(prefix, 1).factory()}) is reached through reflection, probed once.
 *
 * <p>The factories are thread-safe. Thread names are {@code prefix-N}, N counting from 1 per factory.
 */
public final class ThreadFactories {

    /** Thread.ofVirtual() and the Thread.Builder methods a factory needs. */
    private record VirtualThreadMethods(Method ofVirtual, Method name, Method factory) {}

    // null when virtual threads are unavailable
    private static final @Nullable VirtualThreadMethods VIRTUAL = probeVirtualThreads();

    private static @Nullable VirtualThreadMethods probeVirtualThreads() {
        try {
            Class<?> builder = Class.forName("java.lang.Thread$Builder");
            Method ofVirtual = Thread.class.getMethod("ofVirtual");
            Method name = builder.getMethod("name", String.class, long.class);
            Method factory = builder.getMethod("factory");
            // Java 19/20 have the methods as a preview that throws unless enabled: probe once.
            ofVirtual.invoke(null);
            return new VirtualThreadMethods(ofVirtual, name, factory);
        } catch (ReflectiveOperationException | UnsupportedOperationException e) {
            return null;
        }
    }

    private ThreadFactories() {}

    /** Whether this JVM has usable virtual threads (Java 21+). */
    public static boolean virtualThreadsAvailable() {
        return VIRTUAL != null;
    }

    /**
     * Platform daemon threads named {@code namePrefix-N}: daemon so that a forgotten informer or queue
     * never keeps the JVM alive.
     *
     * @throws IllegalArgumentException if {@code namePrefix} is blank
     */
    public static ThreadFactory platformDaemon(String namePrefix) {
        String prefix = requirePrefix(namePrefix);
        AtomicLong counter = new AtomicLong();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + "-" + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    /**
     * Virtual threads named {@code namePrefix-N} on Java 21+, otherwise {@link #platformDaemon(String)}.
     *
     * @throws IllegalArgumentException if {@code namePrefix} is blank
     */
    public static ThreadFactory virtualIfAvailable(String namePrefix) {
        String prefix = requirePrefix(namePrefix);
        VirtualThreadMethods virtual = VIRTUAL;
        if (virtual == null) {
            return platformDaemon(prefix);
        }
        try {
            Object builder = virtual.ofVirtual().invoke(null);
            builder = virtual.name().invoke(builder, prefix + "-", 1L);
            return (ThreadFactory) virtual.factory().invoke(builder);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException(
                    "could not create a virtual thread factory although the probe succeeded", e);
        }
    }

    private static String requirePrefix(String namePrefix) {
        Objects.requireNonNull(namePrefix, "namePrefix");
        if (namePrefix.isBlank()) {
            throw new IllegalArgumentException("a thread name prefix must not be blank");
        }
        return namePrefix;
    }
}
