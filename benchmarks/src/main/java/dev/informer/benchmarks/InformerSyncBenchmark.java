package dev.informer.benchmarks;

import dev.informer.api.Pod;
import dev.informer.api.ResourceType;
import dev.informer.cache.SharedIndexInformer;
import dev.informer.client.ClientConfig;
import dev.informer.client.Informers;
import dev.informer.client.KubernetesClient;
import dev.informer.client.Transforms;
import dev.informer.testing.EmbeddedApiServer;
import java.util.concurrent.TimeoutException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * End-to-end informer sync: the embedded API server holds {@link #pods} realistic pods (labels,
 * annotations, owner references, managedFields, two containers, status); each iteration creates a
 * fresh client (as {@link PeerInformerSyncBenchmark} does for the peers), starts a
 * {@link SharedIndexInformer} over HTTP and measures the time until {@code hasSynced()} (the list
 * decoded, queued and indexed), with and without {@link Transforms#stripManagedFields()}. The
 * auxiliary {@code retainedMegabytes} is the live heap after {@link SyncFixture#liveHeapBytes()}'s
 * full GCs with the synced informer running, minus the same reading just before it started: the same
 * measurement as the peers', reported by JMH for measurement iterations only (warmups excluded).
 *
 * <p>Statistics: one sync per iteration, 5 warmup syncs and 15 measured ones per fork, on a fixed,
 * pre-touched heap ({@link SyncFixture#HEAP_MIN}). Run:
 * {@code java -jar benchmarks/target/benchmarks.jar InformerSync}.
 */
@State(Scope.Benchmark)
public class InformerSyncBenchmark extends SingleSyncBenchmark {

    @Param({"10000", "50000"})
    public int pods;

    @Param({"false", "true"})
    public boolean stripManagedFields;

    private EmbeddedApiServer server;
    private KubernetesClient client;
    private SharedIndexInformer<Pod> informer;
    private long heapBefore;

    @Setup(Level.Trial)
    public void seedServer() {
        server = SyncFixture.startServerWithPods(pods);
    }

    @TearDown(Level.Trial)
    public void stopServer() {
        server.close();
    }

    @Setup(Level.Iteration)
    public void createClient() {
        client = KubernetesClient.create(
                ClientConfig.builder().server(server.url()).build());
        heapBefore = SyncFixture.liveHeapBytes();
    }

    /** Returns the number of pods in the informer's store once synced ({@code pods} when correct). */
    @Benchmark
    public int startToSynced() throws TimeoutException {
        SharedIndexInformer.Builder<Pod> builder = Informers.builder(client.resource(ResourceType.PODS));
        if (stripManagedFields) {
            builder.transform(Transforms.stripManagedFields());
        }
        informer = builder.build();
        informer.start();
        SyncFixture.await(informer::hasSynced, SYNC_TIMEOUT, "informer synced");
        return informer.getStore().list().size();
    }

    @TearDown(Level.Iteration)
    public void measureAndStop(RetainedHeap retained) {
        retained.retainedMegabytes = (SyncFixture.liveHeapBytes() - heapBefore) / (1024.0 * 1024.0);
        informer.close();
        informer = null;
        client.close();
        client = null;
    }

    /** A realistic pod: labels, annotations, an owner, managedFields from two managers, two containers. */
    static String pod(int i) {
        String app = "app-" + (i % 97);
        String hash = Integer.toHexString(0x5f3a1c + i % 997);
        String name = app + "-" + hash + "-" + Integer.toString(100_000 + i, 36);
        return """
                {"apiVersion":"v1","kind":"Pod","metadata":{"name":"%1$s","generateName":"%2$s-%3$s-","namespace":"default",\
                "labels":{"app":"%2$s","pod-template-hash":"%3$s","tier":"backend","version":"v1.4.2"},\
                "annotations":{"kubectl.kubernetes.io/restartedAt":"2024-05-01T09:59:58Z","prometheus.io/scrape":"true",\
                "prometheus.io/port":"9090"},\
                "ownerReferences":[{"apiVersion":"apps/v1","kind":"ReplicaSet","name":"%2$s-%3$s",\
                "uid":"0f6a9a3e-1111-4c1e-8d2a-7e3b2c1d0e9f","controller":true,"blockOwnerDeletion":true}],\
                "managedFields":[{"manager":"kube-controller-manager","operation":"Update","apiVersion":"v1",\
                "time":"2024-05-01T10:00:00Z","fieldsType":"FieldsV1","fieldsV1":{"f:metadata":{"f:generateName":{},\
                "f:labels":{".":{},"f:app":{},"f:pod-template-hash":{}},"f:ownerReferences":{".":{},\
                "k:{\\"uid\\":\\"0f6a9a3e-1111-4c1e-8d2a-7e3b2c1d0e9f\\"}":{}}},"f:spec":{"f:containers":{\
                "k:{\\"name\\":\\"app\\"}":{".":{},"f:image":{},"f:name":{},"f:ports":{},"f:resources":{}},\
                "k:{\\"name\\":\\"proxy\\"}":{".":{},"f:image":{},"f:name":{}}}}}},\
                {"manager":"kubelet","operation":"Update","apiVersion":"v1","time":"2024-05-01T10:00:05Z",\
                "fieldsType":"FieldsV1","fieldsV1":{"f:status":{"f:conditions":{"k:{\\"type\\":\\"Ready\\"}":{".":{},\
                "f:lastProbeTime":{},"f:lastTransitionTime":{},"f:status":{},"f:type":{}}},"f:containerStatuses":{},\
                "f:hostIP":{},"f:phase":{},"f:podIP":{},"f:startTime":{}}},"subresource":"status"}]},\
                "spec":{"containers":[{"name":"app","image":"registry.example/%2$s:1.4.2","args":["--port=8080"],\
                "ports":[{"name":"http","containerPort":8080,"protocol":"TCP"}],\
                "env":[{"name":"MODE","value":"prod"}],\
                "resources":{"limits":{"cpu":"500m","memory":"256Mi"},"requests":{"cpu":"100m","memory":"128Mi"}},\
                "imagePullPolicy":"IfNotPresent"},\
                {"name":"proxy","image":"registry.example/proxy:2.0","command":["/proxy"],\
                "ports":[{"name":"metrics","containerPort":9090,"protocol":"TCP"}],\
                "resources":{"requests":{"cpu":"10m","memory":"16Mi"}},"imagePullPolicy":"IfNotPresent"}],\
                "restartPolicy":"Always","nodeName":"node-%4$d","serviceAccountName":"default"},\
                "status":{"phase":"Running","hostIP":"10.0.0.%4$d","podIP":"10.244.%5$d.%6$d",\
                "conditions":[{"type":"Ready","status":"True","lastTransitionTime":"2024-05-01T10:00:05Z"}]}}
                """
                .formatted(name, app, hash, i % 50, i / 250 % 250, i % 250 + 2);
    }
}
