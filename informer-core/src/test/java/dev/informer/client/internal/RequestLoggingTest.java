package dev.informer.client.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ConfigMap;
import dev.informer.api.ObjectMeta;
import dev.informer.api.ResourceType;
import dev.informer.client.ApiConnectionException;
import dev.informer.client.ClientConfig;
import dev.informer.client.StatusException;
import dev.informer.client.TestCertificates;
import dev.informer.clock.testing.FakeClock;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The debug request log names method, URL and status, and never a credential. */
class RequestLoggingTest {

    private static final String TOKEN = "s3cr3t-bearer-token";
    private static final String PASSWORD = "s3cr3t-password";

    @TempDir
    Path dir;

    @StartStop
    private final MockWebServer server = new MockWebServer();

    private final List<String> lines = new CopyOnWriteArrayList<>();

    /** A client configuration for {@link #server} in namespace "team", timed on a fake clock. */
    private ClientConfig.Builder configOfTeam() {
        return ClientConfig.builder()
                .server(server.url("/").toString())
                .namespace("team")
                .clock(new FakeClock());
    }

    private static MockResponse configMap(int code) {
        return new MockResponse.Builder()
                .code(code)
                .body(
                        "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cfg\",\"namespace\":\"team\"},"
                                + "\"data\":{\"password\":\"" + PASSWORD + "\"}}")
                .build();
    }

    private void assertNoSecrets(String... secrets) {
        assertFalse(lines.isEmpty(), "something was logged");
        for (String line : lines) {
            for (String secret : secrets) {
                assertFalse(line.contains(secret), () -> "secret leaked into log line: " + line);
            }
            assertFalse(line.contains("Authorization") || line.contains("BEGIN"), line);
        }
    }

    @Test
    void logsMethodUrlAndStatusButNoTokenOrBody() throws Exception {
        ClientConfig config = configOfTeam().bearerToken(TOKEN).build();
        try (OkHttpKubernetesClient client = OkHttpKubernetesClient.create(config, lines::add)) {
            server.enqueue(configMap(200));
            server.enqueue(configMap(201));
            server.enqueue(new MockResponse.Builder().code(404).build());
            client.resource(ResourceType.CONFIGMAPS).get("cfg");
            client.resource(ResourceType.CONFIGMAPS)
                    .create(ConfigMap.builder()
                            .metadata(ObjectMeta.builder().name("cfg").build())
                            .data("password", PASSWORD)
                            .build());
            assertThrows(StatusException.class, () -> client.resource(ResourceType.CONFIGMAPS)
                    .get("gone"));
        }
        String base = server.url("/").toString();
        assertEquals(
                List.of(
                        "GET " + base + "api/v1/namespaces/team/configmaps/cfg -> 200 (0 ms)",
                        "POST " + base + "api/v1/namespaces/team/configmaps -> 201 (0 ms)",
                        "GET " + base + "api/v1/namespaces/team/configmaps/gone -> 404 (0 ms)"),
                lines);
        assertEquals(
                "Bearer " + TOKEN,
                server.takeRequest(1, TimeUnit.SECONDS).getHeaders().get("Authorization"));
        assertNoSecrets(TOKEN, PASSWORD);
    }

    @Test
    void basicAuthPasswordAndClientKeyNeverAppear() throws Exception {
        HeldCertificate ca = TestCertificates.ca("ca");
        HeldCertificate clientCert = TestCertificates.rsaClient(ca, "logger");
        try (MockWebServer tls = new MockWebServer()) {
            tls.useHttps(TestCertificates.serverHandshake(TestCertificates.server(ca), ca)
                    .sslSocketFactory());
            tls.requestClientAuth();
            tls.start();
            ClientConfig config = ClientConfig.builder()
                    .server(tls.url("/").toString())
                    .caCertificates(List.of(ca.certificate()))
                    .clientCertificatePem(
                            TestCertificates.pem(clientCert.certificate()), TestCertificates.pkcs1Pem(clientCert))
                    .basicAuth("admin", PASSWORD)
                    .build();
            try (OkHttpKubernetesClient client = OkHttpKubernetesClient.create(config, lines::add)) {
                tls.enqueue(configMap(200));
                client.resource(ResourceType.CONFIGMAPS).inNamespace("team").get("cfg");
            }
            String keyBody = TestCertificates.pkcs1Pem(clientCert).split("\n")[1];
            assertNoSecrets(PASSWORD, keyBody, "admin:");
            assertTrue(lines.get(0).startsWith("GET https://"), lines.get(0));
        }
    }

    @Test
    void connectionFailureIsLoggedWithTheUrl() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        ClientConfig config = ClientConfig.builder()
                .server("http://127.0.0.1:" + port)
                .bearerToken(TOKEN)
                .build();
        try (OkHttpKubernetesClient client = OkHttpKubernetesClient.create(config, lines::add)) {
            assertThrows(ApiConnectionException.class, () -> client.resource(ResourceType.NODES)
                    .get("n1"));
        }
        assertEquals(1, lines.size());
        assertTrue(lines.get(0).startsWith("GET http://127.0.0.1:" + port + "/api/v1/nodes/n1 failed: "), lines.get(0));
        assertNoSecrets(TOKEN);
    }

    @Test
    void rotatedTokenFileIsReReadAfterA401AndTheRequestRetried() throws Exception {
        Path tokenFile = dir.resolve("token");
        Files.writeString(tokenFile, "old-token");
        ClientConfig config = configOfTeam().bearerTokenFile(tokenFile).build();
        try (OkHttpKubernetesClient client = OkHttpKubernetesClient.create(config, lines::add)) {
            server.enqueue(new MockResponse.Builder().code(401).build());
            server.enqueue(configMap(200));
            Files.writeString(tokenFile, "new-token");
            client.resource(ResourceType.CONFIGMAPS).get("cfg");
        }
        assertEquals(
                "Bearer old-token",
                server.takeRequest(1, TimeUnit.SECONDS).getHeaders().get("Authorization"));
        assertEquals(
                "Bearer new-token",
                server.takeRequest(1, TimeUnit.SECONDS).getHeaders().get("Authorization"));
        assertNoSecrets("old-token", "new-token");
    }

    @Test
    void fixedTokenIsNotRetriedAfterA401() throws Exception {
        ClientConfig config = ClientConfig.builder()
                .server(server.url("/").toString())
                .bearerToken(TOKEN)
                .build();
        try (OkHttpKubernetesClient client = OkHttpKubernetesClient.create(config, lines::add)) {
            server.enqueue(new MockResponse.Builder().code(401).build());
            server.enqueue(configMap(200));
            assertTrue(assertThrows(StatusException.class, () -> client.resource(ResourceType.NODES)
                            .get("n"))
                    .isUnauthorized());
        }
        assertEquals(1, server.getRequestCount());
    }
}
