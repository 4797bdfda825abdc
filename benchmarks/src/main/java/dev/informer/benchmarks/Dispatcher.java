package dev.informer.benchmarks;

import dev.informer.cache.DispatchMode;
import dev.informer.cache.ResourceEventHandler;
import dev.informer.cache.internal.Notification;
import dev.informer.clock.Clock;
import dev.informer.concurrent.ThreadFactories;
import io.fabric8.kubernetes.api.model.Pod;
import io.kubernetes.client.informer.cache.ProcessorListener;
import io.kubernetes.client.openapi.models.V1Pod;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One informer's dispatch stage (its shared processor and listeners) behind a common face, so a
 * benchmark distributes the same ADDED notification through ours or a peer's.
 *
 * <ul>
 *   <li>{@code ours}: {@code dev.informer.cache.internal.SharedProcessor}, a growing ring buffer
 *       per listener, run in the given {@link DispatchMode} (by default the worker pool).</li>
 *   <li>{@code clientJava}: {@code io.kubernetes.client.informer.cache.SharedProcessor} with a
 *       cached thread pool (its default), each ProcessorListener draining its own
 *       LinkedBlockingQueue on a pool thread.</li>
 *   <li>{@code fabric8}: {@code io.fabric8...informers.impl.cache.SharedProcessor} over a cached
 *       thread pool (what its client hands informers): every distribute is one task on a serial
 *       executor that calls each listener's handler in turn, so handlers share one thread.</li>
 * </ul>
 * {@link #distribute()} may be called from one thread at a time; handlers run on the library's
 * threads. {@link #stop()} ends those threads.
 */
interface Dispatcher {

    /** Distributes one ADDED notification of the dispatcher's object to every listener. */
    void distribute();

    /** Stops the processor and its listener threads; idempotent. */
    void stop() throws InterruptedException;

    /**
     * A started dispatcher of {@code impl} with one listener per handler; each handler receives the
     * distributed object. {@code impl} is a peer ({@code clientJava}, {@code fabric8}) or ours in a
     * dispatch mode: {@code ours} (the default mode), {@code pooled}, {@code thread}, {@code virtual}
     * (Java 21+), or {@code pooledN} (a pool of N workers).
     *
     * @throws IllegalArgumentException for an unknown impl
     */
    static Dispatcher start(String impl, BenchObject object, List<Consumer<Object>> handlers) {
        return switch (impl) {
            case "clientJava" -> clientJava(PeerObjects.clientJava(object), handlers);
            case "fabric8" -> fabric8(PeerObjects.fabric8(object), handlers);
            case "ours" -> ours(DispatchMode.defaults(), object, handlers);
            default -> ours(mode(impl), object, handlers);
        };
    }

    private static Dispatcher ours(DispatchMode mode, BenchObject object, List<Consumer<Object>> handlers) {
        var processor = new dev.informer.cache.internal.SharedProcessor<BenchObject>(
                "bench",
                Clock.system(),
                ThreadFactories.platformDaemon("bench-ours-listener"),
                dev.informer.cache.internal.ProcessorListener.INITIAL_BUFFER_SIZE,
                mode);
        for (Consumer<Object> handler : handlers) {
            processor.addListener(
                    new ResourceEventHandler<BenchObject>() {
                        @Override
                        public void onAdd(BenchObject obj, boolean isInInitialList) {
                            handler.accept(obj);
                        }
                    },
                    () -> true);
        }
        processor.start();
        return new Dispatcher() {
            @Override
            public void distribute() {
                // One notification per event, as the informer allocates it.
                processor.distribute(Notification.added(object, false), false);
            }

            @Override
            public void stop() throws InterruptedException {
                processor.stop();
            }
        };
    }

    private static Dispatcher clientJava(V1Pod object, List<Consumer<Object>> handlers) {
        ExecutorService pool = Executors.newCachedThreadPool(daemon("bench-client-java-listener"));
        var processor = new io.kubernetes.client.informer.cache.SharedProcessor<V1Pod>(pool);
        for (Consumer<Object> handler : handlers) {
            processor.addAndStartListener(new ProcessorListener<>(
                    new io.kubernetes.client.informer.ResourceEventHandler<V1Pod>() {
                        @Override
                        public void onAdd(V1Pod obj) {
                            handler.accept(obj);
                        }

                        @Override
                        public void onUpdate(V1Pod oldObj, V1Pod newObj) {}

                        @Override
                        public void onDelete(V1Pod obj, boolean deletedFinalStateUnknown) {}
                    },
                    0));
        }
        return new Dispatcher() {
            @Override
            public void distribute() {
                processor.distribute(new ProcessorListener.AddNotification<>(object), false);
            }

            @Override
            public void stop() throws InterruptedException {
                processor.stop();
                pool.awaitTermination(5, TimeUnit.SECONDS);
            }
        };
    }

    private static Dispatcher fabric8(Pod object, List<Consumer<Object>> handlers) {
        ExecutorService pool = Executors.newCachedThreadPool(daemon("bench-fabric8-informer"));
        var processor = new io.fabric8.kubernetes.client.informers.impl.cache.SharedProcessor<Pod>(pool, "bench");
        for (Consumer<Object> handler : handlers) {
            processor.addProcessorListener(
                    new io.fabric8.kubernetes.client.informers.ResourceEventHandler<Pod>() {
                        @Override
                        public void onAdd(Pod obj) {
                            handler.accept(obj);
                        }

                        @Override
                        public void onUpdate(Pod oldObj, Pod newObj) {}

                        @Override
                        public void onDelete(Pod obj, boolean deletedFinalStateUnknown) {}
                    },
                    0,
                    List::of);
        }
        return new Dispatcher() {
            @Override
            public void distribute() {
                processor.distribute(
                        new io.fabric8.kubernetes.client.informers.impl.cache.ProcessorListener.AddNotification<>(
                                object),
                        false);
            }

            @Override
            public void stop() throws InterruptedException {
                processor.stop();
                pool.shutdownNow();
                pool.awaitTermination(5, TimeUnit.SECONDS);
            }
        };
    }

    /**
     * {@link DispatchMode#named} plus {@code pooledN}: the pool with N workers and the default
     * slow-handler threshold (to compare pool sizes).
     */
    static DispatchMode mode(String name) {
        if (name.startsWith("pooled") && name.length() > "pooled".length()) {
            return DispatchMode.pooled(
                    Integer.parseInt(name.substring("pooled".length())), DispatchMode.DEFAULT_SLOW_HANDLER_THRESHOLD);
        }
        return DispatchMode.named(name);
    }

    private static ThreadFactory daemon(String prefix) {
        return ThreadFactories.platformDaemon(prefix);
    }
}
