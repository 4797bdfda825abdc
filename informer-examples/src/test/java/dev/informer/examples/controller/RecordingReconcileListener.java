package dev.informer.examples.controller;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Records what the example controller reports: its reconcile results, and its failures as text. Thread-safe. */
final class RecordingReconcileListener implements ReconcileListener {
    /** Every reconcile result, in order. */
    final List<ReconcileResult> reconciled = new CopyOnWriteArrayList<>();
    /** Every failure as {@code "<key> attempt <n> retry|dropped"}, in order. */
    final List<String> failures = new CopyOnWriteArrayList<>();

    @Override
    public void onReconciled(ReconcileResult result, Duration took) {
        reconciled.add(result);
    }

    @Override
    public void onFailed(AppKey key, RuntimeException error, int attempt, boolean willRetry) {
        failures.add(key + " attempt " + attempt + (willRetry ? " retry" : " dropped"));
    }
}
