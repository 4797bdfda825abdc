package dev.informer.testing.internal;

import dev.informer.testing.ResourceDefinition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The objects and history of one resource, with etcd-like multi-version semantics.
 *
 * <p>Every key maps to a chain of {@link ObjectVersion}s (newest first); the chain keeps what a
 * snapshot at any retained resourceVersion needs, so paged lists are consistent and
 * {@code resourceVersionMatch=Exact} works. The {@link EventLog} keeps the last
 * {@code historyLimit} events, none older than the engine's maximum age; when the oldest is evicted, the compaction floor rises and the
 * chains are pruned. Watches read the log through their own cursor, so every event is serialized
 * once and its bytes are shared by all watchers.
 *
 * <p>Thread-safe: one lock guards the map, the log and every cursor; each mutation takes the next
 * global resourceVersion while holding it, so this resource's history is in resourceVersion order.
 * Waiting watchers park on {@link #changed}.
 */
final class ResourceStore {
    private static final String GENERATE_NAME_ALPHABET = "bcdfghjklmnpqrstvwxz2456789";
    private static final int GENERATE_NAME_ATTEMPTS = 8;

    /** Replaced (never in a way that changes group, version, plural or scope) when a CRD changes. */
    volatile ResourceDefinition def;

    final ApiServerEngine engine;
    final ReentrantLock lock = new ReentrantLock();
    final Condition changed = lock.newCondition();

    // @GuardedBy("lock")
    private final TreeMap<String, ObjectVersion> heads = new TreeMap<>();
    // @GuardedBy("lock")
    private final EventLog log;
    /** Resource versions at or below this were compacted away: older snapshots answer 410. */
    // @GuardedBy("lock")
    private long floor;
    // @GuardedBy("lock") for structural changes; iterated by the fault controller via a copy
    private final Set<ServedWatch> watchers = ConcurrentHashMap.newKeySet();
    /** Set when the CRD that served this resource is deleted: every request then answers 404. */
    // @GuardedBy("lock")
    private boolean retired;

    ResourceStore(ResourceDefinition def, ApiServerEngine engine, int historyLimit) {
        this.def = def;
        this.engine = engine;
        this.log = new EventLog(historyLimit);
        // This server knows nothing before its epoch: an older resourceVersion (e.g. one an earlier
        // server instance handed out) is as good as compacted, as kube's watch cache answers 410 for
        // resourceVersions before its start.
        this.floor = engine.currentRv();
    }

    // ---------------------------------------------------------------- reads

    /**
     * The current object.
     *
     * @throws Refusal 404 when absent
     */
    ObjectVersion get(@Nullable String namespace, String name) {
        lock.lock();
        try {
            return liveLocked(namespace, name);
        } finally {
            lock.unlock();
        }
    }

    private ObjectVersion liveLocked(@Nullable String namespace, String name) {
        ObjectVersion v = heads.get(ObjectRules.key(def, namespace, name));
        if (v == null || v.deleted) {
            throw Refusal.notFound(def, name);
        }
        return v;
    }

    /** One page of a list: the items, the snapshot resourceVersion and the continue token. */
    record ListResult(List<ObjectVersion> items, long resourceVersion, @Nullable String continueToken) {}

    /**
     * Lists with kube-apiserver's resourceVersion rules (see {@code docs/embedded-api-server.md}).
     *
     * @param namespace null for all namespaces (or a cluster-scoped resource)
     * @throws Refusal 410 for a compacted snapshot, 504 for a resourceVersion that does not
     *                     appear within the engine's wait bound, 400 for a bad continue token
     */
    ListResult list(@Nullable String namespace, ObjectFilter filter, ListQuery o) {
        if (o.continueToken() == null) {
            awaitFresh(o.resourceVersionNumber());
        }
        lock.lock();
        try {
            expireLocked();
            long current = engine.currentRv();
            long snapshot;
            String after = null;
            if (o.continueToken() != null) {
                ContinueToken token = ContinueToken.decode(o.continueToken());
                if (token.rv() == -1) {
                    snapshot = current;
                } else if (token.rv() < floor) {
                    throw Refusal.expiredContinue(new ContinueToken(-1, token.afterKey()).encode());
                } else if (token.rv() > current) {
                    throw Refusal.badRequest("continue key is not valid: resourceVersion " + token.rv()
                            + " is newer than the server's " + current);
                } else {
                    snapshot = token.rv();
                }
                after = token.afterKey();
            } else {
                long rv = o.resourceVersionNumber();
                String match = o.resourceVersionMatch();
                boolean exact = ListQuery.EXACT.equals(match) || (match == null && rv > 0 && o.limit() > 0);
                if (rv > current) {
                    throw Refusal.tooLargeResourceVersion(rv, current);
                }
                if (exact) {
                    if (rv < floor) {
                        throw Refusal.expired("The resourceVersion for the provided list is too old.");
                    }
                    snapshot = rv;
                } else {
                    snapshot = current;
                }
            }
            return pageLocked(namespace, filter, snapshot, after, o.limit());
        } finally {
            lock.unlock();
        }
    }

    private ListResult pageLocked(
            @Nullable String namespace, ObjectFilter filter, long snapshot, @Nullable String after, long limit) {
        NavigableMap<String, ObjectVersion> range = rangeLocked(namespace);
        if (after != null) {
            range = range.tailMap(after, false);
        }
        List<ObjectVersion> items = new ArrayList<>();
        String lastKey = null;
        boolean more = false;
        boolean latest = snapshot == engine.currentRv();
        for (ObjectVersion head : range.values()) {
            ObjectVersion v = latest ? head : head.visibleAtLocked(snapshot);
            if (v == null || v.deleted || !filter.matches(v.object)) {
                continue;
            }
            if (limit > 0 && items.size() == limit) {
                more = true;
                break;
            }
            items.add(v);
            lastKey = v.key;
        }
        // more implies a full page, so lastKey is set
        String token = more && lastKey != null ? new ContinueToken(snapshot, lastKey).encode() : null;
        return new ListResult(items, snapshot, token);
    }

    private NavigableMap<String, ObjectVersion> rangeLocked(@Nullable String namespace) {
        if (namespace == null || !def.namespaced()) {
            return heads;
        }
        // Keys are "ns/name": every key of one namespace sorts in [ns + "/", ns + "0").
        return heads.subMap(namespace + "/", true, namespace + "0", false);
    }

    /** The live objects (for direct access and deletecollection). */
    List<ObjectVersion> snapshot(@Nullable String namespace, ObjectFilter filter) {
        lock.lock();
        try {
            List<ObjectVersion> out = new ArrayList<>();
            for (ObjectVersion v : rangeLocked(namespace).values()) {
                if (!v.deleted && filter.matches(v.object)) {
                    out.add(v);
                }
            }
            return out;
        } finally {
            lock.unlock();
        }
    }

    // ---------------------------------------------------------------- writes

    /**
     * Creates an object.
     *
     * @param body a tree the store may keep (the caller must not touch it afterwards)
     * @throws Refusal 409 AlreadyExists, 400/422 on bad input
     */
    ObjectVersion create(@Nullable String namespace, ObjectNode body, boolean dryRun) {
        return create(namespace, body, dryRun, null, null);
    }

    /**
     * Creates an object, recording {@code writer}'s field ownership in {@code managedFields}.
     *
     * @param writer  null to record nothing (direct access)
     * @param applied the apply configuration when {@code writer} applies
     */
    ObjectVersion create(
            @Nullable String namespace,
            ObjectNode body,
            boolean dryRun,
            FieldManager.@Nullable Write writer,
            @Nullable ObjectNode applied) {
        String ns = def.namespaced() ? namespace : null;
        // Admission, before the lock (it reads the namespace's store).
        NamespaceLifecycle.checkCreate(engine, def, ns, body);
        lock.lock();
        try {
            requireServedLocked();
            ObjectNode obj = ObjectRules.prepareCreate(def, ns, body, engine.newUid(), engine.now());
            NamespaceLifecycle.prepareCreate(def, obj);
            ObjectNode meta = Json.requireMetadata(obj);
            String name = Json.text(meta, "name");
            if (name == null || name.isEmpty()) {
                String prefix = Json.text(meta, "generateName");
                if (prefix == null) {
                    // prepareCreate refuses a body with neither name nor generateName
                    throw new IllegalStateException("no name and no generateName in a new " + def.qualifiedName());
                }
                name = generateNameLocked(ns, prefix);
                meta.put("name", name);
            }
            String key = ObjectRules.key(def, ns, name);
            ObjectVersion existing = heads.get(key);
            if (existing != null && !existing.deleted) {
                throw Refusal.alreadyExists(def, name);
            }
            obj = engine.crds().admit(def, obj, null);
            allocateLocked(obj, key);
            if (writer != null) {
                FieldManager.onCreate(def, obj, writer, applied, ObjectRules.timestamp(engine.now()));
            }
            if (dryRun) {
                return new ObjectVersion(0, key, obj, false, null);
            }
            return commitLocked(key, obj, existing, EventKind.ADDED);
        } finally {
            lock.unlock();
        }
    }

    private String generateNameLocked(@Nullable String ns, String prefix) {
        for (int attempt = 0; attempt < GENERATE_NAME_ATTEMPTS; attempt++) {
            StringBuilder sb = new StringBuilder(prefix);
            for (int i = 0; i < 5; i++) {
                sb.append(GENERATE_NAME_ALPHABET.charAt(engine.randomInt(GENERATE_NAME_ALPHABET.length())));
            }
            String name = sb.toString();
            ObjectRules.validateName(def, name, "metadata.generateName");
            ObjectVersion v = heads.get(ObjectRules.key(def, ns, name));
            if (v == null || v.deleted) {
                return name;
            }
        }
        throw Refusal.alreadyExists(def, prefix + "*");
    }

    /**
     * Replaces an object (PUT), or its status (subresource).
     *
     * @throws Refusal 404, 409 Conflict on a stale resourceVersion, 400 on mismatches
     */
    ObjectVersion update(@Nullable String namespace, String name, ObjectNode body, boolean status, boolean dryRun) {
        return update(namespace, name, body, status, dryRun, null);
    }

    /** Replaces an object (or its status), recording {@code writer}'s changes (null: none). */
    ObjectVersion update(
            @Nullable String namespace,
            String name,
            ObjectNode body,
            boolean status,
            boolean dryRun,
            FieldManager.@Nullable Write writer) {
        lock.lock();
        try {
            ObjectVersion old = liveLocked(namespace, name);
            ObjectNode next = ObjectRules.prepareUpdate(def, old, body, name, status);
            if (!status) {
                allocateLocked(next, old.key);
            }
            if (writer != null) {
                FieldManager.onUpdate(def, old.object, next, writer, null, status, ObjectRules.timestamp(engine.now()));
            }
            return writeUpdateLocked(old, next, dryRun);
        } finally {
            lock.unlock();
        }
    }

    /** A patch function: the current object in, the patched tree out (a new tree). */
    interface PatchFunction {
        ObjectNode apply(ObjectNode current);
    }

    /**
     * Patches an existing object (not its status), recording no managed fields.
     *
     * @throws Refusal 404, 409, 400/422 from the patch engine
     */
    ObjectVersion patch(@Nullable String namespace, String name, PatchFunction patch, boolean dryRun) {
        return patch(namespace, name, patch, false, dryRun, false, null, null);
    }

    /**
     * Patches an object (or its status), recording {@code writer}'s changes (null: none); for an
     * apply, {@code createBody} is the applied configuration.
     *
     * @throws Refusal also 409 Conflict when an unforced apply changes fields others own
     */
    ObjectVersion patch(
            @Nullable String namespace,
            String name,
            PatchFunction patch,
            boolean status,
            boolean dryRun,
            boolean createIfMissing,
            @Nullable ObjectNode createBody,
            FieldManager.@Nullable Write writer) {
        lock.lock();
        try {
            ObjectVersion old = heads.get(ObjectRules.key(def, namespace, name));
            if (old == null || old.deleted) {
                if (createIfMissing && !status) {
                    if (createBody == null) {
                        throw new IllegalStateException("createIfMissing without a body to create");
                    }
                    ObjectNode meta = ObjectRules.metadata(createBody);
                    String bodyName = Json.text(meta, "name");
                    if (bodyName != null && !bodyName.equals(name)) {
                        throw Refusal.badRequest("the name of the object (" + bodyName
                                + ") does not match the name on the URL (" + name + ")");
                    }
                    meta.put("name", name);
                    ObjectNode applied = createBody.deepCopy();
                    return create(namespace, createBody, dryRun, writer, applied);
                }
                throw Refusal.notFound(def, name);
            }
            ObjectNode patched = patch.apply(old.object);
            ObjectNode next = ObjectRules.prepareUpdate(def, old, patched, name, status);
            if (!status) {
                allocateLocked(next, old.key);
            }
            if (writer != null) {
                FieldManager.onUpdate(
                        def,
                        old.object,
                        next,
                        writer,
                        writer.apply() ? createBody : null,
                        status,
                        ObjectRules.timestamp(engine.now()));
            }
            return writeUpdateLocked(old, next, dryRun);
        } finally {
            lock.unlock();
        }
    }

    /** Per-kind allocations (a Service's ClusterIP and node ports) against the other live objects. */
    private void allocateLocked(ObjectNode obj, String key) {
        if (!KindStrategies.allocates(def)) {
            return;
        }
        List<JsonNode> others = new ArrayList<>();
        for (ObjectVersion v : heads.values()) {
            if (!v.deleted && !v.key.equals(key)) {
                others.add(v.object);
            }
        }
        KindStrategies.allocate(def, obj, others);
    }

    private ObjectVersion writeUpdateLocked(ObjectVersion old, ObjectNode next, boolean dryRun) {
        NamespaceLifecycle.prepareUpdate(def, old.object, next);
        Finalizers.checkNoNewFinalizers(def, Json.meta(old.object, "name"), old.object, next);
        requireServedLocked();
        next = engine.crds().admit(def, next, old.object);
        return writeLocked(old, next, dryRun);
    }

    /** Writes {@code next} over {@code old}: a no-op, a MODIFIED, or the end of a deletion. */
    private ObjectVersion writeLocked(ObjectVersion old, ObjectNode next, boolean dryRun) {
        if (next.equals(old.object)) {
            return old; // no-op writes keep the resourceVersion and emit nothing, like etcd3's store
        }
        if (ObjectRules.isTerminating(next)
                && !Finalizers.blocking(def, next)
                && Finalizers.blocking(def, old.object)
                && Json.requireMetadata(old.object)
                                .path("deletionGracePeriodSeconds")
                                .asLong(0)
                        <= 0) {
            // The last finalizer is gone from an object being deleted: the update completes the
            // deletion, and watchers see only DELETED.
            return dryRun ? new ObjectVersion(old.rv, old.key, next, true, null) : deleteNowLocked(old, next);
        }
        if (dryRun) {
            return new ObjectVersion(old.rv, old.key, next, false, null);
        }
        return commitLocked(old.key, next, old, EventKind.MODIFIED);
    }

    /**
     * Deletes an object: at once, or gracefully (pods on a node, objects with finalizers get a
     * deletionTimestamp and a MODIFIED event first).
     *
     * @return the object as deleted (stamped with the deletion's resourceVersion) or as now
     *     terminating
     * @throws Refusal 404, 409 on a failed precondition
     */
    ObjectVersion delete(@Nullable String namespace, String name, DeleteRequest opts) {
        lock.lock();
        try {
            ObjectVersion old = liveLocked(namespace, name);
            ObjectNode oldMeta = Json.requireMetadata(old.object);
            if (opts.preconditionUid() != null && !opts.preconditionUid().equals(Json.text(oldMeta, "uid"))) {
                throw Refusal.conflict(
                        def,
                        name,
                        "Precondition failed: UID in precondition: " + opts.preconditionUid() + ", UID in object meta: "
                                + Json.text(oldMeta, "uid"));
            }
            if (opts.preconditionRv() != null && !opts.preconditionRv().equals(Long.toString(old.rv))) {
                throw Refusal.conflict(
                        def,
                        name,
                        "Precondition failed: ResourceVersion in"
                                + " precondition: " + opts.preconditionRv() + ", ResourceVersion in object meta: "
                                + old.rv);
            }
            Instant now = engine.now();
            ObjectNode next = old.object.deepCopy();
            ObjectNode meta = Json.requireMetadata(next);
            boolean finalizersChanged = Finalizers.applyPropagation(def, next, opts.propagation());
            boolean terminating = ObjectRules.isTerminating(old.object);
            NamespaceLifecycle.checkDelete(def, name);
            if (NamespaceLifecycle.isNamespaces(def)
                    && (!terminating || !Finalizers.specOf(old.object).isEmpty())) {
                // The namespace registry: the first delete starts termination; later ones only
                // update the propagation finalizers until the namespace controller is done.
                if (terminating && !finalizersChanged) {
                    return old;
                }
                NamespaceLifecycle.markTerminating(next, ObjectRules.timestamp(now));
                return writeDeletingLocked(old, next, opts.dryRun());
            }
            if (def.group().isEmpty() && def.plural().equals("pods")) {
                long grace = ObjectRules.podGracePeriod(old.object, opts.gracePeriodSeconds());
                if (grace > 0) {
                    JsonNode current = oldMeta.get("deletionGracePeriodSeconds");
                    if (current != null && current.isIntegralNumber() && current.longValue() <= grace) {
                        return old; // already terminating at least as fast
                    }
                    meta.put("deletionTimestamp", ObjectRules.timestamp(now.plusSeconds(grace)));
                    meta.put("deletionGracePeriodSeconds", grace);
                    return writeDeletingLocked(old, next, opts.dryRun());
                }
            }
            if (Finalizers.blocking(def, next)) {
                if (terminating) {
                    // Already being deleted: only a new propagation policy changes anything.
                    return finalizersChanged ? writeDeletingLocked(old, next, opts.dryRun()) : old;
                }
                // kube's markAsDeleting: generation bumps, deletion is "now", without grace.
                long generation = meta.path("generation").asLong(0);
                if (generation > 0) {
                    meta.put("generation", generation + 1);
                }
                meta.put("deletionTimestamp", ObjectRules.timestamp(now));
                meta.put("deletionGracePeriodSeconds", 0);
                return writeDeletingLocked(old, next, opts.dryRun());
            }
            if (opts.dryRun()) {
                return old;
            }
            return deleteNowLocked(old, old.object);
        } finally {
            lock.unlock();
        }
    }

    private ObjectVersion writeDeletingLocked(ObjectVersion old, ObjectNode next, boolean dryRun) {
        return dryRun
                ? new ObjectVersion(old.rv, old.key, next, false, null)
                : commitLocked(old.key, next, old, EventKind.MODIFIED);
    }

    /** A change the server's controllers make: the object in, whether it changed out. */
    interface Mutation {
        boolean apply(ObjectNode copy);
    }

    /**
     * A write by the server's own controllers (finalizer and owner-reference removal): applies
     * {@code mutation} to a copy of the object, bypassing the user-facing update rules (so the
     * namespace controller may change spec.finalizers); removing the last finalizer of a
     * terminating object removes it.
     *
     * @return the written version, or null when the object is gone, has another uid, or did not
     *     change
     */
    @Nullable
    ObjectVersion updateInternal(@Nullable String namespace, String name, @Nullable String uid, Mutation mutation) {
        lock.lock();
        try {
            ObjectVersion old = heads.get(ObjectRules.key(def, namespace, name));
            if (old == null || old.deleted || (uid != null && !uid.equals(Json.meta(old.object, "uid")))) {
                return null;
            }
            ObjectNode next = old.object.deepCopy();
            if (!mutation.apply(next)) {
                return null;
            }
            return writeLocked(old, next, false);
        } finally {
            lock.unlock();
        }
    }

    @SuppressWarnings("ReferenceEquality") // identity on purpose: copy only the tree the store holds
    private ObjectVersion deleteNowLocked(ObjectVersion old, ObjectNode lastState) {
        engine.crds().removing(def, old);
        long rv = engine.nextRv();
        ObjectNode tomb = lastState == old.object ? lastState.deepCopy() : lastState;
        Json.requireMetadata(tomb).put("resourceVersion", Long.toString(rv));
        ObjectVersion v = new ObjectVersion(rv, old.key, tomb, true, old);
        heads.put(old.key, v);
        appendLocked(new StoredEvent(EventKind.DELETED, rv, v, old));
        return v;
    }

    private ObjectVersion commitLocked(String key, ObjectNode obj, @Nullable ObjectVersion previous, EventKind type) {
        long rv = engine.nextRv();
        Json.requireMetadata(obj).put("resourceVersion", Long.toString(rv));
        ObjectVersion v = new ObjectVersion(rv, key, obj, false, previous);
        heads.put(key, v);
        ObjectVersion prevLive = previous == null || previous.deleted ? null : previous;
        appendLocked(new StoredEvent(type, rv, v, prevLive));
        engine.crds().committed(def, v);
        return v;
    }

    private void appendLocked(StoredEvent e) {
        long now = engine.nowMillis();
        expireLocked(now);
        if (log.isFull()) {
            evictOldestLocked();
        }
        log.append(e, now);
        changed.signalAll();
        engine.observe(def, e);
    }

    private void evictOldestLocked() {
        StoredEvent evicted = log.evictOldest();
        floor = Math.max(floor, evicted.rv);
        pruneLocked(evicted.current.key, evicted.rv);
    }

    private void expireLocked() {
        expireLocked(engine.nowMillis());
    }

    /** Drops the events older than the history's maximum age (the count bound is on append). */
    private void expireLocked(long nowMillis) {
        long cutoff = nowMillis - engine.historyMaxAgeMillis();
        while (!log.isEmpty() && log.oldestTimeMillis() < cutoff) {
            evictOldestLocked();
        }
    }

    /**
     * Waits (without the lock) until the global resourceVersion reaches {@code rv}, within the
     * engine's bound; the caller then checks again under the lock and answers 504 if it did not.
     */
    private void awaitFresh(long rv) {
        if (rv > 0 && rv > engine.currentRv()) {
            engine.awaitResourceVersion(rv);
        }
    }

    /** The number of events in the history now, after dropping the expired ones (for tests). */
    int historySize() {
        lock.lock();
        try {
            expireLocked();
            return (int) (log.nextSeq() - log.firstSeq());
        } finally {
            lock.unlock();
        }
    }

    /** Drops the versions of {@code key} that no snapshot at or after {@code compactedRv} needs. */
    private void pruneLocked(String key, long compactedRv) {
        ObjectVersion head = heads.get(key);
        if (head == null) {
            return;
        }
        ObjectVersion keep = head.visibleAtLocked(compactedRv);
        if (keep == null) {
            return;
        }
        keep.older = null;
        if (keep == head && keep.deleted) {
            heads.remove(key);
        }
    }

    // ---------------------------------------------------------------- compaction

    /** Raises the compaction floor to {@code rv} (open watches keep streaming). */
    void compactTo(long rv) {
        runWithLock(() -> floor = Math.max(floor, rv));
    }

    /** The compaction floor: snapshots and watches from older resourceVersions answer 410. */
    long floor() {
        return withLock(() -> floor);
    }

    // ---------------------------------------------------------------- watch

    /**
     * Registers a watch and decides where it starts, with kube-apiserver's rules. A watch from a
     * resourceVersion newer than the server's waits (without the lock, within the engine's bound)
     * for it to appear.
     *
     * @throws Refusal 504 Timeout with a ResourceVersionTooLarge cause for a resourceVersion
     *                     that did not appear in time
     */
    ServedWatch openWatch(@Nullable String namespace, ObjectFilter filter, ListQuery o) {
        long rv = o.resourceVersionNumber();
        awaitFresh(rv);
        lock.lock();
        try {
            requireServedLocked();
            expireLocked();
            long current = engine.currentRv();
            if (rv > current) {
                throw Refusal.tooLargeResourceVersion(rv, current);
            }
            List<ObjectVersion> initial = null;
            boolean endBookmark = false;
            long cursor;
            String expired = null;
            // Without sendInitialEvents, a watch from 0 (or none) starts with the live objects too,
            // but only an explicit sendInitialEvents=true ends them with a bookmark.
            Boolean requested = o.sendInitialEvents();
            if (requested != null ? requested : rv <= 0) {
                initial = liveInRangeLocked(namespace);
                endBookmark = requested != null && o.allowWatchBookmarks();
                cursor = log.nextSeq();
            } else if (rv <= 0) {
                cursor = log.nextSeq();
            } else if (rv < floor) {
                expired = tooOld(rv);
                cursor = log.nextSeq();
            } else {
                cursor = log.firstSeqAfter(rv);
            }
            long deadline = Long.MAX_VALUE;
            if (o.timeoutSeconds() != null && o.timeoutSeconds() > 0) {
                deadline = engine.nanoTime() + o.timeoutSeconds() * 1_000_000_000L;
            }
            ServedWatch s = new ServedWatch(
                    this,
                    namespace,
                    filter,
                    o.allowWatchBookmarks(),
                    deadline,
                    initial,
                    endBookmark,
                    current,
                    cursor,
                    expired);
            watchers.add(s);
            engine.watchesChanged();
            return s;
        } finally {
            lock.unlock();
        }
    }

    private String tooOld(long rv) {
        return "too old resource version: " + rv + " (" + floor + ")";
    }

    private List<ObjectVersion> liveInRangeLocked(@Nullable String namespace) {
        List<ObjectVersion> out = new ArrayList<>();
        for (ObjectVersion v : rangeLocked(namespace).values()) {
            if (!v.deleted) {
                out.add(v);
            }
        }
        return out;
    }

    private void requireServedLocked() {
        if (retired) {
            throw Refusal.noSuchPath();
        }
    }

    /** Whether the CRD that served this resource was deleted. */
    boolean isRetired() {
        return withLock(() -> retired);
    }

    /** A CRD changed (names, subresources): later requests see the new definition. */
    void redefine(ResourceDefinition next) {
        runWithLock(() -> def = next);
    }

    /** Reads {@code value} under the store lock (a field the lock guards). */
    private <T> T withLock(Supplier<T> value) {
        lock.lock();
        try {
            return value.get();
        } finally {
            lock.unlock();
        }
    }

    /** Runs {@code write} under the store lock. */
    private void runWithLock(Runnable write) {
        lock.lock();
        try {
            write.run();
        } finally {
            lock.unlock();
        }
    }

    /**
     * The CRD of this resource is being deleted: deletes every object (watchers see DELETED, in
     * resourceVersion order), refuses later requests with 404 and ends the open watches once they
     * have written those events.
     */
    void retire() {
        lock.lock();
        try {
            for (ObjectVersion v : new ArrayList<>(heads.values())) {
                if (!v.deleted) {
                    deleteNowLocked(v, v.object);
                }
            }
            retired = true;
        } finally {
            lock.unlock();
        }
        for (ServedWatch w : watchers()) {
            w.requestEnd(ServedWatch.End.SHUTDOWN);
        }
    }

    void unregister(ServedWatch s) {
        watchers.remove(s);
        engine.watchesChanged();
    }

    /** The watches open now (a copy). */
    List<ServedWatch> watchers() {
        return new ArrayList<>(watchers);
    }

    /** Wakes every waiting watcher (after a fault changed what they should do). */
    void wakeWatchers() {
        lock.lock();
        try {
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    // ---- cursor access for ServedWatch (all "Locked": the caller holds lock)

    long nextSeqLocked() {
        return log.nextSeq();
    }

    long firstSeqLocked() {
        return log.firstSeq();
    }

    StoredEvent eventLocked(long seq) {
        return log.get(seq);
    }

    /** A list object for deletecollection answers. */
    ObjectNode listObject(List<ObjectVersion> items, long rv) {
        ObjectNode list = Json.object();
        list.put("kind", def.listKind());
        list.put("apiVersion", def.apiVersion());
        list.putObject("metadata").put("resourceVersion", Long.toString(rv));
        ArrayNode arr = list.putArray("items");
        for (ObjectVersion v : items) {
            arr.add(v.object);
        }
        return list;
    }

    /** Number of live objects (for tests and logs). */
    int size() {
        lock.lock();
        try {
            int n = 0;
            for (Map.Entry<String, ObjectVersion> e : heads.entrySet()) {
                if (!e.getValue().deleted) {
                    n++;
                }
            }
            return n;
        } finally {
            lock.unlock();
        }
    }
}
