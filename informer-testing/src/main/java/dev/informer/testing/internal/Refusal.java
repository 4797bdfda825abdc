package dev.informer.testing.internal;

import dev.informer.errors.InformerException;
import dev.informer.testing.ApiStatusException;
import dev.informer.testing.ResourceDefinition;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A request that ends in a Kubernetes {@code Status} failure: the HTTP code, the reason, the
 * message and the details object, built the way kube-apiserver builds them
 * (k8s.io/apimachinery/pkg/api/errors). Thrown inside the server and turned into a JSON answer
 * (HTTP) or an {@link ApiStatusException} (direct calls). Named for what it is, the server refusing
 * a request, so that it is not mistaken for the client's {@code StatusException}. Immutable.
 */
public final class Refusal extends InformerException {
    private static final long serialVersionUID = 1L;

    private final int code;
    private final String reason;
    private final transient @Nullable ObjectNode details;
    private final long retryAfterSeconds;
    private final transient @Nullable ObjectNode listMeta;

    private Refusal(
            int code,
            String reason,
            String message,
            @Nullable ObjectNode details,
            long retryAfterSeconds,
            @Nullable ObjectNode listMeta) {
        super(message, null, false, false);
        this.code = code;
        this.reason = reason;
        this.details = details;
        this.retryAfterSeconds = retryAfterSeconds;
        this.listMeta = listMeta;
    }

    /** A failure with an explicit code and reason and no details. */
    public static Refusal of(int code, String reason, String message) {
        return new Refusal(code, reason, message, null, 0, null);
    }

    /** The Status message it was created with (never null). */
    @Override
    public String getMessage() {
        return Objects.requireNonNullElse(super.getMessage(), "");
    }

    public int code() {
        return code;
    }

    public String reason() {
        return reason;
    }

