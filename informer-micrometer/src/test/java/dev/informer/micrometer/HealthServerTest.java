package dev.informer.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ResourceType;
import dev.informer.client.ClientConfig;
import dev.informer.client.KubernetesClient;
import dev.informer.client.SharedInformerFactory;
import dev.informer.health.HealthChecks;
import dev.informer.health.HealthServer;
import dev.informer.leaderelection.LeaderElectionHealthCheck;
import dev.informer.testing.EmbeddedApiServer;
import io.micrometer.core.instrument.Counter;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** /healthz, /readyz and /metrics over HTTP. */
class HealthServerTest {

    private final HttpClient http = HttpClient.newHttpClient();
    private HealthServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                        .timeout(Duration.ofSeconds(10))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void readyzAnswers503WithTheFailingReasonsUntilEveryCheckPasses() throws Exception {
        AtomicReference<Optional<String>> cache = new AtomicReference<>(Optional.of("caches not synced"));
        server = HealthServer.builder()
                .host("127.0.0.1")
                .readinessCheck("informers", cache::get)
                .readinessCheck("leaderElection", Optional::empty)
                .start();

        HttpResponse<String> before = get("/readyz");
        assertEquals(503, before.statusCode());
        assertEquals(
                "[-]informers failed: caches not synced\n[+]leaderElection ok\nreadyz check failed\n", before.body());

        cache.set(Optional.empty());
        HttpResponse<String> after = get("/readyz");
        assertEquals(200, after.statusCode());
        assertEquals("ok\n", after.body());
        assertEquals(
                "[+]informers ok\n[+]leaderElection ok\nreadyz check passed\n",
                get("/readyz?verbose").body());
    }

    @Test
    void readyzFollowsTheInformersOfAFactoryAgainstTheApiServer() throws Exception {
        try (EmbeddedApiServer api = EmbeddedApiServer.builder().start();
                KubernetesClient client = KubernetesClient.create(
                        ClientConfig.builder().server(api.url()).build())) {
            SharedInformerFactory factory =
                    SharedInformerFactory.builder(client).build();
            try {
                factory.informerFor(ResourceType.CONFIGMAPS);
                server = HealthServer.builder()
                        .host("127.0.0.1")
                        .readinessCheck("informers", HealthChecks.informersSynced(factory))
                        .start();

                HttpResponse<String> notStarted = get("/readyz");
                assertEquals(503, notStarted.statusCode());
                assertTrue(notStarted.body().contains("[-]informers failed: no informer started"), notStarted.body());

                factory.start();
                Map<SharedInformerFactory.Key, Boolean> synced = factory.waitForCacheSync(Duration.ofSeconds(10));
                assertTrue(synced.values().stream().allMatch(b -> b), "synced: " + synced);
                assertEquals(200, get("/readyz").statusCode());
            } finally {
                factory.shutdown();
            }
        }
    }

    @Test
    void healthzAnswers500NamingTheFailedLivenessCheck() throws Exception {
        LeaderElectionHealthCheck leader = new LeaderElectionHealthCheck(Duration.ofSeconds(20));
        server = HealthServer.builder()
                .host("127.0.0.1")
                .livenessCheck("leaderElection", HealthChecks.leaderElection(leader))
                .livenessCheck("workers", () -> {
                    throw new IllegalStateException("worker pool gone");
                })
                .start();

        HttpResponse<String> response = get("/healthz");

        assertEquals(500, response.statusCode());
        assertEquals(
                "[+]leaderElection ok\n"
                        + "[-]workers failed: check threw java.lang.IllegalStateException: worker pool gone\n"
                        + "healthz check failed\n",
                response.body());
    }

    @Test
    void healthzWithoutChecksIsOk() throws Exception {
        server = HealthServer.builder().host("127.0.0.1").start();

        assertEquals(200, get("/healthz").statusCode());
        assertEquals("ok\n", get("/healthz").body());
        assertEquals(200, get("/readyz").statusCode());
    }

    @Test
    void metricsServesTheScrapeText() throws Exception {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Counter.builder("workqueue.adds").tag("name", "pods").register(registry).increment(3);
        server = HealthServer.builder()
                .host("127.0.0.1")
                .metrics(registry::scrape)
                .start();

        HttpResponse<String> response = get("/metrics");

        assertEquals(200, response.statusCode());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("text/plain; version=0.0.4"));
        assertTrue(response.body().contains("workqueue_adds_total{name=\"pods\"} 3.0"), response.body());
        registry.close();
    }

    @Test
    void unknownPathsAndMissingMetricsAre404() throws Exception {
        server = HealthServer.builder().host("127.0.0.1").start();

        assertEquals(404, get("/metrics").statusCode());
        assertEquals(404, get("/nope").statusCode());
    }

    @Test
    void aPortInUseFailsWithOneLineNamingThePort() {
        server = HealthServer.builder().host("127.0.0.1").start();
        int taken = server.port();

        IllegalStateException e = assertThrows(
                IllegalStateException.class,
                () -> HealthServer.builder().host("127.0.0.1").port(taken).start());

        assertTrue(e.getMessage().startsWith("cannot listen on 127.0.0.1:" + taken + " for /healthz"), e.getMessage());
    }

    @Test
    void checkNamesAreUniquePerEndpoint() {
        HealthServer.Builder builder = HealthServer.builder().readinessCheck("informers", Optional::empty);

        assertThrows(IllegalArgumentException.class, () -> builder.readinessCheck("informers", Optional::empty));
        assertThrows(IllegalArgumentException.class, () -> builder.port(70000));
    }
}
