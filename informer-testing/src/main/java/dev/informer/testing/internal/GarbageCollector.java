package dev.informer.testing.internal;

import dev.informer.testing.ResourceDefinition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The kube-controller-manager's garbage collector, kind-agnostic, inside the server: an ownership
 * graph (dependents by owner uid) built from the stores' events, and the collector's decisions:
 *
 * <ul>
 *   <li>a dependent whose owners (matched by uid) are all gone is deleted (with the propagation its
 *       own finalizers ask for, Background by default);
 *   <li>a dependent with a live owner drops its references to owners that are gone;
 *   <li>an owner terminating with {@code foregroundDeletion} gets its dependents deleted and keeps
 *       the finalizer until no dependent with {@code blockOwnerDeletion: true} is left;
 *   <li>an owner terminating with {@code orphan} has its references removed from its dependents,
 *       then loses the finalizer.
 * </ul>
 *
 * <p>Not thread-safe: runs on the {@link LifecycleController} thread only. Owners of unknown kinds
 * are left alone (the collector cannot tell whether they exist). No cycle detection beyond kube's
 * simple case.
 */
final class GarbageCollector {
    private static final Logger LOG = LoggerFactory.getLogger(GarbageCollector.class);

    /** An object by identity: resource, namespace (null when cluster-scoped), name and uid. */
    record Ref(ResourceDefinition def, @Nullable String namespace, String name, String uid) {}

    /** One {@code metadata.ownerReferences} entry. */
    record OwnerRef(
            @Nullable String apiVersion,
            @Nullable String kind,
            @Nullable String name,
            String uid,
            boolean blockOwnerDeletion) {}

    /** An object that has owners, as last seen. */
    private record Node(Ref ref, List<OwnerRef> owners) {}

    private final ApiServerEngine engine;
    private final LifecycleController queue;
    private final NamespaceLifecycle namespaces;
    /** Objects with owner references, by uid. */
    private final Map<String, Node> owned = new HashMap<>();
    /** Dependents' uids by owner uid. */
    private final Map<String, Set<String>> dependents = new HashMap<>();
    /** Namespaces being terminated: events in them re-run the namespace controller. */
    private final Set<String> terminatingNamespaces = new HashSet<>();

    GarbageCollector(ApiServerEngine engine, LifecycleController queue, NamespaceLifecycle namespaces) {
        this.engine = engine;
        this.queue = queue;
        this.namespaces = namespaces;
    }

    void process(Object work) {
        if (work instanceof LifecycleController.Observed o) {
            observe(o.def(), o.event());
        } else if (work instanceof LifecycleController.Attempt a) {
            attemptToDelete(a.ref());
        } else if (work instanceof LifecycleController.Orphan o) {
            orphanDependents(o.ref());
        } else if (work instanceof LifecycleController.Namespace n) {
            ResourceDefinition nsDef =
                    engine.registry().find("", "v1", "namespaces").orElse(null);
            if (nsDef != null && !namespaces.reconcile(nsDef, n.name())) {
                terminatingNamespaces.remove(n.name());
            }
        }
    }

    // ---------------------------------------------------------------- graph

    private void observe(ResourceDefinition def, StoredEvent e) {
        ObjectNode obj = e.current.object;
        ObjectNode meta = Json.metadata(obj);
        String uid = Json.text(meta, "uid");
        String ns = def.namespaced() ? Json.text(meta, "namespace") : null;
        String name = Json.text(meta, "name");
        if (uid == null || name == null) {
            return;
        }
        Ref ref = new Ref(def, ns, name, uid);
        if (e.type == EventKind.DELETED) {
            Node gone = owned.remove(uid);
            if (gone != null) {
                for (OwnerRef o : gone.owners()) {
                    unlink(o.uid(), uid);
                    ownerRef(ref, o).ifPresent(r -> queue.enqueue(new LifecycleController.Attempt(r)));
                }
            }
            Set<String> deps = dependents.get(uid);
            if (deps != null) {
                for (String d : deps) {
                    Node n = owned.get(d);
                    if (n != null) {
                        queue.enqueue(new LifecycleController.Attempt(n.ref()));
                    }
                }
            }
            if (NamespaceLifecycle.isNamespaces(def)) {
                terminatingNamespaces.remove(ref.name());
            }
        } else {
            List<OwnerRef> owners = ownerRefs(obj);
            Node before = owned.get(uid);
            List<OwnerRef> previous = before == null ? List.of() : before.owners();
            if (!owners.equals(previous)) {
                for (OwnerRef o : previous) {
                    unlink(o.uid(), uid);
                }
                for (OwnerRef o : owners) {
                    dependents
                            .computeIfAbsent(o.uid(), k -> new LinkedHashSet<>())
                            .add(uid);
                }
                if (owners.isEmpty()) {
                    owned.remove(uid);
                } else {
                    owned.put(uid, new Node(ref, owners));
                    queue.enqueue(new LifecycleController.Attempt(ref));
                }
            }
            if (ObjectRules.isTerminating(obj)) {
                List<String> fins = Finalizers.of(obj);
                boolean wasDeletingDependents = e.previous != null
                        && ObjectRules.isTerminating(e.previous.object)
                        && Finalizers.of(e.previous.object).contains(Finalizers.FOREGROUND);
                if (fins.contains(Finalizers.FOREGROUND)) {
                    queue.enqueue(new LifecycleController.Attempt(ref));
                    if (!wasDeletingDependents) {
                        for (Ref d : dependentsOf(uid)) {
                            queue.enqueue(new LifecycleController.Attempt(d));
                        }
                    }
                }
                if (fins.contains(Finalizers.ORPHAN)) {
                    queue.enqueue(new LifecycleController.Orphan(ref));
                }
                if (NamespaceLifecycle.isNamespaces(def)) {
                    terminatingNamespaces.add(ref.name());
                    queue.enqueue(new LifecycleController.Namespace(ref.name()));
                }
            }
        }
        if (ns != null && terminatingNamespaces.contains(ns)) {
            queue.enqueue(new LifecycleController.Namespace(ns));
        }
    }

