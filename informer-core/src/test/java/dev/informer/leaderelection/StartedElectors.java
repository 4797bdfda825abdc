package dev.informer.leaderelection;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/** The electors a test started, so that it can stop them all and check that each one ended. Thread-safe. */
final class StartedElectors {
    private static final Duration WAIT = Duration.ofSeconds(20);

    private final List<LeaderElector> started = new CopyOnWriteArrayList<>();

    /** Builds and starts an elector, recording it. */
    LeaderElector start(LeaderElector.Builder builder) {
        return add(builder.build());
    }

    /** Records an elector the test built itself, and starts it. */
    LeaderElector add(LeaderElector elector) {
        started.add(elector);
        elector.start();
        return elector;
    }

    /** Starts an elector that becomes the leader: {@code callbacks} saw it start and it waits to renew on {@code clock}. */
    LeaderElector startLeading(LeaderElector.Builder builder, RecordingCallbacks callbacks, TrackingClock clock)
            throws InterruptedException {
        LeaderElector leader = start(builder);
        assertTrue(callbacks.started.await(WAIT.toSeconds(), TimeUnit.SECONDS), "started leading");
        clock.requireIdle(1, "leader waiting to renew");
        return leader;
    }

    /** Stops every recorded elector and checks that each one ended within 20 seconds. */
    void stopAll() throws InterruptedException {
        for (LeaderElector elector : started) {
            elector.close();
            assertTrue(elector.awaitTermination(WAIT), "elector ended");
        }
    }
}
