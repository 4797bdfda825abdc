package dev.informer.client.internal;

import dev.informer.api.ApiJson;
import dev.informer.api.ApiJsonException;
import dev.informer.api.ObjectList;
import dev.informer.api.ResourceType;
import dev.informer.client.ApiConnectionException;
import dev.informer.client.DeleteOptions;
import dev.informer.client.PatchOptions;
import dev.informer.client.PatchType;
import dev.informer.client.ResourceClient;
import dev.informer.client.WatchDecoders;
import dev.informer.clock.Durations;
import dev.informer.store.ObjectMetaAccessor;
import dev.informer.watch.Decoder;
import dev.informer.watch.ListOptions;
import dev.informer.watch.StreamWatcher;
import dev.informer.watch.Watch;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import okhttp3.Call;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The OkHttp implementation of {@link ResourceClient}: builds the URL from the resource type and the
 * namespace, sends JSON, decodes JSON (lists and objects with {@link ApiJson}, watch streams with
 * {@link WatchDecoders}), and maps failures to the client's exception types. Immutable; thread-safe.
 */
final class OkHttpResourceClient<T> implements ResourceClient<T> {

    private static final MediaType JSON = MediaType.get("application/json");
    private static final YAMLMapper MANIFEST_READER = YAMLMapper.builder().build();
    /** Added to a watch's timeoutSeconds so the server, not our read timeout, ends a healthy watch. */
    private static final Duration WATCH_GRACE = Duration.ofSeconds(30);

    private final OkHttpKubernetesClient client;
    private final ResourceType<T> type;
    private final @Nullable String namespace;

    OkHttpResourceClient(OkHttpKubernetesClient client, ResourceType<T> type, @Nullable String namespace) {
        this.client = client;
        this.type = type;
        this.namespace = namespace;
    }

    @Override
    public ResourceType<T> resourceType() {
        return type;
    }

    @Override
    public @Nullable String namespace() {
        return namespace;
    }

    @Override
    public ResourceClient<T> inNamespace(String ns) {
        if (!type.namespaced()) {
            throw new IllegalArgumentException(
                    "resource " + type.plural() + " is cluster-scoped and has no namespaces");
        }
        if (ns == null || ns.isEmpty()) {
            throw new IllegalArgumentException("namespace must not be empty; use inAnyNamespace() for all namespaces");
        }
        return new OkHttpResourceClient<>(client, type, ns);
    }

    @Override
    public ResourceClient<T> inAnyNamespace() {
        return new OkHttpResourceClient<>(client, type, null);
    }

    // --------------------------------------------------------------------------------------------- verbs

    @Override
    public ObjectList<T> list(ListOptions options) {
        HttpUrl url = query(collection(namespace), options, false);
        try (Response response = execute(client.http(), get(url), null)) {
            return read(response, () -> ApiJson.readList(response.body().byteStream(), type), type.listKind());
        }
    }

    @Override
    public Watch<T> watch(ListOptions options) {
        HttpUrl url = query(collection(namespace), options, true);
        Duration bodyTimeout = client.config().watchReadTimeout();
        if (options.timeoutSeconds() != null) {
            Duration fromServer = Duration.ofSeconds(options.timeoutSeconds()).plus(WATCH_GRACE);
            bodyTimeout = fromServer.compareTo(bodyTimeout) > 0 ? fromServer : bodyTimeout;
        }
        // The headers must arrive within the ordinary read timeout (a server that accepts the connection
        // and says nothing is reported, not waited on for the watch's long timeout); only then does the
        // body get the watch's own, longer, timeout for each read (WatchBodyTimeout).
        Request request = tagged(WatchBodyTimeout.tag(get(url), bodyTimeout));
        Call call = client.http().newCall(request);
        Response response = execute(call, request);
        if (!response.isSuccessful()) {
            throw ErrorResponses.from(response, type.plural(), type.group(), null, client.config());
        }
        try {
            requireJson(response, "a watch stream");
        } catch (ApiConnectionException e) {
            response.close();
            throw e;
        }
        Decoder<T> decoder = WatchDecoders.json(response.body().byteStream(), type);
        return StreamWatcher.of(new CallDecoder<>(decoder, call, response, bodyTimeout));
    }

    @Override
    public T get(String name) {
        HttpUrl url = object(requireNamespaceFor(name), name, null);
        return single(get(url), name);
    }

