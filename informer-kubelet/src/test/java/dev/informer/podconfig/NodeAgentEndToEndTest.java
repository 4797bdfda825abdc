package dev.informer.podconfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.Pod;
import dev.informer.api.PodCondition;
import dev.informer.api.PodStatus;
import dev.informer.api.ResourceType;
import dev.informer.client.ClientConfig;
import dev.informer.client.KubernetesClient;
import dev.informer.client.ResourceClient;
import dev.informer.clock.testing.FakeClock;
import dev.informer.podstatus.StatusManager;
import dev.informer.testing.Await;
import dev.informer.testing.EmbeddedApiServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A kubelet-style node agent: the API server, a manifest directory and a manifest URL feed one
 * pod config for node-1; the status manager writes statuses back, to mirror pods for static pods.
 */
class NodeAgentEndToEndTest {

    private static final String NODE = "node-1";

    @TempDir
    Path manifests;

    private final List<PodUpdate> seen = new ArrayList<>();

    /** Takes merged updates until {@code condition} holds for the merged state (bounded). */
    private void consumeUntil(PodConfig config, String what, Predicate<PodConfig> condition)
            throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (!condition.test(config)) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("timed out waiting until " + what + "; updates: " + seen);
            }
            PodUpdate update = config.poll(Duration.ofMillis(50));
            if (update != null) {
                seen.add(update);
            }
        }
    }

    private static Map<String, String> sourcesByName(PodConfig config) {
        Map<String, String> sources = new TreeMap<>();
        for (Pod pod : config.mergedState()) {
            sources.put(pod.name(), ConfigAnnotations.source(pod));
        }
        return sources;
    }

    private static String apiPod(String name, String node, String extraMeta) {
        return """
                {"apiVersion":"v1","kind":"Pod","metadata":{"name":"%s"%s},
                 "spec":{"nodeName":"%s","containers":[{"name":"c","image":"busybox"}]}}
                """
                .formatted(name, extraMeta, node);
    }

    @Test
    void threeSourcesMergeIntoOneStreamAndStatusesReachTheServer() throws Exception {
        FakeClock clock = new FakeClock();
        Files.writeString(
                manifests.resolve("etcd.yaml"),
                """
                apiVersion: v1
                kind: Pod
                metadata:
                  name: etcd
                  namespace: kube-system
                spec:
                  containers:
                  - name: etcd
                    image: etcd:3.5
                """);
        try (EmbeddedApiServer server = EmbeddedApiServer.builder().start();
                KubernetesClient client = KubernetesClient.create(
                        ClientConfig.builder().server(server.url()).build());
                MockWebServer web = new MockWebServer();
                PodConfig config = PodConfig.builder().clock(clock).build()) {
            web.enqueue(new MockResponse.Builder()
                    .code(200)
                    .body(
                            """
                    {"apiVersion":"v1","kind":"PodList","items":[
                     {"metadata":{"name":"web"},"spec":{"containers":[{"name":"nginx","image":"nginx"}]}}]}
                    """)
                    .build());
            web.start();
            server.create("pods", "default", apiPod("app", NODE, ""));
            server.create("pods", "default", apiPod("elsewhere", "node-2", ""));
            ResourceClient<Pod> pods = client.resource(ResourceType.PODS);

            List<PodSource> sources = List.of(
                    ApiserverSource.builder(pods, NODE, config.channel(ConfigSources.API))
                            .clock(clock)
                            .build(),
                    FileSource.builder(manifests, NODE, config.channel(ConfigSources.FILE))
                            .clock(clock)
                            .build(),
                    HttpSource.builder(web.url("/pods").uri(), NODE, config.channel(ConfigSources.HTTP))
                            .clock(clock)
                            .build());
            try (StatusManager statuses =
                    StatusManager.builder(pods).clock(clock).build()) {
                sources.forEach(PodSource::start);
                statuses.start();

                Set<String> all = Set.of(ConfigSources.API, ConfigSources.FILE, ConfigSources.HTTP);
                consumeUntil(
                        config,
                        "every source is merged",
                        c -> c.seenAllSources(all) && c.mergedState().size() == 3);
                assertEquals(
                        Map.of(
                                "app",
                                ConfigSources.API,
                                "etcd-node-1",
                                ConfigSources.FILE,
                                "web-node-1",
                                ConfigSources.HTTP),
                        sourcesByName(config));
                assertTrue(seen.stream().allMatch(u -> u.operation() == PodOperation.ADD), "only adds so far: " + seen);

                // The kubelet creates the mirror pod of its static pod; it comes back through the api source.
                Pod etcd = config.mergedState().stream()
                        .filter(p -> p.name().equals("etcd-node-1"))
                        .findFirst()
                        .orElseThrow();
                server.create(
                        "pods",
                        "kube-system",
                        apiPod(
                                "etcd-node-1",
                                NODE,
                                ",\"annotations\":{\"" + ConfigAnnotations.MIRROR + "\":\"" + etcd.uid() + "\"}"));
                consumeUntil(
                        config, "the mirror pod arrives", c -> c.mergedState().size() == 4);

                Pod app = config.mergedState().stream()
                        .filter(p -> p.name().equals("app"))
                        .findFirst()
                        .orElseThrow();
                PodStatus running = PodStatus.builder()
                        .phase("Running")
                        .addCondition(PodCondition.builder()
                                .type("Ready")
                                .status("True")
                                .build())
                        .build();
                statuses.setPodStatus(app, running);
                statuses.setPodStatus(etcd, running);
                Await.until(
                        "both statuses are on the server",
                        () -> phase(pods, "default", "app").equals("Running")
                                && phase(pods, "kube-system", "etcd-node-1").equals("Running"));

                consumeUntil(config, "the written status comes back as a reconcile", c -> seen.stream()
                        .anyMatch(u -> u.operation() == PodOperation.RECONCILE
                                && u.pods().get(0).name().equals("app")));

                // Deleting the api pod is a graceful deletion for a pod bound to a node: a DELETE.
                server.delete("pods", "default", "app");
                consumeUntil(config, "the graceful deletion arrives", c -> seen.stream()
                        .anyMatch(u -> u.operation() == PodOperation.DELETE
                                && u.pods().get(0).name().equals("app")));
                // A status written back is never mistaken for a spec change.
                assertTrue(
                        seen.stream()
                                .noneMatch(u -> u.operation() == PodOperation.UPDATE
                                        && u.pods().stream()
                                                .anyMatch(p -> p.name().equals("etcd-node-1"))),
                        "updates: " + seen);

                // A removed manifest removes the static pod.
                Files.delete(manifests.resolve("etcd.yaml"));
                consumeUntil(config, "the static pod is removed", c -> seen.stream()
                        .anyMatch(u -> u.operation() == PodOperation.REMOVE
                                && u.source().equals(ConfigSources.FILE)));
            } finally {
                sources.forEach(PodSource::close);
            }
        }
    }

    private static String phase(ResourceClient<Pod> pods, String namespace, String name) {
        PodStatus status = pods.inNamespace(namespace).get(name).status();
        return status == null || status.phase() == null ? "" : status.phase();
    }
}
