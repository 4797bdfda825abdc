package dev.informer.client.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.client.TestCertificates;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.List;
import java.util.stream.Stream;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PemTest {

    private static final HeldCertificate CA = TestCertificates.ca("test-ca");
    private static final HeldCertificate RSA = TestCertificates.rsaClient(CA, "alice");
    private static final HeldCertificate EC = TestCertificates.ecClient(CA, "bob");

    @Test
    void readsEveryCertificateOfABundleInOrder() {
        String bundle = TestCertificates.pem(RSA.certificate()) + "comment between blocks\n"
                + TestCertificates.pem(CA.certificate());
        List<X509Certificate> certificates = Pem.certificates(bundle);
        assertEquals(2, certificates.size());
        assertEquals(RSA.certificate(), certificates.get(0));
        assertEquals(CA.certificate(), certificates.get(1));
    }

    @Test
    void readsPkcs8RsaKey() {
        PrivateKey key = Pem.privateKey(TestCertificates.pkcs8Pem(RSA));
        assertEquals("RSA", key.getAlgorithm());
        assertEquals(RSA.keyPair().getPrivate(), key);
    }

    /** The message of the {@link IllegalArgumentException} that {@code call} must throw. */
    private static String rejection(Executable call) {
        return assertThrows(IllegalArgumentException.class, call).getMessage();
    }

    static Stream<Arguments> keysAndTheirCertificates() {
        return Stream.of(
                Arguments.of("PKCS#1 RSA", TestCertificates.pkcs1Pem(RSA), "RSA", RSA),
                Arguments.of("PKCS#8 EC", TestCertificates.pkcs8Pem(EC), "EC", EC),
                Arguments.of("SEC1 EC after an EC PARAMETERS block", TestCertificates.sec1Pem(EC), "EC", EC));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("keysAndTheirCertificates")
    void readsAKeyThatMatchesItsCertificate(String encoding, String pem, String algorithm, HeldCertificate owner) {
        PrivateKey key = Pem.privateKey(pem);
        assertEquals(algorithm, key.getAlgorithm());
        Pem.checkKeyMatchesCertificate(key, owner.certificate());
    }

    @Test
    void readsPkcs8Ed25519Key() throws Exception {
        PrivateKey ed =
                KeyPairGenerator.getInstance("Ed25519").generateKeyPair().getPrivate();
        String pem = "-----BEGIN PRIVATE KEY-----\n" + Base64.getEncoder().encodeToString(ed.getEncoded())
                + "\n-----END PRIVATE KEY-----\n";
        assertEquals(ed.getEncoded().length, Pem.privateKey(pem).getEncoded().length);
    }

    @Test
    void keyOfAnotherCertificateIsRejected() {
        PrivateKey other = Pem.privateKey(TestCertificates.pkcs8Pem(TestCertificates.rsaClient(CA, "mallory")));
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> Pem.checkKeyMatchesCertificate(other, RSA.certificate()));
        assertTrue(e.getMessage().contains("does not match"), e.getMessage());
    }

    @Test
    void keyOfAnotherAlgorithmIsRejected() {
        PrivateKey ec = Pem.privateKey(TestCertificates.pkcs8Pem(EC));
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> Pem.checkKeyMatchesCertificate(ec, RSA.certificate()));
        assertTrue(e.getMessage().contains("EC") && e.getMessage().contains("RSA"), e.getMessage());
    }

    @Test
    void encryptedKeysAreRejectedWithAReason() {
        String pkcs8Encrypted = "-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----\n";
        assertTrue(rejection(() -> Pem.privateKey(pkcs8Encrypted)).contains("encrypted"));
        String legacyEncrypted =
                "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00\n\nAAAA\n-----END RSA PRIVATE KEY-----\n";
        assertTrue(rejection(() -> Pem.privateKey(legacyEncrypted)).contains("encrypted"));
    }

    @Test
    void textWithoutPemBlocksIsRejected() {
        assertTrue(rejection(() -> Pem.certificates("not a certificate")).contains("CERTIFICATE"));
        assertTrue(rejection(() -> Pem.privateKey(TestCertificates.pem(CA.certificate())))
                .contains("PRIVATE KEY"));
    }

    @Test
    void truncatedKeyIsRejectedWithoutEchoingIt() {
        String truncated = "-----BEGIN RSA PRIVATE KEY-----\nMIIBOgIBAAJBAK\n-----END RSA PRIVATE KEY-----\n";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Pem.privateKey(truncated));
        assertTrue(!e.getMessage().contains("MIIBOgIBAAJBAK"), e.getMessage());
    }

    @Test
    void garbageCertificateBodyIsRejected() {
        String bad = "-----BEGIN CERTIFICATE-----\nAAAAAAAA\n-----END CERTIFICATE-----\n";
        assertTrue(rejection(() -> Pem.certificates(bad)).contains("certificate #1"));
    }

    @Test
    void encodedCertificatesReadBack() {
        assertEquals(
                List.of(CA.certificate(), EC.certificate()),
                Pem.certificates(Pem.encodeCertificates(List.of(CA.certificate(), EC.certificate()))));
    }
}
