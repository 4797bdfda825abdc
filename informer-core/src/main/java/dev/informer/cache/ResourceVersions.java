package dev.informer.cache;

import java.util.OptionalInt;

/**
 * Compares resource versions, which Kubernetes made comparable in 1.35 (KEP-5504, apimachinery's
 * {@code CompareResourceVersion}): a well-formed resource version is a decimal integer without
 * sign or leading zeros, of any length, and a larger number is a later version. Compared by length,
 * then digit by digit, so no length overflows. Stateless.
 */
final class ResourceVersions {

    private ResourceVersions() {}

    /**
     * The order of {@code a} and {@code b}: negative when {@code a} is older, zero when equal,
     * positive when newer; empty when either is not a well-formed resource version ({@code null},
     * {@code ""}, {@code "0"}, a leading zero, a sign or any non-digit), in which case the caller
     * must not draw a conclusion (the server's versions are opaque).
     */
    static OptionalInt compare(String a, String b) {
        if (!wellFormed(a) || !wellFormed(b)) {
            return OptionalInt.empty();
        }
        if (a.length() != b.length()) {
            return OptionalInt.of(a.length() < b.length() ? -1 : 1);
        }
        return OptionalInt.of(Integer.signum(a.compareTo(b)));
    }

    static boolean wellFormed(String version) {
        if (version == null || version.isEmpty() || version.charAt(0) == '0') {
            return false;
        }
        for (int i = 0; i < version.length(); i++) {
            char c = version.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}