    private void unlink(String ownerUid, String dependentUid) {
        Set<String> deps = dependents.get(ownerUid);
        if (deps != null) {
            deps.remove(dependentUid);
            if (deps.isEmpty()) {
                dependents.remove(ownerUid);
            }
        }
    }

    private List<Ref> dependentsOf(String ownerUid) {
        List<Ref> out = new ArrayList<>();
        for (String d : dependents.getOrDefault(ownerUid, Set.of())) {
            Node n = owned.get(d);
            if (n != null) {
                out.add(n.ref());
            }
        }
        return out;
    }

    /** The dependents whose reference to {@code ownerUid} has {@code blockOwnerDeletion: true}. */
    private List<Ref> blockingDependentsOf(String ownerUid) {
        List<Ref> out = new ArrayList<>();
        for (String d : dependents.getOrDefault(ownerUid, Set.of())) {
            Node n = owned.get(d);
            if (n != null) {
                for (OwnerRef o : n.owners()) {
                    if (o.uid().equals(ownerUid) && o.blockOwnerDeletion()) {
                        out.add(n.ref());
                        break;
                    }
                }
            }
        }
        return out;
    }

    static List<OwnerRef> ownerRefs(JsonNode obj) {
        ObjectNode meta = Json.metadata(obj);
        JsonNode refs = meta == null ? null : meta.get("ownerReferences");
        if (refs == null || !refs.isArray()) {
            return List.of();
        }
        List<OwnerRef> out = new ArrayList<>();
        for (JsonNode r : refs) {
            String uid = Json.text(r, "uid");
            if (uid == null || uid.isEmpty()) {
                continue;
            }
            out.add(new OwnerRef(
                    Json.text(r, "apiVersion"),
                    Json.text(r, "kind"),
                    Json.text(r, "name"),
                    uid,
                    r.path("blockOwnerDeletion").asBoolean(false)));
        }
        return out;
    }

    /** The owner an owner reference names, when its kind is served. */
    private Optional<Ref> ownerRef(Ref dependent, OwnerRef o) {
        if (o.apiVersion() == null || o.kind() == null || o.name() == null) {
            return Optional.empty();
        }
        String group = o.apiVersion().contains("/")
                ? o.apiVersion().substring(0, o.apiVersion().indexOf('/'))
                : "";
        for (ResourceDefinition d : engine.registry().all()) {
            if (d.group().equals(group) && d.kind().equals(o.kind())) {
                return Optional.of(new Ref(d, d.namespaced() ? dependent.namespace() : null, o.name(), o.uid()));
            }
        }
        return Optional.empty();
    }

    // ---------------------------------------------------------------- decisions

    /** The current object when it is still the one {@code ref} names (same uid). */
    private @Nullable ObjectVersion latest(Ref ref) {
        try {
            ObjectVersion v = engine.store(ref.def()).get(ref.namespace(), ref.name());
            return ref.uid().equals(Json.meta(v.object, "uid")) ? v : null;
        } catch (Refusal e) {
            if (e.code() == 404) {
                return null;
            }
            throw e;
        }
    }

