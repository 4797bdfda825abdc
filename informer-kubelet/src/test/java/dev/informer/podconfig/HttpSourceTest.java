package dev.informer.podconfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.informer.api.Pod;
import dev.informer.clock.testing.FakeClock;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
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
                 "spec":{"containers":[{"name":"c","image":"busybox"}]}}"""
                .formatted(name);
    }

    private static MockResponse ok(String body) {
        return new MockResponse.Builder().code(200).body(body).build();
    }

    private URI url() {
        return server.url("/manifests").uri();
    }

    private void start(HttpSource.Builder builder) {
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
        start(HttpSource.builder(url(), NODE, channel).header("X-Token", "secret"));

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
        server.enqueue(ok(
                """
                {"apiVersion":"v1","kind":"PodList","items":[
                  %s,
                  {"metadata":{"name":"noContainers"},"spec":{}},
                  {"kind":"Service","apiVersion":"v1","metadata":{"name":"svc"}},
                  %s,
                  %s
                ]}"""
                        .formatted(pod("a"), pod("b"), pod("a"))));
        start(HttpSource.builder(url(), NODE, channel));
        assertEquals(
                List.of("a-node-1", "b-node-1"),
                channel.next().pods().stream().map(Pod::name).toList());
    }

    @Test
    void aYamlBodyIsAccepted() throws Exception {
        server.enqueue(
                ok(
                        """
                apiVersion: v1
                kind: Pod
                metadata:
                  name: yaml
                spec:
                  containers:
                  - name: c
                    image: busybox
                """));
        start(HttpSource.builder(url(), NODE, channel));
        assertEquals("yaml-node-1", channel.next().pods().get(0).name());
    }

    @Test
    void anUnchangedBodyIsNotSentAgain() throws Exception {
        server.enqueue(ok(pod("web")));
        server.enqueue(ok(pod("web")));
        server.enqueue(ok(pod("web2")));
        start(HttpSource.builder(url(), NODE, channel));
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
        start(HttpSource.builder(url(), NODE, channel));
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
        start(HttpSource.builder(url, NODE, channel));
        nextPeriod();
        channel.expectNothing(Duration.ofMillis(200));
    }

    @Test
    void anEmptyBodySendsAnEmptySet() throws Exception {
        server.enqueue(ok(""));
        start(HttpSource.builder(url(), NODE, channel));
        PodUpdate update = channel.next();
        assertEquals(PodOperation.SET, update.operation());
        assertEquals(List.of(), update.pods());
    }

    @Test
    void theUidDependsOnTheUrl() throws Exception {
        server.enqueue(ok(pod("web")));
        server.enqueue(ok(pod("web")));
        start(HttpSource.builder(url(), NODE, channel));
        String first = channel.next().pods().get(0).uid();
        RecordingChannel other = new RecordingChannel(ConfigSources.HTTP);
        try (PodSource second = HttpSource.builder(server.url("/other").uri(), NODE, other)
                .clock(clock)
                .build()) {
            second.start();
            assertNotEquals(first, other.next().pods().get(0).uid());
        }
    }

    // ---- issue 13: one bad manifest never blocks the others ----

    private final List<InvalidManifestException> problems = new CopyOnWriteArrayList<>();

    private HttpSource.Builder http(URI url) {
        return HttpSource.builder(url, NODE, channel).onInvalidManifest(problems::add);
    }

    @Test
    void aPodListItemWithANullContainerIsSkippedNamingItsFieldAndTheOtherItemsAreSent() throws Exception {
        server.enqueue(
                ok(
                        """
                apiVersion: v1
                kind: PodList
                items:
                - metadata: {name: a}
                  spec:
                    containers: [{name: c, image: i}]
                - metadata: {name: bad}
                  spec:
                    containers:
                    -
                - metadata: {name: badport}
                  spec:
                    containers: [{name: c, image: i, ports: [null]}]
                - metadata: {name: b}
                  spec:
                    containers: [{name: c, image: i}]
                """));
        start(http(url()));
        assertEquals(
                List.of("a-node-1", "b-node-1"),
                channel.next().pods().stream().map(Pod::name).toList());
    }

    @Test
    void aSinglePodWithANullContainerIsReportedOnceNamingTheUrlAndTheField() throws Exception {
        String bad = "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"b\"},"
                + "\"spec\":{\"containers\":[null]}}";
        server.enqueue(ok(pod("web")));
        server.enqueue(ok(bad));
        server.enqueue(ok(bad));
        server.enqueue(ok(bad));
        server.enqueue(ok(pod("web2")));
        start(http(url()));
        assertEquals("web-node-1", channel.next().pods().get(0).name());
        request();
        for (int i = 0; i < 3; i++) {
            nextPeriod();
            request();
        }
        channel.expectNothing(Duration.ofMillis(200));
        assertEquals(
                List.of(url() + ": spec.containers[0]: must not be null"),
                problems.stream().map(InvalidManifestException::getMessage).toList(),
                "an unchanged bad body is reported once");

        nextPeriod();
        assertEquals("web2-node-1", channel.next().pods().get(0).name());
    }

    @Test
    void aBodyAboveTheDefaultCapIsRejectedNamingTheUrlAndTheCap() throws Exception {
        server.enqueue(ok(pod("web") + " ".repeat(11 << 20)));
        server.enqueue(ok(pod("small")));
        start(http(url()));
        request();
        nextPeriod();
        assertEquals("small-node-1", channel.next().pods().get(0).name(), "the source goes on");
        assertEquals(
                List.of(url() + ": the manifest is " + (pod("web").length() + (11 << 20))
                        + " bytes, above the cap of 10485760 bytes (10 MiB)"),
                problems.stream().map(InvalidManifestException::getMessage).toList());
    }

    @Test
    void aChunkedBodyAboveAConfiguredCapIsRejectedAfterReadingAtMostTheCapAndReportedOnce() throws Exception {
        for (int i = 0; i < 3; i++) {
            server.enqueue(new MockResponse.Builder()
                    .code(200)
                    .chunkedBody(pod("web") + " ".repeat(5000), 100)
                    .build());
        }
        server.enqueue(ok(pod("web")));
        start(http(url()).maxManifestBytes(1024));
        request();
        for (int i = 0; i < 3; i++) {
            nextPeriod();
            request();
        }
        assertEquals("web-node-1", channel.next().pods().get(0).name());
        assertEquals(
                List.of(url() + ": the manifest is more than 1024 bytes, above the cap of 1024 bytes (1 KiB)"),
                problems.stream().map(InvalidManifestException::getMessage).toList());
    }

    @Test
    void anEndlessBodyIsCutOffAtTheCapAndTheSourceRecovers() throws Exception {
        AtomicInteger requests = new AtomicInteger();
        HttpServer endless = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        endless.createContext("/", exchange -> {
            try (exchange) {
                if (requests.incrementAndGet() == 1) {
                    exchange.sendResponseHeaders(200, 0); // chunked, no length: it never ends
                    byte[] chunk = new byte[64 * 1024];
                    java.util.Arrays.fill(chunk, (byte) ' ');
                    OutputStream out = exchange.getResponseBody();
                    while (true) {
                        out.write(chunk); // until the client hangs up
                    }
                }
                byte[] body = pod("after").getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
            } catch (IOException hungUp) {
                // the source closed the connection: expected for the endless answer
            }
        });
        endless.start();
        try {
            URI url = URI.create("http://127.0.0.1:" + endless.getAddress().getPort() + "/pods");
            start(http(url).maxManifestBytes(1 << 20));
            nextPeriod();
            assertEquals("after-node-1", channel.next().pods().get(0).name());
            assertEquals(
                    List.of(url + ": the manifest is more than 1048576 bytes, above the cap of 1048576 bytes"
                            + " (1 MiB)"),
                    problems.stream().map(InvalidManifestException::getMessage).toList());
        } finally {
            endless.stop(0);
        }
    }

    @Test
    void anErrorAnswerIsNotRead() throws Exception {
        server.enqueue(
                new MockResponse.Builder().code(500).body("x".repeat(11 << 20)).build());
        server.enqueue(ok(pod("web")));
        start(http(url()));
        request();
        nextPeriod();
        assertEquals("web-node-1", channel.next().pods().get(0).name());
        assertEquals(List.of(), problems, "a failed request is a failure, not an invalid manifest");
    }

    @Test
    void builderRejectsNonsense() {
        assertThrows(
                IllegalArgumentException.class, () -> HttpSource.builder(URI.create("file:///etc"), NODE, channel));
        assertThrows(IllegalArgumentException.class, () -> HttpSource.builder(url(), "", channel));
        assertThrows(IllegalArgumentException.class, () -> HttpSource.builder(url(), NODE, channel)
                .period(Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> HttpSource.builder(url(), NODE, channel)
                .maxManifestBytes(0));
        assertThrows(IllegalArgumentException.class, () -> HttpSource.builder(url(), NODE, channel)
                .maxManifestBytes((1L << 30) + 1));
    }
}
