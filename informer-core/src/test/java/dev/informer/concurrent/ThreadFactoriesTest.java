package dev.informer.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ThreadFactoriesTest {

    @Test
    void platformDaemonThreadsAreNumberedDaemons() {
        ThreadFactory factory = ThreadFactories.platformDaemon("listener");
        Thread first = factory.newThread(() -> {});
        Thread second = factory.newThread(() -> {});
        assertEquals("listener-1", first.getName());
        assertEquals("listener-2", second.getName());
        assertTrue(first.isDaemon());
    }

    @Test
    void virtualIfAvailableUsesVirtualThreadsExactlyWhenTheJvmHasThem() throws Exception {
        int feature = Runtime.version().feature();
        assertEquals(feature >= 21, ThreadFactories.virtualThreadsAvailable());

        ThreadFactory factory = ThreadFactories.virtualIfAvailable("informer");
        CountDownLatch ran = new CountDownLatch(1);
        Thread thread = factory.newThread(ran::countDown);
        assertEquals("informer-1", thread.getName());
        assertEquals(feature >= 21, isVirtual(thread));
        assertTrue(thread.isDaemon(), "virtual threads are daemons too");
        thread.start();
        assertTrue(ran.await(10, TimeUnit.SECONDS));
        assertEquals("informer-2", factory.newThread(() -> {}).getName());
    }

    @Test
    void blankPrefixesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> ThreadFactories.platformDaemon(" "));
        assertThrows(IllegalArgumentException.class, () -> ThreadFactories.virtualIfAvailable(""));
        assertThrows(NullPointerException.class, () -> ThreadFactories.virtualIfAvailable(null));
    }

    private static boolean isVirtual(Thread thread) throws Exception {
        try {
            Method isVirtual = Thread.class.getMethod("isVirtual");
            return (boolean) isVirtual.invoke(thread);
        } catch (NoSuchMethodException e) {
            return false; // before Java 19 no thread is virtual
        }
    }
}