    private void attemptToDelete(Ref item) {
        ObjectVersion latest = latest(item);
        if (latest == null) {
            return;
        }
        List<String> fins = Finalizers.of(latest.object);
        boolean terminating = ObjectRules.isTerminating(latest.object);
        if (terminating && fins.contains(Finalizers.FOREGROUND)) {
            processDeletingDependents(item);
            return;
        }
        if (terminating) {
            return;
        }
        List<OwnerRef> owners = ownerRefs(latest.object);
        if (owners.isEmpty()) {
            return;
        }
        int solid = 0;
        Set<String> dangling = new HashSet<>();
        Set<String> waiting = new HashSet<>();
        for (OwnerRef o : owners) {
            Optional<Ref> owner = ownerRef(item, o);
            if (owner.isEmpty()) {
                LOG.debug(
                        "{} {}: owner kind {} {} is not served; treated as present",
                        item.def().plural(),
                        item.name(),
                        o.apiVersion(),
                        o.kind());
                solid++;
                continue;
            }
            ObjectVersion ov = latest(owner.get());
            if (ov == null) {
                dangling.add(o.uid());
            } else if (ObjectRules.isTerminating(ov.object)
                    && Finalizers.of(ov.object).contains(Finalizers.FOREGROUND)) {
                waiting.add(o.uid());
            } else {
                solid++;
            }
        }
        if (solid > 0) {
            if (!dangling.isEmpty() || !waiting.isEmpty()) {
                Set<String> drop = new HashSet<>(dangling);
                drop.addAll(waiting);
                removeOwnerRefs(item, drop);
            }
            return;
        }
        DeleteRequest.Propagation policy;
        if (!waiting.isEmpty() && !dependents.getOrDefault(item.uid(), Set.of()).isEmpty()) {
            policy = DeleteRequest.Propagation.FOREGROUND;
        } else if (fins.contains(Finalizers.ORPHAN)) {
            policy = DeleteRequest.Propagation.ORPHAN;
        } else if (fins.contains(Finalizers.FOREGROUND)) {
            policy = DeleteRequest.Propagation.FOREGROUND;
        } else {
            policy = DeleteRequest.Propagation.BACKGROUND;
        }
        LOG.debug("Collecting {} {}/{} ({})", item.def().plural(), item.namespace(), item.name(), policy);
        try {
            engine.store(item.def())
                    .delete(
                            item.namespace(),
                            item.name(),
                            DeleteRequest.DEFAULT.withPropagation(policy).withPreconditionUid(item.uid()));
        } catch (Refusal e) {
            if (e.code() != 404) {
                throw e;
            }
        }
    }

    private void processDeletingDependents(Ref owner) {
        List<Ref> blocking = blockingDependentsOf(owner.uid());
        if (blocking.isEmpty()) {
            removeFinalizer(owner, Finalizers.FOREGROUND);
            return;
        }
        for (Ref d : blocking) {
            queue.enqueue(new LifecycleController.Attempt(d));
        }
    }

    private void orphanDependents(Ref owner) {
        ObjectVersion latest = latest(owner);
        if (latest == null
                || !ObjectRules.isTerminating(latest.object)
                || !Finalizers.of(latest.object).contains(Finalizers.ORPHAN)) {
            return;
        }
        for (Ref d : dependentsOf(owner.uid())) {
            removeOwnerRefs(d, Set.of(owner.uid()));
        }
        removeFinalizer(owner, Finalizers.ORPHAN);
    }

    private void removeOwnerRefs(Ref item, Set<String> uids) {
        engine.store(item.def()).updateInternal(item.namespace(), item.name(), item.uid(), obj -> {
            ObjectNode meta = Json.requireMetadata(obj);
            JsonNode refs = meta.get("ownerReferences");
            if (!(refs instanceof ArrayNode arr)) {
                return false;
            }
            boolean changed = false;
            for (int i = arr.size() - 1; i >= 0; i--) {
                // a reference without a uid names no owner (and Set.of(..).contains(null) throws)
                String uid = Json.text(arr.get(i), "uid");
                if (uid != null && uids.contains(uid)) {
                    arr.remove(i);
                    changed = true;
                }
            }
            if (arr.isEmpty()) {
                meta.remove("ownerReferences");
            }
            return changed;
        });
    }

    private void removeFinalizer(Ref item, String finalizer) {
        engine.store(item.def()).updateInternal(item.namespace(), item.name(), item.uid(), obj -> {
            List<String> fins = new ArrayList<>(Finalizers.of(obj));
            if (!fins.remove(finalizer)) {
                return false;
            }
            Finalizers.setFinalizers(obj, fins);
            return true;
        });
    }
}
