package dev.informer.podconfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.Pod;
import dev.informer.clock.testing.FakeClock;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The http source (ported from the kubelet's http_test.go) against a mock web server. */
class HttpSourceTest {

    private static final String NODE = "node-1";

    private final MockWebServer server = new MockWebServer();
    private final FakeClock clock = new FakeClock();
    private final RecordingChannel channel = new RecordingChannel(ConfigSources.HTTP);
    private PodSource source;

    @BeforeEach
    void startServer() throws IOException {
        server.start();
    }

    @AfterEach
    void stop() {
        if (source != null) {
            source.close();
        }
        server.close();
    }

    private static String pod(String name) {
        return """
                {"apiVersion":"v1","kind":"Pod","metadata":{"name":"%s"},
                 "spec":{"containers":[{"name":"c","image":"busybox"}]}}""".formatted(name);
    }

    private static MockResponse ok(String body) {
        return new MockResponse.Builder().code(200).body(body).build();
    }

    private URI url() {
        return server.url("/manifests").uri();
    }

    private void start(HttpSourceBuilder builder) {
        source = builder.clock(clock).build();
        source.start();
    }

    private void nextPeriod() throws InterruptedException {
        assertTrue(clock.awaitWaiters(1, Duration.ofSeconds(10)), "the source waits for its period");
        clock.step(Duration.ofSeconds(20));
    }

    private RecordedRequest request() throws InterruptedException {
        RecordedRequest request = server.takeRequest(10, TimeUnit.SECONDS);
        if (request == null) {
            throw new AssertionError("no request within 10 s");
        }
        return request;
    }

    @Test
    void aSinglePodIsSentAsASetWithTheStaticPodDefaultsAndTheHeaders() throws Exception {
        server.enqueue(ok(pod("web")));
        start(PodSource.http(url(), NODE, channel).header("X-Token", "secret"));

        PodUpdate update = channel.next();
        assertEquals(PodOperation.SET, update.operation());
        assertEquals(ConfigSources.HTTP, update.source());
        Pod web = update.pods().get(0);
        assertEquals("web-node-1", web.name());
        assertEquals("default", web.namespace());
        assertEquals(NODE, web.spec().nodeName());
        assertEquals(web.uid(), web.metadata().annotations().get(ConfigAnnotations.HASH));
        assertEquals(ConfigSources.HTTP, web.metadata().annotations().get(ConfigAnnotations.SOURCE));
        assertNull(web.spec().unknownFields().get("tolerations"), "only file pods get the NoExecute toleration");
        assertEquals("secret", request().getHeaders().get("X-Token"));
    }

    @Test
    void aPodListIsSentWithoutItsInvalidAndDuplicateItems() throws Exception {
        server.enqueue(ok("""
                {"apiVersion":"v1","kind":"PodList","items":[
                  %s,
                  {"metadata":{"name":"noContainers"},"spec":{}},
                  {"kind":"Service","apiVersion":"v1","metadata":{"name":"svc"}},
                  %s,
                  %s
                ]}""".formatted(pod("a"), pod("b"), pod("a"))));
        start(PodSource.http(url(), NODE, channel));
        assertEquals(List.of("a-node-1", "b-node-1"), channel.next().pods().stream().map(Pod::name).toList());
    }

    @Test
    void aYamlBodyIsAccepted() throws Exception {
        server.enqueue(ok("""
                apiVersion: v1
                kind: Pod
                metadata:
                  name: yaml
                spec:
                  containers:
                  - name: c
                    image: busybox
                """));
        start(PodSource.http(url(), NODE, channel));
        assertEquals("yaml-node-1", channel.next().pods().get(0).name());
    }

    @Test
    void anUnchangedBodyIsNotSentAgain() throws Exception {
        server.enqueue(ok(pod("web")));
        server.enqueue(ok(pod("web")));
        server.enqueue(ok(pod("web2")));
        start(PodSource.http(url(), NODE, channel));
        channel.next();
        request();

        nextPeriod();
        request();
        channel.expectNothing(Duration.ofMillis(200));

        nextPeriod();
        request();
        assertEquals("web2-node-1", channel.next().pods().get(0).name());
    }

    @Test
    void failuresKeepTheLastGoodSet() throws Exception {
        server.enqueue(ok(pod("web")));
        server.enqueue(new MockResponse.Builder().code(500).body("boom").build());
        server.enqueue(ok("this is not a pod"));
        server.enqueue(ok("{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{}}"));
        start(PodSource.http(url(), NODE, channel));
        channel.next();
        request();

        // Wait for each request before stepping again, so that every period is its own round.
        for (int i = 0; i < 3; i++) {
            nextPeriod();
            request();
        }
        channel.expectNothing(Duration.ofMillis(200));
    }

    @Test
    void anUnreachableUrlSendsNothing() throws Exception {
        URI url = url();
        server.close();
        start(PodSource.http(url, NODE, channel));
        nextPeriod();
        channel.expectNothing(Duration.ofMillis(200));
    }

    @Test
    void anEmptyBodySendsAnEmptySet() throws Exception {
        server.enqueue(ok(""));
        start(PodSource.http(url(), NODE, channel));
        PodUpdate update = channel.next();
        assertEquals(PodOperation.SET, update.operation());
        assertEquals(List.of(), update.pods());
    }

    @Test
    void theUidDependsOnTheUrl() throws Exception {
        server.enqueue(ok(pod("web")));
        server.enqueue(ok(pod("web")));
        start(PodSource.http(url(), NODE, channel));
        String first = channel.next().pods().get(0).uid();
        RecordingChannel other = new RecordingChannel(ConfigSources.HTTP);
        try (PodSource second = PodSource.http(server.url("/other").uri(), NODE, other).clock(clock).build()) {
            second.start();
            assertNotEquals(first, other.next().pods().get(0).uid());
        }
    }

    @Test
    void builderRejectsNonsense() {
        assertThrows(IllegalArgumentException.class, () -> PodSource.http(URI.create("file:///etc"), NODE, channel));
        assertThrows(IllegalArgumentException.class, () -> PodSource.http(url(), "", channel));
        assertThrows(IllegalArgumentException.class, () -> PodSource.http(url(), NODE, channel).period(Duration.ZERO));
    }
}
