package dev.informer.leaderelection;

import dev.informer.clock.Clock;
import dev.informer.codegen.GenerateBuilder;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The settings of one {@link LeaderElector} (client-go's {@code LeaderElectionConfig}), as {@link
 * LeaderElector.Builder} collects them: its setters are generated from these components. The lock
 * and the two required callbacks are {@code null} until set (their setters refuse {@code null});
 * {@link LeaderElector.Builder#build()} checks that they are set and the rules between the
 * durations. Immutable (the callbacks and the lock are shared, not copied).
 *
 * @param lock the lock competed for (required), e.g. {@link ResourceLock#lease}
 * @param leaseDuration how long other candidates wait, after observing the last change of the
 *     record, before taking the lock over (default 15 s); written into the lease in whole seconds
 * @param renewDeadline how long after its last successful renewal the leader keeps retrying before
 *     it gives up leading (default 10 s); from then on {@link LeaderElector#isLeader()} is false (the
 *     local fence)
 * @param retryPeriod the period between attempts to acquire or renew (default 2 s; acquisition adds
 *     jitter)
 * @param onStartedLeading called on a new thread when this candidate starts leading (required);
 *     typically runs the controller until the {@link LeaderContext} is cancelled
 * @param onStoppedLeading called once (required) when this candidate stops leading or, if it never
 *     led, when the election ends, as client-go does. Usually on the run thread; when the renew
 *     deadline passed and a caller of {@link LeaderElector#isLeader()} noticed it first, at once on a
 *     new thread from the thread factory (the run thread may be stuck in a lock call)
 * @param onNewLeader called (optional) on the notifier thread with the holder's identity each time
 *     the observed holder differs from the last one reported, the first observed holder included;
 *     {@code ""} when the lock was released
 * @param releaseOnCancel whether to release the lock when the election is stopped while leading
 *     (default false), so that another candidate takes over at its next retry instead of after the
 *     lease duration. Only safe if everything the lease guards has stopped before {@link
 *     LeaderElector#close()} is called
 * @param name a name for logs and health checks (default {@code ""})
 * @param clock the clock all waiting and timing uses (default {@link dev.informer.clock.Clock#system()})
 * @param threadFactory the factory of the run thread ({@link LeaderElector#start()}), the {@code
 *     onStartedLeading} threads and the notifier thread (default: daemon threads named {@code
 *     leader-election-N})
 * @param random the source of acquisition jitter (default an unseeded {@link java.util.Random}); seed it for
 *     reproducible tests
 * @param healthCheck a health check to attach the built elector to (client-go's {@code WatchDog})
 */
@GenerateBuilder(builder = "LeaderElector.Builder", checked = true)
record LeaderElectorSettings(
        @GenerateBuilder.NullUntilSet @Nullable ResourceLock lock,
        Duration leaseDuration,
        Duration renewDeadline,
        Duration retryPeriod,
        @GenerateBuilder.NullUntilSet @Nullable Consumer<LeaderContext> onStartedLeading,
        @GenerateBuilder.NullUntilSet @Nullable Runnable onStoppedLeading,
        @GenerateBuilder.NullUntilSet @Nullable Consumer<String> onNewLeader,
        boolean releaseOnCancel,
        String name,
        Clock clock,
        ThreadFactory threadFactory,
        Random random,
        @GenerateBuilder.NullUntilSet @Nullable LeaderElectionHealthCheck healthCheck) {}
