package dev.informer.benchmarks;

import dev.informer.api.Pod;
import dev.informer.api.ResourceType;
import dev.informer.cache.ResourceEventHandler;
import dev.informer.cache.SharedIndexInformer;
import dev.informer.client.ClientConfig;
import dev.informer.client.Informers;
import dev.informer.client.KubernetesClient;
import dev.informer.store.RealFifoOptions;
import dev.informer.testing.EmbeddedApiServer;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The informer end to end with each queue: the embedded API server holds {@link #pods} pods
 * ({@link InformerSyncBenchmark}'s realistic ones); one op = a fresh informer started over HTTP until
 * it has synced and a handler has received every pod's add (list decoded, queued, popped, indexed,
 * dispatched). {@code queue}: {@code DeltaFifo} (the default), {@code RealFifo} (plain, one by one),
 * {@code RealFifoBatch} (batches of 1000), {@code ClientGo136} ({@link RealFifoOptions#clientGoDefaults()}:
 * atomic relist, batches, unlock while processing, bookmarks).
 *
 * <p>Run settings as {@link SingleSyncBenchmark}'s, but 10 measured syncs in each of 3 forks on a
 * 3 GiB heap (its own {@code @Measurement} and {@code @Fork} override the superclass's). Run:
 * {@code java -jar benchmarks/target/benchmarks.jar InformerQueue}.
 */
@State(Scope.Benchmark)
@Measurement(iterations = 10)
@Fork(
        value = 3,
        jvmArgsAppend = {"-Xms3g", "-Xmx3g", SyncFixture.PRE_TOUCH, SyncFixture.GC})
public class InformerQueueBenchmark extends SingleSyncBenchmark {

    @Param("10000")
    public int pods;

    @Param({"DeltaFifo", "RealFifo", "RealFifoBatch", "ClientGo136"})
    public String queue;

    private EmbeddedApiServer server;
    private KubernetesClient client;
    private SharedIndexInformer<Pod> informer;

    @Setup(Level.Trial)
    public void seedServer() {
        server = SyncFixture.startServerWithPods(pods);
        client = KubernetesClient.create(
                ClientConfig.builder().server(server.url()).build());
    }

    @TearDown(Level.Trial)
    public void stopServer() {
        client.close();
        server.close();
    }

    /** Returns the number of adds the handler received (pods). */
    @Benchmark
    public int startToAllDelivered() throws Exception {
        SharedIndexInformer.Builder<Pod> builder = Informers.builder(client.resource(ResourceType.PODS));
        switch (queue) {
            case "DeltaFifo" -> builder.deltaFifo();
            case "RealFifo" -> builder.realFifo(RealFifoOptions.plain());
            case "RealFifoBatch" ->
                builder.realFifo(RealFifoOptions.builder()
                        .maxBatchSize(RealFifoOptions.CLIENT_GO_BATCH_SIZE)
                        .build());
            case "ClientGo136" -> builder.realFifo(RealFifoOptions.clientGoDefaults());
            default -> throw new IllegalArgumentException("unknown queue " + queue);
        }
        informer = builder.build();
        AtomicInteger adds = new AtomicInteger();
        informer.addEventHandler(new ResourceEventHandler<>() {
            @Override
            public void onAdd(Pod obj, boolean isInInitialList) {
                adds.incrementAndGet();
            }

            @Override
            public void onUpdate(Pod oldObj, Pod newObj) {}

            @Override
            public void onDelete(Object obj) {}
        });
        informer.start();
        SyncFixture.await(
                () -> informer.hasSynced() && adds.get() >= pods,
                Duration.ofMinutes(5),
                "synced and " + pods + " adds delivered with " + queue);
        return adds.get();
    }

    @TearDown(Level.Invocation)
    public void stopInformer() {
        informer.close();
        informer = null;
    }
}
