package dev.informer.examples.controller;

/**
 * A snapshot of the example controller's counters since it started. Immutable.
 *
 * @param podEvents        pod notifications handled (adds, updates, deletes)
 * @param configMapEvents  ConfigMap notifications handled
 * @param reconciles       successful reconciles
 * @param created          ConfigMaps created
 * @param updated          ConfigMaps updated
 * @param deleted          ConfigMaps deleted
 * @param unchanged        reconciles that found nothing to do
 * @param failures         failed reconciles
 * @param retries          keys re-queued through the rate limiter after a failure
 * @param droppedKeys      keys given up on after too many failures in a row
 */
public record ControllerStats(
        long podEvents,
        long configMapEvents,
        long reconciles,
        long created,
        long updated,
        long deleted,
        long unchanged,
        long failures,
        long retries,
        long droppedKeys) {

    /** Pod and ConfigMap notifications together. */
    public long events() {
        return podEvents + configMapEvents;
    }
}
