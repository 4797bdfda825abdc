package dev.informer.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ConfigMap;
import dev.informer.api.ObjectMeta;
import dev.informer.api.ResourceType;
import dev.informer.clock.testing.FakeClock;
import dev.informer.testing.Await;
import dev.informer.testing.EmbeddedApiServer;
import dev.informer.watch.ListOptions;
import dev.informer.watch.Watch;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The client-side rate limiter end to end: every request, each list page included, waits for a permit. */
class ClientRateLimitTest {

    private final FakeClock clock = new FakeClock();
    private final EmbeddedApiServer server = EmbeddedApiServer.builder().start();
    private KubernetesClient limited;

    @AfterEach
    void close() {
        if (limited != null) {
            limited.close();
        }
        server.close();
    }

    private void createConfigMaps(int count) {
        try (KubernetesClient unlimited = KubernetesClient.create(
                ClientConfig.builder().server(server.url()).build())) {
            for (int i = 0; i < count; i++) {
                unlimited
                        .resource(ResourceType.CONFIGMAPS)
                        .inNamespace("default")
                        .create(ConfigMap.builder()
                                .metadata(ObjectMeta.builder()
                                        .namespace("default")
                                        .name("cm-" + i)
                                        .build())
                                .build());
            }
        }
    }

    @Test
    void everyListPageTakesAPermitAndAWatchTakesOneWhenItStarts() throws Exception {
        createConfigMaps(5);
        limited = KubernetesClient.create(ClientConfig.builder()
                .server(server.url())
                .clock(clock)
                .qps(1)
                .burst(2)
                .build());
        ResourceClient<ConfigMap> configMaps =
                limited.resource(ResourceType.CONFIGMAPS).inNamespace("default");
        long listsBefore = server.requestCount("list", "configmaps");

        AtomicReference<ListPager.Result<ConfigMap>> listed = new AtomicReference<>();
        Thread lister =
                new Thread(() -> listed.set(ListPager.of(configMaps::list, 2).list(ListOptions.NONE)));
        lister.setDaemon(true);
        lister.start();

        // Pages of 2 out of 5: three requests; the burst of 2 lets two through, the third waits.
        assertTrue(clock.awaitWaiters(1, Await.TIMEOUT), "the third page waits for a permit");
        assertEquals(2, server.requestCount("list", "configmaps") - listsBefore);
        clock.step(Duration.ofSeconds(1));
        lister.join(Await.TIMEOUT.toMillis());
        assertEquals(5, listed.get().list().items().size());
        assertEquals(3, server.requestCount("list", "configmaps") - listsBefore);

        // The bucket is empty: the watch waits for one permit, then streams without taking more.
        AtomicReference<Watch<ConfigMap>> watch = new AtomicReference<>();
        Thread watcher = new Thread(() -> watch.set(configMaps.watch(ListOptions.builder()
                .resourceVersion(listed.get().list().resourceVersion())
                .build())));
        watcher.setDaemon(true);
        watcher.start();
        assertTrue(clock.awaitWaiters(1, Await.TIMEOUT), "the watch waits for a permit");
        assertEquals(0, server.requestCount("watch", "configmaps"));
        clock.step(Duration.ofSeconds(1));
        watcher.join(Await.TIMEOUT.toMillis());
        try (Watch<ConfigMap> open = watch.get()) {
            server.create(
                    "configmaps",
                    "default",
                    "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\","
                            + "\"metadata\":{\"name\":\"late\",\"namespace\":\"default\"}}");
            assertEquals("late", open.next().typedObject().metadata().name());
            assertEquals(1, server.requestCount("watch", "configmaps"));
        }
    }

    @Test
    void withoutQpsNothingWaits() {
        createConfigMaps(3);
        limited = KubernetesClient.create(
                ClientConfig.builder().server(server.url()).clock(clock).build());
        ResourceClient<ConfigMap> configMaps =
                limited.resource(ResourceType.CONFIGMAPS).inNamespace("default");
        for (int i = 0; i < 30; i++) {
            configMaps.list(ListOptions.NONE);
        }
        assertEquals(false, clock.hasWaiters());
    }
}
