package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A client nobody here wrote (fabric8 8.x) works against the server unchanged. */
class Fabric8ClientTest {
    private EmbeddedApiServer server;
    private KubernetesClient client;

    @BeforeEach
    void start() {
        server = EmbeddedApiServer.builder()
                .bookmarkInterval(Duration.ofSeconds(1))
                .start();
        Config config = new ConfigBuilder(Config.empty())
                .withMasterUrl(server.url())
                .withNamespace("default")
                .withOauthToken("embedded-api-server-token")
                .withRequestRetryBackoffLimit(0)
                .build();
        client = new KubernetesClientBuilder().withConfig(config).build();
    }

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    private static String poll(BlockingQueue<String> q) throws InterruptedException {
        String s = q.poll(20, TimeUnit.SECONDS);
        assertNotNull(s, "no event within 20 s");
        return s;
    }

    /** The next {@code count} events, in order. */
    private static List<String> poll(BlockingQueue<String> q, int count) throws InterruptedException {
        List<String> polled = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            polled.add(poll(q));
        }
        return polled;
    }

    private static Pod pod(String name) {
        return new PodBuilder()
                .withNewMetadata()
                .withName(name)
                .withLabels(Map.of("app", "f8"))
                .endMetadata()
                .withNewSpec()
                .addNewContainer()
                .withName("c")
                .withImage("busybox")
                .endContainer()
                .endSpec()
                .build();
    }

    @Test
    void createsGetsAndListsPods() {
        server.create("pods", "default", TestObjects.pod("seeded"));
        Pod created = client.pods()
                .inNamespace("default")
                .resource(pod("made-by-fabric8"))
                .create();
        assertNotNull(created.getMetadata().getUid());
        assertEquals("Pending", created.getStatus().getPhase());
        List<Pod> pods = client.pods().inNamespace("default").list().getItems();
        assertEquals(
                List.of("made-by-fabric8", "seeded"),
                pods.stream().map(p -> p.getMetadata().getName()).toList());
        assertEquals(
                1,
                client.pods()
                        .inNamespace("default")
                        .withLabel("app", "f8")
                        .list()
                        .getItems()
                        .size());
        assertEquals(
                "seeded",
                client.pods()
                        .inNamespace("default")
                        .withName("seeded")
                        .get()
                        .getMetadata()
                        .getName());
    }

    @Test
    void conflictsAndMissingObjectsSurfaceAsTypedErrors() {
        client.pods().inNamespace("default").resource(pod("p")).create();
        KubernetesClientException e = org.junit.jupiter.api.Assertions.assertThrows(
                KubernetesClientException.class,
                () -> client.pods().inNamespace("default").resource(pod("p")).create());
        assertEquals(409, e.getCode());
        assertEquals("AlreadyExists", e.getStatus().getReason());
        assertEquals(null, client.pods().inNamespace("default").withName("nope").get());
    }

    @Test
    void editAndStatusUpdateWork() {
        client.pods().inNamespace("default").resource(pod("p")).create();
        Pod edited = client.pods().inNamespace("default").withName("p").edit(p -> new PodBuilder(p)
                .editMetadata()
                .addToLabels("edited", "yes")
                .endMetadata()
                .build());
        assertEquals("yes", edited.getMetadata().getLabels().get("edited"));
        Pod withStatus = new PodBuilder(edited)
                .editStatus()
                .withPhase("Running")
                .endStatus()
                .build();
        Pod updated = client.pods().inNamespace("default").resource(withStatus).updateStatus();
        assertEquals("Running", updated.getStatus().getPhase());
    }

    @Test
    void watchesSeeChanges() throws InterruptedException {
        BlockingQueue<String> events = new LinkedBlockingQueue<>();
        try (Watch watch = client.pods().inNamespace("default").watch(new Watcher<Pod>() {
            @Override
            public void eventReceived(Action action, Pod pod) {
                if (action != Action.BOOKMARK) { // fabric8 asks for bookmarks and passes them on
                    events.add(action + " " + pod.getMetadata().getName());
                }
            }

            @Override
            public void onClose(WatcherException cause) {
                events.add("CLOSED " + cause);
            }
        })) {
            assertNotNull(watch);
            assertTrue(server.awaitOpenWatches(1, Duration.ofSeconds(10)));
            server.create("pods", "default", TestObjects.pod("w"));
            server.mergePatch("pods", "default", "w", "{\"metadata\":{\"labels\":{\"x\":\"1\"}}}");
            server.delete("pods", "default", "w");
            assertEquals(List.of("ADDED w", "MODIFIED w", "DELETED w"), poll(events, 3));
        }
    }

    @Test
    void sharedIndexInformerSyncsAndSeesAddsUpdatesAndDeletes() throws InterruptedException {
        server.create("pods", "default", TestObjects.pod("existing"));
        BlockingQueue<String> events = new LinkedBlockingQueue<>();
        ResourceEventHandler<Pod> handler = new ResourceEventHandler<>() {
            @Override
            public void onAdd(Pod pod) {
                events.add("add " + pod.getMetadata().getName());
            }

            @Override
            public void onUpdate(Pod oldPod, Pod newPod) {
                if (!oldPod.getMetadata()
                        .getResourceVersion()
                        .equals(newPod.getMetadata().getResourceVersion())) {
                    events.add("update " + newPod.getMetadata().getName());
                }
            }

            @Override
            public void onDelete(Pod pod, boolean deletedFinalStateUnknown) {
                events.add("delete " + pod.getMetadata().getName());
            }
        };
        SharedIndexInformer<Pod> informer = client.pods().inNamespace("default").inform(handler, 0);
        try {
            assertTrue(informer.hasSynced());
            assertEquals("add existing", poll(events));
            assertEquals(1, informer.getStore().list().size());
            server.create("pods", "default", TestObjects.pod("new"));
            assertEquals("add new", poll(events));
            server.mergePatch("pods", "default", "new", "{\"metadata\":{\"labels\":{\"v\":\"2\"}}}");
            assertEquals("update new", poll(events));
            server.delete("pods", "default", "existing");
            assertEquals("delete existing", poll(events));
            assertEquals(
                    List.of("new"),
                    informer.getStore().list().stream()
                            .map(p -> p.getMetadata().getName())
                            .toList());

            // The informer reconnects after its watch is cut and keeps up.
            assertTrue(server.awaitOpenWatches(1, Duration.ofSeconds(10)));
            server.faults().dropWatches(WatchDropMode.ABRUPT);
            server.create("pods", "default", TestObjects.pod("after-drop"));
            assertEquals("add after-drop", poll(events));
        } finally {
            informer.close();
        }
    }

    @Test
    void configMapsRoundTrip() {
        ConfigMap cm = new ConfigMapBuilder()
                .withNewMetadata()
                .withName("cfg")
                .endMetadata()
                .addToData("k", "v")
                .build();
        client.configMaps().inNamespace("default").resource(cm).create();
        assertEquals(
                "v",
                client.configMaps()
                        .inNamespace("default")
                        .withName("cfg")
                        .get()
                        .getData()
                        .get("k"));
        assertTrue(server.get("configmaps", "default", "cfg").orElseThrow().contains("\"k\":\"v\""));
    }
}
