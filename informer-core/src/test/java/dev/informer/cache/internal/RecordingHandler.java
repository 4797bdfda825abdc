package dev.informer.cache.internal;

import dev.informer.cache.ResourceEventHandler;
import dev.informer.testing.Await;
import java.util.ArrayList;
import java.util.List;

/**
 * Records every notification as a string ({@code add:x}, {@code add-initial:x}, {@code update:old->new},
 * {@code delete:x}) and the thread it arrived on. Thread-safe.
 */
class RecordingHandler implements ResourceEventHandler<String> {

    private final List<String> events = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();

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
