package dev.informer.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ConfigMap;
import dev.informer.api.ResourceType;
import dev.informer.cache.InformerMetricsProvider;
import dev.informer.cache.SharedIndexInformer;
import dev.informer.client.KubernetesClient;
import dev.informer.client.SharedInformerFactory;
import dev.informer.workqueue.HistogramMetric;
import dev.informer.workqueue.SettableGaugeMetric;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The informer series of {@link InformerMeters#informers()} over an informer's life: they appear when
 * it starts and are removed when it is closed, also when the provider hands out no gauge, and an
 * informer that gets no series (its name is held by a running one) leaves the holder's alone.
 */
class InformerGaugesLifecycleTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final String LATENCY = "informer_processing_latency_seconds_count{name=\"";

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final InformerMeters meters = InformerMeters.of(registry);

    @AfterEach
    void closeRegistry() {
        registry.close();
    }

    /**
     * A provider that breaks the non-null contract the way a hand-written one might: it has no queued
     * items or store resource version gauge (returns {@code null}) but records the latency.
     */
    private InformerMetricsProvider withoutGauges() {
        InformerMetricsProvider informers = meters.informers();
        return new InformerMetricsProvider() {
            @Override
            @SuppressWarnings("NullAway") // the point of the test
            public SettableGaugeMetric newQueuedItemsMetric(String informerName, String resource) {
                return null;
            }

            @Override
            @SuppressWarnings("NullAway") // the point of the test
            public SettableGaugeMetric newStoreResourceVersionMetric(String informerName, String resource) {
                return null;
            }

            @Override
            public HistogramMetric newProcessingLatencyMetric(String informerName, String resource) {
                return informers.newProcessingLatencyMetric(informerName, resource);
            }

            @Override
            public void unregister(String informerName, String resource) {
                informers.unregister(informerName, resource);
            }
        };
    }

    private static SharedInformerFactory startedFactory(KubernetesClient client, InformerMetricsProvider provider)
            throws InterruptedException {
        SharedInformerFactory factory = SharedInformerFactory.builder(client)
                .informerMetricsProvider(provider)
                .build();
        factory.informerFor(ResourceType.CONFIGMAPS);
        factory.start();
        Map<SharedInformerFactory.Key, Boolean> synced = factory.waitForCacheSync(TIMEOUT);
        assertTrue(synced.values().stream().allMatch(b -> b), "synced: " + synced);
        return factory;
    }

    @Test
    void closingAnInformerWhoseProviderGaveNoGaugesRemovesItsSeriesAndFreesItsName() throws Exception {
        try (ApiServerFixture api = new ApiServerFixture()) {
            api.createConfigMap("cm-1");
            InformerMetricsProvider provider = withoutGauges();

            SharedInformerFactory first = startedFactory(api.client, provider);
            String name = first.informerFor(ResourceType.CONFIGMAPS).name();
            assertTrue(registry.scrape().contains(LATENCY + name), registry.scrape());
            first.shutdown();
            assertFalse(registry.scrape().contains(LATENCY + name), "closed informer's series: " + registry.scrape());

            // The name was released: an informer of the same name and provider records again.
            SharedInformerFactory second = startedFactory(api.client, provider);
            try {
                assertEquals(name, second.informerFor(ResourceType.CONFIGMAPS).name());
                assertTrue(registry.scrape().contains(LATENCY + name), registry.scrape());
            } finally {
                second.shutdown();
            }
        }
    }

    @Test
    void anInformerWithoutSeriesLeavesTheSeriesOfTheRunningInformerOfItsName() throws Exception {
        try (ApiServerFixture api = new ApiServerFixture()) {
            api.createConfigMap("cm-1");
            SharedInformerFactory holder = startedFactory(api.client, meters.informers());
            try {
                SharedIndexInformer<ConfigMap> held = holder.informerFor(ResourceType.CONFIGMAPS);
                String queued = "informer_queued_items{name=\"" + held.name() + "\"";
                assertTrue(registry.scrape().contains(queued), registry.scrape());

                // Same name, same provider: this one gets no series (WARN), and closing it is no loss.
                SharedInformerFactory second = startedFactory(api.client, meters.informers());
                assertEquals(
                        held.name(), second.informerFor(ResourceType.CONFIGMAPS).name());
                second.shutdown();
                assertTrue(registry.scrape().contains(queued), "holder's series gone: " + registry.scrape());
                assertTrue(registry.scrape().contains(LATENCY + held.name()), registry.scrape());
            } finally {
                holder.shutdown();
            }
            assertFalse(registry.scrape().contains(LATENCY), "series after all closed: " + registry.scrape());
        }
    }
}
