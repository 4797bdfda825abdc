package dev.informer.benchmarks;

import dev.informer.testing.EmbeddedApiServer;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.kubernetes.client.informer.SharedIndexInformer;
import io.kubernetes.client.informer.SharedInformerFactory;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.models.V1Pod;
import io.kubernetes.client.openapi.models.V1PodList;
import io.kubernetes.client.util.generic.GenericKubernetesApi;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * End-to-end initial sync, the peers' side of {@link InformerSyncBenchmark}: an embedded API server
 * in the same JVM holds the same {@code pods} pods ({@link SyncFixture}); one op starts a pod
 * informer over all namespaces and returns once it reports synced. Each iteration is one sync with
 * a fresh client.
 *
 * <ul>
 *   <li>{@code clientJava}: {@code SharedInformerFactory.sharedIndexInformerFor(GenericKubernetesApi
 *       <V1Pod, V1PodList>, V1Pod.class, 0)}, started with {@code startAllRegisteredInformers()},
 *       synced when {@code hasSynced()} (polled every 200 µs like ours; it has no callback). The ApiClient
 *       comes from the server's kubeconfig with the read timeout off, as its informer examples do.</li>
 *   <li>{@code fabric8}: {@code client.pods().inAnyNamespace().runnableInformer(0)} and
 *       {@code start()}, synced when {@code hasSynced()} (its initial list is in the store), polled
 *       the same way. Not {@code inform()}: that also waits for the watch to be established, which
 *       over fabric8's JDK transport completes only once the first watch bytes (an event or a
 *       bookmark) arrive, and against a quiet server that is never (a client-go informer's
 *       HasSynced does not wait for the watch either).</li>
 * </ul>
 * Statistics as {@link InformerSyncBenchmark}: 5 warmup syncs, 15 measured, a fixed pre-touched heap.
 * Score: milliseconds from start to synced. The auxiliary {@code retainedMegabytes} is the live heap
 * after full GCs with the synced informer running, minus the live heap just before it started (the
 * server's data and the client are in both), so it is what the informer holds: its store of typed
 * pods, indices and buffers. Neither peer is given a transform (both stock).
 */
@State(Scope.Benchmark)
public class PeerInformerSyncBenchmark extends SingleSyncBenchmark {

    @Param({"clientJava", "fabric8"})
    public String impl;

    @Param({"10000", "50000"})
    public int pods;

    EmbeddedApiServer server;
    Path kubeconfig;

    ApiClient clientJavaClient;
    SharedInformerFactory clientJavaFactory;
    SharedIndexInformer<V1Pod> clientJavaInformer;

    KubernetesClient fabric8Client;
    io.fabric8.kubernetes.client.informers.SharedIndexInformer<Pod> fabric8Informer;

    long heapBeforeStart;

    @Setup(Level.Trial)
    public void startServer() throws IOException {
        server = SyncFixture.startServerWithPods(pods);
        kubeconfig =
                server.kubeconfig(Files.createTempDirectory("informer-bench").resolve("kubeconfig"));
    }

    @TearDown(Level.Trial)
    public void stopServer() throws IOException {
        server.close();
        Files.deleteIfExists(kubeconfig);
        Files.deleteIfExists(kubeconfig.getParent());
    }

    @Setup(Level.Iteration)
    public void createClient() throws IOException {
        switch (impl) {
            case "clientJava" -> {
                clientJavaClient = io.kubernetes.client.util.Config.fromConfig(kubeconfig.toString());
                clientJavaClient.setHttpClient(clientJavaClient
                        .getHttpClient()
                        .newBuilder()
                        .readTimeout(Duration.ZERO)
                        .build());
                clientJavaFactory = new SharedInformerFactory(clientJavaClient);
            }
            case "fabric8" ->
                fabric8Client = new KubernetesClientBuilder()
                        .withConfig(Config.fromKubeconfig(kubeconfig.toFile()))
                        .build();
            default -> throw new IllegalArgumentException("unknown impl: " + impl);
        }
        heapBeforeStart = SyncFixture.liveHeapBytes();
    }

    /** Returns the number of pods in the informer's store once synced ({@code pods} when correct). */
    @Benchmark
    public int startToSynced() throws TimeoutException {
        return switch (impl) {
            case "clientJava" -> {
                clientJavaInformer = clientJavaFactory.sharedIndexInformerFor(
                        new GenericKubernetesApi<>(V1Pod.class, V1PodList.class, "", "v1", "pods", clientJavaClient),
                        V1Pod.class,
                        0);
                clientJavaFactory.startAllRegisteredInformers();
                SyncFixture.await(clientJavaInformer::hasSynced, SYNC_TIMEOUT, "client-java informer synced");
                yield clientJavaInformer.getIndexer().list().size();
            }
            case "fabric8" -> {
                fabric8Informer = fabric8Client.pods().inAnyNamespace().runnableInformer(0);
                fabric8Informer.start();
                SyncFixture.await(fabric8Informer::hasSynced, SYNC_TIMEOUT, "fabric8 informer synced");
                yield fabric8Informer.getStore().list().size();
            }
            default -> throw new IllegalStateException(impl);
        };
    }

    @TearDown(Level.Iteration)
    public void measureAndStop(RetainedHeap retained) {
        retained.retainedMegabytes = (SyncFixture.liveHeapBytes() - heapBeforeStart) / (1024.0 * 1024.0);
        stopInformer();
    }

    void stopInformer() {
        if (clientJavaFactory != null) {
            clientJavaFactory.stopAllRegisteredInformers();
            clientJavaFactory = null;
            clientJavaInformer = null;
            clientJavaClient.getHttpClient().dispatcher().executorService().shutdown();
            clientJavaClient.getHttpClient().connectionPool().evictAll();
            clientJavaClient = null;
        }
        if (fabric8Informer != null) {
            fabric8Informer.stop();
            fabric8Informer = null;
        }
        if (fabric8Client != null) {
            fabric8Client.close();
            fabric8Client = null;
        }
    }
}
