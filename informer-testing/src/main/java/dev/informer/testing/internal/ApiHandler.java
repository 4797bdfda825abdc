package dev.informer.testing.internal;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.informer.testing.ResourceDefinition;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Serves the Kubernetes REST API over {@code com.sun.net.httpserver}: routes a request to
 * discovery or to a resource verb, applies injected faults, and writes JSON answers, Status
 * failures and chunked watch streams.
 *
 * <p>Thread-safe: stateless apart from the engine; each exchange runs on a thread of the
 * {@link RequestExecutor} (a watch holds its thread while it streams, within the executor's watch
 * budget; beyond it, a watch gets 429). Every path ends the exchange: a JSON answer, a
 * Status, or (for an abrupt watch drop) an exception the HTTP server answers by closing the
 * connection.
 */
public final class ApiHandler implements HttpHandler {
    private static final Logger LOG = LoggerFactory.getLogger(ApiHandler.class);
    /** kube-apiserver's default maximum request body. */
    static final int MAX_BODY_BYTES = 3 * 1024 * 1024;

    private static final byte[] ITEMS_END = "]}".getBytes(StandardCharsets.US_ASCII);
    private static final List<String> PATCH_TYPES = List.of(
            "application/merge-patch+json",
            "application/strategic-merge-patch+json",
            "application/json-patch+json",
            "application/apply-patch+yaml",
            "application/apply-patch+json");
    /** What kube-apiserver accepts for custom resources, in the order its 415 answer lists them. */
    private static final List<String> CUSTOM_RESOURCE_PATCH_TYPES =
            List.of("application/json-patch+json", "application/merge-patch+json", "application/apply-patch+yaml");

    private final ApiServerEngine engine;
    private final Discovery discovery;
    private final TableWriter tables = new TableWriter();
    private final OpenApiV3 openApi;
    private final RequestExecutor executor;

    /**
     * Creates the handler of every path the server serves.
     *
     * @param serverAddress {@code host:port} advertised in {@code /api}
     * @param executor      the executor the HTTP server runs this handler on, told when a request
     *                      starts and when it becomes a watch
     */
    public ApiHandler(ApiServerEngine engine, String serverAddress, RequestExecutor executor) {
        this.engine = engine;
        this.executor = executor;
        this.discovery = new Discovery(engine.registry(), serverAddress);
        this.openApi = new OpenApiV3(engine.registry());
    }

