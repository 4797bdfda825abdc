package dev.informer.client.internal;

import dev.informer.api.ApiJson;
import dev.informer.api.Status;
import dev.informer.client.StatusException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import okhttp3.Response;
import okhttp3.ResponseBody;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Turns an error response into a {@link StatusException}: the body's {@code Status} when it is one,
 * else a Status synthesized from the HTTP code as apimachinery's {@code NewGenericServerResponse}
 * (reason and message by code, the verb/resource/name appended, the body kept as an
 * "UnexpectedServerResponse" cause). Stateless.
 */
final class StatusErrors {

    /** Enough for any Status; a proxy's huge error page is cut here. */
    private static final long MAX_BODY = 64 * 1024;

    private StatusErrors() {
    }

    /**
     * The exception for a non-2xx {@code response}; reads (part of) and closes its body.
     *
     * @param resource the resource's plural and group for the message, e.g. "pods", or {@code null}
     * @param name     the object's name for the message, or {@code null}
     */
    static StatusException from(Response response, String resourcePlural, String group, String name) {
        String method = response.request().method();
        String url = response.request().url().toString();
        byte[] body;
        try (ResponseBody responseBody = response.body()) {
            okio.BufferedSource source = responseBody.source();
            source.request(MAX_BODY); // Fills the buffer up to the limit or the end of the body.
            body = source.getBuffer().readByteArray(Math.min(MAX_BODY, source.getBuffer().size()));
        } catch (IOException e) {
            body = new byte[0];
        }
        Duration retryAfter = retryAfter(response);
        Status status = parseStatus(body);
        if (status != null) {
            if (status.code() == 0) {
                status = new Status(status.apiVersion(), status.kind(), status.status(), status.message(),
                        status.reason(), status.details(), response.code());
            }
            return new StatusException(status, retryAfter, method, url);
        }
        return new StatusException(synthesize(response.code(), method, resourcePlural, group, name,
                new String(body, StandardCharsets.UTF_8).strip(), retryAfter), retryAfter, method, url);
    }

    /** The body as a Status if it is one ({@code "kind": "Status"}), else {@code null}. */
    static Status parseStatus(byte[] body) {
        if (body.length == 0) {
            return null;
        }
        try {
            JsonNode tree = ApiJson.mapper().readTree(body);
            if (tree == null || !tree.isObject() || !"Status".equals(tree.path("kind").asString(""))) {
                return null;
            }
            return ApiJson.mapper().treeToValue(tree, Status.class);
        } catch (JacksonException e) {
            return null;
        }
    }

    /** As apimachinery's NewGenericServerResponse. */
    static Status synthesize(int code, String method, String resourcePlural, String group, String name,
                             String serverMessage, Duration retryAfter) {
        String reason = "";
        String message = "the server responded with the status code " + code + " but did not return more information";
        switch (code) {
            case 409 -> {
                reason = "POST".equals(method) ? "AlreadyExists" : "Conflict";
                message = "the server reported a conflict";
            }
            case 404 -> {
                reason = "NotFound";
                message = "the server could not find the requested resource";
            }
            case 400 -> {
                reason = "BadRequest";
                message = "the server rejected our request for an unknown reason";
            }
            case 401 -> {
                reason = "Unauthorized";
                message = "the server has asked for the client to provide credentials";
            }
            case 403 -> {
                reason = "Forbidden";
                message = serverMessage;
            }
            case 406 -> {
                reason = "NotAcceptable";
                message = serverMessage.isEmpty() || serverMessage.equals("unknown")
                        ? "the server was unable to respond with a content type that the client supports" : serverMessage;
            }
            case 415 -> {
                reason = "UnsupportedMediaType";
                message = serverMessage;
            }
            case 405 -> {
                reason = "MethodNotAllowed";
                message = "the server does not allow this method on the requested resource";
            }
            case 422 -> {
                reason = "Invalid";
                message = "the server rejected our request due to an error in our request";
            }
            case 503 -> {
                reason = "ServiceUnavailable";
                message = "the server is currently unable to handle the request";
            }
            case 504 -> {
                reason = "Timeout";
                message = "the server was unable to return a response in the time allotted, but may still be processing the request";
            }
            case 429 -> {
                reason = "TooManyRequests";
                message = "the server has received too many requests and has asked us to try again later";
            }
            default -> {
                if (code >= 500) {
                    reason = "InternalError";
                    message = "an error on the server (\"" + serverMessage + "\") has prevented the request from succeeding";
                }
            }
        }
        if (resourcePlural != null) {
            String qualified = group == null || group.isEmpty() ? resourcePlural : resourcePlural + "." + group;
            message = message + " (" + method.toLowerCase(Locale.ROOT) + " " + qualified
                    + (name == null ? "" : " " + name) + ")";
        }
        Integer retrySeconds = retryAfter == null ? null : (int) retryAfter.getSeconds();
        Status.StatusDetails details = new Status.StatusDetails(name, group, resourcePlural, null,
                List.of(new Status.StatusCause("UnexpectedServerResponse", serverMessage, null)), retrySeconds);
        return new Status("v1", "Status", "Failure", message, reason, details, code);
    }

    /** The Retry-After header (integer seconds) of a 429 or 5xx answer, else {@code null}. */
    static Duration retryAfter(Response response) {
        int code = response.code();
        if (code != 429 && code < 500) {
            return null;
        }
        String header = response.header("Retry-After");
        if (header == null) {
            return null;
        }
        try {
            int seconds = Integer.parseInt(header.strip());
            return seconds < 0 ? null : Duration.ofSeconds(seconds);
        } catch (NumberFormatException e) {
            return null; // An HTTP-date: client-go ignores it too.
        }
    }
}
