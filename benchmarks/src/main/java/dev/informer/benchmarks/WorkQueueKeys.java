package dev.informer.benchmarks;

/**
 * The keys that {@link WorkQueueBenchmark} and {@link PeerWorkQueueBenchmark} add, so that ours and the
 * peer's queue see the same ones: {@link #KEYS} distinct {@code namespace/name} keys over 10
 * namespaces, and a cursor that cycles through them.
 *
 * <p>Not thread-safe: one per JMH state (one state per thread).
 */
final class WorkQueueKeys {
    static final int KEYS = 1000;

    /** Every key, in the order {@link #next()} hands them out. */
    final String[] all = new String[KEYS];

    private int next;

    WorkQueueKeys() {
        for (int i = 0; i < KEYS; i++) {
            all[i] = "namespace-" + (i % 10) + "/pod-" + i;
        }
    }

    /** The next key; after the last one, the first again. */
    String next() {
        String key = all[next];
        next = next + 1 == KEYS ? 0 : next + 1;
        return key;
    }
}
