package dev.informer.cache;

import dev.informer.api.Pod;
import dev.informer.api.Status;
import dev.informer.client.KubernetesClient;
import dev.informer.testing.EmbeddedApiServer;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadFactory;
import org.junit.jupiter.api.AfterEach;

/**
 * Base of the reflector and informer tests over a {@link FakeListerWatcher} of pods: the informer or reflector a
 * test starts into {@link #informer} or {@link #reflector} is stopped after it.
 */
abstract class FakeApiTestBase {
    /** The fake API the informer or reflector lists and watches. */
    protected final FakeListerWatcher<Pod> lw = new FakeListerWatcher<>();
    /** The store a test's reflector fills. */
    protected final RecordingStore<Pod> store = new RecordingStore<>();
    /** What the watch error handler of a test's reflector reported, if the test wires it here. */
    protected final List<RuntimeException> errors = new CopyOnWriteArrayList<>();
    /** Every thread a test's {@link #recordingThreads} factory made, in order. */
    protected final List<Thread> threads = new CopyOnWriteArrayList<>();
    /** The informer under test, if any. */
    protected SharedIndexInformer<Pod> informer;
    /** The reflector under test, if any. */
    protected Reflector<Pod> reflector;

    @AfterEach
    final void stopInformerAndReflector() {
        if (informer != null) {
            informer.close();
        }
        if (reflector != null) {
            reflector.close();
        }
    }

    /** A factory of daemon threads named {@code prefix} and their number, each recorded in {@link #threads}. */
    protected ThreadFactory recordingThreads(String prefix) {
        return task -> {
            Thread thread = new Thread(task, prefix + threads.size());
            thread.setDaemon(true);
            threads.add(thread);
            return thread;
        };
    }

    /** A builder of a "pods" informer on {@link #lw} with a 1 ms constant backoff and {@link #recordingThreads}. */
    protected SharedIndexInformer.Builder<Pod> informerBuilder(String threadPrefix) {
        return SharedIndexInformer.builder(lw)
                .name("pods")
                .threadFactory(recordingThreads(threadPrefix))
                .backoff(BackoffPolicy.constant(Duration.ofMillis(1)));
    }

    /** Reflector options that back off for the constant {@code backoff}, jittered from a fixed seed so runs repeat. */
    protected static ReflectorOptions.Builder constantBackoff(Duration backoff) {
        return ReflectorOptions.builder()
                .backoff(BackoffPolicy.constant(backoff))
                .random(new Random(7));
    }

    /**
     * A builder of a reflector named {@code name} that lists and watches {@link #lw} into {@link #store} with
     * {@code options}, reporting its watch errors to {@link #errors}.
     */
    protected Reflector.Builder<Pod> reflectorBuilder(String name, ReflectorOptions.Builder options) {
        return Reflector.builder(lw, store)
                .name(name)
                .options(options.build())
                .watchErrorHandler((reflectorName, error) -> errors.add(error));
    }

    /** Builds and starts the reflector under test. */
    protected Reflector<Pod> start(Reflector.Builder<Pod> builder) {
        reflector = builder.build();
        reflector.start();
        return reflector;
    }

    /**
     * Ends the first watch with a 410 "gone" (Expired) error and waits for the second watch: by then the reflector
     * has listed (or streamed) again.
     */
    protected void expireTheFirstWatchAndAwaitTheNext() {
        lw.watcher(0).error(Status.failure(410, Status.REASON_EXPIRED, "gone"));
        lw.watcher(1);
    }

    /** Stops what an informer test over the embedded server started, in reverse order; any of them may be null. */
    static void stopAll(SharedIndexInformer<?> informer, KubernetesClient client, EmbeddedApiServer server) {
        if (informer != null) {
            informer.close();
        }
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
    }
}
