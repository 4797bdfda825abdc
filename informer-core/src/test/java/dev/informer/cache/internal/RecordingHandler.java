package dev.informer.cache.internal;

import dev.informer.cache.ResourceEventHandler;
import dev.informer.testing.Await;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Records every notification as a string ({@code add:x}, {@code add-initial:x}, {@code update:old->new},
 * {@code delete:x}) and the thread it arrived on. Thread-safe.
 */
class RecordingHandler implements ResourceEventHandler<String> {

    private final List<String> events = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();

    /** A recording handler that, after recording each add, runs {@code then} on the added object (which may throw). */
    static RecordingHandler afterEachAdd(Consumer<String> then) {
        return new RecordingHandler() {
            @Override
            public void onAdd(String obj, boolean isInInitialList) {
                super.onAdd(obj, isInInitialList);
                then.accept(obj);
            }
        };
    }

    /** A recording handler whose every add, once recorded, blocks until {@code release} opens (at most 10 s). */
    static RecordingHandler blockingAddsUntil(CountDownLatch release) {
        return afterEachAdd(obj -> awaitQuietly(release));
    }

    /** Waits until {@code latch} opens, failing after 10 s; an interrupt ends the wait and stays set. */
    static void awaitQuietly(CountDownLatch latch) {
        try {
            if (!latch.await(10, TimeUnit.SECONDS)) {
                throw new AssertionError("latch not released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void onAdd(String obj, boolean isInInitialList) {
        record((isInInitialList ? "add-initial:" : "add:") + obj);
    }

    @Override
    public void onUpdate(String oldObj, String newObj) {
        record("update:" + oldObj + "->" + newObj);
    }

    @Override
    public void onDelete(Object objOrTombstone) {
        record("delete:" + objOrTombstone);
    }

    synchronized void record(String event) {
        events.add(event);
        threads.add(Thread.currentThread());
    }

    synchronized List<String> events() {
        return List.copyOf(events);
    }

    synchronized int count() {
        return events.size();
    }

    synchronized List<Thread> threads() {
        return List.copyOf(threads);
    }

    void awaitCount(int count) {
        Await.until(count + " events recorded (have " + count() + ")", () -> count() >= count);
    }
}
