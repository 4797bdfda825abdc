package dev.informer.labels;

import java.util.ArrayList;
import java.util.List;

/**
 * Kubernetes name validation rules (apimachinery {@code util/validation}): qualified names (label
 * and annotation keys), label values and RFC 1123 DNS subdomains.
 *
 * <p>Each check returns the list of problems in apimachinery's wording (empty when valid), so
 * callers can join them into a message. Written as plain character loops instead of regular
 * expressions because selectors are parsed on every list and watch request. Stateless and
 * thread-safe.
 */
public final class KubeNames {
    /** Longest name part of a qualified name, and longest label value. */
    public static final int MAX_LABEL_LENGTH = 63;
    /** Longest DNS subdomain, and so the longest qualified-name prefix. */
    public static final int MAX_SUBDOMAIN_LENGTH = 253;

    private static final String QUALIFIED_NAME_FORMAT =
            "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an"
                    + " alphanumeric character";
    private static final String QUALIFIED_NAME_REGEX = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
    private static final String SUBDOMAIN_REGEX = "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";

    private KubeNames() {}

    /**
     * Problems with a qualified name such as {@code app} or {@code example.com/tier}: an optional
     * DNS-subdomain prefix and {@code /}, then a name part of at most 63 characters.
     */
    public static List<String> qualifiedNameErrors(String value) {
        List<String> errors = new ArrayList<>(1);
        int slash = value.indexOf('/');
        String name = value;
        if (slash >= 0) {
            if (value.indexOf('/', slash + 1) >= 0) {
                errors.add("a qualified name " + QUALIFIED_NAME_FORMAT
                        + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')");
                return errors;
            }
            String prefix = value.substring(0, slash);
            name = value.substring(slash + 1);
            if (prefix.isEmpty()) {
                errors.add("prefix part must be non-empty");
            } else {
                for (String e : dnsSubdomainErrors(prefix)) {
                    errors.add("prefix part " + e);
                }
            }
        }
        if (name.isEmpty()) {
            errors.add("name part must be non-empty");
        } else if (name.length() > MAX_LABEL_LENGTH) {
            errors.add("name part must be no more than " + MAX_LABEL_LENGTH + " characters");
        }
        if (!name.isEmpty() && !isQualifiedNamePart(name)) {
            errors.add("name part " + QUALIFIED_NAME_FORMAT
                    + " (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '"
                    + QUALIFIED_NAME_REGEX + "')");
        }
        return errors;
    }

    /** Problems with a label value: empty, or at most 63 characters in the qualified-name alphabet. */
    public static List<String> labelValueErrors(String value) {
        List<String> errors = new ArrayList<>(1);
        if (value.length() > MAX_LABEL_LENGTH) {
            errors.add("must be no more than " + MAX_LABEL_LENGTH + " characters");
        }
        if (!value.isEmpty() && !isQualifiedNamePart(value)) {
            errors.add("a valid label must be an empty string or " + QUALIFIED_NAME_FORMAT
                    + " (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(("
                    + "[A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')");
        }
        return errors;
    }

    /** Problems with a lowercase RFC 1123 subdomain such as {@code example.com}. */
    public static List<String> dnsSubdomainErrors(String value) {
        List<String> errors = new ArrayList<>(1);
        if (value.length() > MAX_SUBDOMAIN_LENGTH) {
            errors.add("must be no more than " + MAX_SUBDOMAIN_LENGTH + " characters");
        }
        if (!isDnsSubdomain(value)) {
            errors.add("a lowercase RFC 1123 subdomain must consist of lower case alphanumeric"
                    + " characters, '-' or '.', and must start and end with an alphanumeric character"
                    + " (e.g. 'example.com', regex used for validation is '" + SUBDOMAIN_REGEX + "')");
        }
        return errors;
    }

    /** {@code ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]}, ignoring length. */
    static boolean isQualifiedNamePart(String s) {
        int n = s.length();
        if (n == 0 || !isAlphanumeric(s.charAt(0)) || !isAlphanumeric(s.charAt(n - 1))) {
            return false;
        }
        for (int i = 1; i < n - 1; i++) {
            char c = s.charAt(i);
            if (!isAlphanumeric(c) && c != '-' && c != '_' && c != '.') {
                return false;
            }
        }
        return true;
    }

    /** Dot-separated labels of {@code [a-z0-9]([-a-z0-9]*[a-z0-9])?}, ignoring length. */
    static boolean isDnsSubdomain(String s) {
        int n = s.length();
        if (n == 0) {
            return false;
        }
        int labelStart = 0;
        for (int i = 0; i <= n; i++) {
            if (i == n || s.charAt(i) == '.') {
                if (i == labelStart
                        || !isLowerAlphanumeric(s.charAt(labelStart))
                        || !isLowerAlphanumeric(s.charAt(i - 1))) {
                    return false;
                }
                labelStart = i + 1;
            } else {
                char c = s.charAt(i);
                if (!isLowerAlphanumeric(c) && c != '-') {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean isAlphanumeric(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }

    private static boolean isLowerAlphanumeric(char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    }
}
