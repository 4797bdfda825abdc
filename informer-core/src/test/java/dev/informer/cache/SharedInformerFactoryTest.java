package dev.informer.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ConfigMap;
import dev.informer.api.Pod;
import dev.informer.api.ResourceType;
import dev.informer.client.KubernetesClient;
import dev.informer.client.SharedInformerFactory;
import dev.informer.testing.Await;
import dev.informer.testing.EmbeddedApiServer;
import dev.informer.testsupport.LogCapture;
import dev.informer.testsupport.ServerAndClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SharedInformerFactoryTest {

    @AutoClose
    private final ServerAndClient api = ServerAndClient.start();

    private final EmbeddedApiServer server = api.server();
    private final KubernetesClient client = api.client();
    private SharedInformerFactory factory;

    @BeforeEach
    void start() {
        factory = SharedInformerFactory.builder(client)
                .reflectorOptions(ReflectorOptions.builder()
                        .backoff(BackoffPolicy.constant(Duration.ofMillis(20)))
                        .build())
                .build();
    }

    @AfterEach
    void stop() {
        factory.shutdown();
    }

    private void createPod(String namespace, String name, String app) {
        server.create(
                "pods",
                namespace,
                "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"" + name
                        + "\",\"namespace\":\"" + namespace + "\",\"labels\":{\"app\":\"" + app + "\"}},"
                        + "\"spec\":{\"containers\":[{\"name\":\"c\",\"image\":\"i\"}]}}");
    }

    @Test
    void everyInformerOfTheFactoryListsAndWatchesWithTheFactorysReflectorOptions() throws Exception {
        createPod("default", "web-1", "web");
        assertEquals(0, listsToSyncPods(ReflectorOptions.builder().watchListConsistencyCheck(false)), "streaming list");
        assertEquals(
                1,
                listsToSyncPods(ReflectorOptions.builder().useWatchList(false).watchListConsistencyCheck(false)),
                "list + watch");
    }

    /** Starts {@code factory} and asserts that every informer of it syncs. */
    static void startAndAwaitSync(SharedInformerFactory factory) throws InterruptedException {
        factory.start();
        assertTrue(
                factory.waitForCacheSync(Await.LONG_TIMEOUT).values().stream().allMatch(Boolean::booleanValue),
                "every informer of the factory synced");
    }

    /** How many pod lists the server answered while an informer of a factory with {@code options} synced. */
    private long listsToSyncPods(ReflectorOptions.Builder options) throws InterruptedException {
        long before = server.requestCount("list", "pods");
        SharedInformerFactory own = SharedInformerFactory.builder(client)
                .reflectorOptions(options.build())
                .build();
        try {
            SharedIndexInformer<Pod> pods = own.informerFor(ResourceType.PODS);
            startAndAwaitSync(own);
            assertEquals(1, pods.getStore().list().size());
            return server.requestCount("list", "pods") - before;
        } finally {
            own.shutdown();
        }
    }

    @Test
    void oneInformerPerTypeNamespaceAndSelectors() {
        SharedIndexInformer<Pod> pods = factory.informerFor(ResourceType.PODS);
        assertSame(pods, factory.informerFor(ResourceType.PODS));
        assertSame(pods, factory.informerFor(ResourceType.PODS, new InformerOptions("", " ", null)));
        assertNotSame(pods, factory.informerFor(ResourceType.PODS, InformerOptions.inNamespace("default")));
        assertNotSame(pods, factory.informerFor(ResourceType.PODS, InformerOptions.ALL.withLabelSelector("app=web")));
    }

    @Test
    void startWaitForCacheSyncAndListersServeTheCache() throws Exception {
        createPod("default", "web-1", "web");
        createPod("default", "db-1", "db");
        createPod("kube-system", "web-2", "web");
        server.create(
                "configmaps",
                "default",
                "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cfg\",\"namespace\":\"default\"}}");
        Lister<Pod> pods = factory.listerFor(ResourceType.PODS);
        Lister<ConfigMap> configMaps = factory.listerFor(ResourceType.CONFIGMAPS);
        factory.start();
        Map<SharedInformerFactory.Key, Boolean> synced = factory.waitForCacheSync(Duration.ofSeconds(20));
        assertEquals(2, synced.size());
        assertTrue(synced.values().stream().allMatch(Boolean::booleanValue), synced.toString());

        assertEquals(3, pods.list().size());
        assertEquals(2, pods.list("app=web").size());
        assertEquals(1, pods.namespace("default").list("app=web").size());
        assertEquals("db-1", pods.namespace("default").get("db-1").orElseThrow().name());
        assertTrue(pods.namespace("kube-system").get("db-1").isEmpty());
        assertEquals(1, configMaps.list().size());
    }

    @Test
    void waitForCacheSyncReportsAnInformerThatCannotSync() throws Exception {
        // Both the streaming list (a watch, the default) and the list it falls back to fail.
        server.faults().failNext(1000, "watch", "configmaps", 500);
        server.faults().failNext(1000, "list", "configmaps", 500);
        factory.informerFor(ResourceType.CONFIGMAPS);
        factory.informerFor(ResourceType.PODS);
        factory.start();
        Map<SharedInformerFactory.Key, Boolean> synced = factory.waitForCacheSync(Duration.ofMillis(500));
        assertEquals(
                Boolean.FALSE, synced.get(new SharedInformerFactory.Key(ResourceType.CONFIGMAPS, InformerOptions.ALL)));
        assertEquals(Boolean.TRUE, synced.get(new SharedInformerFactory.Key(ResourceType.PODS, InformerOptions.ALL)));

        Map<SharedInformerFactory.Key, SyncError> errors = factory.lastSyncErrors();
        assertEquals(
                java.util.Set.of(new SharedInformerFactory.Key(ResourceType.CONFIGMAPS, InformerOptions.ALL)),
                errors.keySet(),
                "only the informer that cannot sync has an error");
        SyncError error = errors.values().iterator().next();
        assertEquals(500, ((dev.informer.client.StatusException) error.cause()).code());
        assertTrue(error.message().contains(server.url() + "/api/v1/configmaps"), error.message());
    }

    @Test
    void informersRequestedAfterStartStartOnTheNextStart() throws Exception {
        factory.informerFor(ResourceType.PODS);
        factory.start();
        SharedIndexInformer<ConfigMap> late = factory.informerFor(ResourceType.CONFIGMAPS);
        assertTrue(!late.hasStarted());
        factory.start();
        assertTrue(late.hasStarted());
    }

    @Test
    void shutdownStopsEveryInformerAndRefusesNewOnes() {
        SharedIndexInformer<Pod> pods = factory.informerFor(ResourceType.PODS);
        factory.start();
        factory.shutdown();
        assertTrue(pods.isStopped());
        IllegalStateException e =
                assertThrows(IllegalStateException.class, () -> factory.informerFor(ResourceType.NODES));
        assertTrue(e.getMessage().contains("shut down"), e.getMessage());
    }

    @Test
    void shutdownIsBoundedOverallAndNamesTheStuckHandlerOfEveryInformer() throws Exception {
        createPod("default", "web-1", "web");
        server.create(
                "configmaps",
                "default",
                "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm\",\"namespace\":\"default\"}}");
        SharedInformerStopTest.StubbornHandler<Pod> podHandler =
                new SharedInformerStopTest.StubbornHandler<>("stuck-pods");
        SharedInformerStopTest.StubbornHandler<ConfigMap> cmHandler =
                new SharedInformerStopTest.StubbornHandler<>("stuck-configmaps");
        factory.informerFor(ResourceType.PODS).addEventHandler(podHandler);
        factory.informerFor(ResourceType.CONFIGMAPS).addEventHandler(cmHandler);
        factory.start();
        try {
            assertTrue(podHandler.entered.await(20, TimeUnit.SECONDS));
            assertTrue(cmHandler.entered.await(20, TimeUnit.SECONDS));
            List<String> warnings;
            try (LogCapture log = LogCapture.start()) {
                assertFalse(factory.shutdown(Duration.ofMillis(300)));
                warnings = log.linesWith("is still running after the stop grace period");
            }
            assertEquals(2, warnings.size(), "one WARN per stuck handler: " + warnings);
            assertTrue(
                    warnings.stream().anyMatch(w -> w.contains("shared informer pods") && w.contains("stuck-pods")),
                    warnings.toString());
            assertTrue(
                    warnings.stream()
                            .anyMatch(w -> w.contains("shared informer configmaps") && w.contains("stuck-configmaps")),
                    warnings.toString());
            assertTrue(podHandler.interrupted.await(20, TimeUnit.SECONDS));
            assertTrue(cmHandler.interrupted.await(20, TimeUnit.SECONDS));
        } finally {
            podHandler.release.countDown();
            cmHandler.release.countDown();
        }
    }

    @Test
    void namespaceForClusterScopedTypeIsRejected() {
        assertThrows(
                IllegalArgumentException.class,
                () -> factory.informerFor(ResourceType.NODES, InformerOptions.inNamespace("default")));
    }
}
