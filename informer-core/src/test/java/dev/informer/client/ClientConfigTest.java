package dev.informer.client;

import static dev.informer.client.KubeConfigTest.assertMentions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.clock.testing.FakeClock;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClientConfigTest {

    private static final HeldCertificate CA = TestCertificates.ca("cluster-ca");
    private static final HeldCertificate CLIENT = TestCertificates.rsaClient(CA, "alice");
    private static final HeldCertificate EC_CLIENT = TestCertificates.ecClient(CA, "erin");

    @TempDir
    Path dir;

    private final FakeClock clock = new FakeClock();

    private Path write(String name, String text) throws IOException {
        return TestKubeConfigs.write(dir, name, text);
    }

    private ConfigEnvironment env(Map<String, String> variables) {
        return TestKubeConfigs.env(dir, variables, clock);
    }

    private ClientConfig resolve(String kubeconfig, String context) throws IOException {
        Path file = write("config", kubeconfig);
        return ClientConfig.fromKubeConfig(KubeConfig.parse(file), context, env(Map.of()));
    }

    private ConfigException resolveFails(String kubeconfig) throws IOException {
        Path file = write("config", kubeconfig);
        return assertThrows(
                ConfigException.class, () -> ClientConfig.fromKubeConfig(KubeConfig.parse(file), null, env(Map.of())));
    }

    /** Resolves {@code kubeconfig} and asserts that it fails with a message mentioning each fragment. */
    private void assertResolveFails(String kubeconfig, String... fragments) throws IOException {
        assertMentions(resolveFails(kubeconfig), fragments);
    }

    // ------------------------------------------------------------------ from kubeconfig

    @Test
    void currentContextSelectsClusterUserAndNamespace() throws IOException {
        ClientConfig config = resolve(
                """
                current-context: dev
                clusters:
                - name: prod
                  cluster:
                    server: https://prod.example:6443/
                    certificate-authority-data: %s
                    tls-server-name: kubernetes.internal
                    proxy-url: http://proxy.example:3128
                users:
                - name: alice
                  user: {client-certificate-data: %s, client-key-data: %s, token: t0k}
                contexts:
                - name: dev
                  context: {cluster: prod, user: alice, namespace: team-a}
                """
                        .formatted(
                                TestCertificates.base64(TestCertificates.pem(CA.certificate())),
                                TestCertificates.base64(TestCertificates.pem(CLIENT.certificate())),
                                TestCertificates.base64(TestCertificates.pkcs1Pem(CLIENT))),
                null);

        assertEquals(URI.create("https://prod.example:6443"), config.server());
        assertEquals(List.of(CA.certificate()), config.caCertificates());
        assertEquals(List.of(CLIENT.certificate()), config.clientCertificateChain());
        assertEquals("t0k", config.bearerToken().orElseThrow().get());
        assertEquals("kubernetes.internal", config.tlsServerName());
        assertEquals(URI.create("http://proxy.example:3128"), config.proxy());
        assertEquals("team-a", config.namespace());
        assertEquals(clock, config.clock());
    }

    @Test
    void fromKubeConfigFileChoosesTheNamedContextAndRemembersWhereItCameFrom() throws IOException {
        Path file = dir.resolve("two-contexts");
        Files.writeString(
                file,
                """
                current-context: a
                clusters:
                - {name: one, cluster: {server: "https://one"}}
                - {name: two, cluster: {server: "http://two:8080"}}
                users:
                - {name: alice, user: {token: t1}}
                - {name: bob, user: {token: t2}}
                contexts:
                - {name: a, context: {cluster: one, user: alice}}
                - {name: b, context: {cluster: two, user: bob, namespace: ops}}
                """);
        ClientConfig b = ClientConfig.fromKubeConfig(file, "b");
        assertEquals(URI.create("http://two:8080"), b.server());
        assertEquals("ops", b.namespace());
        assertEquals(ClientConfig.Origin.kubeConfig(file.toAbsolutePath().normalize(), "b", "bob"), b.origin());
        assertEquals(
                "user 'bob' (context 'b', kubeconfig " + file.toAbsolutePath().normalize() + ")",
                b.origin().describe());
        assertEquals(
                "http://two:8080 as user 'bob' (context 'b', kubeconfig "
                        + file.toAbsolutePath().normalize() + ")",
                b.describe());
        assertEquals(
                "a",
                ClientConfig.fromKubeConfig(file, null).origin().context().orElseThrow(),
                "null selects the current context");
        assertEquals("a", ClientConfig.fromKubeConfig(file).origin().context().orElseThrow());
        ConfigException unknown = assertThrows(ConfigException.class, () -> ClientConfig.fromKubeConfig(file, "c"));
        assertMentions(unknown, file.toAbsolutePath().normalize().toString(), "context \"c\" is not defined", "[a, b]");
    }

    @Test
    void explicitConfigurationsSayTheyWereConfiguredInCode() {
        ClientConfig config = ClientConfig.builder().server("https://k:6443").build();
        assertEquals(ClientConfig.Origin.Kind.EXPLICIT, config.origin().kind());
        assertEquals("https://k:6443 as the client configured in code", config.describe());
        assertTrue(config.toString().contains("origin=the client configured in code"), config.toString());
    }

    @Test
    void namedContextOverridesCurrentAndNamespaceDefaultsToDefault() throws IOException {
        ClientConfig config = resolve(
                """
                current-context: a
                clusters:
                - {name: one, cluster: {server: "https://one"}}
                - {name: two, cluster: {server: "http://two:8080"}}
                users:
                - {name: u, user: {username: me, password: pw}}
                contexts:
                - {name: a, context: {cluster: one, user: u, namespace: x}}
                - {name: b, context: {cluster: two, user: u}}
                """,
                "b");
        assertEquals(URI.create("http://two:8080"), config.server());
        assertEquals("default", config.namespace());
        assertEquals("me", config.username());
        assertEquals("pw", config.password());
    }

    @Test
    void filesNamedByTheUserAreReadNowIncludingEcSec1Keys() throws IOException {
        write("pki/ca.crt", TestCertificates.pem(CA.certificate()));
        write("pki/erin.crt", TestCertificates.pem(EC_CLIENT.certificate()));
        write("pki/erin.key", TestCertificates.sec1Pem(EC_CLIENT));
        write("token", "file-token\n");
        ClientConfig config = resolve(
                """
                current-context: c
                clusters:
                - {name: k, cluster: {server: "https://k", certificate-authority: pki/ca.crt}}
                users:
                - {name: erin, user: {client-certificate: pki/erin.crt, client-key: pki/erin.key, tokenFile: token, token: literal}}
                contexts:
                - {name: c, context: {cluster: k, user: erin}}
                """,
                null);
        assertEquals(List.of(CA.certificate()), config.caCertificates());
        assertEquals(List.of(EC_CLIENT.certificate()), config.clientCertificateChain());
        assertEquals("EC", config.clientKey().orElseThrow().getAlgorithm());
        assertEquals("file-token", config.bearerToken().orElseThrow().get(), "tokenFile wins over token, as client-go");
    }

    @Test
    void noCurrentContextIsAnErrorNamingTheFiles() throws IOException {
        assertResolveFails(
                "clusters:\n- {name: k, cluster: {server: https://k}}\n",
                dir.resolve("config").toString(),
                "no current-context");
    }

    @Test
    void currentContextThatIsNotDefinedNamesFileAndContext() throws IOException {
        assertResolveFails(
                "current-context: ghost\ncontexts:\n- {name: real, context: {cluster: k, user: u}}\n",
                dir.resolve("config").toString(),
                "current-context \"ghost\"",
                "not defined",
                "real");
    }

    @Test
    void unknownUserNamesFileContextAndUser() throws IOException {
        assertResolveFails(
                """
                current-context: c
                clusters:
                - {name: k, cluster: {server: "https://k"}}
                contexts:
                - {name: c, context: {cluster: k, user: nobody}}
                """,
                dir.resolve("config").toString(),
                "context \"c\"",
                "user \"nobody\"",
                "not defined");
    }

    @Test
    void unknownClusterNamesFileContextAndCluster() throws IOException {
        assertResolveFails(
                """
                current-context: c
                users:
                - {name: u, user: {token: t}}
                contexts:
                - {name: c, context: {cluster: nowhere, user: u}}
                """,
                "context \"c\"",
                "cluster \"nowhere\"");
    }

    @Test
    void clusterWithoutServerIsAnError() throws IOException {
        assertResolveFails(
                """
                current-context: c
                clusters:
                - {name: k, cluster: {insecure-skip-tls-verify: true}}
                users:
                - {name: u, user: {token: t}}
                contexts:
                - {name: c, context: {cluster: k, user: u}}
                """,
                dir.resolve("config").toString(),
                "cluster \"k\"",
                "no server");
    }

    @Test
    void unreadableKeyFileNamesFileUserAndPath() throws IOException {
        write("alice.crt", TestCertificates.pem(CLIENT.certificate()));
        assertResolveFails(
                """
                current-context: c
                clusters:
                - {name: k, cluster: {server: "https://k"}}
                users:
                - {name: alice, user: {client-certificate: alice.crt, client-key: missing.key}}
                contexts:
                - {name: c, context: {cluster: k, user: alice}}
                """,
                dir.resolve("config").toString(),
                "user \"alice\"",
                dir.resolve("missing.key").toString());
    }

    @Test
    void referencedFileThatIsADirectoryIsOneLineNamingUserFieldAndPath() throws IOException {
        write("alice.crt", TestCertificates.pem(CLIENT.certificate()));
        Files.createDirectories(dir.resolve("keys"));
        ConfigException e = resolveFails(
                """
                current-context: c
                clusters:
                - {name: k, cluster: {server: "https://k"}}
                users:
                - {name: alice, user: {client-certificate-data: %s, client-key: keys}}
                contexts:
                - {name: c, context: {cluster: k, user: alice}}
                """
                        .formatted(TestCertificates.base64(TestCertificates.pem(CLIENT.certificate()))));
        assertEquals(
                "kubeconfig " + dir.resolve("config") + ": user \"alice\" client-key " + dir.resolve("keys")
                        + " is a directory, not a file",
                e.getMessage());
    }

    @Test
    void keyThatDoesNotMatchTheCertificateNamesTheUser() throws IOException {
        HeldCertificate other = TestCertificates.rsaClient(CA, "other");
        ConfigException e = resolveFails(
                """
                current-context: c
                clusters:
                - {name: k, cluster: {server: "https://k"}}
                users:
                - {name: alice, user: {client-certificate-data: %s, client-key-data: %s}}
                contexts:
                - {name: c, context: {cluster: k, user: alice}}
                """
                        .formatted(
                                TestCertificates.base64(TestCertificates.pem(CLIENT.certificate())),
                                TestCertificates.base64(TestCertificates.pkcs8Pem(other))));
        assertMentions(e, "user \"alice\"", "does not match");
        assertFalse(e.getMessage().contains("PRIVATE KEY"), "the key is never echoed");
    }

    @Test
    void conflictingSettingsAreRejectedAsClientGoDoes() throws IOException {
        String frame =
                """
                current-context: c
                clusters:
                - {name: k, cluster: %s}
                users:
                - {name: u, user: %s}
                contexts:
                - {name: c, context: {cluster: k, user: u}}
                """;
        String ca = TestCertificates.base64(TestCertificates.pem(CA.certificate()));
        assertMentions(
                resolveFails(frame.formatted("{server: https://k}", "{token: t, username: a, password: b}")),
                "user \"u\"",
                "more than one authentication method");
        assertMentions(
                resolveFails(frame.formatted(
                        "{server: https://k, certificate-authority: ca.pem, certificate-authority-data: " + ca + "}",
                        "{token: t}")),
                "cluster \"k\"",
                "certificate-authority-data");
        assertMentions(
                resolveFails(frame.formatted(
                        "{server: https://k, insecure-skip-tls-verify: true, certificate-authority-data: " + ca + "}",
                        "{token: t}")),
                "cluster \"k\"",
                "insecure-skip-tls-verify");
        assertMentions(
                resolveFails(frame.formatted(
                        "{server: https://k}",
                        "{client-certificate-data: "
                                + TestCertificates.base64(TestCertificates.pem(CLIENT.certificate())) + "}")),
                "user \"u\"",
                "no client-key");
        assertMentions(
                resolveFails(frame.formatted("{server: https://k}", "{auth-provider: {name: gcp}}")),
                "user \"u\"",
                "auth-provider \"gcp\"",
                "not supported");
        assertMentions(
                resolveFails(frame.formatted("{server: \"ftp://k\"}", "{token: t}")), "cluster \"k\"", "https://");
        assertMentions(
                resolveFails(frame.formatted("{server: https://k, proxy-url: \"https://p:1\"}", "{token: t}")),
                "cluster \"k\"",
                "proxy");
    }

    @Test
    void contextWithoutUserIsAnError() throws IOException {
        assertMentions(
                resolveFails(
                        """
                current-context: c
                clusters:
                - {name: k, cluster: {server: "https://k"}}
                contexts:
                - {name: c, context: {cluster: k}}
                """),
                "context \"c\"",
                "no user");
    }

    // ------------------------------------------------------------------ builder

    @Test
    void builderRequiresAServer() {
        assertMentions(
                assertThrows(ConfigException.class, () -> ClientConfig.builder().build()), "server");
        assertMentions(
                assertThrows(ConfigException.class, () -> ClientConfig.builder().server("localhost:6443")), "https://");
        assertMentions(
                assertThrows(ConfigException.class, () -> ClientConfig.builder().server("https://u:p@host")),
                "credentials");
    }

    @Test
    void builderRejectsTrustingACaAndEverything() {
        ClientConfig.Builder builder = ClientConfig.builder()
                .server("https://k")
                .caCertificates(List.of(CA.certificate()))
                .insecureSkipTlsVerify(true);
        assertMentions(assertThrows(ConfigException.class, builder::build), "insecure");
    }

    @Test
    void builderRejectsTokenWithBasicAuth() {
        ClientConfig.Builder builder =
                ClientConfig.builder().server("https://k").bearerToken("t").basicAuth("u", "p");
        assertMentions(assertThrows(ConfigException.class, builder::build), "not both");
    }

    @Test
    void builderRejectsBadDurationsAndUnreadableFiles() {
        assertThrows(
                IllegalArgumentException.class, () -> ClientConfig.builder().readTimeout(Duration.ZERO));
        assertThrows(
                IllegalArgumentException.class, () -> ClientConfig.builder().pingInterval(Duration.ofSeconds(-1)));
        Path absent = dir.resolve("absent.crt");
        assertMentions(
                assertThrows(ConfigException.class, () -> ClientConfig.builder().caCertificateFile(absent)),
                absent.toString());
        ClientConfig.Builder withTokenFile =
                ClientConfig.builder().server("https://k").bearerTokenFile(absent);
        assertMentions(assertThrows(ConfigException.class, withTokenFile::build), absent.toString());
    }

    @Test
    void toStringNeverShowsCredentials() {
        ClientConfig config = ClientConfig.builder()
                .server("https://k")
                .basicAuth("me", "pw-secret-1")
                .proxy("http://puser:ppass-2@proxy:3128")
                .build();
        String text = config.toString();
        assertFalse(text.contains("pw-secret-1") || text.contains("ppass-2"), text);
        String tokenText = ClientConfig.builder()
                .server("https://k")
                .bearerToken("tok-secret-3")
                .build()
                .toString();
        assertFalse(tokenText.contains("tok-secret-3"), tokenText);
    }

    @Test
    void toBuilderKeepsEverySetting() {
        ClientConfig original = ClientConfig.builder()
                .server("https://k")
                .bearerToken("t")
                .namespace("ns")
                .tlsServerName("name")
                .userAgent("agent/1")
                .connectTimeout(Duration.ofSeconds(3))
                .watchReadTimeout(Duration.ofMinutes(2))
                .disableCompression(true)
                .clock(clock)
                .build();
        ClientConfig copy = original.toBuilder().build();
        assertEquals(original.toString(), copy.toString());
        assertEquals("agent/1", copy.userAgent());
        assertEquals(Duration.ofSeconds(3), copy.connectTimeout());
        assertEquals(Duration.ofMinutes(2), copy.watchReadTimeout());
        assertTrue(copy.disableCompression());
        assertEquals("t", copy.bearerToken().orElseThrow().get());
    }

    // ------------------------------------------------------------------ in-cluster and auto-detection

    private void serviceAccount(String token, boolean withCa, String namespace) throws IOException {
        write("sa/token", token);
        if (withCa) {
            write("sa/ca.crt", TestCertificates.pem(CA.certificate()));
        }
        if (namespace != null) {
            write("sa/namespace", namespace);
        }
    }

    @Test
    void inClusterReadsServiceAccountFilesAndVariables() throws IOException {
        serviceAccount("sa-token-1", true, "kube-system\n");
        ClientConfig config = ClientConfig.inCluster(
                env(Map.of("KUBERNETES_SERVICE_HOST", "10.96.0.1", "KUBERNETES_SERVICE_PORT", "443")));
        assertEquals(URI.create("https://10.96.0.1:443"), config.server());
        assertEquals("sa-token-1", config.bearerToken().orElseThrow().get());
        assertEquals(List.of(CA.certificate()), config.caCertificates());
        assertEquals("kube-system", config.namespace());
    }

    @Test
    void inClusterConfigurationNamesTheServiceAccountToken() throws IOException {
        serviceAccount("sa-token", false, null);
        ClientConfig config = ClientConfig.inCluster(new ConfigEnvironment(
                Map.of("KUBERNETES_SERVICE_HOST", "10.0.0.1", "KUBERNETES_SERVICE_PORT", "443"),
                dir,
                dir.resolve("sa"),
                clock));
        assertEquals(ClientConfig.Origin.inCluster(dir.resolve("sa").resolve("token")), config.origin());
        assertEquals(
                "https://10.0.0.1:443 as the pod's service account (token "
                        + dir.resolve("sa").resolve("token") + ")",
                config.describe());
    }

    @Test
    void inClusterBracketsIpv6HostsAndPrefersPodNamespaceVariable() throws IOException {
        serviceAccount("t", false, "from-file");
        ClientConfig config = ClientConfig.inCluster(env(Map.of(
                "KUBERNETES_SERVICE_HOST", "fd00::1", "KUBERNETES_SERVICE_PORT", "6443", "POD_NAMESPACE", "from-env")));
        assertEquals(URI.create("https://[fd00::1]:6443"), config.server());
        assertEquals("from-env", config.namespace());
        assertTrue(config.caCertificates().isEmpty(), "no ca.crt: the JDK's trust store");
    }

    @Test
    void inClusterTokenIsReReadAfterItRotates() throws IOException {
        serviceAccount("first", true, null);
        ClientConfig config = ClientConfig.inCluster(
                env(Map.of("KUBERNETES_SERVICE_HOST", "10.0.0.1", "KUBERNETES_SERVICE_PORT", "443")));
        assertEquals("default", config.namespace());
        assertEquals("first", config.bearerToken().orElseThrow().get());

        write("sa/token", "second");
        clock.step(Duration.ofSeconds(30));
        assertEquals("first", config.bearerToken().orElseThrow().get(), "cached for a minute");
        clock.step(Duration.ofSeconds(31));
        assertEquals("second", config.bearerToken().orElseThrow().get(), "re-read after the period");

        Files.delete(dir.resolve("sa/token"));
        clock.step(Duration.ofMinutes(2));
        assertEquals("second", config.bearerToken().orElseThrow().get(), "a failed re-read keeps the last token");
    }

    @Test
    void inClusterWithoutVariablesOrTokenFailsClearly() throws IOException {
        assertMentions(
                assertThrows(ConfigException.class, () -> ClientConfig.inCluster(env(Map.of()))),
                "KUBERNETES_SERVICE_HOST");
        Map<String, String> vars = Map.of("KUBERNETES_SERVICE_HOST", "h", "KUBERNETES_SERVICE_PORT", "1");
        assertMentions(
                assertThrows(ConfigException.class, () -> ClientConfig.inCluster(env(vars))),
                dir.resolve("sa/token").toString());
    }

    @Test
    void autoDetectPrefersKubeconfigOverInCluster() throws IOException {
        serviceAccount("sa", false, null);
        Path file = write(
                "kc",
                """
                current-context: c
                clusters:
                - {name: k, cluster: {server: "https://from-kubeconfig"}}
                users:
                - {name: u, user: {token: t}}
                contexts:
                - {name: c, context: {cluster: k, user: u}}
                """);
        ClientConfig config = ClientConfig.autoDetect(env(Map.of(
                "KUBECONFIG",
                file.toString(),
                "KUBERNETES_SERVICE_HOST",
                "10.0.0.1",
                "KUBERNETES_SERVICE_PORT",
                "443")));
        assertEquals(URI.create("https://from-kubeconfig"), config.server());
    }

    @Test
    void autoDetectFallsBackToInCluster() throws IOException {
        serviceAccount("sa", false, null);
        ClientConfig config = ClientConfig.autoDetect(
                env(Map.of("KUBERNETES_SERVICE_HOST", "10.0.0.1", "KUBERNETES_SERVICE_PORT", "443")));
        assertEquals(URI.create("https://10.0.0.1:443"), config.server());
        assertEquals("sa", config.bearerToken().orElseThrow().get());
    }

    @Test
    void autoDetectWithNothingNamesEveryPlaceTried() {
        ConfigException e = assertThrows(ConfigException.class, () -> ClientConfig.autoDetect(env(Map.of())));
        assertMentions(e, dir.resolve("home/.kube/config").toString(), "in-cluster", "KUBERNETES_SERVICE_HOST");
    }

    @Test
    void autoDetectReportsAnInvalidKubeconfigInsteadOfFallingBack() throws IOException {
        Path file = write("broken", "current-context: [");
        assertMentions(
                assertThrows(
                        ConfigException.class,
                        () -> ClientConfig.autoDetect(env(Map.of(
                                "KUBECONFIG",
                                file.toString(),
                                "KUBERNETES_SERVICE_HOST",
                                "h",
                                "KUBERNETES_SERVICE_PORT",
                                "1")))),
                file.toString());
    }

    @Test
    void proxyUrlSchemesAreChecked() {
        assertEquals(
                "socks5",
                ClientConfig.builder()
                        .proxy("socks5://p:1080")
                        .server("https://k")
                        .build()
                        .proxy()
                        .getScheme());
        assertMentions(
                assertThrows(ConfigException.class, () -> ClientConfig.builder().proxy("ftp://p")), "http://");
        assertMentions(
                assertThrows(ConfigException.class, () -> ClientConfig.builder().proxy("socks5://u:p@p:1")), "socks5");
        assertNull(ClientConfig.builder().proxy("").server("https://k").build().proxy());
    }
}
