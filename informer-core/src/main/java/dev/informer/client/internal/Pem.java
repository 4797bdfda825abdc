package dev.informer.client.internal;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads PEM text: X.509 certificates and private keys in PKCS#8 ({@code PRIVATE KEY}), PKCS#1
 * ({@code RSA PRIVATE KEY}) and SEC1 ({@code EC PRIVATE KEY}) form, RSA, EC and Ed25519, without a
 * security provider beyond the JDK's: PKCS#1 and SEC1 keys are re-wrapped as PKCS#8.
 *
 * <p>Errors are {@link IllegalArgumentException}s naming what is wrong, never the key material; callers
 * add the file and entry. Stateless; thread-safe.
 */
public final class Pem {

    private static final Pattern BLOCK =
            Pattern.compile("-----BEGIN ([A-Z0-9 ]+)-----\\s*(.*?)-----END \\1-----", Pattern.DOTALL);

    private static final byte[] OID_RSA = {0x2a, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xf7, 0x0d, 0x01, 0x01, 0x01};
    private static final byte[] OID_EC = {0x2a, (byte) 0x86, 0x48, (byte) 0xce, 0x3d, 0x02, 0x01};

    private static final Pattern LINE_BREAK = Pattern.compile("\\R");

    private Pem() {}

    /** One {@code -----BEGIN type-----} block: its type and decoded DER bytes. */
    @SuppressWarnings("ArrayRecordComponent") // a private holder, never compared or hashed
    record Block(String type, byte[] der, boolean encryptedHeaders) {}

    /**
     * Every certificate in {@code pem}, in order.
     *
     * @throws IllegalArgumentException if there is none or one does not parse
     */
    public static List<X509Certificate> certificates(String pem) {
        List<X509Certificate> certificates = new ArrayList<>();
        CertificateFactory factory;
        try {
            factory = CertificateFactory.getInstance("X.509");
        } catch (CertificateException e) {
            throw new IllegalStateException("the JDK has no X.509 certificate factory", e);
        }
        for (Block block : blocks(pem)) {
            if (!block.type().equals("CERTIFICATE") && !block.type().equals("TRUSTED CERTIFICATE")) {
                continue;
            }
            try {
                certificates.add((X509Certificate) factory.generateCertificate(new ByteArrayInputStream(block.der())));
            } catch (CertificateException e) {
                throw new IllegalArgumentException(
                        "certificate #" + (certificates.size() + 1) + " is not a valid X.509 certificate: "
                                + e.getMessage(),
                        e);
            }
        }
        if (certificates.isEmpty()) {
            throw new IllegalArgumentException("no PEM \"CERTIFICATE\" block found");
        }
        return List.copyOf(certificates);
    }

    /**
     * The first private key in {@code pem}.
     *
     * @throws IllegalArgumentException if there is none, it is encrypted, or it does not parse
     */
    public static PrivateKey privateKey(String pem) {
        for (Block block : blocks(pem)) {
            switch (block.type()) {
                case "PRIVATE KEY" -> {
                    return pkcs8(block.der());
                }
                case "RSA PRIVATE KEY" -> {
                    rejectEncrypted(block);
                    return generate(
                            "RSA", pkcs8Wrap(algorithmIdentifier(OID_RSA, new byte[] {0x05, 0x00}), block.der()));
                }
                case "EC PRIVATE KEY" -> {
                    rejectEncrypted(block);
                    return generate("EC", pkcs8Wrap(algorithmIdentifier(OID_EC, sec1Curve(block.der())), block.der()));
                }
                case "ENCRYPTED PRIVATE KEY" ->
                    throw new IllegalArgumentException(
                            "the private key is encrypted; only unencrypted keys are supported");
                default -> {
                    // "EC PARAMETERS", certificates: skip.
                }
            }
        }
        throw new IllegalArgumentException(
                "no PEM \"PRIVATE KEY\", \"RSA PRIVATE KEY\" or \"EC PRIVATE KEY\" block found");
    }

