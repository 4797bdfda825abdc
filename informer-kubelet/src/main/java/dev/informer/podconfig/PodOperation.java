package dev.informer.podconfig;

/**
 * What a {@link PodUpdate} means, as the kubelet's {@code PodOperation}.
 *
 * <p>Sources send {@link #SET} (their complete current set) or one of the incremental
 * operations {@link #ADD}, {@link #UPDATE}, {@link #DELETE}, {@link #REMOVE}. The merged stream
 * of a {@link PodConfig} also carries {@link #RECONCILE} (only the status of a pod changed).
 */
public enum PodOperation {
    /** The complete set of pods of a source (or, merged, of all sources). */
    SET,
    /** Pods that are new. */
    ADD,
    /** Pods whose spec, labels, annotations or deletion fields changed. */
    UPDATE,
    /** Pods being gracefully deleted (their deletion timestamp is set). */
    DELETE,
    /** Pods that are gone from their source. */
    REMOVE,
    /** Pods whose status alone changed: the kubelet should reconcile it. */
    RECONCILE
}
