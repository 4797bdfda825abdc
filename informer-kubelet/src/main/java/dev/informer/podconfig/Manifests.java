package dev.informer.podconfig;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** What the file and http sources share about manifests: the size cap and problem reporting. Stateless. */
final class Manifests {

    private static final Logger LOG = LoggerFactory.getLogger(Manifests.class);

    /** The largest accepted cap: a manifest is read into one array. */
    static final long MAX_CAP = 1L << 30;

    private Manifests() {}

    /**
     * {@code bytes}, checked as a manifest size cap.
     *
     * @throws IllegalArgumentException if not between 1 byte and 1 GiB
     */
    static long checkCap(long bytes) {
        if (bytes < 1 || bytes > MAX_CAP) {
            throw new IllegalArgumentException("maxManifestBytes must be between 1 and " + MAX_CAP + ": " + bytes);
        }
        return bytes;
    }

    /** The problem of a manifest above {@code cap}, whose size is {@code size} ("N bytes", "more than N bytes"). */
    static InvalidManifestException tooLarge(String origin, String size, long cap) {
        String unit = describe(cap);
        return new InvalidManifestException(
                origin,
                "the manifest is " + size + ", above the cap of " + cap + " bytes"
                        + (unit.endsWith(" bytes") ? "" : " (" + unit + ")"));
    }

    /** {@code bytes} in the largest binary unit that divides it: "10 MiB", "512 KiB", "100 bytes". */
    static String describe(long bytes) {
        if (bytes >= 1 << 20 && bytes % (1 << 20) == 0) {
            return (bytes >> 20) + " MiB";
        }
        if (bytes >= 1 << 10 && bytes % (1 << 10) == 0) {
            return (bytes >> 10) + " KiB";
        }
        return bytes + " bytes";
    }

    /** A short fingerprint of a manifest's content, to recognise an unchanged bad manifest. */
    static String fingerprint(byte[] data) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            return data.length + ":" + HexFormat.of().formatHex(sha.digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM offers no SHA-256 digest", e);
        }
    }

    /** Tells {@code listener} of {@code problem}; a listener that throws is logged, never the source's end. */
    static void notify(Consumer<? super InvalidManifestException> listener, InvalidManifestException problem) {
        try {
            listener.accept(problem);
        } catch (RuntimeException e) {
            LOG.warn("The invalid-manifest listener failed on {}: {}", problem.origin(), e.toString());
            LOG.debug("The invalid-manifest listener failed", e);
        }
    }
}
