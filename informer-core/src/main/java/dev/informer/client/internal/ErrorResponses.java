package dev.informer.client.internal;

import dev.informer.api.ApiJson;
import dev.informer.api.Status;
import dev.informer.client.ClientConfig;
import dev.informer.client.ForbiddenException;
import dev.informer.client.StatusException;
import dev.informer.client.UnauthorizedException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import okhttp3.Response;
import okhttp3.ResponseBody;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Turns an error response into a {@link StatusException}: the body's {@code Status} when it is one,
 * else a Status synthesized from the HTTP code as apimachinery's {@code NewGenericServerResponse}
 * (reason and message by code, the verb/resource/name appended, the body kept as an
 * "UnexpectedServerResponse" cause). A 401 becomes an {@link UnauthorizedException} and a 403 a
 * {@link ForbiddenException}, naming who sent the request. Every message is one line; a body that is
 * not a Status is quoted by its content type and first {@value #SNIPPET} characters. Stateless.
 */
final class ErrorResponses {

    /** Enough for any Status; a proxy's huge error page is cut here. */
    private static final long MAX_BODY = 64 * 1024;
    /** How much of a body that is not a Status a message quotes. */
    static final int SNIPPET = 100;
    /** How much of such a body the synthesized Status's cause keeps, as client-go. */
    private static final int CAUSE_TEXT = 2048;

    private ErrorResponses() {}

    /**
     * The exception for a non-2xx {@code response}; reads (part of) and closes its body.
     *
     * @param resourcePlural the resource's plural for the message, e.g. "pods", or {@code null}
     * @param group          the resource's API group, or {@code null}
     * @param name           the object's name for the message, or {@code null}
     * @param config         the client's configuration: who sent the request, for 401 and 403
     */
    static StatusException from(
            Response response,
            @Nullable String resourcePlural,
            @Nullable String group,
            @Nullable String name,
            ClientConfig config) {
        String method = response.request().method();
        String url = response.request().url().toString();
        byte[] body;
        try (ResponseBody responseBody = response.body()) {
            okio.BufferedSource source = responseBody.source();
            source.request(MAX_BODY); // Fills the buffer up to the limit or the end of the body.
            body = source.getBuffer()
                    .readByteArray(Math.min(MAX_BODY, source.getBuffer().size()));
        } catch (IOException e) {
            body = new byte[0];
        }
        Duration retryAfter = retryAfter(response);
        int code = response.code();
        Status status = parseStatus(body);
        String notAStatus = null;
        if (status != null) {
            if (status.code() == 0) {
                status = new Status(
                        status.apiVersion(),
                        status.kind(),
                        status.status(),
                        status.message(),
                        status.reason(),
                        status.details(),
                        code);
            }
        } else {
            String text = new String(body, StandardCharsets.UTF_8);
            status = synthesize(code, method, resourcePlural, group, name, oneLine(text, CAUSE_TEXT), retryAfter);
            notAStatus = describeBody(response.header("Content-Type"), text);
        }
        String resource = resourcePlural == null
                ? null
                : group == null || group.isEmpty() ? resourcePlural : resourcePlural + "." + group;
        if (code == 401) {
            return new UnauthorizedException(
                    unauthorized(config, url, status, notAStatus), status, method, url, config.origin());
        }
        if (code == 403) {
            return new ForbiddenException(
                    forbidden(config, method, response, resource, name, status, notAStatus),
                    status,
                    method,
                    url,
                    config.origin());
        }
        if (notAStatus != null) {
            String message = method + " " + url + ": HTTP " + code + " with " + notAStatus + ", not a Kubernetes Status"
                    + (code == 404
                            ? " (the server does not serve this path: check the server URL, and that the "
                                    + "resource's API is installed)"
                            : "");
            return new StatusException(message, status, retryAfter, method, url);
        }
        return new StatusException(status, retryAfter, method, url);
    }

    /** "401 Unauthorized from URL: the credentials of user 'u' (context 'c', kubeconfig f) were rejected". */
    private static String unauthorized(ClientConfig config, String url, Status status, @Nullable String notAStatus) {
        StringBuilder sb =
                new StringBuilder("401 Unauthorized from ").append(url).append(": ");
        if (hasCredentials(config)) {
            sb.append("the credentials of ").append(config.origin().describe()).append(" were rejected");
        } else {
            sb.append(config.origin().describe()).append(" sent no credentials, and the server requires them");
        }
        if (notAStatus != null) {
            sb.append(" (the answer was ").append(notAStatus).append(')');
        } else if (status.message() != null
                && !status.message().isBlank()
                && !status.message().strip().equalsIgnoreCase("Unauthorized")) {
            sb.append(": ").append(oneLine(status.message(), CAUSE_TEXT));
        }
        return sb.toString();
    }

    /** "403 Forbidden from URL: user 'u' (context 'c', kubeconfig f) may not list pods: server message". */
    private static String forbidden(
            ClientConfig config,
            String method,
            Response response,
            @Nullable String resource,
            @Nullable String name,
            Status status,
            @Nullable String notAStatus) {
        String url = response.request().url().toString();
        StringBuilder sb = new StringBuilder("403 Forbidden from ")
                .append(url)
                .append(": ")
                .append(config.origin().describe())
                .append(" may not ")
                .append(verb(method, response, name));
        if (resource != null) {
            sb.append(' ').append(resource);
            if (isStatusSubresource(response, name)) {
                sb.append("/status");
            }
        }
        if (name != null && !"POST".equals(method)) {
            sb.append(" \"").append(name).append('"');
        }
        if (notAStatus != null) {
            sb.append(" (the answer was ").append(notAStatus).append(')');
        } else if (status.message() != null && !status.message().isBlank()) {
            sb.append(": ").append(oneLine(status.message(), CAUSE_TEXT));
        }
        return sb.toString();
    }

    /** The Kubernetes verb of a request, as RBAC names it. */
    private static String verb(String method, Response response, @Nullable String name) {
        return switch (method) {
            case "GET" ->
                "true".equals(response.request().url().queryParameter("watch"))
                        ? "watch"
                        : name != null ? "get" : "list";
            case "POST" -> "create";
            case "PUT" -> "update";
            case "PATCH" -> "patch";
            case "DELETE" -> name != null ? "delete" : "deletecollection";
            default -> method;
        };
    }

    private static boolean isStatusSubresource(Response response, @Nullable String name) {
        List<String> segments = response.request().url().pathSegments();
        return name != null
                && segments.size() >= 2
                && "status".equals(segments.get(segments.size() - 1))
                && name.equals(segments.get(segments.size() - 2));
    }

    private static boolean hasCredentials(ClientConfig config) {
        return config.bearerToken().isPresent()
                || config.username() != null
                || config.exec().isPresent()
                || !config.clientCertificateChain().isEmpty();
    }

    /**
     * What a body that is not the expected JSON looked like, for a one-line message: {@code an empty body}
     * or {@code a text/html body "<html><head>..."} (whitespace collapsed, at most {@value #SNIPPET}
     * characters).
     */
    static String describeBody(String contentType, String body) {
        String text = oneLine(body, SNIPPET);
        String type = contentType == null || contentType.isBlank()
                ? ""
                : contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT) + " ";
        if (text.isEmpty()) {
            return "an empty " + type + "body";
        }
        return "a " + type + "body \"" + text + "\"";
    }

    /** {@code text} on one line: control characters and whitespace runs become one space; cut at {@code max}. */
    static String oneLine(String text, int max) {
        String collapsed = text.replaceAll("[\\s\\p{Cntrl}]+", " ").strip();
        return collapsed.length() <= max ? collapsed : collapsed.substring(0, max) + "...";
    }

    /** The body as a Status if it is one ({@code "kind": "Status"}), else {@code null}. */
    static @Nullable Status parseStatus(byte[] body) {
        if (body.length == 0) {
            return null;
        }
        try {
            JsonNode tree = ApiJson.mapper().readTree(body);
            if (tree == null
                    || !tree.isObject()
                    || !"Status".equals(tree.path("kind").asString(""))) {
                return null;
            }
            return ApiJson.mapper().treeToValue(tree, Status.class);
        } catch (JacksonException e) {
            return null;
        }
    }

    /** As apimachinery's NewGenericServerResponse. */
    static Status synthesize(
            int code,
            String method,
            @Nullable String resourcePlural,
            @Nullable String group,
            @Nullable String name,
            String serverMessage,
            @Nullable Duration retryAfter) {
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
                        ? "the server was unable to respond with a content type that the client supports"
                        : serverMessage;
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
                message =
                        "the server was unable to return a response in the time allotted, but may still be processing the request";
            }
            case 429 -> {
                reason = "TooManyRequests";
                message = "the server has received too many requests and has asked us to try again later";
            }
            default -> {
                if (code >= 500) {
                    reason = "InternalError";
                    message = "an error on the server (\"" + serverMessage
                            + "\") has prevented the request from succeeding";
                }
            }
        }
        if (resourcePlural != null) {
            String qualified = group == null || group.isEmpty() ? resourcePlural : resourcePlural + "." + group;
            message = message + " (" + method.toLowerCase(Locale.ROOT) + " " + qualified
                    + (name == null ? "" : " " + name) + ")";
        }
        Integer retrySeconds = retryAfter == null ? null : (int) retryAfter.toSeconds();
        Status.StatusDetails details = new Status.StatusDetails(
                name,
                group,
                resourcePlural,
                null,
                List.of(new Status.StatusCause("UnexpectedServerResponse", serverMessage, null)),
                retrySeconds);
        return new Status("v1", "Status", "Failure", message, reason, details, code);
    }

    /** The Retry-After header (integer seconds) of a 429 or 5xx answer, else {@code null}. */
    static @Nullable Duration retryAfter(Response response) {
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
