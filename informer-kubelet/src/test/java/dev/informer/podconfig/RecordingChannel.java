package dev.informer.podconfig;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A source channel that records what a source sends, in {@code sent}. */
record RecordingChannel(String source, LinkedBlockingQueue<PodUpdate> sent) implements SourceChannel<PodUpdate> {

    RecordingChannel(String source) {
        this(source, new LinkedBlockingQueue<>());
    }

    @Override
    public void send(PodUpdate update) {
        sent.add(update);
    }

    @Override
    public boolean offer(PodUpdate update, Duration timeout) {
        return sent.add(update);
    }

    /** The next update sent, failing after ten seconds. */
    PodUpdate next() throws InterruptedException {
        PodUpdate update = sent.poll(10, TimeUnit.SECONDS);
        assertNotNull(update, "the source sent nothing within 10 s");
        return update;
    }

    /** Fails if anything was sent within {@code wait} (a short real-time window). */
    void expectNothing(Duration wait) throws InterruptedException {
        assertNull(sent.poll(wait.toMillis(), TimeUnit.MILLISECONDS), "the source sent an update");
    }

    int pending() {
        return sent.size();
    }
}
