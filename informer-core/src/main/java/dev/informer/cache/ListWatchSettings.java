package dev.informer.cache;

import dev.informer.clock.Clock;
import dev.informer.store.KeyFunction;
import dev.informer.store.ObjectMetaAccessor;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The settings that {@link Reflector.Builder} and {@link SharedIndexInformer.Builder} share, written
 * once: the name, the resync period, the key function and metadata adapter, the clock, the thread
 * factory and the watch error handler. An informer passes its values on to the reflector it builds
 * at start. Package-private: its public setters are part of the two builders' API (each returns the
 * builder it was called on). Not thread-safe, as the builders.
 *
 * @param <T> the object type
 * @param <B> the builder's own type
 */
abstract class ListWatchSettings<T, B extends ListWatchSettings<T, B>> {

    String name;
    Duration resyncPeriod = Duration.ZERO;

    @Nullable
    KeyFunction<T> keyFunction;

    @Nullable
    Function<Object, ObjectMetaAccessor> metadata;

    Clock clock = Clock.system();

    @Nullable
    ThreadFactory threadFactory;

    @Nullable
    WatchErrorHandler watchErrorHandler;

    ListWatchSettings(String defaultName) {
        this.name = defaultName;
    }

    /** This builder, as its own type. */
    abstract B self();

    /**
     * The name for log lines, thread names, metrics labels and the error handler; default {@code
     * "reflector"} for a reflector, {@code "informer"} for an informer.
     */
    public B name(String name) {
        this.name = Objects.requireNonNull(name, "name");
        return self();
    }

    /**
     * The resync period; zero (the default) disables resync. A reflector considers a resync of its
     * store every period of a watch; an informer uses it as the resync period of handlers added without
     * one and as its initial resync check period.
     *
     * @throws IllegalArgumentException if negative
     */
    public B resyncPeriod(Duration resyncPeriod) {
        if (resyncPeriod.isNegative()) {
            throw new IllegalArgumentException("resyncPeriod must not be negative: " + resyncPeriod);
        }
        this.resyncPeriod = resyncPeriod;
        return self();
    }

    /**
     * The key of an object: an informer's cache key, and the key in a streaming list's temporary
     * store. Default namespace/name, read through the {@link #metadata} adapter when an informer has
     * one.
     */
    public B keyFunction(KeyFunction<T> keyFunction) {
        this.keyFunction = Objects.requireNonNull(keyFunction, "keyFunction");
        return self();
    }

    /**
     * The metadata adapter, for a model that does not implement {@link ObjectMetaAccessor} (e.g. {@code
     * ResourceType.metadataAccessor()}, which the client's {@code Informers.builder} sets): reads the
     * resource versions of list and event objects and the streaming list's {@code
     * k8s.io/initial-events-end} bookmark annotation; an informer's default cache key and change
     * detection read through it too (a reflector's key function does not: give it the same adapter).
     * Default: the object's own {@link ObjectMetaAccessor}.
     */
    public B metadata(Function<Object, ObjectMetaAccessor> metadata) {
        this.metadata = Objects.requireNonNull(metadata, "metadata");
        return self();
    }

    /** The clock for backoff, resync and watch durations; default {@link Clock#system()}. */
    public B clock(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        return self();
    }

    /**
     * Makes the threads: a reflector's loop and resync threads; an informer's reflector, processing and
     * listener threads. Default platform daemon threads ({@link
     * dev.informer.concurrent.ThreadFactories#virtualIfAvailable(String)} is the one-line switch to
     * virtual threads).
     */
    public B threadFactory(ThreadFactory threadFactory) {
        this.threadFactory = Objects.requireNonNull(threadFactory, "threadFactory");
        return self();
    }

    /**
     * Called with every list or watch failure (see {@link SharedInformer#setWatchErrorHandler}); default
     * {@link WatchErrorHandler#logging(Clock)} on this builder's clock.
     */
    public B watchErrorHandler(WatchErrorHandler watchErrorHandler) {
        this.watchErrorHandler = Objects.requireNonNull(watchErrorHandler, "watchErrorHandler");
        return self();
    }
}
