package dev.informer.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.testing.Await;
import dev.informer.testsupport.TestThreads;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class CancellationTokenTest {

    @Test
    void callbacksRunOnceInOrderAndLateOnesRunAtOnce() {
        CancellationToken token = new CancellationToken();
        List<String> calls = new CopyOnWriteArrayList<>();
        token.onCancel(() -> calls.add("first"));
        token.onCancel(() -> {
            throw new IllegalStateException("a failing callback");
        });
        token.onCancel(() -> calls.add("third"));
        assertFalse(token.isCancelled());
        assertTrue(calls.isEmpty());

        token.cancel();
        token.cancel();
        assertTrue(token.isCancelled());
        assertEquals(List.of("first", "third"), calls, "once each, a throwing one does not stop the rest");

        token.onCancel(() -> calls.add("late"));
        assertEquals(List.of("first", "third", "late"), calls);
    }

    @Test
    void awaitCancellationReturnsWhenCancelled() throws Exception {
        CancellationToken token = new CancellationToken();
        assertFalse(token.awaitCancellation(Duration.ofMillis(1)));
        Thread waiter = TestThreads.startInterruptible("waiter", token::awaitCancellation);
        Await.until("waiting", () -> waiter.getState() == Thread.State.WAITING);
        token.cancel();
        Await.terminated(waiter);
        assertTrue(token.awaitCancellation(Duration.ZERO));
    }
}
