package dev.informer.watch;

import java.util.List;
import org.jspecify.annotations.Nullable;

/** {@link Watches#fromEvents} and {@link Watches#empty}. One consumer; stop() thread-safe. */
final class EventListWatch<T> implements Watch<T> {

    private final List<Event<T>> events;
    // @GuardedBy("this")
    private int position;
    // @GuardedBy("this")
    private boolean stopped;

    EventListWatch(List<Event<T>> events) {
        this.events = events;
    }

    @Override
    public synchronized @Nullable Event<T> next() {
        if (stopped || position >= events.size()) {
            stopped = true;
            return null;
        }
        return events.get(position++);
    }

    @Override
    public synchronized void stop() {
        stopped = true;
    }

    @Override
    public synchronized boolean isStopped() {
        return stopped || position >= events.size();
    }
}
