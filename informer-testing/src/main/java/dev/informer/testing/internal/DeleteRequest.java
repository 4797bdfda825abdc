package dev.informer.testing.internal;

import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The options of one delete: grace period, preconditions and dry run, from the query and/or a
 * {@code DeleteRequest} body (the body wins, as in kube-apiserver). Immutable.
 *
 * @param gracePeriodSeconds null for the resource's default
 * @param preconditionUid    null for none
 * @param preconditionRv     null for none
 * @param dryRun             {@code dryRun=All}
 */
record DeleteRequest(Long gracePeriodSeconds, String preconditionUid, String preconditionRv, boolean dryRun) {

    static final DeleteRequest DEFAULT = new DeleteRequest(null, null, null, false);

    /**
     * Parses query parameters and an optional JSON body.
     *
     * @throws StatusError 400 BadRequest on malformed values
     */
    static DeleteRequest parse(Map<String, String> query, byte[] body) {
        Long grace = null;
        String g = query.get("gracePeriodSeconds");
        if (g != null && !g.isEmpty()) {
            grace = parseGrace(g);
        }
        boolean dryRun = "All".equals(query.get("dryRun"));
        String uid = null;
        String rv = null;
        if (body != null && body.length > 0) {
            ObjectNode o = Json.parseObject(body, "DeleteOptions");
            JsonNode gn = o.get("gracePeriodSeconds");
            if (gn != null && !gn.isNull()) {
                if (!gn.isIntegralNumber()) {
                    throw StatusError.badRequest("DeleteOptions.gracePeriodSeconds must be an integer");
                }
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
        }
        if (grace != null && grace < 0) {
            grace = 1L; // kube-apiserver turns a negative grace period into 1 second
        }
        return new DeleteRequest(grace, uid, rv, dryRun);
    }

    private static long parseGrace(String g) {
        try {
            return Long.parseLong(g);
        } catch (NumberFormatException e) {
            throw StatusError.badRequest("invalid gracePeriodSeconds: \"" + g + "\"");
        }
    }
}
