package dev.informer.client;

import static dev.informer.client.KubeConfigTest.assertMentions;
import static dev.informer.client.MockApi.json;
import static dev.informer.client.MockApi.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ConfigMap;
import dev.informer.api.ObjectMeta;
import dev.informer.api.ResourceType;
import dev.informer.api.Status;
import dev.informer.watch.ListOptions;
import dev.informer.watch.StatusCarrier;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.SocketEffect;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Typed errors: one per Status reason and code, synthesized Statuses, Retry-After, network failures. */
class StatusExceptionTest {

    @StartStop
    private final MockWebServer server = new MockWebServer();

    @AutoClose
    private KubernetesClient client;

    private ResourceClient<ConfigMap> configMaps;

    @BeforeEach
    void start() {
        client = KubernetesClient.create(
                MockApi.config(server).readTimeout(Duration.ofSeconds(2)).build());
        configMaps = client.resource(ResourceType.CONFIGMAPS);
    }

    private StatusException getFails(MockResponse response) {
        server.enqueue(response);
        return assertThrows(StatusException.class, () -> configMaps.get("cfg"));
    }

    /** Answers the next request with a 200 HTML page; {@code call} must fail as a connection error. */
    private ApiConnectionException answeredWithHtml(String page, Executable call) {
        server.enqueue(new MockResponse.Builder()
                .code(200)
                .setHeader("Content-Type", "text/html")
                .body(page)
                .build());
        return assertThrows(ApiConnectionException.class, call);
    }

    private static final Map<String, Predicate<StatusException>> ALL_HELPERS = Map.ofEntries(
            Map.entry("isNotFound", StatusException::isNotFound),
            Map.entry("isAlreadyExists", StatusException::isAlreadyExists),
            Map.entry("isConflict", StatusException::isConflict),
            Map.entry("isResourceExpired", StatusException::isResourceExpired),
            Map.entry("isGone", StatusException::isGone),
            Map.entry("isTooManyRequests", StatusException::isTooManyRequests),
            Map.entry("isInvalid", StatusException::isInvalid),
            Map.entry("isBadRequest", StatusException::isBadRequest),
            Map.entry("isUnauthorized", StatusException::isUnauthorized),
            Map.entry("isForbidden", StatusException::isForbidden),
            Map.entry("isMethodNotSupported", StatusException::isMethodNotSupported),
            Map.entry("isTimeout", StatusException::isTimeout),
            Map.entry("isServerTimeout", StatusException::isServerTimeout),
            Map.entry("isServiceUnavailable", StatusException::isServiceUnavailable),
            Map.entry("isInternalError", StatusException::isInternalError));

    @Test
    void eachStatusReasonHasItsHelper() {
        record Case(int code, String reason, String helper) {}
        List<Case> cases = List.of(
                new Case(404, "NotFound", "isNotFound"),
                new Case(409, "AlreadyExists", "isAlreadyExists"),
                new Case(409, "Conflict", "isConflict"),
                new Case(410, "Expired", "isResourceExpired"),
                new Case(410, "Gone", "isGone"),
                new Case(429, "TooManyRequests", "isTooManyRequests"),
                new Case(422, "Invalid", "isInvalid"),
                new Case(400, "BadRequest", "isBadRequest"),
                new Case(401, "Unauthorized", "isUnauthorized"),
                new Case(403, "Forbidden", "isForbidden"),
                new Case(405, "MethodNotAllowed", "isMethodNotSupported"),
                new Case(504, "Timeout", "isTimeout"),
                new Case(500, "ServerTimeout", "isServerTimeout"),
                new Case(503, "ServiceUnavailable", "isServiceUnavailable"),
                new Case(500, "InternalError", "isInternalError"));
        for (Case c : cases) {
            StatusException e = getFails(status(c.code(), c.reason(), "because " + c.reason()));
            assertEquals(c.code(), e.code());
            assertEquals(c.reason(), e.reason());
            assertEquals("because " + c.reason(), e.status().message());
            for (Map.Entry<String, Predicate<StatusException>> helper : ALL_HELPERS.entrySet()) {
                // A 500 ServerTimeout has a known reason, so isInternalError stays false.
                boolean expected = helper.getKey().equals(c.helper());
                assertEquals(
                        expected, helper.getValue().test(e), () -> c.reason() + " " + c.code() + " " + helper.getKey());
            }
            assertEquals(c.code() >= 500, e.isServerError());
            assertTrue(
                    e.getMessage().contains(c.reason()) && e.getMessage().contains("/configmaps/cfg"), e.getMessage());
            assertEquals(e.status(), StatusCarrier.statusOf(new RuntimeException(e)), "carried for the watch package");
        }
    }

