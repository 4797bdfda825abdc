package dev.informer.podconfig;

import dev.informer.api.ObjectMeta;
import dev.informer.api.Pod;
import dev.informer.clock.Clock;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link PodStorage} as the kubelet's podStorage. Pods are immutable, so nothing is deep-copied:
 * a changed pod is rebuilt, an unchanged one costs a lookup and a comparison.
 */
final class DefaultPodStorage implements PodStorage {

    private static final Logger LOG = LoggerFactory.getLogger(DefaultPodStorage.class);

    /** One stored pod; also the owner record in the name index. */
    private static final class Entry {
        final String source;
        Pod pod;
        /** The source's object this entry was last merged from: resending the same instance changes nothing. */
        @Nullable
        Pod lastRef;
        /** The merge call that last saw this pod: marks survivors of a SET and duplicates in one update. */
        long stamp;

        Entry(String source, Pod pod, long stamp) {
            this.source = source;
            this.pod = pod;
            this.stamp = stamp;
        }
    }

    /** The five kinds of change of one merge call; lists created on first use. */
    private static final class Changes {
        @Nullable
        List<Pod> adds;

        @Nullable
        List<Pod> updates;

        @Nullable
        List<Pod> deletes;

        @Nullable
        List<Pod> removes;

        @Nullable
        List<Pod> reconciles;

        static List<Pod> add(@Nullable List<Pod> list, Pod pod) {
            List<Pod> target = list == null ? new ArrayList<>() : list;
            target.add(pod);
            return target;
        }

        static boolean any(@Nullable List<Pod> list) {
            return list != null && !list.isEmpty();
        }

        static PodUpdate update(@Nullable List<Pod> list, PodOperation op, String source) {
            return new PodUpdate(list == null ? List.of() : list, op, source);
        }
    }

    private final NotificationMode mode;
    private final UpdateSink sink;
    private final Clock clock;

    // Serializes merge + delivery so updates reach the sink in strict order (the kubelet's updateLock).
    private final ReentrantLock updateLock = new ReentrantLock();
    // Guards the pod state; readers (mergedState) never wait for the sink.
    private final ReentrantReadWriteLock podLock = new ReentrantReadWriteLock();
    // @GuardedBy("podLock") source -> uid -> entry, sources in first-seen order
    private final Map<String, Map<String, Entry>> pods = new LinkedHashMap<>();
    // @GuardedBy("podLock") namespace -> name -> owning entry (mirror pods are not indexed)
    private final Map<String, Map<String, Entry>> names = new HashMap<>();
    // @GuardedBy("podLock")
    private long stamps;
    private final Set<String> sourcesSeen = ConcurrentHashMap.newKeySet();

