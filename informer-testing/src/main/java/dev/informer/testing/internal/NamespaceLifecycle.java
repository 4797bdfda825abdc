package dev.informer.testing.internal;

import dev.informer.testing.ResourceDefinition;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Namespace termination, as kube-apiserver's namespace registry, its NamespaceLifecycle admission
 * and the kube-controller-manager's namespace controller do it together: a namespace is created
 * with the {@code kubernetes} spec finalizer; deleting it sets {@code deletionTimestamp} and
 * {@code status.phase: Terminating}; creating objects in it is then forbidden; the controller
 * ({@link #reconcile}, on the {@link LifecycleController} thread) deletes every namespaced object
 * in it (in the background, honouring their finalizers and grace periods) and, once none is left,
 * removes the spec finalizer, which removes the namespace.
 *
 * <p>The static rules are stateless; {@link #reconcile} runs on one thread only.
 */
final class NamespaceLifecycle {
    private static final Logger LOG = LoggerFactory.getLogger(NamespaceLifecycle.class);
    private static final DeleteRequest CONTENT_DELETE =
            DeleteRequest.DEFAULT.withPropagation(DeleteRequest.Propagation.BACKGROUND);

    private static final Set<String> IMMORTAL = Set.of("default", "kube-system", "kube-public");

    private final ApiServerEngine engine;

    NamespaceLifecycle(ApiServerEngine engine) {
        this.engine = engine;
    }

    static boolean isNamespaces(ResourceDefinition def) {
        return def.group().isEmpty() && def.plural().equals("namespaces");
    }

    /** On create: a namespace always gets the {@code kubernetes} spec finalizer. */
    static void prepareCreate(ResourceDefinition def, ObjectNode obj) {
        if (!isNamespaces(def)) {
            return;
        }
        JsonNode spec = obj.get("spec");
        ObjectNode s = spec instanceof ObjectNode o ? o : obj.putObject("spec");
        if (!Finalizers.specOf(obj).contains(Finalizers.NAMESPACE_KUBERNETES)) {
            JsonNode existing = s.get("finalizers");
            ArrayNode arr = existing instanceof ArrayNode a ? a : s.putArray("finalizers");
            arr.add(Finalizers.NAMESPACE_KUBERNETES);
        }
    }

    /** On update: users cannot change a namespace's spec finalizers (only the controller does). */
    static void prepareUpdate(ResourceDefinition def, JsonNode old, ObjectNode next) {
        if (!isNamespaces(def)) {
            return;
        }
        JsonNode oldFinalizers = old.path("spec").get("finalizers");
        JsonNode spec = next.get("spec");
        if (oldFinalizers == null) {
            if (spec instanceof ObjectNode s) {
                s.remove("finalizers");
            }
            return;
        }
        ObjectNode s = spec instanceof ObjectNode o ? o : next.putObject("spec");
        s.set("finalizers", oldFinalizers.deepCopy());
    }

    /**
     * The NamespaceLifecycle admission check of a create: nothing new in a terminating namespace.
     *
     * @throws Refusal 403 Forbidden with a {@code NamespaceTerminating} cause
     */
    static void checkCreate(ApiServerEngine engine, ResourceDefinition def, @Nullable String namespace, JsonNode body) {
        if (!def.namespaced() || namespace == null) {
            return;
        }
        ResourceDefinition nsDef =
                engine.registry().find("", "v1", "namespaces").orElse(null);
        if (nsDef == null) {
            return;
        }
        ObjectVersion ns;
        try {
            ns = engine.store(nsDef).get(null, namespace);
        } catch (Refusal e) {
            return; // absent namespaces are not checked (the server serves any namespace)
        }
        if (!ObjectRules.isTerminating(ns.object)) {
            return;
        }
        String name = Json.meta(body, "name");
        throw Refusal.forbidden(
                def,
                name == null ? "" : name,
                "unable to create new content in namespace " + namespace + " because it is being terminated",
                List.of(new Refusal.Cause(
                        "NamespaceTerminating",
                        "namespace " + namespace + " is being terminated",
                        "metadata.namespace")));
    }

    /**
     * The NamespaceLifecycle admission check of a delete: {@code default}, {@code kube-system} and
     * {@code kube-public} may not be deleted.
     *
     * @throws Refusal 403 Forbidden
     */
    static void checkDelete(ResourceDefinition def, String name) {
        if (isNamespaces(def) && IMMORTAL.contains(name)) {
            throw Refusal.forbidden(def, name, "this namespace may not be deleted", List.of());
        }
    }

    /**
     * The namespace registry's first delete: the namespace becomes Terminating (deletionTimestamp,
     * {@code status.phase}), without a grace period.
     */
    static void markTerminating(ObjectNode next, String timestamp) {
        ObjectNode meta = Json.requireMetadata(next);
        if (meta.get("deletionTimestamp") == null) {
            meta.put("deletionTimestamp", timestamp);
        }
        JsonNode status = next.get("status");
        ObjectNode s = status instanceof ObjectNode o ? o : next.putObject("status");
        s.put("phase", "Terminating");
    }

    /**
     * One pass of the namespace controller over {@code name}: deletes what is left in it and, when
     * nothing is, finalizes it.
     *
     * @return whether the namespace is still terminating and waits for content to go
     */
    boolean reconcile(ResourceDefinition nsDef, String name) {
        ObjectVersion ns;
        try {
            ns = engine.store(nsDef).get(null, name);
        } catch (Refusal e) {
            return false;
        }
        if (!ObjectRules.isTerminating(ns.object)) {
            return false;
        }
        int remaining = 0;
        for (ResourceStore store : engine.stores()) {
            if (!store.def.namespaced()) {
                continue;
            }
            for (ObjectVersion v : store.snapshot(name, ObjectFilter.EVERYTHING)) {
                if (ObjectRules.isTerminating(v.object)) {
                    remaining++;
                    continue;
                }
                String objectName = v.name();
                try {
                    ObjectVersion after = store.delete(
                            name, objectName, CONTENT_DELETE.withPreconditionUid(Json.meta(v.object, "uid")));
                    if (!after.deleted) {
                        remaining++;
                    }
                } catch (Refusal e) {
                    if (e.code() != 404) {
                        LOG.debug(
                                "Namespace {}: deleting {} {} failed: {}",
                                name,
                                store.def.plural(),
                                objectName,
                                e.getMessage());
                        remaining++;
                    }
                }
            }
        }
        if (remaining > 0) {
            LOG.debug("Namespace {} waits for {} objects to go", name, remaining);
            return true;
        }
        String uid = Json.meta(ns.object, "uid");
        ObjectVersion finalized = engine.store(nsDef).updateInternal(null, name, uid, obj -> {
            JsonNode fins = obj.path("spec").get("finalizers");
            if (!(fins instanceof ArrayNode arr)) {
                return false;
            }
            boolean changed = false;
            for (int i = arr.size() - 1; i >= 0; i--) {
                if (Finalizers.NAMESPACE_KUBERNETES.equals(arr.get(i).asString())) {
                    arr.remove(i);
                    changed = true;
                }
            }
            return changed;
        });
        ObjectVersion now = finalized != null ? finalized : ns;
        if (!now.deleted && !Finalizers.blocking(nsDef, now.object)) {
            // Nothing holds it (e.g. it never had the spec finalizer): delete it again, as the
            // namespace controller does once it is finalized.
            try {
                engine.store(nsDef).delete(null, name, DeleteRequest.DEFAULT.withPreconditionUid(uid));
            } catch (Refusal e) {
                if (e.code() != 404) {
                    throw e;
                }
            }
        }
        return false;
    }
}
