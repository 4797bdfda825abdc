package dev.informer.client;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPrivateKey;
import java.util.Arrays;
import java.util.Base64;
import okhttp3.tls.HandshakeCertificates;
import okhttp3.tls.HeldCertificate;

/** Self-signed CAs and certificates for TLS tests, and the PEM spellings kubeconfigs carry. */
public final class TestCertificates {

    private TestCertificates() {}

    /** A CA that can sign. */
    public static HeldCertificate ca(String name) {
        return new HeldCertificate.Builder()
                .certificateAuthority(0)
                .commonName(name)
                .build();
    }

    /** A server certificate for localhost and 127.0.0.1 (plus extra names) signed by {@code ca}. */
    public static HeldCertificate server(HeldCertificate ca, String... extraNames) {
        HeldCertificate.Builder builder =
                new HeldCertificate.Builder().commonName("apiserver").signedBy(ca);
        if (extraNames.length == 0) {
            builder.addSubjectAlternativeName("localhost").addSubjectAlternativeName("127.0.0.1");
        }
        for (String name : extraNames) {
            builder.addSubjectAlternativeName(name);
        }
        return builder.build();
    }

    /** An RSA client certificate for user {@code name} signed by {@code ca}. */
    public static HeldCertificate rsaClient(HeldCertificate ca, String name) {
        return client(ca, name).rsa2048().build();
    }

    /** An EC (P-256) client certificate for user {@code name} signed by {@code ca}. */
    public static HeldCertificate ecClient(HeldCertificate ca, String name) {
        return client(ca, name).ecdsa256().build();
    }

    private static HeldCertificate.Builder client(HeldCertificate ca, String name) {
        return new HeldCertificate.Builder().commonName(name).signedBy(ca);
    }

    /** Server-side handshake material presenting {@code server} and trusting client certificates of {@code clientCa}. */
    public static HandshakeCertificates serverHandshake(HeldCertificate server, HeldCertificate clientCa) {
        HandshakeCertificates.Builder builder = new HandshakeCertificates.Builder().heldCertificate(server);
        if (clientCa != null) {
            builder.addTrustedCertificate(clientCa.certificate());
        }
        return builder.build();
    }

    public static String pem(X509Certificate certificate) {
        try {
            return block("CERTIFICATE", certificate.getEncoded());
        } catch (CertificateEncodingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The key as SEC1 {@code EC PRIVATE KEY} (what {@code openssl ecparam -genkey} writes). */
    public static String sec1Pem(HeldCertificate held) {
        ECPrivateKey key = (ECPrivateKey) held.keyPair().getPrivate();
        byte[] s = unsigned(key.getS(), 32);
        byte[] prime256v1 = {0x06, 0x08, 0x2a, (byte) 0x86, 0x48, (byte) 0xce, 0x3d, 0x03, 0x01, 0x07};
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(new byte[] {0x02, 0x01, 0x01});
        body.writeBytes(tlv(0x04, s));
        body.writeBytes(tlv(0xa0, prime256v1));
        return "-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n"
                + block("EC PRIVATE KEY", tlv(0x30, body.toByteArray()));
    }

    /** The key as PKCS#8 {@code PRIVATE KEY}. */
    public static String pkcs8Pem(HeldCertificate held) {
        return held.privateKeyPkcs8Pem();
    }

    /** An RSA key as PKCS#1 {@code RSA PRIVATE KEY}. */
    public static String pkcs1Pem(HeldCertificate held) {
        return held.privateKeyPkcs1Pem();
    }

    public static String base64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    static String block(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }

    private static byte[] unsigned(BigInteger value, int length) {
        byte[] bytes = value.toByteArray();
        if (bytes.length > length) {
            return Arrays.copyOfRange(bytes, bytes.length - length, bytes.length);
        }
        byte[] padded = new byte[length];
        System.arraycopy(bytes, 0, padded, length - bytes.length, bytes.length);
        return padded;
    }

    private static byte[] tlv(int tag, byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(tag);
        if (content.length < 0x80) {
            out.write(content.length);
        } else {
            out.write(0x81);
            out.write(content.length);
        }
        out.writeBytes(content);
        return out.toByteArray();
    }
}