    DefaultPodStorage(NotificationMode mode, UpdateSink sink, Clock clock) {
        this.mode = Objects.requireNonNull(mode, "mode");
        this.sink = Objects.requireNonNull(sink, "sink");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public void merge(String source, PodUpdate update) throws InterruptedException {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(update, "update");
        updateLock.lockInterruptibly();
        try {
            boolean seenBefore = sourcesSeen.contains(source);
            Changes changes = apply(source, update);
            boolean firstSet = !seenBefore && sourcesSeen.contains(source);
            deliverLocked(source, changes, firstSet);
        } finally {
            updateLock.unlock();
        }
    }

    private void deliverLocked(String source, Changes c, boolean firstSet) throws InterruptedException {
        switch (mode) {
            case INCREMENTAL -> {
                if (Changes.any(c.removes)) {
                    sink.put(Changes.update(c.removes, PodOperation.REMOVE, source));
                }
                if (Changes.any(c.adds)) {
                    sink.put(Changes.update(c.adds, PodOperation.ADD, source));
                }
                if (Changes.any(c.updates)) {
                    sink.put(Changes.update(c.updates, PodOperation.UPDATE, source));
                }
                if (Changes.any(c.deletes)) {
                    sink.put(Changes.update(c.deletes, PodOperation.DELETE, source));
                }
                if (firstSet && !Changes.any(c.adds) && !Changes.any(c.updates) && !Changes.any(c.deletes)) {
                    // An empty ADD tells the consumer that this source is ready.
                    sink.put(Changes.update(null, PodOperation.ADD, source));
                }
                if (Changes.any(c.reconciles)) {
                    sink.put(Changes.update(c.reconciles, PodOperation.RECONCILE, source));
                }
            }
            case SNAPSHOT_AND_UPDATES -> {
                if (Changes.any(c.removes) || Changes.any(c.adds) || firstSet) {
                    sink.put(PodUpdate.set(source, mergedState()));
                }
                if (Changes.any(c.updates)) {
                    sink.put(Changes.update(c.updates, PodOperation.UPDATE, source));
                }
                if (Changes.any(c.deletes)) {
                    sink.put(Changes.update(c.deletes, PodOperation.DELETE, source));
                }
            }
            case SNAPSHOT -> {
                if (Changes.any(c.updates)
                        || Changes.any(c.deletes)
                        || Changes.any(c.adds)
                        || Changes.any(c.removes)
                        || firstSet) {
                    sink.put(PodUpdate.set(source, mergedState()));
                }
            }
        }
    }

    private Changes apply(String source, PodUpdate update) {
        Changes changes = new Changes();
        podLock.writeLock().lock();
        try {
            Map<String, Entry> sourcePods = pods.computeIfAbsent(source, s -> new LinkedHashMap<>());
            long stamp = ++stamps;
            switch (update.operation()) {
                case ADD, UPDATE, DELETE -> applyPodsLocked(source, update.pods(), sourcePods, stamp, changes);
                case REMOVE -> {
                    for (Pod pod : update.pods()) {
                        Entry existing = sourcePods.remove(pod.uid());
                        if (existing != null) {
                            unindexLocked(existing);
                            changes.removes = Changes.add(changes.removes, existing.pod);
                        }
                    }
                }
                case SET -> {
                    sourcesSeen.add(source);
                    applyPodsLocked(source, update.pods(), sourcePods, stamp, changes);
                    // Whatever this SET did not mention is gone from the source.
                    for (Iterator<Entry> it = sourcePods.values().iterator(); it.hasNext(); ) {
                        Entry entry = it.next();
                        if (entry.stamp != stamp) {
                            it.remove();
                            unindexLocked(entry);
                            changes.removes = Changes.add(changes.removes, entry.pod);
                        }
                    }
                }
                case RECONCILE ->
                    LOG.warn(
                            "Ignoring an update with operation RECONCILE from source {}: "
                                    + "sources send SET, ADD, UPDATE, DELETE or REMOVE",
                            source);
            }
        } finally {
            podLock.writeLock().unlock();
        }
        return changes;
    }

    // Identity first: sources backed by a store resend an unchanged pod as the same instance.
    @SuppressWarnings("ReferenceEquality")
    private void applyPodsLocked(
            String source, List<Pod> refs, Map<String, Entry> sourcePods, long stamp, Changes changes) {
        for (Pod ref : refs) {
            boolean mirror = ConfigAnnotations.isMirrorPod(ref);
            Entry owner = mirror ? null : ownerLocked(ref);
            if (owner != null && owner.stamp == stamp) {
                LOG.warn(
                        "Pod {} from source {} ignored: duplicate pod full name {} in the same update",
                        describe(ref),
                        source,
                        ConfigAnnotations.fullName(ref));
                continue;
            }
            if (owner != null && !owner.source.equals(source)) {
                LOG.warn(
                        "Pod {} (uid {}) from source {} ignored: its full name {} is already used by pod uid {} "
                                + "from source {}",
                        describe(ref),
                        ref.uid(),
                        source,
                        ConfigAnnotations.fullName(ref),
                        owner.pod.uid(),
                        owner.source);
                continue;
            }
            Entry existing = sourcePods.get(ref.uid());
            if (existing != null) {
                existing.stamp = stamp;
                if (existing.lastRef == ref) {
                    // Sources backed by a store resend unchanged pods as the same instances.
                    continue;
                }
                existing.lastRef = ref;
                Pod before = existing.pod;
                checkAndUpdateLocked(existing, ref, source, changes);
                if (!mirror && !sameName(before, existing.pod)) {
                    unindexPodLocked(before, existing);
                }
                if (!mirror) {
                    indexLocked(existing);
                }
                continue;
            }
            Entry added = new Entry(source, annotateNew(ref, source), stamp);
            added.lastRef = ref;
            sourcePods.put(ref.uid(), added);
            if (!mirror) {
                indexLocked(added);
            }
            changes.adds = Changes.add(changes.adds, added.pod);
        }
    }

    /**
     * The kubelet's checkAndUpdatePod: updates {@code entry} from {@code ref} and records an UPDATE,
     * DELETE (graceful deletion), RECONCILE (status only) or nothing.
     */
    private static void checkAndUpdateLocked(Entry entry, Pod ref, String source, Changes changes) {
        Pod existing = entry.pod;
        if (!PodDiff.differSemantically(existing, ref)) {
            if (!Objects.equals(existing.status(), ref.status())) {
                // The kubelet is the source of truth of the status: the consumer reconciles it.
                entry.pod = existing.toBuilder().status(ref.status()).build();
                changes.reconciles = Changes.add(changes.reconciles, entry.pod);
            }
            return;
        }
        ObjectMeta em = meta(existing);
        ObjectMeta rm = meta(ref);
        Map<String, String> annotations = new LinkedHashMap<>(rm.annotations());
        annotations.put(ConfigAnnotations.SOURCE, source);
        for (String key : ConfigAnnotations.LOCAL) {
            String value = em.annotations().get(key);
            if (value != null) {
                annotations.put(key, value);
            }
        }
        // As the kubelet: the stored pod keeps its identity and takes over the meaningful fields.
        ObjectMeta merged = em.toBuilder()
                .labels(rm.labels())
                .annotations(annotations)
                .deletionTimestamp(rm.deletionTimestamp())
                .deletionGracePeriodSeconds(rm.deletionGracePeriodSeconds())
                .build();
        entry.pod = existing.toBuilder()
                .metadata(merged)
                .spec(ref.spec())
                .status(ref.status())
                .build();
        if (rm.deletionTimestamp() != null) {
            changes.deletes = Changes.add(changes.deletes, entry.pod);
        } else {
            changes.updates = Changes.add(changes.updates, entry.pod);
        }
    }

    private Pod annotateNew(Pod ref, String source) {
        ObjectMeta meta = meta(ref).toBuilder()
                .annotation(ConfigAnnotations.SOURCE, source)
                .annotation(ConfigAnnotations.SEEN, DateTimeFormatter.ISO_INSTANT.format(clock.now()))
                .build();
        return ref.toBuilder().metadata(meta).build();
    }

    private static ObjectMeta meta(Pod pod) {
        return pod.metadata() == null ? ObjectMeta.builder().build() : pod.metadata();
    }

    private @Nullable Entry ownerLocked(Pod pod) {
        Map<String, Entry> byName = names.get(namespaceOf(pod));
        return byName == null ? null : byName.get(nameOf(pod));
    }

    private void indexLocked(Entry entry) {
        names.computeIfAbsent(namespaceOf(entry.pod), ns -> new HashMap<>()).put(nameOf(entry.pod), entry);
    }

    private void unindexLocked(Entry entry) {
        unindexPodLocked(entry.pod, entry);
    }

    private void unindexPodLocked(Pod asIndexed, Entry entry) {
        Map<String, Entry> byName = names.get(namespaceOf(asIndexed));
        if (byName != null && byName.get(nameOf(asIndexed)) == entry) {
            byName.remove(nameOf(asIndexed));
            if (byName.isEmpty()) {
                names.remove(namespaceOf(asIndexed));
            }
        }
    }

    private static boolean sameName(Pod a, Pod b) {
        return namespaceOf(a).equals(namespaceOf(b)) && nameOf(a).equals(nameOf(b));
    }

    private static String namespaceOf(Pod pod) {
        String ns = pod.namespace();
        return ns == null ? "" : ns;
    }

    private static String nameOf(Pod pod) {
        String name = pod.name();
        return name == null ? "" : name;
    }

    private static String describe(Pod pod) {
        return namespaceOf(pod) + "/" + nameOf(pod);
    }

    @Override
    public List<Pod> mergedState() {
        podLock.readLock().lock();
        try {
            int size = 0;
            for (Map<String, Entry> sourcePods : pods.values()) {
                size += sourcePods.size();
            }
            List<Pod> all = new ArrayList<>(size);
            for (Map<String, Entry> sourcePods : pods.values()) {
                for (Entry entry : sourcePods.values()) {
                    all.add(entry.pod);
                }
            }
            return all;
        } finally {
            podLock.readLock().unlock();
        }
    }

    @Override
    public void sync() throws InterruptedException {
        updateLock.lockInterruptibly();
        try {
            sink.put(PodUpdate.set(ConfigSources.ALL, mergedState()));
        } finally {
            updateLock.unlock();
        }
    }

    @Override
    public boolean seenSources(Collection<String> sources) {
        return sourcesSeen.containsAll(sources);
    }
}