    /**
     * Checks that {@code key} belongs to {@code certificate} by signing and verifying a probe.
     *
     * @throws IllegalArgumentException if it does not
     */
    public static void checkKeyMatchesCertificate(PrivateKey key, X509Certificate certificate) {
        PublicKey publicKey = certificate.getPublicKey();
        String algorithm;
        switch (key.getAlgorithm()) {
            case "RSA" -> algorithm = "SHA256withRSA";
            case "EC" -> algorithm = "SHA256withECDSA";
            case "EdDSA", "Ed25519" -> algorithm = "Ed25519";
            default -> {
                return; // An algorithm we cannot probe: the TLS handshake will tell.
            }
        }
        if (!key.getAlgorithm().equals(publicKey.getAlgorithm())
                && !(key.getAlgorithm().startsWith("Ed")
                        && publicKey.getAlgorithm().startsWith("Ed"))) {
            throw new IllegalArgumentException("the private key is " + key.getAlgorithm()
                    + " but the certificate's key is " + publicKey.getAlgorithm());
        }
        try {
            byte[] probe = "dev.informer key check".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(probe);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(publicKey);
            verifier.update(probe);
            if (!verifier.verify(signature)) {
                throw new IllegalArgumentException("the private key does not match the certificate's public key");
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("the private key does not match the certificate: " + e.getMessage(), e);
        }
    }

    /** PEM text for certificates (used to hand the CA to exec plugins). */
    public static String encodeCertificates(List<X509Certificate> certificates) {
        StringBuilder sb = new StringBuilder();
        Base64.Encoder encoder = Base64.getMimeEncoder(64, new byte[] {'\n'});
        for (X509Certificate certificate : certificates) {
            try {
                sb.append("-----BEGIN CERTIFICATE-----\n")
                        .append(encoder.encodeToString(certificate.getEncoded()))
                        .append("\n-----END CERTIFICATE-----\n");
            } catch (java.security.cert.CertificateEncodingException e) {
                throw new IllegalArgumentException("certificate cannot be encoded: " + e.getMessage(), e);
            }
        }
        return sb.toString();
    }

    static List<Block> blocks(String pem) {
        if (pem == null) {
            throw new IllegalArgumentException("no PEM data");
        }
        List<Block> blocks = new ArrayList<>();
        Matcher m = BLOCK.matcher(pem);
        while (m.find()) {
            String body = m.group(2);
            boolean encrypted = body.contains("Proc-Type:") && body.contains("ENCRYPTED");
            // Drop RFC 1421 headers ("Key: value" lines) before the base64 payload.
            StringBuilder payload = new StringBuilder();
            for (String line : LINE_BREAK.split(body, -1)) {
                if (!line.contains(":")) {
                    payload.append(line.strip());
                }
            }
            byte[] der;
            try {
                der = Base64.getDecoder().decode(payload.toString());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("PEM block \"" + m.group(1) + "\" is not valid base64", e);
            }
            blocks.add(new Block(m.group(1), der, encrypted));
        }
        return blocks;
    }

    private static void rejectEncrypted(Block block) {
        if (block.encryptedHeaders()) {
            throw new IllegalArgumentException("the private key is encrypted; only unencrypted keys are supported");
        }
    }

    private static PrivateKey pkcs8(byte[] der) {
        byte[] oid = pkcs8AlgorithmOid(der);
        String algorithm;
        if (Arrays.equals(oid, OID_RSA)) {
            algorithm = "RSA";
        } else if (Arrays.equals(oid, OID_EC)) {
            algorithm = "EC";
        } else if (Arrays.equals(oid, new byte[] {0x2b, 0x65, 0x70})) {
            algorithm = "Ed25519";
        } else if (Arrays.equals(
                oid, new byte[] {0x2a, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xf7, 0x0d, 0x01, 0x01, 0x0a})) {
            algorithm = "RSASSA-PSS";
        } else {
            throw new IllegalArgumentException("unsupported private key algorithm (OID bytes " + hex(oid)
                    + "); RSA, EC and Ed25519 are supported");
        }
        return generate(algorithm, der);
    }

    private static PrivateKey generate(String algorithm, byte[] pkcs8) {
        try {
            return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(
                    "the " + algorithm + " private key does not parse: " + e.getMessage(), e);
        }
    }

    /** The algorithm OID of a PKCS#8 PrivateKeyInfo: SEQUENCE { INTEGER, SEQUENCE { OID, ... }, OCTET STRING }. */
    private static byte[] pkcs8AlgorithmOid(byte[] der) {
        Der.Reader outer = new Der.Reader(der);
        Der.Reader info = outer.sequence("PrivateKeyInfo");
        info.expect(0x02, "PrivateKeyInfo version");
        Der.Reader algorithm = info.sequence("AlgorithmIdentifier");
        return algorithm.expect(0x06, "algorithm OID");
    }

    /** The curve OID TLV from SEC1's {@code [0] parameters}. */
    private static byte[] sec1Curve(byte[] der) {
        Der.Reader key = new Der.Reader(der).sequence("ECPrivateKey");
        key.expect(0x02, "ECPrivateKey version");
        key.expect(0x04, "ECPrivateKey privateKey");
        while (key.hasMore()) {
            int tag = key.peekTag();
            byte[] content = key.next();
            if (tag == 0xa0) {
                Der.Reader params = new Der.Reader(content);
                if (params.peekTag() != 0x06) {
                    throw new IllegalArgumentException(
                            "EC private key uses explicit curve parameters; only named curves are supported");
                }
                return Der.tlv(0x06, params.expect(0x06, "curve OID"));
            }
        }
        throw new IllegalArgumentException("EC private key has no curve parameters; write it with its named curve");
    }

    private static byte[] algorithmIdentifier(byte[] oid, byte[] parametersTlv) {
        ByteArrayOutputStream content = new ByteArrayOutputStream();
        content.writeBytes(Der.tlv(0x06, oid));
        content.writeBytes(parametersTlv);
        return Der.tlv(0x30, content.toByteArray());
    }

    private static byte[] pkcs8Wrap(byte[] algorithmIdentifier, byte[] key) {
        ByteArrayOutputStream content = new ByteArrayOutputStream();
        content.writeBytes(new byte[] {0x02, 0x01, 0x00});
        content.writeBytes(algorithmIdentifier);
        content.writeBytes(Der.tlv(0x04, key));
        return Der.tlv(0x30, content.toByteArray());
    }

    private static String hex(byte[] bytes) {
        StringBuilder sb = new StringBuilder();
        for (byte b : bytes) {
            sb.append(String.format("%02x", b));
        }
        return sb.toString();
    }
}
