package dev.informer.podconfig;

import dev.informer.api.Pod;
import dev.informer.clock.Clock;
import java.util.Collection;
import java.util.List;

/**
 * The kubelet's {@code podStorage}: the merged, per-source state of all pods, and the merge that
 * turns each source update into the minimal ordered stream of changes.
 *
 * <p><b>State.</b> Pods are kept per source, keyed by UID. A {@link PodOperation#SET} replaces the
 * source's whole set and is diffed against it (new UIDs are adds, missing ones removes, present
 * ones are checked); {@link PodOperation#ADD}, {@link PodOperation#UPDATE} and {@link
 * PodOperation#DELETE} check each pod against the stored one (an unknown UID is an add); {@link
 * PodOperation#REMOVE} drops the listed UIDs. Each stored pod carries the {@link
 * ConfigAnnotations#SOURCE} annotation and, from when it was first seen, {@link
 * ConfigAnnotations#SEEN}.
 *
 * <p><b>What counts as a change</b> ({@code checkAndUpdatePod}): a change of spec, labels, deletion
 * timestamp, deletion grace period or any annotation other than the kubelet's own (source, mirror,
 * seen) is an UPDATE, or a DELETE when the deletion timestamp is set; a change of the status alone
 * is a RECONCILE; anything else is nothing.
 *
 * <p><b>Duplicates.</b> Within one update, a second pod with the same full name (name and namespace)
 * is dropped and logged, as the kubelet does. Across sources, a new pod whose full name is already
 * held by a pod of another source is dropped and logged naming both sources (the first source to
 * hold a name keeps it). Mirror pods are exempt: they share the name of their static pod by design.
 *
 * <p><b>Output</b> per {@link NotificationMode}, through the {@link UpdateSink}, see there.
 *
 * <p><b>Thread-safety.</b> All methods are thread-safe. Merges are serialized and deliver their
 * updates, in order, before the next merge starts, with the sink called on the merging thread; a
 * sink that blocks holds back every merge. {@link #mergedState()} does not wait for the sink.
 */
public interface PodStorage extends Merger<PodUpdate> {

    /**
     * A storage delivering to {@code sink} in {@code mode}; {@code clock} stamps the seen annotation.
     *
     * @throws NullPointerException if an argument is {@code null}
     */
    static PodStorage create(NotificationMode mode, UpdateSink sink, Clock clock) {
        return new DefaultPodStorage(mode, sink, clock);
    }

    /**
     * Merges {@code update} as coming from {@code source} (the update's own source field is not
     * used, as in the kubelet) and delivers the resulting updates.
     *
     * @throws InterruptedException if interrupted while the sink blocks; the state is merged
     * @throws NullPointerException if an argument is {@code null}
     */
    @Override
    void merge(String source, PodUpdate update) throws InterruptedException;

    /** A snapshot of all pods of all sources, sources in the order they first sent, pods in order. */
    List<Pod> mergedState();

    /**
     * Delivers a {@link PodOperation#SET} of {@link #mergedState()} from {@link ConfigSources#ALL}.
     *
     * @throws InterruptedException if interrupted while the sink blocks
     */
    void sync() throws InterruptedException;

    /** Whether each of {@code sources} has sent at least one {@link PodOperation#SET}. */
    boolean seenSources(Collection<String> sources);
}
