package dev.informer.testing.internal;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The opaque list continuation token: base64url of {@code {"v":"meta.k8s.io/v1","rv":R,
 * "start":"<last key>\u0000"}}, the same shape kube-apiserver uses. {@code rv} is the snapshot
 * the first page was served at; {@code -1} means "the latest state" (the token handed out with
 * a 410 for an expired continue). Immutable.
 *
 * @param rv       the snapshot resource version, or -1 for latest
 * @param afterKey the key of the last item returned; the next page starts after it
 */
record ContinueToken(long rv, String afterKey) {
    private static final String VERSION = "meta.k8s.io/v1";

    String encode() {
        ObjectNode n = Json.object();
        n.put("v", VERSION);
        n.put("rv", rv);
        n.put("start", afterKey + "\u0000");
        return Base64.getUrlEncoder().withoutPadding().encodeToString(Json.bytes(n));
    }

    /**
     * Decodes a token from a request.
     *
     * @throws Refusal 400 BadRequest when it is not one of ours
     */
    static ContinueToken decode(String token) {
        JsonNode n;
        try {
            byte[] raw = Base64.getUrlDecoder()
                    .decode(token.replace('+', '-').replace('/', '_').replace("=", ""));
            n = Json.MAPPER.readTree(new String(raw, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException | JacksonException e) {
            throw Refusal.badRequest("continue key is not valid: " + e.getMessage());
        }
        if (!n.isObject() || !VERSION.equals(Json.text(n, "v"))) {
            throw Refusal.badRequest("continue key is not valid: incorrect encoded start resourceVersion" + " (version "
                    + VERSION + " required)");
        }
        JsonNode rv = n.get("rv");
        String start = Json.text(n, "start");
        if (rv == null || !rv.isIntegralNumber() || start == null || !start.endsWith("\u0000")) {
            throw Refusal.badRequest("continue key is not valid: missing rv or start");
        }
        long r = rv.longValue();
        if (r == 0 || r < -1) {
            throw Refusal.badRequest(
                    "continue key is not valid: incorrect encoded start" + " resourceVersion (version meta.k8s.io/v1)");
        }
        return new ContinueToken(r, start.substring(0, start.length() - 1));
    }
}
