package dev.informer.testing.internal;

import dev.informer.testing.ApiStatusException;
import dev.informer.testing.ResourceDefinition;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads and writes objects without HTTP (seeding demos and benchmarks), with exactly the HTTP
 * API's semantics: the same stores, resourceVersions and watch events. JSON text in and out.
 * Thread-safe. Failures throw {@link ApiStatusException} (the Status the HTTP API would answer);
 * an unknown resource name throws {@link IllegalArgumentException}.
 */
public final class DirectAccess {
    private static final String DEFAULT_NAMESPACE = "default";
    private final ApiServerEngine engine;

    public DirectAccess(ApiServerEngine engine) {
        this.engine = engine;
    }

    /** Creates; {@code namespace} null means the body's namespace, else "default". */
    public String create(String resource, @Nullable String namespace, String json) {
        ResourceDefinition def = engine.registry().resolve(resource);
        return call(() -> {
            ObjectNode body = parse(json, "create " + def.qualifiedName());
            String ns = namespace;
            if (ns == null && def.namespaced()) {
                String bodyNs = Json.meta(body, "namespace");
                ns = bodyNs == null || bodyNs.isEmpty() ? DEFAULT_NAMESPACE : bodyNs;
            }
            return text(engine.store(def).create(ns, body, false));
        });
    }

    /** The object, or empty when absent. */
    public Optional<String> get(String resource, @Nullable String namespace, String name) {
        ResourceDefinition def = engine.registry().resolve(resource);
        try {
            return Optional.of(text(engine.store(def).get(ns(def, namespace), name)));
        } catch (Refusal e) {
            if (e.code() == 404) {
                return Optional.empty();
            }
            throw e.toApiException();
        }
    }

    /** Replaces the object named in the body (PUT semantics). */
    public String update(String resource, @Nullable String namespace, String json) {
        return put(resource, namespace, json, false);
    }

    /** Replaces the status of the object named in the body (PUT on the status subresource). */
    public String updateStatus(String resource, @Nullable String namespace, String json) {
        return put(resource, namespace, json, true);
    }

    private String put(String resource, @Nullable String namespace, String json, boolean status) {
        ResourceDefinition def = engine.registry().resolve(resource);
        if (status && !def.hasStatusSubresource()) {
            throw new IllegalArgumentException(def.qualifiedName() + " has no status subresource");
        }
        return call(() -> {
            ObjectNode body = parse(json, "update " + def.qualifiedName());
            String name = Json.meta(body, "name");
            if (name == null || name.isEmpty()) {
                throw Refusal.badRequest("metadata.name is required for an update");
            }
            String ns = namespace;
            if (ns == null && def.namespaced()) {
                String bodyNs = Json.meta(body, "namespace");
                ns = bodyNs == null || bodyNs.isEmpty() ? DEFAULT_NAMESPACE : bodyNs;
            }
            return text(engine.store(def).update(ns, name, body, status, false));
        });
    }

    /** Applies an RFC 7386 JSON merge patch. */
    public String mergePatch(String resource, @Nullable String namespace, String name, String patchJson) {
        ResourceDefinition def = engine.registry().resolve(resource);
        return call(() -> {
            JsonNode patch = Json.parse(patchJson.getBytes(StandardCharsets.UTF_8), "merge patch");
            return text(engine.store(def)
                    .patch(
                            ns(def, namespace),
                            name,
                            cur -> {
                                try {
                                    JsonNode out = Patches.mergePatch(cur, patch);
                                    if (out instanceof ObjectNode o) {
                                        return o;
                                    }
                                    throw Refusal.of(422, "Invalid", "the patch does not yield an object");
                                } catch (PatchException e) {
                                    throw Refusal.of(e.httpCode(), e.reason(), e.getMessage());
                                }
                            },
                            false));
        });
    }

    /** Deletes (gracefully where the HTTP API would); returns the object as deleted or pending. */
    public String delete(String resource, @Nullable String namespace, String name) {
        ResourceDefinition def = engine.registry().resolve(resource);
        return call(() -> text(engine.store(def).delete(ns(def, namespace), name, DeleteRequest.DEFAULT)));
    }

    /** The live objects in key order; {@code namespace} null means all namespaces. */
    public List<String> list(String resource, @Nullable String namespace) {
        ResourceDefinition def = engine.registry().resolve(resource);
        List<String> out = new ArrayList<>();
        for (ObjectVersion v :
                engine.store(def).snapshot(def.namespaced() ? namespace : null, ObjectFilter.EVERYTHING)) {
            out.add(text(v));
        }
        return out;
    }

    private static @Nullable String ns(ResourceDefinition def, @Nullable String namespace) {
        if (!def.namespaced()) {
            return null;
        }
        return namespace == null ? DEFAULT_NAMESPACE : namespace;
    }

    private static ObjectNode parse(@Nullable String json, String what) {
        if (json == null) {
            throw Refusal.badRequest(what + ": the JSON text is null");
        }
        return Json.parseObject(json.getBytes(StandardCharsets.UTF_8), what);
    }

    private static String text(ObjectVersion v) {
        return new String(v.bytes(), StandardCharsets.UTF_8);
    }

    private static String call(Supplier<String> op) {
        try {
            return op.get();
        } catch (Refusal e) {
            throw e.toApiException();
        }
    }
}
