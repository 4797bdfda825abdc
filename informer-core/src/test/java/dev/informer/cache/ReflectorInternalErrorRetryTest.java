package dev.informer.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.Status;
import dev.informer.client.StatusException;
import dev.informer.clock.testing.FakeClock;
import dev.informer.testing.Await;
import dev.informer.watch.StatusCarrier;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** client-go's MaxInternalErrorRetryDuration: a watch failing with a 500 is retried for that long before relisting. */
class ReflectorInternalErrorRetryTest extends FakeApiTestBase {

    private final FakeClock clock = new FakeClock();

    private void start(Duration maxInternalErrorRetryDuration) {
        lw.onList = options -> ReflectorTest.podList("10", ReflectorTest.pod("a", "10"));
        ReflectorOptions.Builder options = constantBackoff(Duration.ofSeconds(1))
                .useWatchList(false)
                .maxInternalErrorRetryDuration(maxInternalErrorRetryDuration);
        reflector = reflectorBuilder("internal-errors", options).clock(clock).build();
        reflector.start();
    }

    private static Status internalError() {
        return Status.failure(500, "InternalError", "etcd leader changed");
    }

    /** Once the reflector has reported its {@code failures}-th failure, lets its 1 s backoff pass. */
    private void backOffAfter(int failures) throws InterruptedException {
        Await.until(failures + " failure(s) reported", () -> errors.size() >= failures, Await.LONG_TIMEOUT);
        assertTrue(clock.awaitWaiters(1, Await.TIMEOUT), "backing off");
        clock.step(Duration.ofSeconds(1));
    }

    private List<String> watchedVersions() {
        return lw.watchCalls.stream().map(ReflectorTest::rv).collect(Collectors.toList());
    }

    @Test
    void byDefaultAnInternalErrorOnAWatchRelists() throws Exception {
        start(Duration.ZERO);
        lw.watcher(0).error(internalError());
        backOffAfter(1);
        lw.watcher(1);
        assertEquals(2, lw.listCalls.size(), "relisted");
        assertEquals(500, StatusCarrier.statusOf(errors.get(0)).code());
    }

    @Test
    void internalErrorsAreRewatchedFromTheSameVersionWithinTheDurationThenTheReflectorRelists() throws Exception {
        start(Duration.ofSeconds(30));
        lw.watcher(0).error(internalError()); // t=0: the first internal error opens the window
        backOffAfter(1);
        lw.watcher(1).error(internalError()); // t=1: still within 30 s
        backOffAfter(2);
        lw.watcher(2);
        assertEquals(1, lw.listCalls.size(), "no relist within the window");
        assertEquals(List.of("10", "10", "10"), watchedVersions());

        clock.step(Duration.ofSeconds(35)); // t=37: another error, 37 s after the first
        lw.watcher(2).error(internalError());
        backOffAfter(3);
        lw.watcher(3);
        assertEquals(2, lw.listCalls.size(), "relisted once the window was over");
        assertEquals(3, errors.size(), "each failure was reported");
    }

    @Test
    void anInternalErrorAnsweringTheWatchRequestIsRetriedToo() throws Exception {
        AtomicInteger watches = new AtomicInteger();
        lw.onWatch = options -> {
            if (watches.incrementAndGet() == 2) {
                throw StatusException.of(internalError());
            }
            return lw.newWatcher();
        };
        start(Duration.ofSeconds(30));
        lw.watcher(0).error(internalError());
        backOffAfter(1);
        backOffAfter(2); // the watch request answered 500
        lw.watcher(1);
        assertEquals(1, lw.listCalls.size());
        assertEquals(List.of("10", "10", "10"), watchedVersions());
    }

    @Test
    void otherServerErrorsStillRelist() throws Exception {
        start(Duration.ofSeconds(30));
        lw.watcher(0).error(Status.failure(503, "ServiceUnavailable", "the server is shutting down"));
        backOffAfter(1);
        lw.watcher(1);
        assertEquals(2, lw.listCalls.size());
    }
}
