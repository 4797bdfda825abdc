package dev.informer.controller;

import dev.informer.cache.CancellationToken;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** Records every reconcile (in order, and counted per key), then delegates to a behaviour (default done). */
final class RecordingReconciler implements Reconciler<Request> {

    final List<Request> calls = new CopyOnWriteArrayList<>();
    final Map<Request, AtomicInteger> counts = new ConcurrentHashMap<>();
    private final Reconciler<Request> behaviour;

    RecordingReconciler() {
        this((key, cancellation) -> Result.done());
    }

    RecordingReconciler(Reconciler<Request> behaviour) {
        this.behaviour = behaviour;
    }

    int count(Request key) {
        AtomicInteger n = counts.get(key);
        return n == null ? 0 : n.get();
    }

    @Override
    public Result reconcile(Request key, CancellationToken cancellation) throws Exception {
        calls.add(key);
        counts.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
        return behaviour.reconcile(key, cancellation);
    }
}
