package dev.informer.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ConfigMap;
import dev.informer.api.ResourceType;
import dev.informer.client.ApiConnectionException;
import dev.informer.client.ClientConfig;
import dev.informer.client.Informers;
import dev.informer.client.KubernetesClient;
import dev.informer.clock.testing.FakeClock;
import dev.informer.testing.EmbeddedApiServer;
import dev.informer.testsupport.Await;
import dev.informer.testsupport.LogCapture;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The informer against a real (embedded) API server when the server goes away: restarted with other
 * content, or unreachable. It must converge or say why, once per cause, without stack traces.
 */
class InformerFieldTrustTest {

    private final LogCapture logs = LogCapture.start();
    private EmbeddedApiServer server;
    private KubernetesClient client;
    private SharedIndexInformer<?> informer;

    @AfterEach
    void stop() {
        if (informer != null) {
            informer.close();
        }
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
        logs.close();
    }

    private static void createConfigMap(EmbeddedApiServer on, String name) {
        on.create(
                "configmaps",
                "default",
                "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"" + name
                        + "\",\"namespace\":\"default\"},\"data\":{\"k\":\"v\"}}");
    }

    private static Set<String> names(SharedIndexInformer<ConfigMap> informer) {
        return informer.getStore().list().stream().map(ConfigMap::name).collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void afterARestartWithOtherContentAndSmallerVersionsTheInformerHoldsExactlyTheNewServersObjects() {
        server = EmbeddedApiServer.builder()
                .resourceVersionEpoch(0)
                .bookmarkInterval(Duration.ofMillis(200))
                .start();
        int port = server.port();
        for (int i = 0; i < 40; i++) {
            createConfigMap(server, "old-" + i);
        }
        client = KubernetesClient.create(
                ClientConfig.builder().server(server.url()).build());
        SharedIndexInformer<ConfigMap> configMaps = Informers.builder(client.resource(ResourceType.CONFIGMAPS))
                .name("restart-configmaps")
                .backoff(BackoffPolicy.constant(Duration.ofMillis(50)))
                .build();
        informer = configMaps;
        configMaps.start();
        Await.until(
                "old content synced",
                () -> configMaps.hasSynced() && names(configMaps).size() == 40,
                Await.LONG_TIMEOUT);
        String oldVersion = String.valueOf(server.resourceVersion());
        Await.until(
                "at version " + oldVersion,
                () -> oldVersion.equals(configMaps.lastSyncResourceVersion()),
                Await.LONG_TIMEOUT);

        server.close();
        // A new server on the same port, with other content and (by construction) smaller versions.
        server = EmbeddedApiServer.builder()
                .port(port)
                .resourceVersionEpoch(0)
                .bookmarkInterval(Duration.ofMillis(200))
                .start();
        createConfigMap(server, "new-1");
        createConfigMap(server, "new-2");
        assertTrue(server.resourceVersion() < Long.parseLong(oldVersion), "the test needs smaller versions");

        Await.until(
                "the new server's objects",
                () -> names(configMaps).equals(Set.of("new-1", "new-2")),
                Duration.ofSeconds(30));
        createConfigMap(server, "new-3");
        Await.until("watching the new server", () -> names(configMaps).contains("new-3"), Await.LONG_TIMEOUT);

        assertEquals(Set.of("new-1", "new-2", "new-3"), names(configMaps));
        List<String> warnings = logs.linesWith("restart-configmaps", "went backwards");
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(
                warnings.get(0).contains("WARN") && warnings.get(0).contains("from " + oldVersion + " to "),
                warnings.get(0));
    }

    @Test
    void aForbiddenStreamingListAndListAreOneLineEachNotOnePerRetry() {
        server = EmbeddedApiServer.builder().start();
        server.faults().failNext(1000, "*", "configmaps", 403);
        client = KubernetesClient.create(
                ClientConfig.builder().server(server.url()).build());
        SharedIndexInformer<ConfigMap> configMaps = Informers.builder(client.resource(ResourceType.CONFIGMAPS))
                .name("forbidden-configmaps")
                .reflectorOptions(ReflectorOptions.builder()
                        .useWatchList(true)
                        .backoff(BackoffPolicy.constant(Duration.ofMillis(10)))
                        .build())
                .build();
        informer = configMaps;
        configMaps.start();
        Await.until("many attempts", () -> server.requestCount("list", "configmaps") >= 10, Await.LONG_TIMEOUT);

        List<String> lines = logs.linesWith("forbidden-configmaps");
        assertEquals(2, lines.size(), "the streaming fallback once, the 403 once: " + lines);
        // A 403 is not "streaming lists unsupported": retried each cycle, but logged once (INFO).
        assertTrue(lines.get(0).contains("INFO") && lines.get(0).contains("streaming list failed"), lines.get(0));
        assertTrue(
                lines.get(1).contains("WARN")
                        && lines.get(1).contains("403")
                        && lines.get(1).contains(server.url() + "/api/v1/configmaps"),
                lines.get(1));
        assertTrue(logs.lines().stream().noneMatch(line -> line.startsWith("\tat ")), "no stack trace");
        assertTrue(configMaps.lastSyncError().orElseThrow().message().contains("403"));
    }

    /** Each attempt records its failure at the clock's time: one attempt per step. */
    private static void awaitFailureAtNow(SharedIndexInformer<?> informer, FakeClock clock) {
        Await.until(
                "a failure at " + clock.now(),
                () -> informer.lastSyncError()
                        .map(error -> error.time().equals(clock.now()))
                        .orElse(false),
                Await.LONG_TIMEOUT);
    }

    @Test
    void anUnreachableServerIsOneWarnLinePerFailureWithoutStackTraceAndRepeatsAreSummarised() throws Exception {
        FakeClock clock = new FakeClock();
        client = KubernetesClient.create(
                ClientConfig.builder().server("http://127.0.0.1:1").build());
        SharedIndexInformer<ConfigMap> configMaps = Informers.builder(client.resource(ResourceType.CONFIGMAPS))
                .name("unreachable-configmaps")
                .clock(clock)
                .backoff(BackoffPolicy.constant(Duration.ofSeconds(1)))
                .build();
        informer = configMaps;
        configMaps.start();
        awaitFailureAtNow(configMaps, clock);
        for (int i = 0; i < 5; i++) {
            clock.step(Duration.ofSeconds(1));
            awaitFailureAtNow(configMaps, clock);
        }
        clock.step(Duration.ofSeconds(61));
        Await.until(
                "the summary",
                () -> !logs.linesWith("unreachable-configmaps", "more in").isEmpty(),
                Await.LONG_TIMEOUT);
        Await.until(
                "the next line",
                () -> logs.linesWith("unreachable-configmaps", "WARN").size() == 3,
                Await.LONG_TIMEOUT);

        List<String> lines = logs.linesWith("unreachable-configmaps");
        assertEquals(3, lines.size(), lines.toString());
        String first = lines.get(0);
        assertTrue(
                first.contains("WARN")
                        && first.contains("failed to list or watch")
                        && first.contains("http://127.0.0.1:1/api/v1/configmaps")
                        && first.contains("retrying in 1s"),
                first);
        assertTrue(lines.get(1).contains("(5 more in 5 s)"), lines.get(1));
        assertTrue(
                logs.lines().stream()
                        .noneMatch(line -> line.startsWith("\tat ")
                                || line.contains("ConnectException:") && !line.contains("unreachable-configmaps")),
                "no stack trace at the default level: " + logs.lines());

        awaitFailureAtNow(configMaps, clock); // the failure is logged a moment before it is recorded
        SyncError error = configMaps.lastSyncError().orElseThrow();
        assertTrue(error.cause() instanceof ApiConnectionException, error.toString());
        assertTrue(error.message().contains("127.0.0.1:1"), error.message());
        assertEquals(Duration.ofSeconds(1), error.retryIn());
        assertEquals(clock.now(), error.time());
        assertTrue(!configMaps.hasSynced());
    }
}
