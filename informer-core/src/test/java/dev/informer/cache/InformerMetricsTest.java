package dev.informer.cache;

import static dev.informer.cache.ReflectorTest.pod;
import static dev.informer.cache.ReflectorTest.podList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.Pod;
import dev.informer.api.ResourceType;
import dev.informer.client.SharedInformerFactory;
import dev.informer.testing.Await;
import dev.informer.testsupport.LogCapture;
import dev.informer.testsupport.ServerAndClient;
import dev.informer.workqueue.HistogramMetric;
import dev.informer.workqueue.SettableGaugeMetric;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** client-go 1.36's informer metrics through an in-memory {@link InformerMetricsProvider}. */
class InformerMetricsTest {

    /** Records every metric of every informer, keyed by "name|resource". Thread-safe. */
    static final class InMemoryProvider implements InformerMetricsProvider {
        final Map<String, Double> queued = new ConcurrentHashMap<>();
        final Map<String, List<Double>> latencies = new ConcurrentHashMap<>();
        final Map<String, Double> resourceVersions = new ConcurrentHashMap<>();
        final List<String> unregistered = new CopyOnWriteArrayList<>();
        final List<String> queuedHistory = new CopyOnWriteArrayList<>();

        @Override
        public SettableGaugeMetric newQueuedItemsMetric(String informerName, String resource) {
            queued.put(informerName + "|" + resource, 0.0);
            return value -> {
                queued.put(informerName + "|" + resource, value);
                queuedHistory.add(informerName + "=" + (int) value);
            };
        }

        @Override
        public HistogramMetric newProcessingLatencyMetric(String informerName, String resource) {
            List<Double> observed =
                    latencies.computeIfAbsent(informerName + "|" + resource, k -> new CopyOnWriteArrayList<>());
            return observed::add;
        }

        @Override
        public SettableGaugeMetric newStoreResourceVersionMetric(String informerName, String resource) {
            return value -> resourceVersions.put(informerName + "|" + resource, value);
        }

        @Override
        public void unregister(String informerName, String resource) {
            unregistered.add(informerName + "|" + resource);
        }
    }

    private final FakeListerWatcher<Pod> lw = new FakeListerWatcher<>();
    private final InMemoryProvider provider = new InMemoryProvider();
    private final List<SharedIndexInformer<Pod>> informers = new CopyOnWriteArrayList<>();

    @AfterEach
    void stopInformers() {
        informers.forEach(SharedIndexInformer::close);
    }

    private SharedIndexInformer.Builder<Pod> builder(String name) {
        return SharedIndexInformer.builder(lw)
                .name(name)
                .metricsProvider(provider)
                .backoff(BackoffPolicy.constant(Duration.ofMillis(1)));
    }

    private SharedIndexInformer<Pod> start(SharedIndexInformer.Builder<Pod> builder) {
        SharedIndexInformer<Pod> informer = builder.build();
        informers.add(informer);
        informer.start();
        return informer;
    }

    @Test
    void queuedItemsLatencyAndStoreResourceVersionAreRecordedPerInformer() throws Exception {
        lw.onList = options -> podList("10", pod("a", "3"), pod("b", "4"), pod("c", "5"));
        SharedIndexInformer<Pod> informer = start(builder("pods"));
        Await.until("synced", informer::hasSynced);
        Await.until(
                "three objects processed", () -> provider.latencies.get("pods|").size() == 3);
        // The relist queues all three at once; each pop leaves one fewer.
        assertEquals(List.of("pods=2", "pods=1", "pods=0"), provider.queuedHistory);
        assertTrue(provider.latencies.get("pods|").stream().allMatch(seconds -> seconds >= 0));
        assertEquals(5.0, provider.resourceVersions.get("pods|"));

        lw.watcher(0).modify(pod("b", "12"));
        Await.until("the update's version", () -> Double.valueOf(12).equals(provider.resourceVersions.get("pods|")));

        informer.close();
        assertEquals(List.of("pods|"), provider.unregistered);
        assertEquals(0.0, provider.queued.get("pods|"), "a stopped informer queues nothing");
    }

    @Test
    void aDuplicateNameGetsNoMetricsWithAWarningUntilTheFirstStops() {
        SharedIndexInformer<Pod> first = start(builder("dup"));
        Await.until("first synced", first::hasSynced);
        List<String> warnings;
        SharedIndexInformer<Pod> second;
        try (LogCapture logs = LogCapture.start()) {
            second = start(builder("dup"));
            warnings = logs.linesWith("WARN", "dup", "has the same name and metrics provider");
        }
        assertEquals(1, warnings.size(), "one warning");
        Await.until("second synced", second::hasSynced);
        assertEquals(1, provider.latencies.size(), "only the first informer's series");

        first.close();
        second.close();
        assertEquals(List.of("dup|"), provider.unregistered, "only the informer that held the name unregisters");
        lw.onList = options -> podList("20", pod("x", "20"));
        SharedIndexInformer<Pod> third = start(builder("dup"));
        Await.until("third synced", third::hasSynced);
        Await.until("the name is free again", () -> Double.valueOf(20).equals(provider.resourceVersions.get("dup|")));
    }

    @Test
    void theSameNameWithDifferentProvidersIsNoConflict() {
        InMemoryProvider other = new InMemoryProvider();
        start(builder("shared-name"));
        start(builder("shared-name").metricsProvider(other));
        Await.until(
                "both registered",
                () -> provider.queued.containsKey("shared-name|") && other.queued.containsKey("shared-name|"));
    }

    @Test
    void theFactoryHandsItsProviderToEveryInformerLabelledWithTheResource() throws Exception {
        try (ServerAndClient api = ServerAndClient.start()) {
            api.server()
                    .create(
                            "configmaps",
                            "default",
                            "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cfg\",\"namespace\":\"default\"}}");
            SharedInformerFactory factory = SharedInformerFactory.builder(api.client())
                    .informerMetricsProvider(provider)
                    .build();
            try {
                factory.informerFor(ResourceType.CONFIGMAPS);
                SharedInformerFactoryTest.startAndAwaitSync(factory);
                Await.until(
                        "the config map was processed",
                        () -> provider.resourceVersions.containsKey("configmaps|v1/configmaps"));
                assertEquals(List.of("configmaps=0"), provider.queuedHistory);
            } finally {
                factory.shutdown();
            }
        }
    }

    @Test
    void theDefaultProviderRecordsNothingAndClaimsNoName() {
        SharedIndexInformer<Pod> informer =
                SharedIndexInformer.builder(lw).name("quiet").build();
        informers.add(informer);
        informer.start();
        Await.until("synced", informer::hasSynced);
        assertFalse(provider.queued.containsKey("quiet|"));
    }
}
