package dev.informer.podconfig;

/**
 * Where a {@link PodStorage} delivers its merged updates, in order. Called with the storage's update
 * lock held, so an implementation that blocks (a full queue) holds back every source: that is the
 * pipeline's back-pressure.
 */
@FunctionalInterface
public interface UpdateSink {

    /**
     * Delivers {@code update}.
     *
     * @throws InterruptedException if interrupted while blocked
     */
    void put(PodUpdate update) throws InterruptedException;
}
