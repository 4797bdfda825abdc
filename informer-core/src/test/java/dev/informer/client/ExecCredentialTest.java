package dev.informer.client;

import static dev.informer.client.MockApi.configMapJson;
import static dev.informer.client.MockApi.json;
import static dev.informer.client.MockApi.status;
import static dev.informer.client.MockApi.take;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ApiJson;
import dev.informer.api.ConfigMap;
import dev.informer.api.ResourceType;
import dev.informer.clock.testing.FakeClock;
import dev.informer.testing.Await;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Exec credential plugins run as real processes: small shell scripts written to a temp dir. */
class ExecCredentialTest {

    /** Prints token-N (N counts runs), records its arguments and KUBERNETES_EXEC_INFO, honours $EXPIRY. */
    private static final String COUNTING_PLUGIN =
            """
            #!/bin/sh
            n=$(( $(cat "$STATE_DIR/count" 2>/dev/null || echo 0) + 1 ))
            echo "$n" > "$STATE_DIR/count"
            printf '%s' "$KUBERNETES_EXEC_INFO" > "$STATE_DIR/info.json"
            printf '%s\\n' "$@" > "$STATE_DIR/args"
            exp=""
            if [ -n "$EXPIRY" ]; then exp=",\\"expirationTimestamp\\":\\"$EXPIRY\\""; fi
            printf '{"apiVersion":"client.authentication.k8s.io/v1","kind":"ExecCredential","status":{"token":"token-%s"%s}}' "$n" "$exp"
            """;

    @TempDir
    Path dir;

    private final FakeClock clock = new FakeClock(Instant.parse("2030-01-01T00:00:00Z"));

    @StartStop
    private final MockWebServer server = new MockWebServer();

