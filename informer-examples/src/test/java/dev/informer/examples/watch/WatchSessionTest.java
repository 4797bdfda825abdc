package dev.informer.examples.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ApiJson;
import dev.informer.api.GenericObject;
import dev.informer.api.ResourceType;
import dev.informer.cache.BackoffPolicy;
import dev.informer.cache.InformerOptions;
import dev.informer.cache.SharedIndexInformer;
import dev.informer.client.Informers;
import dev.informer.clock.Clock;
import dev.informer.concurrent.ThreadFactories;
import dev.informer.examples.Await;
import dev.informer.examples.EmbeddedServerTest;
import dev.informer.examples.demo.SamplePods;
import dev.informer.testing.WatchDropMode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The watch command's printing, in-process against the embedded API server. */
class WatchSessionTest extends EmbeddedServerTest {

    private SharedIndexInformer<GenericObject> informer;
    private final StringWriter buffer = new StringWriter();
    private final PrintWriter out = new PrintWriter(buffer);

    WatchSessionTest() {
        super(7);
    }

    @AfterEach
    void stopWhatTheTestStarted() {
        if (informer != null) {
            informer.close();
        }
    }

    private WatchSession<GenericObject> start(String resource, String namespace) {
        ResourceType<GenericObject> type = BuiltinResources.lookup(resource).orElseThrow();
        informer = Informers.builder(client().resource(type), InformerOptions.inNamespace(namespace))
                .backoff(BackoffPolicy.constant(Duration.ofMillis(50)))
                .build();
        WatchSession<GenericObject> session = new WatchSession<>(
                informer, type.metadataAccessor(), out, Clock.system(), ThreadFactories.platformDaemon("test-synced"));
        session.start();
        return session;
    }

    private List<String> lines() {
        // Only complete lines: the text after the last newline is still being written.
        String text = buffer.toString();
        return Arrays.asList(text.substring(0, text.lastIndexOf('\n') + 1).split("\n", 0)).stream()
                .filter(line -> !line.isEmpty())
                .toList();
    }

    private void awaitLine(String line) {
        Await.until("the output has " + line, () -> lines().contains(line), () -> "; output: " + lines());
    }

    private String createPod(String namespace, String name) {
        SamplePods.create(server, SamplePods.pod(namespace, name, "web", null), false);
        return resourceVersion("pods", namespace, name);
    }

    private String resourceVersion(String resource, String namespace, String name) {
        return ApiJson.readValue(server.get(resource, namespace, name).orElseThrow(), GenericObject.class)
                .resourceVersion();
    }

    @Test
    void printsTheInitialListThenSyncedThenLiveNotifications() {
        String rvA = createPod("default", "a");
        String rvB = createPod("kube-system", "b");
        start("pods", null);
        awaitLine(WatchLine.synced());
        List<String> initial = lines();
        assertEquals(3, initial.size(), initial.toString());
        assertTrue(
                initial.subList(0, 2)
                        .containsAll(List.of(
                                WatchLine.object("ADD", "default/a", rvA),
                                WatchLine.object("ADD", "kube-system/b", rvB))),
                initial.toString());
        assertEquals(WatchLine.synced(), initial.get(2), "SYNCED follows every initial ADD");

        String rvC = createPod("default", "c");
        awaitLine(WatchLine.object("ADD", "default/c", rvC));
        SamplePods.setApp(server, "default", "a", "api");
        awaitLine(WatchLine.object("UPDATE", "default/a", resourceVersion("pods", "default", "a")));
        server.delete("pods", "default", "c");
        Await.until(
                "the DELETE of default/c",
                () -> lines().stream().anyMatch(l -> l.startsWith("{\"event\":\"DELETE\",\"key\":\"default/c\",")),
                () -> lines().toString());
        assertEquals(1, lines().stream().filter(WatchLine.synced()::equals).count(), "SYNCED is printed once");
    }

    @Test
    void finishPrintsTheStoreSortedByKeyThenEndAndNothingAfterwards() {
        String rvB = createPod("default", "b");
        String rvA = createPod("default", "a");
        WatchSession<GenericObject> session = start("pods", null);
        awaitLine(WatchLine.synced());
        int before = lines().size();

        assertTrue(session.finish());
        assertEquals(
                List.of(
                        WatchLine.object("STORE", "default/a", rvA),
                        WatchLine.object("STORE", "default/b", rvB),
                        WatchLine.end(2)),
                lines().subList(before, lines().size()));
        assertFalse(session.finish(), "the second finish prints nothing");
        createPod("default", "late");
        // The informer still runs: its next notification must not be printed after END.
        Await.until(
                "the informer cached the late pod",
                () -> informer.getStore().getByKey("default/late").isPresent());
        informer.close();
        assertEquals(WatchLine.end(2), lines().get(lines().size() - 1));
    }

    @Test
    void emptyStoreEndsWithCountZero() {
        WatchSession<GenericObject> session = start("configmaps", "empty");
        awaitLine(WatchLine.synced());
        session.finish();
        assertEquals(List.of(WatchLine.synced(), WatchLine.end(0)), lines());
    }

    @Test
    void namespaceOptionLimitsTheOutputToThatNamespace() {
        createPod("default", "a");
        String rv = createPod("blog", "b");
        start("pods", "blog");
        awaitLine(WatchLine.synced());
        assertEquals(List.of(WatchLine.object("ADD", "blog/b", rv), WatchLine.synced()), lines());
    }

    @Test
    void clusterScopedObjectsAreKeyedByNameAlone() {
        start("namespaces", null);
        awaitLine(WatchLine.synced());
        assertTrue(
                lines().contains(WatchLine.object("ADD", "default", resourceVersion("namespaces", null, "default"))),
                lines().toString());
    }

    @Test
    void deleteMissedWhileDisconnectedIsPrintedWithTheLastKnownResourceVersion() {
        String rv = createPod("default", "gone");
        start("pods", null);
        awaitLine(WatchLine.synced());

        // The watch breaks and cannot be re-opened: the delete is only noticed by the relist.
        server.faults().failNext(1000, "watch", "pods", 500);
        server.faults().failNext(1000, "list", "pods", 500);
        server.faults().dropWatches(WatchDropMode.ABRUPT);
        server.delete("pods", "default", "gone");
        server.faults().reset();
        awaitLine(WatchLine.object("DELETE", "default/gone", rv));
    }
}
