package dev.informer.testing.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The query parameters of a list or watch request, parsed and validated with kube-apiserver's
 * rules (apimachinery's ListQuery validation). Immutable.
 *
 * @param watch                {@code watch=true}
 * @param resourceVersion      null when absent or empty
 * @param resourceVersionMatch null when absent; {@code Exact} or {@code NotOlderThan}
 * @param limit                0 for no limit
 * @param continueToken        null when absent
 * @param labelSelector        null when absent
 * @param fieldSelector        null when absent
 * @param allowWatchBookmarks  {@code allowWatchBookmarks=true}
 * @param sendInitialEvents    null when absent
 * @param timeoutSeconds       null when absent
 */
record ListQuery(
        boolean watch,
        @Nullable String resourceVersion,
        @Nullable String resourceVersionMatch,
        long limit,
        @Nullable String continueToken,
        @Nullable String labelSelector,
        @Nullable String fieldSelector,
        boolean allowWatchBookmarks,
        @Nullable Boolean sendInitialEvents,
        @Nullable Long timeoutSeconds) {

    static final String EXACT = "Exact";
    static final String NOT_OLDER_THAN = "NotOlderThan";

    /**
     * Parses and validates.
     *
     * @param forceWatch true for the legacy {@code /watch/} path prefix
     * @throws Refusal 400 for unparsable values, 422 Invalid for forbidden combinations
     */
    static ListQuery parse(Map<String, String> q, boolean forceWatch) {
        boolean watch = forceWatch || bool(q, "watch");
        String rv = emptyToNull(q.get("resourceVersion"));
        String match = emptyToNull(q.get("resourceVersionMatch"));
        long limit = 0;
        String l = emptyToNull(q.get("limit"));
        if (l != null) {
            try {
                limit = Math.max(0, Long.parseLong(l));
            } catch (NumberFormatException e) {
                throw Refusal.badRequest("invalid limit: \"" + l + "\" is not an integer");
            }
        }
        String cont = emptyToNull(q.get("continue"));
        Boolean sendInitial = q.containsKey("sendInitialEvents") ? bool(q, "sendInitialEvents") : null;
        Long timeout = null;
        String t = emptyToNull(q.get("timeoutSeconds"));
        if (t != null) {
            try {
                timeout = Long.parseLong(t);
            } catch (NumberFormatException e) {
                throw Refusal.badRequest("invalid timeoutSeconds: \"" + t + "\" is not an integer");
            }
        }
        if (rv != null) {
            parseResourceVersion(rv);
        }
        ListQuery o = new ListQuery(
                watch,
                rv,
                match,
                limit,
                cont,
                emptyToNull(q.get("labelSelector")),
                emptyToNull(q.get("fieldSelector")),
                bool(q, "allowWatchBookmarks"),
                sendInitial,
                timeout);
        o.validate();
        return o;
    }

    /** The numeric resourceVersion, or -1 when absent. */
    long resourceVersionNumber() {
        return resourceVersion == null ? -1 : parseResourceVersion(resourceVersion);
    }

    /**
     * Parses a resourceVersion string.
     *
     * @throws Refusal 400 when not a non-negative integer
     */
    static long parseResourceVersion(String rv) {
        try {
            long v = Long.parseLong(rv);
            if (v < 0) {
                throw new NumberFormatException("negative");
            }
            return v;
        } catch (NumberFormatException e) {
            throw Refusal.badRequest("invalid resource version: \"" + rv + "\"");
        }
    }

    private void validate() {
        List<Refusal.Cause> errs = new ArrayList<>();
        if (watch) {
            if (sendInitialEvents != null && !NOT_OLDER_THAN.equals(resourceVersionMatch)) {
                errs.add(forbidden("sendInitialEvents requires setting resourceVersionMatch to " + NOT_OLDER_THAN));
            }
            if (resourceVersionMatch != null) {
                if (sendInitialEvents == null) {
                    errs.add(forbidden(
                            "resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided"));
                }
                if (!NOT_OLDER_THAN.equals(resourceVersionMatch)) {
                    errs.add(notSupported(resourceVersionMatch, "\"" + NOT_OLDER_THAN + "\""));
                }
                if (continueToken != null) {
                    errs.add(forbidden("resourceVersionMatch is forbidden when continue is provided"));
                }
            }
        } else {
            if (resourceVersionMatch != null) {
                if (resourceVersion == null) {
                    errs.add(forbidden("resourceVersionMatch is forbidden unless resourceVersion is provided"));
                }
                if (continueToken != null) {
                    errs.add(forbidden("resourceVersionMatch is forbidden when continue is provided"));
                }
                if (!EXACT.equals(resourceVersionMatch) && !NOT_OLDER_THAN.equals(resourceVersionMatch)) {
                    errs.add(notSupported(resourceVersionMatch, "\"" + EXACT + "\", \"" + NOT_OLDER_THAN + "\", \"\""));
                }
                if (EXACT.equals(resourceVersionMatch) && "0".equals(resourceVersion)) {
                    errs.add(forbidden("resourceVersionMatch \"exact\" is forbidden for resourceVersion \"0\""));
                }
            }
            if (sendInitialEvents != null) {
                errs.add(new Refusal.Cause(
                        "FieldValueForbidden",
                        "Forbidden: sendInitialEvents is forbidden for list",
                        "sendInitialEvents"));
            }
        }
        if (!errs.isEmpty()) {
            throw Refusal.invalidListOptions(errs);
        }
        if (!watch && continueToken != null && resourceVersion != null && !"0".equals(resourceVersion)) {
            throw Refusal.badRequest("specifying resource version is not allowed when using continue");
        }
    }

    private static Refusal.Cause forbidden(String detail) {
        return new Refusal.Cause("FieldValueForbidden", "Forbidden: " + detail, "resourceVersionMatch");
    }

    private static Refusal.Cause notSupported(String value, String supported) {
        return new Refusal.Cause(
                "FieldValueNotSupported",
                "Unsupported value: \"" + value + "\": supported values: " + supported,
                "resourceVersionMatch");
    }

    private static @Nullable String emptyToNull(@Nullable String s) {
        return s == null || s.isEmpty() ? null : s;
    }

    /** Go's strconv.ParseBool, as kube parses query booleans; absent or empty is false. */
    static boolean bool(Map<String, String> q, String name) {
        String v = q.get(name);
        if (v == null || v.isEmpty()) {
            return false;
        }
        return switch (v) {
            case "1", "t", "T", "true", "TRUE", "True" -> true;
            case "0", "f", "F", "false", "FALSE", "False" -> false;
            default -> throw Refusal.badRequest("invalid boolean value for " + name + ": \"" + v + "\"");
        };
    }
}