    @Test
    void unknownReasonFallsBackToTheCode() {
        StatusException e = getFails(status(404, "SomethingNew", "?"));
        assertTrue(e.isNotFound());
        StatusException known = getFails(status(404, "Conflict", "odd but known"));
        assertFalse(known.isNotFound(), "a known reason is never second-guessed by the code");
        assertTrue(known.isConflict());
    }

    @Test
    void nonStatusBodyIsSynthesizedLikeApimachinery() {
        StatusException notFound = getFails(
                new MockResponse.Builder().code(404).body("<html>nope</html>").build());
        assertTrue(notFound.isNotFound());
        assertEquals("NotFound", notFound.reason());
        assertEquals(
                "the server could not find the requested resource (get configmaps cfg)",
                notFound.status().message());
        assertEquals(
                "UnexpectedServerResponse",
                notFound.status().details().causes().get(0).reason());
        assertEquals(
                "<html>nope</html>", notFound.status().details().causes().get(0).message());

        StatusException internal = getFails(
                new MockResponse.Builder().code(502).body("bad gateway").build());
        assertTrue(internal.isInternalError());
        assertTrue(
                internal.status().message().contains("\"bad gateway\""),
                internal.status().message());

        StatusException empty = getFails(new MockResponse.Builder().code(418).build());
        assertEquals("", empty.reason());
        assertTrue(empty.status().message().contains("418"));

        StatusException notJsonStatus = getFails(json(400, "{\"kind\":\"Pod\"}"));
        assertTrue(notJsonStatus.isBadRequest());
    }

    private static final String PROXY_PAGE =
            """
            <html>
            <head><title>502 Bad Gateway</title></head>
            <body>
            <center><h1>502 Bad Gateway</h1></center>
            <hr><center>nginx/1.25.3</center>
            </body>
            </html>
            """
                    + "<!-- padding -->\n".repeat(200);

