package dev.informer.benchmarks;

import dev.informer.api.ApiJson;
import dev.informer.api.Pod;
import dev.informer.api.ResourceType;
import dev.informer.client.WatchDecoders;
import dev.informer.watch.Decoder;
import dev.informer.watch.Event;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MappingIterator;
import tools.jackson.databind.ObjectReader;

/**
 * Decoding a recorded watch stream of {@value #EVENTS} realistic pod events (labels, annotations,
 * managedFields, two containers, a status with conditions and container statuses, and the fields
 * the typed model does not know: env, volumeMounts, tolerations, securityContext, ...).
 *
 * <ul>
 *   <li>{@link #watchDecoder}: the library's streaming decoder into typed {@link Pod}s, as a watch
 *       uses it (one parser over the whole stream, events checked and bound one by one).</li>
 *   <li>{@link #jacksonDatabind}: the ceiling: plain Jackson databind of the same bytes into the same
 *       classes ({@code {type, object: Pod}} records through a {@link MappingIterator}), with no
 *       envelope checks at all.</li>
 *   <li>{@link #jacksonReadTree}: plain Jackson {@code readTree} of each event, for scale.</li>
 * </ul>
 * Scores are events per second (one op = one event). Goal: the decoder at 80% or more of databind.
 */
@State(Scope.Benchmark)
public class WatchDecodeBenchmark extends ThroughputBenchmark {

    static final int EVENTS = 10_000;

    /** The wire envelope for the databind ceiling. */
    public record WireEvent(String type, Pod object) {}

    /** How many events setUp records; only the smoke test lowers it (the scores assume {@value #EVENTS}). */
    int events = EVENTS;

    byte[] stream;
    private ObjectReader wireEventReader;
    private ObjectReader treeReader;

