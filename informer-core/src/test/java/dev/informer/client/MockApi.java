package dev.informer.client;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.HttpUrl;

/** Small helpers over mockwebserver3 for byte-level client tests. */
final class MockApi {

    private MockApi() {}

    static MockResponse json(int code, String body) {
        return new MockResponse.Builder()
                .code(code)
                .setHeader("Content-Type", "application/json")
                .body(body)
                .build();
    }

    static MockResponse status(int code, String reason, String message) {
        return json(
                code,
                """
                {"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"%s","reason":"%s","code":%d}
                """
                        .formatted(message, reason, code));
    }

    static String configMapJson(String namespace, String name, String resourceVersion) {
        return """
                {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"%s","namespace":"%s","resourceVersion":"%s"},"data":{"k":"v"}}
                """
                .formatted(name, namespace, resourceVersion)
                .strip();
    }

    static RecordedRequest take(MockWebServer server) throws InterruptedException {
        RecordedRequest request = server.takeRequest(5, TimeUnit.SECONDS);
        if (request == null) {
            throw new AssertionError("the server received no request within 5 s");
        }
        return request;
    }

    /** The query parameters of {@code request}, each with its first value, in the order sent. */
    static Map<String, String> query(RecordedRequest request) {
        HttpUrl url = request.getUrl();
        Map<String, String> query = new LinkedHashMap<>();
        for (String name : url.queryParameterNames()) {
            query.put(name, url.queryParameter(name));
        }
        return query;
    }

    static ClientConfig.Builder config(MockWebServer server) {
        return ClientConfig.builder().server(server.url("/").toString()).namespace("team");
    }
}