    @Test
    void proxyHtmlPageIsOneLineNamingUrlCodeAndTheStartOfTheBody() {
        StatusException e = getFails(new MockResponse.Builder()
                .code(502)
                .setHeader("Content-Type", "text/html; charset=utf-8")
                .body(PROXY_PAGE)
                .build());
        String url = server.url("/api/v1/namespaces/team/configmaps/cfg").toString();
        assertTrue(
                e.getMessage()
                        .startsWith("GET " + url
                                + ": HTTP 502 with a text/html body \"<html> <head><title>502 Bad Gateway"),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("\", not a Kubernetes Status"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(
                e.getMessage().length() < url.length() + 220,
                "the body is quoted, not dumped: " + e.getMessage().length());
        assertTrue(e.isInternalError(), "the synthesized Status still classifies the answer");
        assertFalse(e.status().message().contains("\n"), "the synthesized Status is one line too");
    }

    @Test
    void notFoundForAnUnknownPathSaysTheBodyWasNotAStatus() {
        StatusException e = getFails(new MockResponse.Builder()
                .code(404)
                .setHeader("Content-Type", "text/plain; charset=utf-8")
                .body("404 page not found\n")
                .build());
        assertTrue(
                e.getMessage()
                        .contains(": HTTP 404 with a text/plain body \"404 page not found\", not a Kubernetes Status "
                                + "(the server does not serve this path"),
                e.getMessage());
        assertTrue(e.isNotFound());
    }

    @Test
    void successfulAnswerThatIsAnHtmlPageIsRefusedNamingWhatItWas() {
        ApiConnectionException list = answeredWithHtml(
                "<!DOCTYPE html>\n<html><body>Welcome to nginx!</body></html>",
                () -> configMaps.list(ListOptions.NONE));
        assertMentions(
                list,
                ": HTTP 200 with a text/html body \"<!DOCTYPE html> <html><body>Welcome to nginx!",
                "not a ConfigMapList");

        ApiConnectionException watch = answeredWithHtml("<html>login</html>", () -> configMaps.watch(ListOptions.NONE));
        assertMentions(watch, "watch=true: HTTP 200 with a text/html body \"<html>login</html>\", not a watch stream");
    }

    @Test
    void successfulAnswerThatIsNotTheExpectedJsonIsAConnectionErrorNotAParseStack() {
        server.enqueue(json(200, "{\"kind\":\"ConfigMapList\",\"items\":[{\"metadata\":"));
        ApiConnectionException e = assertThrows(ApiConnectionException.class, () -> configMaps.list(ListOptions.NONE));
        assertTrue(e.getMessage().contains(": HTTP 200 but the body is not a valid ConfigMapList"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void conflictOnCreateIsAlreadyExistsElsewhereConflict() {
        ConfigMap cm = ConfigMap.builder()
                .metadata(ObjectMeta.builder().name("c").build())
                .build();
        server.enqueue(new MockResponse.Builder().code(409).build());
        StatusException onPost = assertThrows(StatusException.class, () -> configMaps.create(cm));
        assertTrue(onPost.isAlreadyExists());
        server.enqueue(new MockResponse.Builder().code(409).build());
        StatusException onPut = assertThrows(StatusException.class, () -> configMaps.update(cm));
        assertTrue(onPut.isConflict());
        assertFalse(onPut.isAlreadyExists());
    }

    @Test
    void statusWithoutCodeTakesTheHttpCode() {
        StatusException e = getFails(json(
                410, "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"reason\":\"Expired\",\"message\":\"too old\"}"));
        assertEquals(410, e.code());
        assertTrue(e.isResourceExpired());
        assertTrue(e.isExpiredOrGone());
    }

    @Test
    void tooManyRequestsCarriesRetryAfterFromTheHeader() {
        StatusException e = getFails(new MockResponse.Builder()
                .code(429)
                .setHeader("Retry-After", "7")
                .body("slow down")
                .build());
        assertTrue(e.isTooManyRequests());
        assertEquals(Optional.of(Duration.ofSeconds(7)), e.retryAfter());
        assertEquals(7, e.status().details().retryAfterSeconds());
    }

    @Test
    void retryAfterComesFromStatusDetailsWithoutAHeader() {
        StatusException e = getFails(
                json(
                        429,
                        """
                {"kind":"Status","apiVersion":"v1","status":"Failure","reason":"TooManyRequests","code":429,
                 "message":"storage is busy","details":{"retryAfterSeconds":3}}"""));
        assertEquals(Optional.of(Duration.ofSeconds(3)), e.retryAfter());
        StatusException header = getFails(new MockResponse.Builder(status(503, "ServiceUnavailable", "x"))
                .setHeader("Retry-After", "11")
                .build());
        assertEquals(Optional.of(Duration.ofSeconds(11)), header.retryAfter());
        StatusException none = getFails(status(429, "TooManyRequests", "no hint"));
        assertEquals(Optional.empty(), none.retryAfter());
        StatusException ignoredOnNotFound = getFails(new MockResponse.Builder(status(404, "NotFound", "x"))
                .setHeader("Retry-After", "5")
                .build());
        assertEquals(Optional.empty(), ignoredOnNotFound.retryAfter());
    }

    @Test
    void statusExceptionCanWrapAWatchErrorStatus() {
        StatusException e = StatusException.of(Status.failure(410, "Expired", "too old resource version: 1 (5)"));
        assertTrue(e.isResourceExpired());
        assertEquals("410 Expired: too old resource version: 1 (5)", e.getMessage());
    }

    @Test
    void unreachableServerIsAConnectionErrorNamingTheUrl() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort(); // Closed again: nothing listens there.
        }
        try (KubernetesClient nowhere = KubernetesClient.create(ClientConfig.builder()
                .server("http://127.0.0.1:" + port)
                .connectTimeout(Duration.ofSeconds(2))
                .build())) {
            ApiConnectionException e =
                    assertThrows(ApiConnectionException.class, () -> nowhere.resource(ResourceType.CONFIGMAPS)
                            .get("cfg"));
            String url = "http://127.0.0.1:" + port + "/api/v1/namespaces/default/configmaps/cfg";
            assertEquals(url, e.url());
            assertEquals("GET", e.method());
            assertTrue(e.getMessage().contains(url), e.getMessage());
            assertTrue(e.getCause() instanceof IOException);
        }
    }

    @Test
    void connectionDroppedMidResponseIsAConnectionError() {
        server.enqueue(new MockResponse.Builder()
                .onResponseStart(SocketEffect.ShutdownConnection.INSTANCE)
                .build());
        server.enqueue(new MockResponse.Builder()
                .onResponseStart(SocketEffect.ShutdownConnection.INSTANCE)
                .build());
        ApiConnectionException e = assertThrows(ApiConnectionException.class, () -> configMaps.get("cfg"));
        assertTrue(e.getMessage().contains("/api/v1/namespaces/team/configmaps/cfg"), e.getMessage());
    }

    @Test
    void silentServerTripsTheReadTimeout() {
        server.enqueue(new MockResponse.Builder()
                .headersDelay(10, java.util.concurrent.TimeUnit.SECONDS)
                .build());
        ApiConnectionException e = assertThrows(ApiConnectionException.class, () -> configMaps.get("cfg"));
        assertTrue(e.getCause() instanceof java.io.InterruptedIOException, String.valueOf(e.getCause()));
        assertTrue(e.getMessage().contains("/configmaps/cfg: no response within 2s"), e.getMessage());
    }
}