    @Override
    public void handle(HttpExchange ex) throws IOException {
        boolean abort = false;
        try {
            if (!executor.beginRequest()) {
                abort = true;
                throw new ServedWatch.AbortConnection("the request missed the header timeout");
            }
            route(ex);
        } catch (ServedWatch.AbortConnection e) {
            abort = true;
            throw e;
        } catch (Refusal e) {
            sendStatus(ex, e);
        } catch (IOException e) {
            LOG.debug("Client went away during {} {}", ex.getRequestMethod(), ex.getRequestURI(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.error("Internal error serving {} {}", ex.getRequestMethod(), ex.getRequestURI(), e);
            sendStatus(ex, Refusal.internal(e.getClass().getSimpleName() + ": " + e.getMessage()));
        } finally {
            if (!abort) {
                ex.close();
            }
        }
    }

    // ---------------------------------------------------------------- routing

    private void route(HttpExchange ex) throws IOException, InterruptedException {
        String method = ex.getRequestMethod();
        List<String> segs = segments(ex.getRequestURI().getRawPath());
        Map<String, String> query = query(ex.getRequestURI().getRawQuery());
        LOG.debug("{} {}", method, ex.getRequestURI());
        if (segs.isEmpty()) {
            discoveryAnswer(ex, method, discovery.rootPaths());
            return;
        }
        String first = segs.get(0);
        switch (first) {
            case "version" -> discoveryAnswer(ex, method, segs.size() == 1 ? discovery.version() : null);
            case "healthz", "livez", "readyz" -> {
                engine.faults().holdRequest();
                byte[] ok = "ok".getBytes(StandardCharsets.US_ASCII);
                ex.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
                ex.sendResponseHeaders(200, ok.length);
                try (OutputStream out = ex.getResponseBody()) {
                    out.write(ok);
                }
            }
            case "api" -> {
                if (segs.size() == 1) {
                    discoveryAnswer(ex, method, discovery.apiVersions());
                } else if (segs.size() == 2) {
                    discoveryAnswer(ex, method, discovery.apiResourceList("", segs.get(1)));
                } else {
                    resource(ex, method, "", segs.get(1), segs.subList(2, segs.size()), query);
                }
            }
            case "apis" -> {
                if (segs.size() == 1) {
                    discoveryAnswer(ex, method, discovery.apiGroupList());
                } else if (segs.size() == 2) {
                    discoveryAnswer(ex, method, discovery.apiGroup(segs.get(1)));
                } else if (segs.size() == 3) {
                    discoveryAnswer(ex, method, discovery.apiResourceList(segs.get(1), segs.get(2)));
                } else {
                    resource(ex, method, segs.get(1), segs.get(2), segs.subList(3, segs.size()), query);
                }
            }
            case "openapi" -> {
                // v3 only: kubectl reads it to learn that fields are validated server-side. v2 is
                // absent (404), which kubectl tolerates once v3 answers.
                if (segs.size() == 2 && segs.get(1).equals("v3")) {
                    discoveryAnswer(ex, method, openApi.root());
                } else if (segs.size() == 4
                        && segs.get(1).equals("v3")
                        && segs.get(2).equals("api")) {
                    discoveryAnswer(ex, method, openApi.groupVersion("", segs.get(3)));
                } else if (segs.size() == 5
                        && segs.get(1).equals("v3")
                        && segs.get(2).equals("apis")) {
                    discoveryAnswer(ex, method, openApi.groupVersion(segs.get(3), segs.get(4)));
                } else {
                    throw Refusal.noSuchPath();
                }
            }
            default -> throw Refusal.noSuchPath();
        }
    }

    private void discoveryAnswer(HttpExchange ex, String method, @Nullable ObjectNode doc)
            throws IOException, InterruptedException {
        engine.faults().holdRequest();
        if (doc == null) {
            throw Refusal.noSuchPath();
        }
        if (!method.equals("GET")) {
            throw Refusal.methodNotAllowed();
        }
        sendJson(ex, 200, Json.bytes(doc));
    }

    /** The target of a resource request, after the group/version prefix. */
    private record Target(
            ResourceDefinition def,
            @Nullable String namespace,
            @Nullable String name,
            @Nullable String sub,
            boolean watchPath) {
        String resourceKey() {
            return sub == null ? def.plural() : def.plural() + "/" + sub;
        }

        /** The object name of an item verb (get, update, patch, delete), whose path names one. */
        String itemName() {
            if (name == null) {
                throw new IllegalStateException("no object name in the path of an item request on " + resourceKey());
            }
            return name;
        }
    }

    private Target target(String group, String version, List<String> rest) {
        boolean watchPath = false;
        if (rest.get(0).equals("watch")) {
            watchPath = true;
            rest = rest.subList(1, rest.size());
            if (rest.isEmpty()) {
                throw Refusal.noSuchPath();
            }
        }
        boolean namespaceStatus = group.isEmpty()
                && rest.size() == 3
                && rest.get(0).equals("namespaces")
                && rest.get(2).equals("status");
        if (rest.get(0).equals("namespaces") && rest.size() >= 3 && !namespaceStatus) {
            if (rest.size() > 5) {
                throw Refusal.noSuchPath();
            }
            ResourceDefinition def =
                    engine.registry().find(group, version, rest.get(2)).orElseThrow(Refusal::noSuchPath);
            if (!def.namespaced()) {
                throw Refusal.noSuchPath();
            }
            return checkSub(new Target(
                    def,
                    rest.get(1),
                    rest.size() > 3 ? rest.get(3) : null,
                    rest.size() > 4 ? rest.get(4) : null,
                    watchPath));
        }
        if (rest.size() > 3) {
            throw Refusal.noSuchPath();
        }
        ResourceDefinition def =
                engine.registry().find(group, version, rest.get(0)).orElseThrow(Refusal::noSuchPath);
        String name = rest.size() > 1 ? rest.get(1) : null;
        if (def.namespaced() && name != null) {
            throw Refusal.noSuchPath();
        }
        return checkSub(new Target(def, null, name, rest.size() > 2 ? rest.get(2) : null, watchPath));
    }

    private Target checkSub(Target t) {
        if (t.sub() != null && !t.def().subresources().contains(t.sub()) && !servesScale(t)) {
            throw Refusal.noSuchPath();
        }
        if (t.watchPath() && t.name() != null) {
            throw Refusal.noSuchPath();
        }
        return t;
    }

    /** The scale subresource exists for CRD resources that declare it. */
    private boolean servesScale(Target t) {
        return "scale".equals(t.sub())
                && engine.registry().extras(t.def()).map(e -> e.scale() != null).orElse(false);
    }

    private static String verb(String method, Target t, Map<String, String> query) {
        boolean item = t.name() != null;
        String verb =
                switch (method) {
                    case "GET" -> item ? "get" : (t.watchPath() || ListQuery.bool(query, "watch") ? "watch" : "list");
                    case "POST" -> item || (t.def().namespaced() && t.namespace() == null) ? null : "create";
                    case "PUT" -> item ? "update" : null;
                    case "PATCH" -> item ? "patch" : null;
                    case "DELETE" -> item ? "delete" : "deletecollection";
                    default -> null;
                };
        if (verb == null) {
            throw Refusal.methodNotAllowed();
        }
        if (t.sub() != null) {
            if (!verb.equals("get") && !verb.equals("update") && !verb.equals("patch")) {
                throw Refusal.methodNotAllowed();
            }
        }
        if (!t.def().verbs().contains(verb)) {
            throw Refusal.methodNotAllowed();
        }
        return verb;
    }

    private void resource(
            HttpExchange ex, String method, String group, String version, List<String> rest, Map<String, String> query)
            throws IOException, InterruptedException {
        Target t = target(group, version, rest);
        String verb = verb(method, t, query);
        engine.countRequest(verb, t.resourceKey());
        engine.faults().holdRequest();
        Refusal injected = engine.faults().nextFailure(verb, t.resourceKey());
        if (injected != null) {
            if (verb.equals("watch") && injected.code() == 410) {
                startStream(ex);
                try (OutputStream out = ex.getResponseBody()) {
                    out.write(EventKind.ERROR.sharedLinePrefix());
                    out.write(Json.bytes(injected.toStatus()));
                    out.write("}\n".getBytes(StandardCharsets.US_ASCII));
                }
                return;
            }
            throw injected;
        }
        ResourceStore store = engine.store(t.def());
        boolean dryRun = "All".equals(query.get("dryRun"));
        if ("scale".equals(t.sub())
                && engine.registry()
                        .extras(t.def())
                        .map(ResourceRegistry.Extras::scale)
                        .isPresent()) {
            customResourceScale(ex, store, t, verb, dryRun);
            return;
        }
        if ("scale".equals(t.sub()) && !verb.equals("patch")) {
            scale(ex, store, t, verb, dryRun);
            return;
        }
        switch (verb) {
            case "get" -> sendObject(ex, 200, store.get(t.namespace(), t.itemName()), t.def());
            case "list" -> list(ex, store, t, query);
            case "watch" -> watch(ex, store, t, query);
            case "create" -> {
                ObjectNode body =
                        Json.parseObject(readBody(ex), "create " + t.def().qualifiedName());
                checkUnknownFields(ex, t, query, body);
                sendObject(ex, 201, store.create(t.namespace(), body, dryRun, writer(ex, query, false), null), t.def());
            }
            case "update" -> {
                ObjectNode body =
                        Json.parseObject(readBody(ex), "update " + t.def().qualifiedName());
                checkUnknownFields(ex, t, query, body);
                sendObject(
                        ex,
                        200,
                        store.update(
                                t.namespace(), t.itemName(), body, t.sub() != null, dryRun, writer(ex, query, false)),
                        t.def());
            }
            case "patch" -> patch(ex, store, t, dryRun, query);
            case "delete" -> {
                DeleteRequest request = DeleteRequest.parse(query, readBody(ex));
                ObjectVersion v = store.delete(t.namespace(), t.itemName(), request);
                // 200, gone now or pending (grace period, finalizers), as kube-apiserver; 202 only for
                // a pending deletion asked with orphanDependents=false (its delete handler's rule).
                sendObject(ex, !v.deleted && request.orphanDependentsFalse() ? 202 : 200, v, t.def());
            }
            case "deletecollection" -> deleteCollection(ex, store, t, query);
            default -> throw Refusal.methodNotAllowed();
        }
    }

    // ---------------------------------------------------------------- verbs

    private void list(HttpExchange ex, ResourceStore store, Target t, Map<String, String> query) throws IOException {
        ListQuery o = ListQuery.parse(query, false);
        ObjectFilter filter =
                ObjectFilter.of(o.labelSelector(), o.fieldSelector(), t.def().plural());
        ResourceStore.ListResult result = store.list(t.namespace(), filter, o);
        if (tables.wantsTable(ex.getRequestHeaders())) {
            sendJson(
                    ex,
                    200,
                    tables.table(t.def(), result, engine.now(), query.getOrDefault("includeObject", "Metadata")),
                    TableWriter.CONTENT_TYPE);
            return;
        }
        ByteArrayOutputStream buf =
                new ByteArrayOutputStream(256 + result.items().size() * 512);
        ObjectNode head = Json.object();
        head.put("kind", t.def().listKind());
        head.put("apiVersion", t.def().apiVersion());
        ObjectNode meta = head.putObject("metadata");
        meta.put("resourceVersion", Long.toString(result.resourceVersion()));
        if (result.continueToken() != null) {
            meta.put("continue", result.continueToken());
        }
        byte[] headBytes = Json.bytes(head);
        // {"kind":..,"metadata":{..}} -> {"kind":..,"metadata":{..},"items":[ ... ]}
        buf.write(headBytes, 0, headBytes.length - 1);
        buf.write(",\"items\":[".getBytes(StandardCharsets.US_ASCII));
        boolean firstItem = true;
        for (ObjectVersion v : result.items()) {
            if (!firstItem) {
                buf.write(',');
            }
            firstItem = false;
            buf.write(v.bytes());
        }
        buf.write(ITEMS_END);
        sendJson(ex, 200, buf.toByteArray());
    }

    private void watch(HttpExchange ex, ResourceStore store, Target t, Map<String, String> query) throws IOException {
        ListQuery o = ListQuery.parse(query, true);
        ObjectFilter filter =
                ObjectFilter.of(o.labelSelector(), o.fieldSelector(), t.def().plural());
        String upgrade = ex.getRequestHeaders().getFirst("Upgrade");
        if (upgrade != null && upgrade.equalsIgnoreCase("websocket")) {
            // No WebSocket watches here (the JDK server cannot switch protocols). An empty 200 makes
            // the handshake fail at once, and clients such as fabric8 then fall back to a streaming
            // GET, as they do behind kubectl proxy.
            ex.getResponseHeaders().set("Content-Type", "application/json");
            ex.sendResponseHeaders(200, -1);
            return;
        }
        if (!executor.beginWatch()) {
            throw Refusal.tooManyRequests(
                    "too many watches: the embedded API server streams at" + " most " + executor.maxWatches()
                            + " at once",
                    1);
        }
        boolean table = tables.wantsTable(ex.getRequestHeaders());
        ServedWatch session = store.openWatch(t.namespace(), filter, o);
        try {
            if (table) {
                session.renderAsTable(tables, engine);
            }
            startStream(ex);
            OutputStream out = new BufferedOutputStream(ex.getResponseBody(), 64 * 1024);
            session.stream(out);
            out.close(); // writes the last chunk before the watch counts as ended
        } finally {
            session.finished();
        }
    }

    private static void startStream(HttpExchange ex) throws IOException {
        Headers h = ex.getResponseHeaders();
        h.set("Content-Type", "application/json");
        h.set("Cache-Control", "no-cache, private");
        ex.sendResponseHeaders(200, 0);
    }

    /**
     * The field manager of a write: {@code ?fieldManager=}, else (not for apply, where it is
     * required) the User-Agent's product name, as kube-apiserver defaults it.
     *
     * @throws Refusal 422 for an apply without fieldManager
     */
    private static FieldManager.Write writer(HttpExchange ex, Map<String, String> query, boolean apply) {
        String manager = query.get("fieldManager");
        if (manager == null || manager.isEmpty()) {
            if (apply) {
                throw Refusal.invalid(
                        "PatchOptions",
                        "meta.k8s.io",
                        "",
                        List.of(new Refusal.Cause(
                                "FieldValueRequired", "Required value: is required for apply patch", "fieldManager")));
            }
            String agent = ex.getRequestHeaders().getFirst("User-Agent");
            manager = agent == null ? "" : agent.split("/", 2)[0];
            if (manager.length() > 128) {
                manager = manager.substring(0, 128);
            }
            if (manager.isEmpty()) {
                manager = "unknown";
            }
        }
        return new FieldManager.Write(manager, apply, apply && "true".equals(query.get("force")));
    }

    private void patch(HttpExchange ex, ResourceStore store, Target t, boolean dryRun, Map<String, String> query)
            throws IOException {
        String contentType = mediaType(ex.getRequestHeaders().getFirst("Content-Type"));
        if (engine.registry().isCustom(t.def())) {
            if (!CUSTOM_RESOURCE_PATCH_TYPES.contains(contentType)) {
                // kube-apiserver has no strategic merge patch for custom resources (no Go types).
                throw Refusal.unsupportedMediaType(CUSTOM_RESOURCE_PATCH_TYPES);
            }
        } else if (!PATCH_TYPES.contains(contentType)) {
            throw Refusal.unsupportedPatchType(contentType);
        }
        byte[] raw = readBody(ex);
        boolean applyType = contentType.startsWith("application/apply-patch");
        JsonNode patch = Json.parse(
                raw,
                applyType
                        ? "apply " + t.def().qualifiedName() + " (the embedded server reads apply"
                                + " configurations as JSON, not YAML)"
                        : "patch " + t.def().qualifiedName());
        ResourceStore.PatchFunction fn;
        boolean apply = false;
        switch (contentType) {
            case "application/merge-patch+json" -> fn = cur -> asObject(Patches.mergePatch(cur, patch));
            case "application/strategic-merge-patch+json" -> {
                requireObject(patch, contentType);
                fn = cur -> asObject(Patches.strategicMergePatch(cur, patch));
            }
            case "application/json-patch+json" -> {
                if (!patch.isArray()) {
                    throw Refusal.badRequest("a JSON patch (application/json-patch+json) must be an"
                            + " array of operations, got " + patch.getNodeType());
                }
                fn = cur -> asObject(Patches.jsonPatch(cur, patch));
            }
            case "application/apply-patch+yaml", "application/apply-patch+json" -> {
                requireObject(patch, contentType);
                apply = true;
                fn = cur -> asObject(Patches.applyPatch(cur, patch));
            }
            default -> throw Refusal.unsupportedPatchType(contentType);
        }
        if ("scale".equals(t.sub())) {
            ResourceStore.PatchFunction onScale = guarded(fn);
            ResourceDefinition def = t.def();
            ObjectVersion v = store.patch(
                    t.namespace(),
                    t.itemName(),
                    cur -> ScaleSubresource.apply(
                            def, cur, onScale.apply(ScaleSubresource.toScale(def, cur)), t.itemName()),
                    dryRun);
            sendJson(ex, 200, Json.bytes(ScaleSubresource.toScale(def, v.object)));
            return;
        }
        ObjectVersion before = apply ? liveOrNull(store, t) : null;
        ObjectNode createBody = apply ? ((ObjectNode) patch).deepCopy() : null;
        FieldManager.Write writer = writer(ex, query, apply);
        ResourceStore.PatchFunction patchFn = guarded(fn);
        if (createBody != null) {
            checkUnknownFields(ex, t, query, createBody);
        }
        ResourceStore.PatchFunction checked = cur -> {
            ObjectNode next = patchFn.apply(cur);
            checkUnknownFields(ex, t, query, next);
            return next;
        };
        ObjectVersion v =
                store.patch(t.namespace(), t.itemName(), checked, t.sub() != null, dryRun, apply, createBody, writer);
        sendObject(ex, apply && before == null ? 201 : 200, v, t.def());
    }

    /** get and update of the {@code scale} subresource of built-in kinds (patch goes through {@link #patch}). */
    private void scale(HttpExchange ex, ResourceStore store, Target t, String verb, boolean dryRun) throws IOException {
        ResourceDefinition def = t.def();
        ObjectVersion v;
        if (verb.equals("get")) {
            v = store.get(t.namespace(), t.itemName());
        } else if (verb.equals("update")) {
            ObjectNode body = Json.parseObject(readBody(ex), "update " + def.qualifiedName() + "/scale");
            v = store.patch(
                    t.namespace(), t.itemName(), cur -> ScaleSubresource.apply(def, cur, body, t.itemName()), dryRun);
        } else {
            throw Refusal.methodNotAllowed();
        }
        sendJson(ex, 200, Json.bytes(ScaleSubresource.toScale(def, v.object)));
    }

    /**
     * kube's {@code fieldValidation} for fields a CRD schema does not declare (pruned on write):
     * {@code Strict} answers 400 naming them, {@code Warn} (the default) adds one {@code Warning}
     * header each, {@code Ignore} drops them silently. Other resources store unknown fields.
     */
    private void checkUnknownFields(HttpExchange ex, Target t, Map<String, String> query, ObjectNode obj) {
        CrdSchema schema = engine.registry()
                .extras(t.def())
                .map(ResourceRegistry.Extras::schema)
                .orElse(null);
        if (schema == null) {
            return;
        }
        String mode = query.getOrDefault("fieldValidation", "Warn");
        if (!mode.equals("Strict") && !mode.equals("Warn") && !mode.equals("Ignore")) {
            throw Refusal.badRequest("fieldValidation must be one of Ignore, Warn or Strict, got '" + mode + "'");
        }
        List<String> unknown = schema.unknownFields(obj);
        if (unknown.isEmpty() || mode.equals("Ignore")) {
            return;
        }
        List<String> each =
                unknown.stream().map(f -> "unknown field \"" + f + "\"").toList();
        if (mode.equals("Strict")) {
            String kind = t.def().kind();
            throw Refusal.badRequest(kind + " in version \"" + t.def().version() + "\" cannot be handled as a " + kind
                    + ": strict decoding error: " + String.join(", ", each));
        }
        for (String w : each) {
            if (!ex.getResponseHeaders()
                    .getOrDefault("Warning", List.of())
                    .contains("299 - \"" + w.replace("\"", "\\\"") + "\"")) {
                ex.getResponseHeaders().add("Warning", "299 - \"" + w.replace("\"", "\\\"") + "\"");
            }
        }
    }

    /**
     * The scale subresource of a custom resource: reads and writes an {@code autoscaling/v1 Scale}
     * that maps to the replica paths its CRD declares.
     */
    private void customResourceScale(HttpExchange ex, ResourceStore store, Target t, String verb, boolean dryRun)
            throws IOException {
        CrdScale scale = engine.registry()
                .extras(t.def())
                .map(ResourceRegistry.Extras::scale)
                .orElseThrow(Refusal::noSuchPath);
        String what = t.def().qualifiedName() + "/scale";
        ResourceStore.PatchFunction fn;
        switch (verb) {
            case "get" -> {
                sendJson(ex, 200, Json.bytes(scale.toScale(store.get(t.namespace(), t.itemName()).object)));
                return;
            }
            case "update" -> {
                ObjectNode body = Json.parseObject(readBody(ex), "update " + what);
                fn = cur -> scale.applyScale(cur, body);
            }
            case "patch" -> {
                String contentType = mediaType(ex.getRequestHeaders().getFirst("Content-Type"));
                if (!CUSTOM_RESOURCE_PATCH_TYPES.contains(contentType)) {
                    throw Refusal.unsupportedMediaType(CUSTOM_RESOURCE_PATCH_TYPES);
                }
                JsonNode patch = Json.parse(readBody(ex), "patch " + what);
                fn = cur -> {
                    ObjectNode view = scale.toScale(cur);
                    JsonNode patched =
                            switch (contentType) {
                                case "application/merge-patch+json" -> Patches.mergePatch(view, patch);
                                case "application/json-patch+json" -> Patches.jsonPatch(view, patch);
                                default -> Patches.applyPatch(view, patch);
                            };
                    return scale.applyScale(cur, asObject(patched));
                };
            }
            default -> throw Refusal.methodNotAllowed();
        }
        ObjectVersion v = store.patch(t.namespace(), t.itemName(), guarded(fn), dryRun);
        sendJson(ex, 200, Json.bytes(scale.toScale(v.object)));
    }

    private static @Nullable ObjectVersion liveOrNull(ResourceStore store, Target t) {
        try {
            return store.get(t.namespace(), t.itemName());
        } catch (Refusal e) {
            return null;
        }
    }

    /** Turns the patch engine's exceptions into Status failures. */
    private static ResourceStore.PatchFunction guarded(ResourceStore.PatchFunction fn) {
        return cur -> {
            try {
                return fn.apply(cur);
            } catch (PatchException e) {
                return throwStatus(Refusal.of(e.httpCode(), e.reason(), e.getMessage()));
            }
        };
    }

    private static ObjectNode throwStatus(Refusal e) {
        throw e;
    }

    private static void requireObject(JsonNode patch, String contentType) {
        if (!patch.isObject()) {
            throw Refusal.badRequest("a " + contentType + " patch must be a JSON object, got " + patch.getNodeType());
        }
    }

    private static ObjectNode asObject(JsonNode n) {
        if (n instanceof ObjectNode o) {
            return o;
        }
        throw Refusal.of(
                422, "Invalid", "the patch turned the object into a " + n.getNodeType() + "; an object is required");
    }

    private void deleteCollection(HttpExchange ex, ResourceStore store, Target t, Map<String, String> query)
            throws IOException {
        ObjectFilter filter = ObjectFilter.of(
                emptyToNull(query.get("labelSelector")),
                emptyToNull(query.get("fieldSelector")),
                t.def().plural());
        DeleteRequest opts = DeleteRequest.parse(query, readBody(ex));
        List<ObjectVersion> deleted = new ArrayList<>();
        for (ObjectVersion v : store.snapshot(t.namespace(), filter)) {
            String ns = Json.meta(v.object, "namespace");
            try {
                deleted.add(store.delete(ns, v.name(), opts));
            } catch (Refusal e) {
                if (e.code() != 404) {
                    throw e;
                }
            }
        }
        sendJson(ex, 200, Json.bytes(store.listObject(deleted, engine.currentRv())));
    }

    // ---------------------------------------------------------------- io helpers

    private void sendObject(HttpExchange ex, int code, ObjectVersion v, ResourceDefinition def) throws IOException {
        String method = ex.getRequestMethod();
        if (Crds.isCrd(def) && (method.equals("POST") || method.equals("PUT") || method.equals("PATCH"))) {
            for (String w : Crds.warnings(v.object)) {
                // RFC 7234 warn-code 299 with an agent of "-", as kube-apiserver sends warnings.
                ex.getResponseHeaders().add("Warning", "299 - \"" + w.replace("\"", "'") + "\"");
            }
        }
        if (code == 200 && tables.wantsTable(ex.getRequestHeaders())) {
            sendJson(ex, code, tables.table(def, v, engine.now()), TableWriter.CONTENT_TYPE);
            return;
        }
        sendJson(ex, code, v.bytes());
    }

    private static void sendJson(HttpExchange ex, int code, byte[] body) throws IOException {
        sendJson(ex, code, body, "application/json");
    }

    private static void sendJson(HttpExchange ex, int code, byte[] body, String contentType) throws IOException {
        Headers h = ex.getResponseHeaders();
        h.set("Content-Type", contentType);
        h.set("Cache-Control", "no-cache, private");
        ex.sendResponseHeaders(code, body.length == 0 ? -1 : body.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
        }
    }

    private static void sendStatus(HttpExchange ex, Refusal e) {
        if (ex.getResponseCode() != -1) {
            LOG.debug("Cannot send {} {} after the response started", e.code(), e.reason());
            return;
        }
        try {
            if (e.retryAfterSeconds() > 0) {
                ex.getResponseHeaders().set("Retry-After", Long.toString(e.retryAfterSeconds()));
            }
            sendJson(ex, e.code(), Json.bytes(e.toStatus()));
        } catch (IOException io) {
            LOG.debug("Client went away before the {} answer", e.code(), io);
        }
    }

    private static byte[] readBody(HttpExchange ex) throws IOException {
        String type = mediaType(ex.getRequestHeaders().getFirst("Content-Type"));
        if (type.equals("application/vnd.kubernetes.protobuf") || type.equals("application/cbor")) {
            // Decoding these needs the Go type schemas; clients (kubectl's typed generators) are told
            // to send JSON instead.
            throw Refusal.of(
                    415,
                    "UnsupportedMediaType",
                    "the embedded API server accepts JSON"
                            + " request bodies only, not " + type + "; send application/json (e.g. use"
                            + " 'kubectl apply -f' or 'kubectl create -f' instead of a 'kubectl create <kind>'"
                            + " generator)");
        }
        // At most the limit plus one byte is read, so a huge body cannot exhaust memory. (Answering
        // before reading, on Content-Length alone, races with the client still sending: the JDK
        // server then closes the connection and the client may miss the 413.)
        try (InputStream in = ex.getRequestBody()) {
            byte[] body = in.readNBytes(MAX_BODY_BYTES + 1);
            if (body.length > MAX_BODY_BYTES) {
                throw Refusal.tooLarge(MAX_BODY_BYTES);
            }
            return body;
        }
    }

    private static String mediaType(@Nullable String contentType) {
        if (contentType == null) {
            return "";
        }
        int semi = contentType.indexOf(';');
        return (semi < 0 ? contentType : contentType.substring(0, semi)).trim().toLowerCase(Locale.ROOT);
    }

    private static List<String> segments(@Nullable String rawPath) {
        List<String> out = new ArrayList<>();
        if (rawPath == null) {
            return out;
        }
        for (String s : rawPath.split("/", -1)) {
            if (!s.isEmpty()) {
                out.add(URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8));
            }
        }
        return out;
    }

    private static Map<String, String> query(@Nullable String raw) {
        Map<String, String> q = new HashMap<>();
        if (raw == null || raw.isEmpty()) {
            return q;
        }
        for (String pair : raw.split("&", -1)) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String k = decode(eq < 0 ? pair : pair.substring(0, eq));
            String v = eq < 0 ? "" : decode(pair.substring(eq + 1));
            q.putIfAbsent(k, v);
        }
        return q;
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw Refusal.badRequest("malformed query string: " + e.getMessage());
        }
    }

    private static @Nullable String emptyToNull(@Nullable String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