    @Override
    public T create(T object) {
        ObjectMetaAccessor meta = type.metadataOf(Objects.requireNonNull(object, "object"));
        String ns = namespaceFor(meta);
        Request request = new Request.Builder()
                .url(base(collection(ns)).build())
                .post(RequestBody.create(ApiJson.write(object), JSON))
                .build();
        return single(request, meta.name());
    }

    @Override
    public T update(T object) {
        return put(object, null);
    }

    @Override
    public T updateStatus(T object) {
        return put(object, "status");
    }

    @Override
    public T patch(String name, PatchType patchType, String body, PatchOptions options) {
        return patch(requireNamespaceFor(name), name, null, patchType, body, options);
    }

    @Override
    public T patchStatus(String name, PatchType patchType, String body, PatchOptions options) {
        return patch(requireNamespaceFor(name), name, "status", patchType, body, options);
    }

    @Override
    public T apply(T object, String fieldManager, boolean force) {
        ObjectMetaAccessor meta = type.metadataOf(Objects.requireNonNull(object, "object"));
        String name = requireName(meta.name());
        return patch(
                namespaceFor(meta),
                name,
                null,
                PatchType.APPLY,
                ApiJson.writeString(object),
                new PatchOptions(fieldManager, force, false));
    }

    @Override
    public T apply(String manifest, String fieldManager, boolean force) {
        JsonNode tree;
        try {
            tree = MANIFEST_READER.readTree(Objects.requireNonNull(manifest, "manifest"));
        } catch (JacksonException e) {
            throw new IllegalArgumentException(
                    "the manifest to apply is neither JSON nor YAML: " + e.getOriginalMessage(), e);
        }
        if (tree == null || !tree.isObject()) {
            throw new IllegalArgumentException("the manifest to apply is not an object");
        }
        String name = tree.path("metadata").path("name").asString(null);
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("the manifest to apply has no metadata.name");
        }
        String objectNamespace = tree.path("metadata").path("namespace").asString(null);
        // Sent as JSON (which is YAML too): every server, and every proxy in between, reads it.
        return patch(
                namespaceFor(objectNamespace),
                name,
                null,
                PatchType.APPLY,
                ApiJson.writeString(tree),
                new PatchOptions(fieldManager, force, false));
    }

    @Override
    public void delete(String name, DeleteOptions options) {
        HttpUrl url = object(requireNamespaceFor(name), name, null);
        Request.Builder request = new Request.Builder().url(url);
        if (options == null || options.isEmpty()) {
            request.delete();
        } else {
            request.delete(RequestBody.create(ApiJson.write(deleteBody(options)), JSON));
        }
        try (Response response = execute(client.http(), request.build(), name)) {
            // The body (the deleted object or a Status) is not needed.
            if (!response.isSuccessful()) {
                throw ErrorResponses.from(response, type.plural(), type.group(), name, client.config());
            }
        }
    }

    @Override
    public String toString() {
        return "ResourceClient[" + type + (namespace == null ? "" : " in " + namespace) + "]";
    }

    // --------------------------------------------------------------------------------------------- helpers

    private T put(T object, @Nullable String subresource) {
        ObjectMetaAccessor meta = type.metadataOf(Objects.requireNonNull(object, "object"));
        String name = requireName(meta.name());
        HttpUrl url = object(namespaceFor(meta), name, subresource);
        Request request = new Request.Builder()
                .url(url)
                .put(RequestBody.create(ApiJson.write(object), JSON))
                .build();
        return single(request, name);
    }

    private T patch(
            @Nullable String ns,
            String name,
            @Nullable String subresource,
            PatchType patchType,
            String body,
            @Nullable PatchOptions options) {
        Objects.requireNonNull(patchType, "patchType");
        Objects.requireNonNull(body, "body");
        PatchOptions opts = options == null ? PatchOptions.NONE : options;
        if (patchType == PatchType.APPLY && opts.fieldManager() == null) {
            throw new IllegalArgumentException("server-side apply needs a fieldManager");
        }
        HttpUrl.Builder url = object(ns, name, subresource).newBuilder();
        if (opts.fieldManager() != null) {
            url.addQueryParameter("fieldManager", opts.fieldManager());
        }
        if (opts.force() != null && opts.force()) {
            url.addQueryParameter("force", "true");
        }
        if (opts.dryRun()) {
            url.addQueryParameter("dryRun", "All");
        }
        Request request = new Request.Builder()
                .url(url.build())
                .patch(RequestBody.create(body, MediaType.get(patchType.contentType())))
                .build();
        return single(request, name);
    }

    private T single(Request request, @Nullable String name) {
        try (Response response = execute(client.http(), request, name)) {
            return read(response, () -> ApiJson.readObject(response.body().byteStream(), type), type.kind());
        }
    }

    /**
     * Reads a successful response's body; an error response becomes a StatusException, a body that is
     * not the JSON expected an ApiConnectionException quoting its start, a body read that stalls for the
     * read timeout one saying so.
     */
    private <R> R read(Response response, BodyReader<R> reader, String expected) {
        String method = response.request().method();
        String url = response.request().url().toString();
        if (!response.isSuccessful()) {
            throw ErrorResponses.from(response, type.plural(), type.group(), null, client.config());
        }
        requireJson(response, "a " + expected);
        try {
            return reader.read();
        } catch (SocketTimeoutException e) {
            throw new ApiConnectionException(
                    method,
                    url,
                    method + " " + url + ": the response body stalled: no data within "
                            + Durations.format(client.config().readTimeout()) + " (readTimeout)",
                    e);
        } catch (IOException e) {
            throw new ApiConnectionException(method, url, e);
        } catch (ApiJsonException e) {
            throw new ApiConnectionException(
                    method,
                    url,
                    method + " " + url + ": HTTP " + response.code()
                            + " but the body is not a valid " + expected + ": "
                            + ErrorResponses.oneLine(String.valueOf(e.getMessage()), 300),
                    e);
        }
    }

    /** A 2xx answer whose content type says it is not JSON (a proxy's or web server's page) is refused. */
    private static void requireJson(Response response, String expected) {
        String contentType = response.header("Content-Type");
        if (contentType == null || contentType.toLowerCase(Locale.ROOT).contains("json")) {
            return;
        }
        String method = response.request().method();
        String url = response.request().url().toString();
        String body;
        try {
            body = response.peekBody(ErrorResponses.SNIPPET * 4L).string();
        } catch (IOException e) {
            body = "";
        }
        throw new ApiConnectionException(
                method,
                url,
                method + " " + url + ": HTTP " + response.code() + " with "
                        + ErrorResponses.describeBody(contentType, body) + ", not " + expected
                        + " (is the server URL that of a Kubernetes API server?)",
                null);
    }

    @FunctionalInterface
    private interface BodyReader<R> {
        R read() throws IOException;
    }

    private Response execute(OkHttpClient http, Request request, @Nullable String name) {
        Request tagged = tagged(request);
        Response response = execute(http.newCall(tagged), tagged);
        if (!response.isSuccessful()) {
            throw ErrorResponses.from(response, type.plural(), type.group(), name, client.config());
        }
        return response;
    }

    /** {@code request} with a fresh {@link CallProgress} tag, so a timeout can tell connect from answer. */
    private static Request tagged(Request request) {
        return request.newBuilder().tag(CallProgress.class, new CallProgress()).build();
    }

    private Response execute(Call call, Request request) {
        client.checkOpen();
        String method = request.method();
        String url = request.url().toString();
        client.awaitRateLimit(method, url);
        try {
            return call.execute();
        } catch (CredentialIOException e) {
            throw e.authenticationFailure();
        } catch (SocketTimeoutException e) {
            CallProgress progress = request.tag(CallProgress.class);
            CallProgress.Phase phase = progress == null ? CallProgress.Phase.CONNECTED : progress.phase();
            String readTimeout = Durations.format(client.config().readTimeout());
            String problem =
                    switch (phase) {
                        case CONNECTING ->
                            "could not connect within "
                                    + Durations.format(client.config().connectTimeout()) + " (connectTimeout)";
                        case HANDSHAKING ->
                            "no TLS handshake within " + readTimeout
                                    + " (the server accepted the connection but did not answer TLS; readTimeout)";
                        case CONNECTED ->
                            "no response within " + readTimeout
                                    + " (the server accepted the connection but did not answer; readTimeout)";
                    };
            throw new ApiConnectionException(method, url, method + " " + url + ": " + problem, e);
        } catch (IOException e) {
            throw new ApiConnectionException(method, url, e);
        }
    }

    private Request get(HttpUrl url) {
        return new Request.Builder()
                .url(url)
                .header("Accept", "application/json")
                .get()
                .build();
    }

    private HttpUrl.Builder base(String path) {
        return client.base().newBuilder().addPathSegments(path.substring(1));
    }

    private String collection(@Nullable String ns) {
        return type.path(ns);
    }

    private HttpUrl object(@Nullable String ns, String name, @Nullable String subresource) {
        HttpUrl.Builder url = base(type.path(ns, requireName(name)));
        if (subresource != null) {
            url.addPathSegment(subresource);
        }
        return url.build();
    }

    private HttpUrl query(String path, ListOptions o, boolean watch) {
        HttpUrl.Builder url = base(path);
        if (watch) {
            url.addQueryParameter("watch", "true");
        }
        if (o.labelSelector() != null) {
            url.addQueryParameter("labelSelector", o.labelSelector());
        }
        if (o.fieldSelector() != null) {
            url.addQueryParameter("fieldSelector", o.fieldSelector());
        }
        if (o.resourceVersion() != null) {
            url.addQueryParameter("resourceVersion", o.resourceVersion());
        }
        if (o.resourceVersionMatch() != null) {
            url.addQueryParameter("resourceVersionMatch", o.resourceVersionMatch());
        }
        if (o.limit() > 0) {
            url.addQueryParameter("limit", Long.toString(o.limit()));
        }
        if (o.continueToken() != null) {
            url.addQueryParameter("continue", o.continueToken());
        }
        if (o.timeoutSeconds() != null) {
            url.addQueryParameter("timeoutSeconds", Integer.toString(o.timeoutSeconds()));
        }
        if (o.allowWatchBookmarks()) {
            url.addQueryParameter("allowWatchBookmarks", "true");
        }
        if (o.sendInitialEvents() != null) {
            url.addQueryParameter("sendInitialEvents", o.sendInitialEvents().toString());
        }
        return url.build();
    }

    /** The namespace to address a named object in; a namespaced resource needs one. */
    private @Nullable String requireNamespaceFor(String name) {
        if (type.namespaced() && namespace == null) {
            throw new IllegalStateException("resource " + type.plural() + " is namespaced: choose a namespace with "
                    + "inNamespace(...) to address \"" + name + "\"");
        }
        return namespace;
    }

    private @Nullable String namespaceFor(ObjectMetaAccessor meta) {
        return namespaceFor(meta.namespace());
    }

    /** This client's namespace, else the object's; they must agree when both are set. */
    private @Nullable String namespaceFor(@Nullable String objectNamespace) {
        if (!type.namespaced()) {
            return null;
        }
        String fromObject = objectNamespace == null || objectNamespace.isEmpty() ? null : objectNamespace;
        if (namespace != null && fromObject != null && !namespace.equals(fromObject)) {
            throw new IllegalArgumentException("the object's namespace \"" + fromObject
                    + "\" does not match the client's namespace \"" + namespace + "\"");
        }
        String ns = namespace != null ? namespace : fromObject;
        if (ns == null) {
            throw new IllegalStateException("resource " + type.plural() + " is namespaced: the object has no "
                    + "namespace and the client has none (use inNamespace(...))");
        }
        return ns;
    }

    private static String requireName(@Nullable String name) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("the object has no metadata.name");
        }
        return name;
    }

    private static Object deleteBody(DeleteOptions options) {
        java.util.Map<String, Object> body = new java.util.LinkedHashMap<>();
        body.put("kind", "DeleteOptions");
        body.put("apiVersion", "v1");
        if (options.propagationPolicy() != null) {
            body.put("propagationPolicy", options.propagationPolicy().name());
        }
        if (options.gracePeriodSeconds() != null) {
            body.put("gracePeriodSeconds", options.gracePeriodSeconds());
        }
        if (options.preconditionUid() != null || options.preconditionResourceVersion() != null) {
            java.util.Map<String, Object> preconditions = new java.util.LinkedHashMap<>();
            if (options.preconditionUid() != null) {
                preconditions.put("uid", options.preconditionUid());
            }
            if (options.preconditionResourceVersion() != null) {
                preconditions.put("resourceVersion", options.preconditionResourceVersion());
            }
            body.put("preconditions", preconditions);
        }
        if (options.dryRun()) {
            body.put("dryRun", java.util.List.of("All"));
        }
        return body;
    }
}
