package dev.informer.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.clock.testing.FakeClock;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KubeConfigTest {

    private static final HeldCertificate CA = TestCertificates.ca("cluster-ca");
    private static final HeldCertificate CLIENT = TestCertificates.rsaClient(CA, "alice");

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        return TestKubeConfigs.write(dir, name, text);
    }

    private ConfigEnvironment env(Map<String, String> variables) {
        return TestKubeConfigs.env(dir, variables, new FakeClock());
    }

    /** Parses {@code text} as a kubeconfig file and asserts that it fails naming the file and each fragment. */
    private void assertRejected(String text, String... fragments) throws IOException {
        Path file = write("config", text);
        ConfigException e = assertThrows(ConfigException.class, () -> KubeConfig.parse(file));
        assertMentions(e, file.toString());
        assertMentions(e, fragments);
    }

    static void assertMentions(Throwable e, String... fragments) {
        for (String fragment : fragments) {
            assertTrue(
                    e.getMessage().contains(fragment), () -> "\"" + e.getMessage() + "\" should mention " + fragment);
        }
    }

    @Test
    void parsesEveryClusterUserAndContextField() throws IOException {
        Path file = write(
                "config",
                """
                apiVersion: v1
                kind: Config
                current-context: dev
                clusters:
                - name: prod
                  cluster:
                    server: https://prod.example:6443
                    certificate-authority-data: %s
                    tls-server-name: kubernetes.internal
                    proxy-url: http://proxy.example:3128
                    disable-compression: true
                - name: lab
                  cluster:
                    server: https://lab.example
                    insecure-skip-tls-verify: true
                    certificate-authority: certs/ca.pem
                users:
                - name: alice
                  user:
                    client-certificate-data: %s
                    client-key-data: %s
                - name: bob
                  user:
                    token: bob-token
                    tokenFile: tokens/bob
                - name: carol
                  user:
                    username: carol
                    password: s3cret
                - name: dave
                  user:
                    client-certificate: /abs/dave.crt
                    client-key: keys/dave.key
                    exec:
                      apiVersion: client.authentication.k8s.io/v1
                      command: ./bin/login
                      args: [get-token, --cluster, prod]
                      env:
                      - name: REGION
                        value: eu-1
                      interactiveMode: Never
                      provideClusterInfo: true
                      installHint: install login
                contexts:
                - name: dev
                  context: {cluster: prod, user: alice, namespace: team-a}
                - name: ops
                  context: {cluster: lab, user: bob}
                """
                        .formatted(
                                TestCertificates.base64(TestCertificates.pem(CA.certificate())),
                                TestCertificates.base64(TestCertificates.pem(CLIENT.certificate())),
                                TestCertificates.base64(TestCertificates.pkcs1Pem(CLIENT))));

        KubeConfig config = KubeConfig.parse(file);

        assertEquals("dev", config.currentContext());
        assertEquals(file.toAbsolutePath(), config.currentContextOrigin());
        KubeConfig.Cluster prod = config.clusters().get("prod");
        assertEquals("https://prod.example:6443", prod.server());
        assertEquals(TestCertificates.pem(CA.certificate()), prod.certificateAuthorityData());
        assertEquals("kubernetes.internal", prod.tlsServerName());
        assertEquals("http://proxy.example:3128", prod.proxyUrl());
        assertTrue(prod.disableCompression());
        assertFalse(prod.insecureSkipTlsVerify());
        KubeConfig.Cluster lab = config.clusters().get("lab");
        assertTrue(lab.insecureSkipTlsVerify());
        assertEquals(dir.resolve("certs/ca.pem"), lab.certificateAuthority());

        KubeConfig.User alice = config.users().get("alice");
        assertEquals(TestCertificates.pem(CLIENT.certificate()), alice.clientCertificateData());
        assertEquals(TestCertificates.pkcs1Pem(CLIENT), alice.clientKeyData());
        KubeConfig.User bob = config.users().get("bob");
        assertEquals("bob-token", bob.token());
        assertEquals(dir.resolve("tokens/bob"), bob.tokenFile());
        KubeConfig.User carol = config.users().get("carol");
        assertEquals("carol", carol.username());
        assertEquals("s3cret", carol.password());
        KubeConfig.User dave = config.users().get("dave");
        assertEquals(Path.of("/abs/dave.crt"), dave.clientCertificate());
        assertEquals(dir.resolve("keys/dave.key"), dave.clientKey());
        ExecConfig exec = dave.exec();
        assertEquals(ExecConfig.V1, exec.apiVersion());
        assertEquals(dir.resolve("bin/login").toString(), exec.command());
        assertEquals(List.of("get-token", "--cluster", "prod"), exec.args());
        assertEquals(Map.of("REGION", "eu-1"), exec.env());
        assertEquals(ExecConfig.InteractiveMode.NEVER, exec.interactiveMode());
        assertTrue(exec.provideClusterInfo());
        assertEquals("install login", exec.installHint());

        KubeConfig.Context dev = config.contexts().get("dev");
        assertEquals(new KubeConfig.Context("dev", "prod", "alice", "team-a", file.toAbsolutePath()), dev);
        assertNull(config.contexts().get("ops").namespace());
    }

    @Test
    void execCommandWithoutPathSeparatorIsLookedUpOnPath() throws IOException {
        Path file = write(
                "config",
                """
                users:
                - name: u
                  user:
                    exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: aws-iam-authenticator}
                """);
        ExecConfig exec = KubeConfig.parse(file).users().get("u").exec();
        assertEquals("aws-iam-authenticator", exec.command());
        // v1beta1 leaves interactiveMode optional, defaulting to IfAvailable.
        assertEquals(ExecConfig.InteractiveMode.IF_AVAILABLE, exec.interactiveMode());
    }

    @Test
    void secretsAreNotShownByToString() throws IOException {
        Path file = write(
                "config",
                """
                users:
                - name: u
                  user: {token: tok-123, password: pw-456, username: me}
                """);
        String text = KubeConfig.parse(file).users().get("u").toString();
        assertFalse(text.contains("tok-123") || text.contains("pw-456"), text);
    }

    @Test
    void mergeTakesEachNameFromTheFirstFileAndTheFirstCurrentContext() throws IOException {
        Path first = write(
                "a/config",
                """
                clusters:
                - name: shared
                  cluster: {server: https://first.example}
                users:
                - name: shared-user
                  user: {token: first-token}
                contexts:
                - name: one
                  context: {cluster: shared, user: shared-user}
                """);
        Path second = write(
                "b/config",
                """
                current-context: two
                clusters:
                - name: shared
                  cluster: {server: https://second.example, insecure-skip-tls-verify: true}
                - name: only-second
                  cluster: {server: https://only.example}
                users:
                - name: shared-user
                  user: {token: second-token, username: ignored}
                contexts:
                - name: two
                  context: {cluster: only-second, user: shared-user}
                """);
        Path third = write("c/config", "current-context: three\n");
        Path missing = dir.resolve("missing/config");

        KubeConfig merged = KubeConfig.load(env(Map.of(
                        "KUBECONFIG",
                        String.join(
                                File.pathSeparator,
                                first.toString(),
                                missing.toString(),
                                "",
                                second.toString(),
                                third.toString()))))
                .orElseThrow();

        assertEquals("two", merged.currentContext(), "the first file setting current-context wins");
        assertEquals(second.toAbsolutePath(), merged.currentContextOrigin());
        KubeConfig.Cluster shared = merged.clusters().get("shared");
        assertEquals("https://first.example", shared.server());
        assertFalse(shared.insecureSkipTlsVerify(), "entries are taken whole, never mixed field by field");
        assertEquals(
                "https://only.example", merged.clusters().get("only-second").server());
        assertEquals("first-token", merged.users().get("shared-user").token());
        assertNull(merged.users().get("shared-user").username());
        assertEquals(List.of("one", "two"), List.copyOf(merged.contexts().keySet()));
        assertEquals(List.of(first, second, third), merged.files());
    }

    @Test
    void relativePathsResolveAgainstTheFolderOfTheFileThatNamesThem() throws IOException {
        Path first = write(
                "team/config",
                """
                clusters:
                - name: c
                  cluster: {server: https://x, certificate-authority: ca.pem}
                """);
        Path second = write(
                "other/deeper/config",
                """
                users:
                - name: u
                  user: {client-certificate: ../u.crt, client-key: u.key, tokenFile: ./t}
                """);
        KubeConfig merged = KubeConfig.merge(List.of(KubeConfig.parse(first), KubeConfig.parse(second)));
        assertEquals(dir.resolve("team/ca.pem"), merged.clusters().get("c").certificateAuthority());
        assertEquals(dir.resolve("other/u.crt"), merged.users().get("u").clientCertificate());
        assertEquals(dir.resolve("other/deeper/u.key"), merged.users().get("u").clientKey());
        assertEquals(dir.resolve("other/deeper/t"), merged.users().get("u").tokenFile());
    }

    @Test
    void withoutKubeconfigVariableTheHomeConfigIsUsed() throws IOException {
        write("home/.kube/config", "current-context: home\n");
        KubeConfig config = KubeConfig.load(env(Map.of())).orElseThrow();
        assertEquals("home", config.currentContext());
        assertEquals(List.of(dir.resolve("home/.kube/config")), KubeConfig.defaultFiles(env(Map.of())));
    }

    @Test
    void noFileAtAllIsEmptyNotAnError() {
        assertTrue(KubeConfig.load(env(Map.of())).isEmpty());
        assertTrue(KubeConfig.load(env(Map.of("KUBECONFIG", dir.resolve("nope").toString())))
                .isEmpty());
    }

    @Test
    void emptyFileDefinesNothing() throws IOException {
        assertTrue(KubeConfig.parse(write("config", "")).isEmpty());
    }

    // ------------------------------------------------------------------ malformed kubeconfigs

    @Test
    void yamlSyntaxErrorNamesTheFileLineAndColumn() throws IOException {
        Path file = write("config", "clusters:\n- name: a\n  cluster: {server: [unclosed\n");
        ConfigException e = assertThrows(ConfigException.class, () -> KubeConfig.parse(file));
        assertMentions(e, file.toString(), "not valid YAML", "line ");
    }

    @Test
    void yamlSyntaxErrorIsOneLine() throws IOException {
        Path file = write("config", "clusters:\n- name: a\n  cluster: {server: [unclosed\n");
        ConfigException e = assertThrows(ConfigException.class, () -> KubeConfig.parse(file));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        Path tabs = write("tabs", "clusters:\n\t- name: a\n");
        ConfigException tab = assertThrows(ConfigException.class, () -> KubeConfig.parse(tabs));
        assertMentions(tab, tabs.toString(), "not valid YAML at line 2");
        assertFalse(tab.getMessage().contains("\n"), tab.getMessage());
    }

    @Test
    void directoryGivenAsKubeconfigIsNamedAsSuch() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("kube"));
        ConfigException e = assertThrows(ConfigException.class, () -> KubeConfig.parse(folder));
        assertEquals("kubeconfig " + folder + " is a directory, not a file", e.getMessage());
        ConfigException fromFactory =
                assertThrows(ConfigException.class, () -> ClientConfig.fromKubeConfig(folder, "x"));
        assertEquals(e.getMessage(), fromFactory.getMessage());
    }

    @Test
    void directoryInTheKubeconfigVariableIsAnErrorNotSilentlySkipped() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("kube"));
        ConfigException e = assertThrows(
                ConfigException.class, () -> KubeConfig.load(env(Map.of("KUBECONFIG", folder.toString()))));
        assertEquals("kubeconfig " + folder + " is a directory, not a file", e.getMessage());
        ConfigException auto = assertThrows(
                ConfigException.class, () -> ClientConfig.autoDetect(env(Map.of("KUBECONFIG", folder.toString()))));
        assertEquals(e.getMessage(), auto.getMessage());
    }

    @Test
    void unreadableFileIsNamedWithoutAnIoExceptionDump() throws IOException {
        Path file = write("locked", "current-context: x\n");
        Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("---------"));
        org.junit.jupiter.api.Assumptions.assumeFalse(Files.isReadable(file), "root reads any file");
        ConfigException e = assertThrows(ConfigException.class, () -> KubeConfig.parse(file));
        assertEquals("kubeconfig " + file + " is not readable (permission denied)", e.getMessage());
    }

    @Test
    void fileThatIsNotUtf8TextIsNamed() throws IOException {
        Path file = dir.resolve("binary");
        Files.write(file, new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, (byte) 0xc3});
        ConfigException e = assertThrows(ConfigException.class, () -> KubeConfig.parse(file));
        assertEquals("kubeconfig " + file + " is not UTF-8 text", e.getMessage());
    }

    @Test
    void missingFileNamesIt() {
        Path file = dir.resolve("absent");
        assertMentions(
                assertThrows(ConfigException.class, () -> KubeConfig.parse(file)), file.toString(), "does not exist");
    }

    @Test
    void fieldOfTheWrongTypeNamesEntryAndField() throws IOException {
        assertRejected(
                """
                clusters:
                - name: c
                  cluster: {server: https://x, insecure-skip-tls-verify: [yes]}
                """,
                "cluster \"c\"",
                "insecure-skip-tls-verify");
    }

    @Test
    void invalidBase64NamesEntryAndField() throws IOException {
        assertRejected(
                """
                users:
                - name: alice
                  user: {client-key-data: "***not base64***"}
                """,
                "user \"alice\"",
                "client-key-data",
                "base64");
    }

    @Test
    void duplicateNameInOneFileIsAnError() throws IOException {
        assertRejected(
                """
                contexts:
                - name: x
                  context: {cluster: a, user: b}
                - name: x
                  context: {cluster: c, user: d}
                """,
                "context \"x\"",
                "twice");
    }

    @Test
    void entryWithoutNameIsAnError() throws IOException {
        assertRejected("users:\n- user: {token: t}\n", "users[0]", "no name");
    }

    @Test
    void execV1WithoutInteractiveModeIsAnError() throws IOException {
        assertRejected(
                """
                users:
                - name: u
                  user:
                    exec: {apiVersion: client.authentication.k8s.io/v1, command: login}
                """,
                "user \"u\" exec",
                "interactiveMode");
    }

    @Test
    void execWithUnknownApiVersionOrModeIsAnError() throws IOException {
        assertRejected(
                """
                users:
                - name: u
                  user:
                    exec: {apiVersion: client.authentication.k8s.io/v1alpha1, command: login}
                """,
                "v1alpha1");
        assertRejected(
                """
                users:
                - name: u
                  user:
                    exec: {apiVersion: client.authentication.k8s.io/v1, command: login, interactiveMode: Sometimes}
                """,
                "Sometimes");
        assertRejected(
                """
                users:
                - name: u
                  user:
                    exec: {apiVersion: client.authentication.k8s.io/v1, interactiveMode: Never}
                """,
                "no command");
    }

    @Test
    void documentThatIsNotAMappingIsAnError() throws IOException {
        assertRejected("- just\n- a list\n", "mapping");
    }
}