    private Path script(String name, String body) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, body);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
        return file;
    }

    private KubernetesClient client(String execYaml) throws IOException {
        return client("{server: \"" + server.url("/") + "\"}", execYaml);
    }

    private KubernetesClient client(String cluster, String execYaml) throws IOException {
        return KubernetesClient.create(config(cluster, execYaml));
    }

    private ClientConfig config(String cluster, String execYaml) throws IOException {
        return TestKubeConfigs.oneContext(dir, cluster, "{exec: " + execYaml + "}", clock);
    }

    private String countingExec(String expiry, String extra) throws IOException {
        script("plugin.sh", COUNTING_PLUGIN);
        return ("{apiVersion: client.authentication.k8s.io/v1, command: ./plugin.sh, interactiveMode: Never, "
                        + "args: [token, --verbose], env: [{name: STATE_DIR, value: \"%s\"}, {name: EXPIRY, value: \"%s\"}]%s}")
                .formatted(dir, expiry, extra);
    }

    private int runs() throws IOException {
        return Integer.parseInt(Files.readString(dir.resolve("count")).strip());
    }

    /** Writes the plugin {@code script}, then asserts that a request of a client using it fails to authenticate. */
    private AuthenticationException pluginFails(String script, String body) throws IOException {
        script(script, body);
        try (KubernetesClient client = client(
                "{apiVersion: client.authentication.k8s.io/v1, command: ./" + script + ", interactiveMode: Never}")) {
            return assertThrows(AuthenticationException.class, () -> get(client));
        }
    }

    private ConfigMap get(KubernetesClient client) {
        return client.resource(ResourceType.CONFIGMAPS).get("x");
    }

    @Test
    void tokenIsCachedUntilItsExpiryThenTheScriptRunsAgain() throws Exception {
        try (KubernetesClient client = client(countingExec("2030-01-01T00:10:00Z", ""))) {
            for (int i = 0; i < 3; i++) {
                server.enqueue(json(200, configMapJson("default", "x", "1")));
            }
            get(client);
            get(client);
            assertEquals("Bearer token-1", take(server).getHeaders().get("Authorization"));
            assertEquals("Bearer token-1", take(server).getHeaders().get("Authorization"));
            assertEquals(1, runs(), "cached while valid");

            clock.step(Duration.ofMinutes(10));
            get(client);
            assertEquals("Bearer token-2", take(server).getHeaders().get("Authorization"));
            assertEquals(2, runs(), "expired credentials are refreshed");
        }
    }

    @Test
    void tokenWithoutExpiryIsKeptUntilTheServerRejectsIt() throws Exception {
        try (KubernetesClient client = client(countingExec("", ""))) {
            server.enqueue(json(200, configMapJson("default", "x", "1")));
            server.enqueue(status(401, "Unauthorized", "expired token"));
            server.enqueue(json(200, configMapJson("default", "x", "2")));
            get(client);
            clock.step(Duration.ofDays(365));
            assertEquals("2", get(client).metadata().resourceVersion(), "the 401 was retried once with a new token");
            assertEquals("Bearer token-1", take(server).getHeaders().get("Authorization"));
            assertEquals("Bearer token-1", take(server).getHeaders().get("Authorization"));
            assertEquals("Bearer token-2", take(server).getHeaders().get("Authorization"));
            assertEquals(2, runs());
        }
    }

    @Test
    void secondRejectionIsReportedNotRetriedForever() throws Exception {
        try (KubernetesClient client = client(countingExec("", ""))) {
            server.enqueue(status(401, "Unauthorized", "no"));
            server.enqueue(status(401, "Unauthorized", "still no"));
            StatusException e = assertThrows(StatusException.class, () -> get(client));
            assertTrue(e.isUnauthorized());
            assertEquals(2, server.getRequestCount());
        }
    }

    @Test
    void pluginGetsItsArgumentsEnvironmentAndClusterInfo() throws Exception {
        try (KubernetesClient client = client(countingExec("", ", provideClusterInfo: true"))) {
            server.enqueue(json(200, configMapJson("default", "x", "1")));
            get(client);
        }
        assertEquals(List.of("token", "--verbose"), Files.readAllLines(dir.resolve("args")));
        JsonNode info = ApiJson.mapper().readTree(Files.readString(dir.resolve("info.json")));
        assertEquals("ExecCredential", info.path("kind").asString());
        assertEquals(ExecConfig.V1, info.path("apiVersion").asString());
        assertFalse(info.path("spec").path("interactive").asBoolean(true));
        assertEquals(
                server.url("/").toString().replaceAll("/$", ""),
                info.path("spec").path("cluster").path("server").asString());
    }

    @Test
    void failingPluginIsAnAuthenticationErrorWithItsStderr() throws Exception {
        AuthenticationException e =
                pluginFails("fail.sh", "#!/bin/sh\necho 'cannot reach the identity provider' >&2\nexit 3\n");
        assertTrue(
                e.getMessage().contains("exit code 3") && e.getMessage().contains("identity provider"), e.getMessage());
        assertTrue(e.getMessage().contains("fail.sh"), e.getMessage());
        assertEquals(0, server.getRequestCount(), "no request without credentials");
    }

    @Test
    void failingPluginIsOneLineWithItsExitCodeAndFirstStderrLine() throws Exception {
        AuthenticationException e = pluginFails(
                "noisy.sh",
                "#!/bin/sh\necho 'error: token expired, run login' >&2\nfor i in 1 2 3 4 5; do echo \"  at frame $i\" >&2; done\nexit 7\n");
        assertEquals(
                "exec plugin " + dir.resolve("noisy.sh")
                        + " failed with exit code 7: error: token expired, run login"
                        + " (and 5 more lines on stderr)",
                e.getMessage());
    }

    @Test
    void hangingPluginIsKilledWithItsChildrenAfterTheExecTimeout() throws Exception {
        script(
                "hang.sh",
                "#!/bin/sh\necho $$ > \"$STATE_DIR/parent.pid\"\nsleep 1000 &\necho $! > \"$STATE_DIR/child.pid\"\nsleep 1000\n");
        ClientConfig config = config(
                        "{server: \"" + server.url("/") + "\"}",
                        ("{apiVersion: client.authentication.k8s.io/v1, "
                                        + "command: ./hang.sh, interactiveMode: Never, env: [{name: STATE_DIR, value: \"%s\"}]}")
                                .formatted(dir))
                .toBuilder()
                .execTimeout(Duration.ofSeconds(1))
                .build();
        try (KubernetesClient client = KubernetesClient.create(config)) {
            AuthenticationException e = assertThrows(AuthenticationException.class, () -> get(client));
            assertTrue(
                    e.getMessage()
                            .startsWith(
                                    "exec plugin " + dir.resolve("hang.sh") + " did not finish within 1s; killed it"),
                    e.getMessage());
            assertTrue(e.getMessage().contains("child process"), e.getMessage());
        }
        long parent = Long.parseLong(Files.readString(dir.resolve("parent.pid")).strip());
        long child = Long.parseLong(Files.readString(dir.resolve("child.pid")).strip());
        Await.until("the plugin's shell is gone", () -> !running(parent));
        Await.until("the plugin's background child is gone", () -> !running(child));
        assertEquals(0, server.getRequestCount(), "no request without credentials");
    }

    @Test
    void execTimeoutDefaultsToThirtySeconds() {
        assertEquals(
                Duration.ofSeconds(30),
                ClientConfig.builder().server("https://k").build().execTimeout());
    }

    /**
     * Whether {@code pid} runs: a killed orphan stays a zombie until the container's init reaps it, and
     * {@link ProcessHandle#isAlive()} counts zombies, so the state in /proc decides.
     */
    private static boolean running(long pid) {
        if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            try {
                String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
                String state = stat.substring(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
                return !"Z".equals(state);
            } catch (IOException e) {
                return false;
            }
        }
        return false;
    }

    @Test
    void pluginReplyOfAnotherApiVersionIsRejected() throws Exception {
        AuthenticationException e = pluginFails(
                "old.sh",
                "#!/bin/sh\necho '{\"apiVersion\":\"client.authentication.k8s.io/v1beta1\",\"kind\":\"ExecCredential\",\"status\":{\"token\":\"t\"}}'\n");
        assertTrue(
                e.getMessage().contains("plugin returned version client.authentication.k8s.io/v1beta1"),
                e.getMessage());
    }

    @Test
    void pluginReplyWithoutCredentialsIsRejected() throws Exception {
        assertTrue(pluginFails(
                        "empty.sh",
                        "#!/bin/sh\necho '{\"apiVersion\":\"client.authentication.k8s.io/v1\",\"kind\":\"ExecCredential\",\"status\":{}}'\n")
                .getMessage()
                .contains("token or cert/key"));
        assertTrue(pluginFails("garbage.sh", "#!/bin/sh\necho 'Please log in at https://idp.example'\n")
                .getMessage()
                .contains("invalid JSON"));
    }

    @Test
    void missingCommandShowsTheInstallHint() throws Exception {
        try (KubernetesClient client = client("{apiVersion: client.authentication.k8s.io/v1, command: ./not-installed, "
                + "interactiveMode: Never, installHint: \"brew install the-login-tool\"}")) {
            AuthenticationException e = assertThrows(AuthenticationException.class, () -> get(client));
            assertTrue(e.getMessage().contains("brew install the-login-tool"), e.getMessage());
        }
    }

    @Test
    void interactivePluginIsRefused() throws Exception {
        script("plugin.sh", COUNTING_PLUGIN);
        try (KubernetesClient client = client(
                "{apiVersion: client.authentication.k8s.io/v1, command: ./plugin.sh, interactiveMode: Always}")) {
            assertTrue(assertThrows(AuthenticationException.class, () -> get(client))
                    .getMessage()
                    .contains("interactive"));
        }
        assertFalse(Files.exists(dir.resolve("count")), "the plugin never ran");
    }

    @Test
    void pluginMaySupplyTheClientCertificate() throws Exception {
        HeldCertificate ca = TestCertificates.ca("ca");
        HeldCertificate serverCert = TestCertificates.server(ca);
        HeldCertificate clientCert = TestCertificates.ecClient(ca, "exec-user");
        try (MockWebServer tls = new MockWebServer()) {
            tls.useHttps(TestCertificates.serverHandshake(serverCert, ca).sslSocketFactory());
            tls.requireClientAuth();
            tls.start();
            String credential = ApiJson.mapper()
                    .writeValueAsString(Map.of(
                            "apiVersion",
                            ExecConfig.V1,
                            "kind",
                            "ExecCredential",
                            "status",
                            Map.of(
                                    "clientCertificateData",
                                    TestCertificates.pem(clientCert.certificate()),
                                    "clientKeyData",
                                    TestCertificates.pkcs8Pem(clientCert))));
            Files.writeString(dir.resolve("credential.json"), credential);
            script("cert.sh", "#!/bin/sh\ncat \"" + dir.resolve("credential.json") + "\"\n");
            String cluster = "{server: \"%s\", certificate-authority-data: %s}"
                    .formatted(tls.url("/"), TestCertificates.base64(TestCertificates.pem(ca.certificate())));
            try (KubernetesClient client = client(
                    cluster,
                    "{apiVersion: client.authentication.k8s.io/v1, command: ./cert.sh, interactiveMode: Never}")) {
                tls.enqueue(json(200, configMapJson("default", "x", "1")));
                get(client);
            }
            assertTrue(take(tls).getHandshake().peerPrincipal().getName().contains("CN=exec-user"));
        }
    }
}
