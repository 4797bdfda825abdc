package dev.informer.leaderelection;

import dev.informer.clock.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Random;
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

    /**
     * A builder with these callbacks, {@code lock} and {@code clock}, client-go's default 15 s lease, 10 s renew
     * deadline and 2 s retry period, and jitter from a {@code seed}ed random.
     */
    LeaderElector.Builder electorWithDefaults(ResourceLock lock, Clock clock, long seed) {
        return applyTo(LeaderElector.builder())
                .lock(lock)
                .leaseDuration(Duration.ofSeconds(15))
                .renewDeadline(Duration.ofSeconds(10))
                .retryPeriod(Duration.ofSeconds(2))
                .clock(clock)
                .random(new Random(seed));
    }

    LeaderElector.Builder applyTo(LeaderElector.Builder builder) {
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
