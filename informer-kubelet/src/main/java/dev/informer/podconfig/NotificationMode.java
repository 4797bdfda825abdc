package dev.informer.podconfig;

/**
 * How a {@link PodStorage} reports the effect of each source update, as the kubelet's {@code
 * PodConfigNotificationMode}.
 */
public enum NotificationMode {
    /**
     * One update per kind of change, in the order {@link PodOperation#REMOVE}, {@link
     * PodOperation#ADD}, {@link PodOperation#UPDATE}, {@link PodOperation#DELETE}, then {@link
     * PodOperation#RECONCILE}; the first SET from a source with no adds, updates or deletes sends an
     * empty ADD so the consumer learns that the source is ready.
     */
    INCREMENTAL,
    /** A {@link PodOperation#SET} of all pods of all sources whenever anything changes. */
    SNAPSHOT,
    /**
     * A {@link PodOperation#SET} of all pods when pods were added or removed (or on a source's first
     * SET), then {@link PodOperation#UPDATE} and {@link PodOperation#DELETE} for changed pods.
     */
    SNAPSHOT_AND_UPDATES
}
