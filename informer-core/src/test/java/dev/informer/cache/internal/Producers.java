package dev.informer.cache.internal;

import dev.informer.testing.Await;
import java.util.ArrayList;
import java.util.List;

/** Concurrent producers of a test: one thread a producer, each producing its numbered items in order. */
final class Producers {

    /** What producer {@code producer} does with its item {@code sequence} (from 0). */
    @FunctionalInterface
    interface Produce {
        void produce(int producer, int sequence);
    }

    private Producers() {}

    /**
     * Starts {@code producers} threads, each calling {@code produce} with its number and the items 0 to
     * {@code perProducer - 1} in order, and waits until every one has ended.
     */
    static void run(int producers, int perProducer, Produce produce) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            int producer = p;
            Thread thread = new Thread(() -> {
                for (int i = 0; i < perProducer; i++) {
                    produce.produce(producer, i);
                }
            });
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            Await.terminated(thread);
        }
    }
}
