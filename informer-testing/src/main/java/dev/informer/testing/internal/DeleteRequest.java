package dev.informer.testing.internal;

import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The options of one delete: grace period, preconditions, dependents' propagation and dry run,
 * from the query and/or a {@code DeleteOptions} body (the body wins, as in kube-apiserver).
 * Immutable.
 *
 * @param gracePeriodSeconds null for the resource's default
 * @param preconditionUid    null for none
 * @param preconditionRv     null for none
 * @param dryRun             {@code dryRun=All}
 * @param propagation        what happens to the dependents; null for the resource's default (or
 *                           what the object's {@code orphan}/{@code foregroundDeletion} finalizer
 *                           already asks for)
 * @param orphanDependentsFalse the deprecated {@code orphanDependents} was given as {@code false}: the
 *                           one case where kube-apiserver answers a pending deletion with 202
 *                           instead of 200
 */
record DeleteRequest(
        @Nullable Long gracePeriodSeconds,
        @Nullable String preconditionUid,
        @Nullable String preconditionRv,
        boolean dryRun,
        @Nullable Propagation propagation,
        boolean orphanDependentsFalse) {

    static final DeleteRequest DEFAULT = new DeleteRequest(null, null, null, false, null, false);

    /** {@code DeleteOptions.propagationPolicy}. */
    enum Propagation {
        /** Dependents are collected after the owner is gone. */
        BACKGROUND("Background"),
        /** The owner waits (finalizer {@code foregroundDeletion}) until its blocking dependents are gone. */
        FOREGROUND("Foreground"),
        /** Dependents lose their owner reference (finalizer {@code orphan}) and stay. */
        ORPHAN("Orphan");

        final String wire;

        Propagation(String wire) {
            this.wire = wire;
        }

        static Propagation parse(String value) {
            for (Propagation p : values()) {
                if (p.wire.equals(value)) {
                    return p;
                }
            }
            throw Refusal.invalid(
                    "DeleteOptions",
                    "meta.k8s.io",
                    "",
                    List.of(new Refusal.Cause(
                            "FieldValueNotSupported",
                            "Unsupported value: \"" + value
                                    + "\": supported values: \"Foreground\", \"Background\", \"Orphan\"",
                            "propagationPolicy")));
        }
    }

    /** The same request with another propagation policy. */
    DeleteRequest withPropagation(Propagation p) {
        return new DeleteRequest(gracePeriodSeconds, preconditionUid, preconditionRv, dryRun, p, orphanDependentsFalse);
    }

    /** The same request with a uid precondition. */
    DeleteRequest withPreconditionUid(@Nullable String uid) {
        return new DeleteRequest(gracePeriodSeconds, uid, preconditionRv, dryRun, propagation, orphanDependentsFalse);
    }

    /**
     * Parses query parameters and an optional JSON body.
     *
     * @throws Refusal 400 BadRequest on malformed values, 422 Invalid on an unknown
     *                     propagationPolicy or one given together with orphanDependents
     */
    static DeleteRequest parse(Map<String, String> query, byte[] body) {
        Long grace = null;
        String g = query.get("gracePeriodSeconds");
        if (g != null && !g.isEmpty()) {
            grace = parseGrace(g);
        }
        boolean dryRun = "All".equals(query.get("dryRun"));
        String policy = emptyToNull(query.get("propagationPolicy"));
        Boolean orphanDependents = parseBool(query.get("orphanDependents"));
        String uid = null;
        String rv = null;
        if (body != null && body.length > 0) {
            ObjectNode o = Json.parseObject(body, "DeleteOptions");
            JsonNode gn = typedField(o, "gracePeriodSeconds", JsonNode::isIntegralNumber, "an integer");
            if (gn != null) {
                grace = gn.longValue();
            }
            JsonNode pre = o.get("preconditions");
            if (pre != null && pre.isObject()) {
                uid = Json.text(pre, "uid");
                rv = Json.text(pre, "resourceVersion");
            }
            JsonNode dr = o.get("dryRun");
            if (dr != null && dr.isArray()) {
                for (JsonNode d : dr) {
                    if (d.isString() && "All".equals(d.stringValue())) {
                        dryRun = true;
                    }
                }
            }
            JsonNode pp = typedField(o, "propagationPolicy", JsonNode::isString, "a string");
            if (pp != null) {
                policy = pp.stringValue();
            }
            JsonNode od = typedField(o, "orphanDependents", JsonNode::isBoolean, "a boolean");
            if (od != null) {
                orphanDependents = od.booleanValue();
            }
        }
        if (grace != null && grace < 0) {
            grace = 1L; // kube-apiserver turns a negative grace period into 1 second
        }
        Propagation propagation = null;
        if (policy != null) {
            if (orphanDependents != null) {
                throw Refusal.invalid(
                        "DeleteOptions",
                        "meta.k8s.io",
                        "",
                        List.of(new Refusal.Cause(
                                "FieldValueInvalid",
                                "Invalid value: \"" + policy
                                        + "\": orphanDependents and deletionPropagation cannot be both set",
                                "propagationPolicy")));
            }
            propagation = Propagation.parse(policy);
        } else if (orphanDependents != null) {
            // The deprecated field: true orphans, false deletes the dependents in the background.
            propagation = orphanDependents ? Propagation.ORPHAN : Propagation.BACKGROUND;
        }
        return new DeleteRequest(grace, uid, rv, dryRun, propagation, Boolean.FALSE.equals(orphanDependents));
    }

    /**
     * The DeleteOptions field {@code name}, null when absent or JSON null.
     *
     * @throws Refusal 400 when it is there but not {@code what}
     */
    private static @Nullable JsonNode typedField(ObjectNode o, String name, Predicate<JsonNode> ok, String what) {
        JsonNode n = o.get(name);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!ok.test(n)) {
            throw Refusal.badRequest("DeleteOptions." + name + " must be " + what);
        }
        return n;
    }

    private static long parseGrace(String g) {
        try {
            return Long.parseLong(g);
        } catch (NumberFormatException e) {
            throw Refusal.badRequest("invalid gracePeriodSeconds: \"" + g + "\"");
        }
    }

    private static @Nullable Boolean parseBool(@Nullable String v) {
        if (v == null || v.isEmpty()) {
            return null;
        }
        if (v.equals("true") || v.equals("false")) {
            return Boolean.valueOf(v);
        }
        throw Refusal.badRequest("invalid orphanDependents: \"" + v + "\"");
    }

    private static @Nullable String emptyToNull(@Nullable String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
