package dev.informer.cache;

import dev.informer.api.ObjectList;
import dev.informer.api.Status;
import dev.informer.client.StatusException;
import dev.informer.testing.Await;
import dev.informer.watch.ListOptions;
import dev.informer.watch.Watch;
import dev.informer.watch.testing.FakeWatcher;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A scripted {@link ListerWatcher}: tests set what list and watch answer (or throw) and read back
 * the options of every call. By default a list is empty at resource version "1" and a watch is a
 * new {@link FakeWatcher} that stays open until the test or the reflector stops it. Unless
 * {@link #supportsStreamingLists} is set, a streaming list request ({@code sendInitialEvents}) is
 * rejected with 422, as a server without the WatchList feature: the reflector falls back to list + watch.
 */
final class FakeListerWatcher<T> implements ListerWatcher<T> {

    final List<ListOptions> listCalls = new CopyOnWriteArrayList<>();
    final List<ListOptions> watchCalls = new CopyOnWriteArrayList<>();
    final List<FakeWatcher<T>> watchers = new CopyOnWriteArrayList<>();
    volatile Function<ListOptions, ObjectList<T>> onList = options -> ObjectList.of("v1", "PodList", "1", List.of());
    volatile Function<ListOptions, Watch<T>> onWatch = options -> newWatcher();
    volatile boolean supportsStreamingLists;

    FakeWatcher<T> newWatcher() {
        FakeWatcher<T> watcher = new FakeWatcher<>();
        watchers.add(watcher);
        return watcher;
    }

    /**
     * Makes the first {@code count} watch calls throw what {@code failure} makes (no watcher is opened for them);
     * later calls open a new watcher.
     */
    void failWatches(int count, Supplier<? extends RuntimeException> failure) {
        AtomicInteger calls = new AtomicInteger();
        onWatch = options -> {
            if (calls.incrementAndGet() <= count) {
                throw failure.get();
            }
            return newWatcher();
        };
    }

    /**
     * Scripts the watch calls by their number: every call opens a new watcher, and call {@code n} (from 1) runs
     * {@code scripts[n - 1]} on it before returning it. A script may throw, as a server refusing that watch; calls
     * past the last script return their watcher untouched.
     */
    @SafeVarargs
    final void scriptWatches(Consumer<FakeWatcher<T>>... scripts) {
        AtomicInteger calls = new AtomicInteger();
        onWatch = options -> {
            FakeWatcher<T> watcher = newWatcher();
            int call = calls.incrementAndGet();
            if (call <= scripts.length) {
                scripts[call - 1].accept(watcher);
            }
            return watcher;
        };
    }

    FakeWatcher<T> watcher(int index) {
        Await.until("watch number " + (index + 1), () -> watchers.size() > index, Await.LONG_TIMEOUT);
        return watchers.get(index);
    }

    @Override
    public ObjectList<T> list(ListOptions options) {
        listCalls.add(options);
        return onList.apply(options);
    }

    @Override
    public Watch<T> watch(ListOptions options) {
        watchCalls.add(options);
        if (!supportsStreamingLists && Boolean.TRUE.equals(options.sendInitialEvents())) {
            throw StatusException.of(Status.failure(
                    422,
                    "Invalid",
                    "sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled"));
        }
        return onWatch.apply(options);
    }
}
