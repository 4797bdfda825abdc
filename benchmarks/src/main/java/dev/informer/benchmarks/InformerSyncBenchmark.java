package dev.informer.benchmarks;

import dev.informer.api.Pod;
import dev.informer.api.ResourceType;
import dev.informer.cache.SharedIndexInformer;
import dev.informer.client.ClientConfig;
import dev.informer.client.Informers;
import dev.informer.client.KubernetesClient;
import dev.informer.client.Transforms;
import dev.informer.testing.EmbeddedApiServer;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * End-to-end informer sync: the embedded API server holds {@link #pods} realistic pods (labels,
 * annotations, owner references, managedFields, two containers, status); each invocation starts a
 * fresh {@link SharedIndexInformer} over HTTP and measures the time until {@code hasSynced()} (the
 * paged list decoded, queued through the DeltaFifo and indexed). After each invocation the retained
 * heap of the synced cache (heap used after GC, minus the same reading before the informer started)
 * is printed as {@code retained-heap}, with and without {@link Transforms#stripManagedFields()}.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar InformerSync -f 1 -wi 1 -i 3}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xmx6g", "-XX:+UseG1GC"})
public class InformerSyncBenchmark {

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
        server = EmbeddedApiServer.builder().historyLimit(1000).start();
        for (int i = 0; i < pods; i++) {
            server.create("pods", "default", pod(i));
        }
        client = KubernetesClient.create(
                ClientConfig.builder().server(server.url()).build());
    }

    @TearDown(Level.Trial)
    public void stopServer() {
        client.close();
        server.close();
    }

    @Setup(Level.Invocation)
    public void measureBaseline() {
        heapBefore = usedHeapAfterGc();
    }

    @Benchmark
    public int startToSynced() {
        SharedIndexInformer.Builder<Pod> builder = Informers.builder(client.resource(ResourceType.PODS));
        if (stripManagedFields) {
            builder.transform(Transforms.stripManagedFields());
        }
        informer = builder.build();
        informer.start();
        long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
        while (!informer.hasSynced()) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("the informer did not sync " + pods + " pods within 5 minutes");
            }
            LockSupport.parkNanos(200_000);
        }
        return informer.getStore().list().size();
    }

    @TearDown(Level.Invocation)
    public void measureRetainedHeapAndStop() {
        long retained = usedHeapAfterGc() - heapBefore;
        int cached = informer.getStore().list().size();
        System.out.printf(
                "%nretained-heap pods=%d stripManagedFields=%s: %.1f MiB (%d bytes/pod), cached=%d%n",
                pods, stripManagedFields, retained / (1024.0 * 1024.0), cached == 0 ? 0 : retained / cached, cached);
        informer.stop();
        informer = null;
    }

    /** Heap in use after a full collection (two, so finalizable garbage from the first is gone). */
    static long usedHeapAfterGc() {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        System.gc();
        System.gc();
        return memory.getHeapMemoryUsage().getUsed();
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
