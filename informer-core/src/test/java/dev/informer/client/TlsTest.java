package dev.informer.client;

import static dev.informer.client.MockApi.configMapJson;
import static dev.informer.client.MockApi.json;
import static dev.informer.client.MockApi.take;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ConfigMap;
import dev.informer.api.ResourceType;
import dev.informer.clock.testing.FakeClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.net.ssl.SSLException;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** TLS against an HTTPS mock server with self-signed CAs: trust, client certificates, insecure, tls-server-name. */
class TlsTest {

    private static final HeldCertificate SERVER_CA = TestCertificates.ca("server-ca");
    private static final HeldCertificate CLIENT_CA = TestCertificates.ca("client-ca");
    private static final HeldCertificate SERVER = TestCertificates.server(SERVER_CA);
    private static final HeldCertificate RSA_CLIENT = TestCertificates.rsaClient(CLIENT_CA, "alice");
    private static final HeldCertificate EC_CLIENT = TestCertificates.ecClient(CLIENT_CA, "erin");

    @TempDir
    Path dir;

    private MockWebServer server;

    @BeforeEach
    void start() throws IOException {
        server = new MockWebServer();
        server.useHttps(TestCertificates.serverHandshake(SERVER, CLIENT_CA).sslSocketFactory());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private String url() throws IOException {
        if (!server.getStarted()) {
            server.start();
        }
        return server.url("/").toString();
    }

    /** A client from a kubeconfig with {@code cluster} and {@code user} sections. */
    private KubernetesClient fromKubeConfig(String cluster, String user) throws IOException {
        return KubernetesClient.create(TestKubeConfigs.oneContext(dir, cluster, user, new FakeClock()));
    }

    private String caData() {
        return TestCertificates.base64(TestCertificates.pem(SERVER_CA.certificate()));
    }

    private ConfigMap get(KubernetesClient client) {
        server.enqueue(json(200, configMapJson("default", "x", "1")));
        return client.resource(ResourceType.CONFIGMAPS).get("x");
    }

    @Test
    void trustsTheConfiguredCaAndPresentsAPkcs1RsaClientCertificate() throws Exception {
        server.requireClientAuth();
        String cluster = "{server: \"%s\", certificate-authority-data: %s}".formatted(url(), caData());
        String user = "{client-certificate-data: %s, client-key-data: %s}"
                .formatted(
                        TestCertificates.base64(TestCertificates.pem(RSA_CLIENT.certificate())),
                        TestCertificates.base64(TestCertificates.pkcs1Pem(RSA_CLIENT)));
        try (KubernetesClient client = fromKubeConfig(cluster, user)) {
            assertEquals("x", get(client).metadata().name());
        }
        RecordedRequest request = take(server);
        assertTrue(
                request.getHandshake().peerPrincipal().getName().contains("CN=alice"),
                String.valueOf(request.getHandshake().peerPrincipal()));
    }

    @Test
    void presentsAnEcClientCertificateWithASec1KeyFile() throws Exception {
        server.requireClientAuth();
        Files.writeString(dir.resolve("ca.crt"), TestCertificates.pem(SERVER_CA.certificate()));
        Files.writeString(dir.resolve("erin.crt"), TestCertificates.pem(EC_CLIENT.certificate()));
        Files.writeString(dir.resolve("erin.key"), TestCertificates.sec1Pem(EC_CLIENT));
        String cluster = "{server: \"%s\", certificate-authority: ca.crt}".formatted(url());
        try (KubernetesClient client =
                fromKubeConfig(cluster, "{client-certificate: erin.crt, client-key: erin.key}")) {
            get(client);
        }
        assertTrue(take(server).getHandshake().peerPrincipal().getName().contains("CN=erin"));
    }

    @Test
    void serverCertificateFromAnotherCaIsRejected() throws Exception {
        HeldCertificate otherCa = TestCertificates.ca("other-ca");
        String cluster = "{server: \"%s\", certificate-authority-data: %s}"
                .formatted(url(), TestCertificates.base64(TestCertificates.pem(otherCa.certificate())));
        try (KubernetesClient client = fromKubeConfig(cluster, "{token: t}")) {
            ApiConnectionException e =
                    assertThrows(ApiConnectionException.class, () -> client.resource(ResourceType.CONFIGMAPS)
                            .get("x"));
            assertTrue(e.getCause() instanceof SSLException, String.valueOf(e.getCause()));
            assertTrue(e.getMessage().contains(url()), e.getMessage());
        }
        assertEquals(0, server.getRequestCount());
    }

    @Test
    void defaultTrustStoreDoesNotTrustASelfSignedCa() throws Exception {
        try (KubernetesClient client =
                KubernetesClient.create(ClientConfig.builder().server(url()).build())) {
            ApiConnectionException e = assertThrows(ApiConnectionException.class, () -> get(client));
            assertTrue(e.getCause() instanceof SSLException, String.valueOf(e.getCause()));
        }
    }

    @Test
    void missingClientCertificateIsRejectedByAServerThatRequiresOne() throws Exception {
        server.requireClientAuth();
        String cluster = "{server: \"%s\", certificate-authority-data: %s}".formatted(url(), caData());
        try (KubernetesClient client = fromKubeConfig(cluster, "{token: t}")) {
            assertThrows(ApiConnectionException.class, () -> client.resource(ResourceType.CONFIGMAPS)
                    .get("x"));
        }
    }

    @Test
    void insecureSkipTlsVerifyAcceptsAnyServerCertificate() throws Exception {
        String cluster = "{server: \"%s\", insecure-skip-tls-verify: true}".formatted(url());
        try (KubernetesClient client = fromKubeConfig(cluster, "{token: t}")) {
            assertEquals("x", get(client).metadata().name());
        }
    }

    @Test
    void tlsServerNameIsSentAsSniAndVerifiedInsteadOfTheHost() throws Exception {
        server.close();
        server = new MockWebServer();
        HeldCertificate internalOnly = TestCertificates.server(SERVER_CA, "kubernetes.internal");
        server.useHttps(TestCertificates.serverHandshake(internalOnly, null).sslSocketFactory());
        String url = url().replace("127.0.0.1", "localhost");

        ClientConfig.Builder base = ClientConfig.builder().server(url).caCertificates(List.of(SERVER_CA.certificate()));
        try (KubernetesClient byHost = KubernetesClient.create(base.build())) {
            ApiConnectionException e = assertThrows(ApiConnectionException.class, () -> get(byHost));
            assertTrue(
                    e.getCause() instanceof SSLException, "the certificate does not name localhost: " + e.getCause());
        }
        try (KubernetesClient byName = KubernetesClient.create(
                base.tlsServerName("kubernetes.internal").build())) {
            assertEquals("x", get(byName).metadata().name());
        }
        RecordedRequest request = take(server);
        assertEquals(List.of("kubernetes.internal"), request.getHandshakeServerNames());
    }

    @Test
    void tlsServerNameStillRejectsACertificateForAnotherName() throws Exception {
        ClientConfig config = ClientConfig.builder()
                .server(url())
                .caCertificates(List.of(SERVER_CA.certificate()))
                .tlsServerName("kubernetes.internal")
                .build();
        try (KubernetesClient client = KubernetesClient.create(config)) {
            ApiConnectionException e = assertThrows(ApiConnectionException.class, () -> get(client));
            assertTrue(e.getCause() instanceof SSLException, String.valueOf(e.getCause()));
        }
    }
}
