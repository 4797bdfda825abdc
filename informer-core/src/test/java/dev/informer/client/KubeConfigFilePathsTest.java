package dev.informer.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.clock.testing.FakeClock;
import java.io.IOException;
import java.nio.file.Path;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a kubeconfig's relative paths point when the file has no folder of its own (a bare file name,
 * the file-system root), and how a user's certificate and key are read when one is a file and the other
 * inline data.
 */
class KubeConfigFilePathsTest {

    private static final HeldCertificate CA = TestCertificates.ca("cluster-ca");
    private static final HeldCertificate CLIENT = TestCertificates.rsaClient(CA, "alice");

    private static final String RELATIVE_PATHS =
            """
            clusters:
            - name: c
              cluster: {server: https://x, certificate-authority: certs/ca.pem}
            users:
            - name: u
              user: {client-certificate: u.crt, client-key: keys/u.key}
            """;

    @TempDir
    Path dir;

    @Test
    void aKubeconfigNamedWithoutAFolderResolvesRelativePathsAgainstTheWorkingDirectory() {
        KubeConfig config = KubeConfig.parse(RELATIVE_PATHS, Path.of("config"));

        Path workingDirectory = Path.of("").toAbsolutePath();
        assertEquals(
                workingDirectory.resolve("certs/ca.pem"),
                config.clusters().get("c").certificateAuthority());
        assertEquals(workingDirectory.resolve("u.crt"), config.users().get("u").clientCertificate());
        assertEquals(
                workingDirectory.resolve("keys/u.key"), config.users().get("u").clientKey());
    }

    @Test
    void aKubeconfigAtTheFileSystemRootResolvesRelativePathsAgainstTheRoot() {
        Path root = Path.of("").toAbsolutePath().getRoot();

        KubeConfig config = KubeConfig.parse(RELATIVE_PATHS, root);

        assertEquals(root.resolve("certs/ca.pem"), config.clusters().get("c").certificateAuthority());
        assertEquals(root.resolve("keys/u.key"), config.users().get("u").clientKey());
    }

    @Test
    void aCertificateFileWithInlineKeyDataAndInlineCertificateDataWithAKeyFileAreBothRead() throws IOException {
        TestKubeConfigs.write(dir, "u.crt", TestCertificates.pem(CLIENT.certificate()));
        TestKubeConfigs.write(dir, "u.key", TestCertificates.pkcs1Pem(CLIENT));
        String keyData = TestCertificates.base64(TestCertificates.pkcs1Pem(CLIENT));
        String certificateData = TestCertificates.base64(TestCertificates.pem(CLIENT.certificate()));

        ClientConfig fileCertificate = TestKubeConfigs.oneContext(
                dir,
                "{server: https://x}",
                "{client-certificate: u.crt, client-key-data: %s}".formatted(keyData),
                new FakeClock());
        ClientConfig fileKey = TestKubeConfigs.oneContext(
                dir,
                "{server: https://x}",
                "{client-certificate-data: %s, client-key: u.key}".formatted(certificateData),
                new FakeClock());

        for (ClientConfig config : new ClientConfig[] {fileCertificate, fileKey}) {
            assertEquals(CLIENT.certificate(), config.clientCertificateChain().get(0));
            assertTrue(config.clientKey().isPresent());
        }
    }

    @Test
    void aCertificateWithoutAKeyIsOneConfigErrorNamingWhatIsMissing() throws IOException {
        TestKubeConfigs.write(dir, "u.crt", TestCertificates.pem(CLIENT.certificate()));

        ConfigException e = assertThrows(
                ConfigException.class,
                () -> TestKubeConfigs.oneContext(
                        dir, "{server: https://x}", "{client-certificate: u.crt}", new FakeClock()));

        assertTrue(
                e.getMessage().contains("has a client certificate but no client-key or client-key-data"),
                e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
}