    /** Seconds for the Retry-After header, 0 for none. */
    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }

    /** The equivalent public exception for direct (non-HTTP) calls. */
    public ApiStatusException toApiException() {
        return new ApiStatusException(code, reason, getMessage());
    }

    /** The {@code Status} object. */
    public ObjectNode toStatus() {
        ObjectNode s = Json.object();
        s.put("kind", "Status");
        s.put("apiVersion", "v1");
        ObjectNode meta = s.putObject("metadata");
        if (listMeta != null) {
            meta.setAll(listMeta);
        }
        s.put("status", "Failure");
        s.put("message", getMessage());
        if (!reason.isEmpty()) {
            s.put("reason", reason);
        }
        if (details != null) {
            s.set("details", details);
        }
        s.put("code", code);
        return s;
    }

    private static ObjectNode details(@Nullable ResourceDefinition def, @Nullable String name) {
        ObjectNode d = Json.object();
        if (name != null) {
            d.put("name", name);
        }
        if (def != null) {
            if (!def.group().isEmpty()) {
                d.put("group", def.group());
            }
            d.put("kind", def.plural());
        }
        return d;
    }

    private static String qualified(ResourceDefinition def) {
        return def.group().isEmpty() ? def.plural() : def.plural() + "." + def.group();
    }

    /** 404 NotFound: {@code pods "x" not found}. */
    public static Refusal notFound(ResourceDefinition def, String name) {
        return new Refusal(
                404, "NotFound", qualified(def) + " \"" + name + "\" not found", details(def, name), 0, null);
    }

    /** 404 NotFound for a path that names no resource. */
    public static Refusal noSuchPath() {
        return new Refusal(404, "NotFound", "the server could not find the requested resource", Json.object(), 0, null);
    }

    /** 409 AlreadyExists. */
    public static Refusal alreadyExists(ResourceDefinition def, String name) {
        return new Refusal(
                409, "AlreadyExists", qualified(def) + " \"" + name + "\" already exists", details(def, name), 0, null);
    }

    /**
     * 403 Forbidden: {@code configmaps "x" is forbidden: why}, with the given causes (reason,
     * message, field) in the details.
     */
    public static Refusal forbidden(ResourceDefinition def, String name, String why, List<Cause> causes) {
        ObjectNode d = details(def, name);
        if (!causes.isEmpty()) {
            putCauses(d, causes);
        }
        return new Refusal(403, "Forbidden", qualified(def) + " \"" + name + "\" is forbidden: " + why, d, 0, null);
    }

    /**
     * 409 Conflict of a server-side apply: the message lists the conflicting managers and fields;
     * one {@code FieldManagerConflict} cause per field.
     */
    public static Refusal applyConflict(String message, List<Cause> causes) {
        ObjectNode d = Json.object();
        putCauses(d, causes);
        return new Refusal(409, "Conflict", message, d, 0, null);
    }

    /** Writes {@code causes} as the details' {@code causes} array (reason, message, field). */
    private static void putCauses(ObjectNode details, List<Cause> causes) {
        Json.putObjects(details, "causes", causes, (c, o) -> {
            o.put("reason", c.type());
            o.put("message", c.message());
            o.put("field", c.field());
        });
    }

    /** 409 Conflict on a stale resourceVersion or a failed precondition. */
    public static Refusal conflict(ResourceDefinition def, String name, String why) {
        return new Refusal(
                409,
                "Conflict",
                "Operation cannot be fulfilled on " + qualified(def) + " \"" + name + "\": " + why,
                details(def, name),
                0,
                null);
    }

    /** 409 Conflict for the usual stale-resourceVersion case. */
    public static Refusal staleResourceVersion(ResourceDefinition def, String name) {
        return conflict(
                def,
                name,
                "the object has been modified; please apply your changes to the" + " latest version and try again");
    }

    /** 410 Expired (kube's ResourceExpired). */
    public static Refusal expired(String message) {
        return new Refusal(410, "Expired", message, null, 0, null);
    }

    /** 410 Expired for a continue token whose snapshot is compacted; carries a fresh token. */
    public static Refusal expiredContinue(String inconsistentContinue) {
        ObjectNode meta = Json.object();
        if (inconsistentContinue != null) {
            meta.put("continue", inconsistentContinue);
        }
        return new Refusal(
                410,
                "Expired",
                "The provided continue parameter is too old to display a consistent list result. You can"
                        + " start a new list without the continue parameter, or use the continue token in"
                        + " this response to retrieve the remainder of the results. Continuing with the"
                        + " provided token results in an inconsistent list - objects that were created,"
                        + " modified, or deleted between the time the first chunk was returned and now may"
                        + " show up in the list.",
                null,
                0,
                meta);
    }

    /** 400 BadRequest. */
    public static Refusal badRequest(String message) {
        return new Refusal(400, "BadRequest", message, null, 0, null);
    }

    /** 405 MethodNotAllowed. */
    public static Refusal methodNotAllowed() {
        return new Refusal(
                405,
                "MethodNotAllowed",
                "the server does not allow this method on the requested resource",
                Json.object(),
                0,
                null);
    }

    /** 406 NotAcceptable. */
    public static Refusal notAcceptable(String message) {
        return new Refusal(406, "NotAcceptable", message, null, 0, null);
    }

    /** 413 RequestEntityTooLarge. */
    public static Refusal tooLarge(long limit) {
        return new Refusal(413, "RequestEntityTooLarge", "Request entity too large: limit is " + limit, null, 0, null);
    }

    /** 415 UnsupportedMediaType for a PATCH content type we do not know. */
    public static Refusal unsupportedPatchType(String contentType) {
        return new Refusal(
                415,
                "UnsupportedMediaType",
                "the body of the request was in an unknown format (" + contentType
                        + ") - accepted media types include: application/json-patch+json,"
                        + " application/merge-patch+json, application/apply-patch+yaml,"
                        + " application/strategic-merge-patch+json",
                null,
                0,
                null);
    }

    /**
     * 415 UnsupportedMediaType as kube-apiserver's content negotiation answers it, listing the
     * accepted media types (for example a strategic merge patch of a custom resource).
     */
    public static Refusal unsupportedMediaType(List<String> accepted) {
        return new Refusal(
                415,
                "UnsupportedMediaType",
                "the body of the request was in an unknown format - accepted media types include: "
                        + String.join(", ", accepted),
                null,
                0,
                null);
    }

    /** One field error of a 422 Invalid answer. */
    public record Cause(String type, String message, String field) {}

    /** 422 Invalid of one field of an object of {@code def} (a null name reads as ""). */
    public static Refusal invalid(ResourceDefinition def, @Nullable String name, Cause cause) {
        return invalid(def.kind(), def.group(), name == null ? "" : name, List.of(cause));
    }

    /** 422 Invalid: {@code Pod "x" is invalid: metadata.name: Required value: ...}. */
    public static Refusal invalid(String kind, @Nullable String group, @Nullable String name, List<Cause> causes) {
        StringBuilder msg = new StringBuilder();
        msg.append(group == null || group.isEmpty() ? kind : kind + "." + group)
                .append(" \"")
                .append(name == null ? "" : name)
                .append("\" is invalid: ");
        ObjectNode d = Json.object();
        if (name != null) {
            d.put("name", name);
        }
        if (group != null && !group.isEmpty()) {
            d.put("group", group);
        }
        d.put("kind", kind);
        putCauses(d, causes);
        for (int i = 0; i < causes.size(); i++) {
            Cause c = causes.get(i);
            if (i > 0) {
                msg.append(", ");
            }
            msg.append(c.field()).append(": ").append(c.message());
        }
        if (causes.size() > 1) {
            String joined = msg.toString();
            int colon = joined.indexOf("is invalid: ") + "is invalid: ".length();
            msg = new StringBuilder(joined.substring(0, colon))
                    .append('[')
                    .append(joined.substring(colon))
                    .append(']');
        }
        return new Refusal(422, "Invalid", msg.toString(), d, 0, null);
    }

    /** 422 Invalid for bad ListQuery (watch/list query parameters). */
    public static Refusal invalidListOptions(List<Cause> causes) {
        return invalid("ListOptions", "meta.k8s.io", "", causes);
    }

    /** 429 TooManyRequests with Retry-After. */
    public static Refusal tooManyRequests(String message, long retryAfterSeconds) {
        ObjectNode d = Json.object();
        if (retryAfterSeconds > 0) {
            d.put("retryAfterSeconds", retryAfterSeconds);
        }
        return new Refusal(429, "TooManyRequests", message, d, retryAfterSeconds, null);
    }

    /**
     * 504 Timeout for a resourceVersion newer than the server's, shaped as kube-apiserver's
     * {@code storage.NewTooLargeResourceVersionError}: message
     * {@code Timeout: Too large resource version: X, current: Y}, a {@code ResourceVersionTooLarge}
     * cause (what client-go's {@code IsTooLargeResourceVersion} checks) and Retry-After 1.
     */
    public static Refusal tooLargeResourceVersion(long requested, long current) {
        ObjectNode d = Json.object();
        ArrayNode causes = d.putArray("causes");
        ObjectNode c = causes.addObject();
        c.put("reason", "ResourceVersionTooLarge");
        c.put("message", "Too large resource version");
        d.put("retryAfterSeconds", 1);
        return new Refusal(
                504,
                "Timeout",
                "Timeout: Too large resource version: " + requested + ", current: " + current,
                d,
                1,
                null);
    }

    /** 500 InternalError. */
    public static Refusal internal(String message) {
        ObjectNode d = Json.object();
        d.putArray("causes").addObject().put("message", message);
        return new Refusal(500, "InternalError", "Internal error occurred: " + message, d, 0, null);
    }

    /**
     * An injected failure: the reason kube-apiserver uses for {@code code}.
     *
     * @param forListOrWatch 410 is "Expired" for list/watch, "Gone" otherwise
     */
    public static Refusal injected(int code, long retryAfterSeconds, boolean forListOrWatch) {
        String reason =
                switch (code) {
                    case 400 -> "BadRequest";
                    case 401 -> "Unauthorized";
                    case 403 -> "Forbidden";
                    case 404 -> "NotFound";
                    case 405 -> "MethodNotAllowed";
                    case 409 -> "Conflict";
                    case 410 -> forListOrWatch ? "Expired" : "Gone";
                    case 422 -> "Invalid";
                    case 429 -> "TooManyRequests";
                    case 500 -> "InternalError";
                    case 503 -> "ServiceUnavailable";
                    case 504 -> "Timeout";
                    default -> "";
                };
        ObjectNode d = null;
        if (retryAfterSeconds > 0) {
            d = Json.object();
            d.put("retryAfterSeconds", retryAfterSeconds);
        }
        return new Refusal(
                code,
                reason,
                "injected failure: HTTP " + code + (reason.isEmpty() ? "" : " " + reason),
                d,
                retryAfterSeconds,
                null);
    }
}
