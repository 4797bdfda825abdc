package dev.informer.cache;

import static dev.informer.cache.ReflectorTest.pod;
import static dev.informer.cache.ReflectorTest.podList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.informer.api.Pod;
import dev.informer.concurrent.ThreadFactories;
import dev.informer.testsupport.Await;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The dispatch mode is one option of the informer builder: the handlers run as it says. */
class InformerDispatchModeTest {

    private final FakeListerWatcher<Pod> lw = new FakeListerWatcher<>();
    private SharedIndexInformer<Pod> informer;

    @AfterEach
    void stopInformer() {
        if (informer != null) {
            informer.close();
        }
    }

    /** Records the thread of every call. */
    static final class ThreadRecorder implements ResourceEventHandler<Pod> {
        final List<Thread> threads = new CopyOnWriteArrayList<>();

        @Override
        public void onAdd(Pod obj, boolean isInInitialList) {
            threads.add(Thread.currentThread());
        }
    }

    private List<ThreadRecorder> runTwoHandlers(DispatchMode mode) {
        lw.onList = options -> podList("10", pod("a", "1"), pod("b", "2"));
        informer =
                SharedIndexInformer.builder(lw).name("pods").dispatchMode(mode).build();
        ThreadRecorder first = new ThreadRecorder();
        ThreadRecorder second = new ThreadRecorder();
        informer.addEventHandler(first);
        informer.addEventHandler(second);
        informer.start();
        Await.until("both handlers saw both pods", () -> first.threads.size() == 2 && second.threads.size() == 2);
        return List.of(first, second);
    }

    @Test
    void aOneWorkerPoolRunsEveryHandlerOnItsWorker() {
        List<ThreadRecorder> handlers = runTwoHandlers(DispatchMode.pooled(1, Duration.ofSeconds(30)));
        Thread worker = handlers.get(0).threads.get(0);
        for (ThreadRecorder handler : handlers) {
            handler.threads.forEach(thread -> assertEquals(worker, thread));
        }
    }

    @Test
    void threadPerListenerRunsEachHandlerOnItsOwnThread() {
        List<ThreadRecorder> handlers = runTwoHandlers(DispatchMode.threadPerListener());
        assertEquals(handlers.get(0).threads.get(0), handlers.get(0).threads.get(1));
        assertNotEquals(handlers.get(0).threads.get(0), handlers.get(1).threads.get(0));
    }

    @Test
    void virtualThreadsRunEachHandlerOnAVirtualThreadOnJava21AndLater() throws Exception {
        assumeTrue(ThreadFactories.virtualThreadsAvailable(), "virtual threads need Java 21+");
        List<ThreadRecorder> handlers = runTwoHandlers(DispatchMode.virtualThreads());
        for (ThreadRecorder handler : handlers) {
            assertEquals(Boolean.TRUE, Thread.class.getMethod("isVirtual").invoke(handler.threads.get(0)));
        }
    }
}
