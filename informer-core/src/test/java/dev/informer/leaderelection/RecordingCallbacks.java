package dev.informer.leaderelection;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The three callbacks of one candidate, recording what they saw. {@code onStartedLeading} waits for
 * its term to be cancelled (without using the clock, so it never counts as a clock waiter) and notes
 * whether it ended by cancellation.
 */
final class RecordingCallbacks {

    final CountDownLatch started = new CountDownLatch(1);
    final CountDownLatch startedReturned = new CountDownLatch(1);
    final CountDownLatch stopped = new CountDownLatch(1);
    final AtomicInteger startedCount = new AtomicInteger();
    final AtomicInteger stoppedCount = new AtomicInteger();
    final List<String> newLeaders = new CopyOnWriteArrayList<>();
    volatile LeaderContext context;
    volatile Thread startedThread;
    volatile boolean sawCancellation;

    LeaderElectorBuilder applyTo(LeaderElectorBuilder builder) {
        return builder.onStartedLeading(ctx -> {
                    context = ctx;
                    startedThread = Thread.currentThread();
                    startedCount.incrementAndGet();
                    started.countDown();
                    try {
                        ctx.awaitCancellation();
                        sawCancellation = ctx.isCancelled();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } finally {
                        startedReturned.countDown();
                    }
                })
                .onStoppedLeading(() -> {
                    stoppedCount.incrementAndGet();
                    stopped.countDown();
                })
                .onNewLeader(newLeaders::add);
    }

    boolean hasStopped() {
        return stopped.getCount() == 0;
    }
}
