package dev.informer.podconfig;

/**
 * A running source of pods that sends {@link PodOperation#SET} updates on a {@link SourceChannel}:
 * a manifest file or directory ({@link FileSource#builder}), a manifest URL ({@link
 * HttpSource#builder}), or the pods bound to the node on the API server ({@link
 * ApiserverSource#builder}).
 *
 * <p>Every source sends from its own thread(s), taken from its builder's thread factory; {@code
 * send} may block (back-pressure), which delays the next read. Bad input is logged and skipped and
 * never stops a source; a bad manifest never keeps the others from applying; a read or poll that
 * fails as a whole is logged and retried the next period, so a source's thread never dies silently. {@link #start()} may be called once; {@link #close()} is idempotent, stops
 * the threads and waits for them.
 */
public interface PodSource extends AutoCloseable {

    /**
     * The default size cap of one manifest file or manifest URL body: 10 MiB, the kubelet's {@code
     * maxConfigLength}. Larger manifests are rejected by name without being read into memory.
     */
    long DEFAULT_MAX_MANIFEST_BYTES = 10L * 1024 * 1024;

    /** The source's name ({@link ConfigSources}). */
    String name();

    /**
     * Starts the source's threads.
     *
     * @throws IllegalStateException if already started or closed
     */
    void start();

    /** Stops the source and waits for its threads to end. */
    @Override
    void close();
}