    @Setup
    public void setUp() {
        stream = recordedStream(events);
        wireEventReader = ApiJson.mapper().readerFor(WireEvent.class);
        treeReader = ApiJson.mapper().readerFor(JsonNode.class);
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public int watchDecoder(Blackhole blackhole) throws IOException {
        int count = 0;
        try (Decoder<Pod> decoder = WatchDecoders.json(new ByteArrayInputStream(stream), ResourceType.PODS)) {
            for (Event<Pod> event = decoder.decode(); event != null; event = decoder.decode()) {
                blackhole.consume(event);
                count++;
            }
        }
        return count;
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public int jacksonDatabind(Blackhole blackhole) {
        try (MappingIterator<WireEvent> events = wireEventReader.readValues(new ByteArrayInputStream(stream))) {
            return consumeAll(events, blackhole);
        }
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public int jacksonReadTree(Blackhole blackhole) {
        try (MappingIterator<JsonNode> events = treeReader.readValues(new ByteArrayInputStream(stream))) {
            return consumeAll(events, blackhole);
        }
    }

    /** Reads every value of {@code events} into the blackhole; returns how many there were. */
    private static int consumeAll(MappingIterator<?> events, Blackhole blackhole) {
        int count = 0;
        while (events.hasNextValue()) {
            blackhole.consume(events.nextValue());
            count++;
        }
        return count;
    }

    /** A newline-delimited stream of {@code count} MODIFIED events of distinct, realistic pods. */
    static byte[] recordedStream(int count) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(count * 4096);
        for (int i = 0; i < count; i++) {
            String event = "{\"type\":\"" + (i % 50 == 0 ? "ADDED" : "MODIFIED") + "\",\"object\":" + pod(i) + "}\n";
            out.writeBytes(event.getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    private static String pod(int i) {
        String app = "app-" + (i % 97);
        String hash = Integer.toHexString(0x5f3a1c + i % 997);
        String name = app + "-" + hash + "-" + Integer.toString(100_000 + i, 36);
        String namespace = "team-" + (i % 13);
        String uid = String.format("%08x-1c2d-4e5f-8a9b-%012x", i, 0xabcdefL * (i + 1));
        String rv = Long.toString(1_000_000L + i);
        String ip = "10.244." + (i / 250 % 250) + "." + (i % 250 + 2);
        return """
                {"kind":"Pod","apiVersion":"v1","metadata":{"name":"%1$s","generateName":"%2$s-%3$s-",\
                "namespace":"%4$s","uid":"%5$s","resourceVersion":"%6$s","creationTimestamp":"2024-05-01T10:00:00Z",\
                "labels":{"app":"%2$s","pod-template-hash":"%3$s","tier":"backend","version":"v1.4.2"},\
                "annotations":{"kubectl.kubernetes.io/restartedAt":"2024-05-01T09:59:58Z",\
                "prometheus.io/scrape":"true","prometheus.io/port":"9090"},\
                "ownerReferences":[{"apiVersion":"apps/v1","kind":"ReplicaSet","name":"%2$s-%3$s",\
                "uid":"0f6a9a3e-1111-4c1e-8d2a-7e3b2c1d0e9f","controller":true,"blockOwnerDeletion":true}],\
                "managedFields":[{"manager":"kube-controller-manager","operation":"Update","apiVersion":"v1",\
                "time":"2024-05-01T10:00:00Z","fieldsType":"FieldsV1","fieldsV1":{"f:metadata":{\
                "f:generateName":{},"f:labels":{".":{},"f:app":{},"f:pod-template-hash":{}},\
                "f:ownerReferences":{".":{},"k:{\\"uid\\":\\"0f6a9a3e-1111-4c1e-8d2a-7e3b2c1d0e9f\\"}":{}}},\
                "f:spec":{"f:containers":{"k:{\\"name\\":\\"app\\"}":{".":{},"f:image":{},"f:name":{}}}}}},\
                {"manager":"kubelet","operation":"Update","apiVersion":"v1","time":"2024-05-01T10:00:05Z",\
                "fieldsType":"FieldsV1","fieldsV1":{"f:status":{"f:conditions":{"k:{\\"type\\":\\"Ready\\"}":{\
                ".":{},"f:lastProbeTime":{},"f:lastTransitionTime":{},"f:status":{},"f:type":{}}},\
                "f:containerStatuses":{},"f:hostIP":{},"f:phase":{},"f:podIP":{},"f:startTime":{}}},\
                "subresource":"status"}]},\
                "spec":{"volumes":[{"name":"kube-api-access","projected":{"defaultMode":420,"sources":[\
                {"serviceAccountToken":{"expirationSeconds":3607,"path":"token"}},{"configMap":{"name":\
                "kube-root-ca.crt","items":[{"key":"ca.crt","path":"ca.crt"}]}}]}}],\
                "containers":[{"name":"app","image":"registry.example/%2$s:1.4.2","args":["--port=8080"],\
                "ports":[{"name":"http","containerPort":8080,"protocol":"TCP"}],\
                "env":[{"name":"MODE","value":"prod"},{"name":"POD_NAME","valueFrom":{"fieldRef":\
                {"apiVersion":"v1","fieldPath":"metadata.name"}}}],\
                "resources":{"limits":{"cpu":"500m","memory":"256Mi"},"requests":{"cpu":"100m","memory":"128Mi"}},\
                "volumeMounts":[{"name":"kube-api-access","readOnly":true,\
                "mountPath":"/var/run/secrets/kubernetes.io/serviceaccount"}],\
                "livenessProbe":{"httpGet":{"path":"/healthz","port":8080,"scheme":"HTTP"},"periodSeconds":10},\
                "terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File",\
                "imagePullPolicy":"IfNotPresent"},\
                {"name":"proxy","image":"registry.example/proxy:2.0","command":["/proxy"],\
                "args":["--upstream=127.0.0.1:8080"],"ports":[{"name":"metrics","containerPort":9090,"protocol":"TCP"}],\
                "resources":{"requests":{"cpu":"10m","memory":"16Mi"}},"imagePullPolicy":"IfNotPresent"}],\
                "restartPolicy":"Always","terminationGracePeriodSeconds":30,"dnsPolicy":"ClusterFirst",\
                "serviceAccountName":"default","nodeName":"node-%7$d","securityContext":{"runAsNonRoot":true},\
                "schedulerName":"default-scheduler","tolerations":[{"key":"node.kubernetes.io/not-ready",\
                "operator":"Exists","effect":"NoExecute","tolerationSeconds":300},\
                {"key":"node.kubernetes.io/unreachable","operator":"Exists","effect":"NoExecute",\
                "tolerationSeconds":300}],"priority":0,"enableServiceLinks":true,"preemptionPolicy":"PreemptLowerPriority"},\
                "status":{"phase":"Running","conditions":[\
                {"type":"PodReadyToStartContainers","status":"True","lastProbeTime":null,\
                "lastTransitionTime":"2024-05-01T10:00:02Z"},\
                {"type":"Initialized","status":"True","lastProbeTime":null,"lastTransitionTime":"2024-05-01T10:00:00Z"},\
                {"type":"Ready","status":"True","lastProbeTime":null,"lastTransitionTime":"2024-05-01T10:00:05Z"},\
                {"type":"ContainersReady","status":"True","lastProbeTime":null,\
                "lastTransitionTime":"2024-05-01T10:00:05Z"},\
                {"type":"PodScheduled","status":"True","lastProbeTime":null,"lastTransitionTime":"2024-05-01T10:00:00Z"}],\
                "hostIP":"10.0.0.%7$d","hostIPs":[{"ip":"10.0.0.%7$d"}],"podIP":"%8$s","podIPs":[{"ip":"%8$s"}],\
                "startTime":"2024-05-01T10:00:00Z","containerStatuses":[\
                {"name":"app","state":{"running":{"startedAt":"2024-05-01T10:00:03Z"}},"lastState":{},"ready":true,\
                "restartCount":0,"image":"registry.example/%2$s:1.4.2",\
                "imageID":"registry.example/%2$s@sha256:3f1c9e0a4b","containerID":"containerd://%5$s-app",\
                "started":true},\
                {"name":"proxy","state":{"running":{"startedAt":"2024-05-01T10:00:03Z"}},"lastState":{},\
                "ready":true,"restartCount":0,"image":"registry.example/proxy:2.0",\
                "imageID":"registry.example/proxy@sha256:77aa01","containerID":"containerd://%5$s-proxy",\
                "started":true}],"qosClass":"Burstable"}}"""
                .formatted(name, app, hash, namespace, uid, rv, i % 40 + 1, ip);
    }
}
