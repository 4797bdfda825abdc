package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A small pooled HTTP/1.1 client for the server's REST API, used by the tests. */
final class TestApi {
    static final JsonMapper JSON = JsonMapper.builder().build();
    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final String base;

    TestApi(EmbeddedApiServer server) {
        this.base = server.url();
    }

    /** An answer: status, headers and body text. */
    record Response(int status, HttpHeaders headers, String body) {
        JsonNode json() {
            return JSON.readTree(body);
        }

        /** The answer's JSON after checking the status. */
        JsonNode expect(int code) {
            assertEquals(code, status, () -> "unexpected status; body: " + body);
            return json();
        }

        /** {@code metadata.resourceVersion} as a number. */
        long rv() {
            return Long.parseLong(
                    json().path("metadata").path("resourceVersion").asString());
        }
    }

    Response get(String path) {
        return send("GET", path, null, null);
    }

    Response post(String path, String json) {
        return send("POST", path, "application/json", json);
    }

    Response put(String path, String json) {
        return send("PUT", path, "application/json", json);
    }

    Response patch(String path, String contentType, String body) {
        return send("PATCH", path, contentType, body);
    }

    Response mergePatch(String path, String body) {
        return patch(path, "application/merge-patch+json", body);
    }

    Response delete(String path) {
        return send("DELETE", path, null, null);
    }

    Response delete(String path, String body) {
        return send("DELETE", path, "application/json", body);
    }

    Response send(String method, String path, String contentType, String body) {
        return send(method, path, contentType, body, null);
    }

    Response send(String method, String path, String contentType, String body, String accept) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(TIMEOUT);
        if (contentType != null) {
            b.header("Content-Type", contentType);
        }
        if (accept != null) {
            b.header("Accept", accept);
        }
        b.method(
                method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        try {
            HttpResponse<String> r = CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return new Response(r.statusCode(), r.headers(), r.body());
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + path, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during " + method + " " + path, e);
        }
    }

    /** Opens a watch; {@code pathWithQuery} need not contain watch=true (it is added). */
    WatchStream watch(String pathWithQuery) {
        String sep = pathWithQuery.contains("?") ? "&" : "?";
        return WatchStream.open(CLIENT, URI.create(base + pathWithQuery + sep + "watch=true"));
    }

    /** Asserts the {@code reason} and the {@code message} of the API server's {@code status}. */
    static void assertRefusal(JsonNode status, String reason, String message) {
        assertEquals(reason, status.path("reason").asString(), status::toString);
        assertEquals(message, status.path("message").asString());
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
