package dev.informer.watch;

import java.util.Objects;

/**
 * A watch over another one that changes what {@link #next()} returns but not the watch's life:
 * {@link #stop()} and {@link #isStopped()} go to the source. Thread-safety as the source's.
 */
abstract class ForwardingWatch<T> implements Watch<T> {

    /** The wrapped watch; stopping this watch stops it. */
    final Watch<T> source;

    ForwardingWatch(Watch<T> source) {
        this.source = Objects.requireNonNull(source, "source");
    }

    @Override
    public final void stop() {
        source.stop();
    }

    @Override
    public final boolean isStopped() {
        return source.isStopped();
    }
}
