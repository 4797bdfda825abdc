package dev.informer.podconfig;

import dev.informer.api.Pod;
import dev.informer.client.ResourceClient;
import java.net.URI;
import java.nio.file.Path;

/**
 * A running source of pods that sends {@link PodOperation#SET} updates on a {@link SourceChannel}:
 * a manifest file or directory ({@link #file}), a manifest URL ({@link #http}), or the pods bound to
 * the node on the API server ({@link #apiserver}).
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

    /** A source reading static pod manifests from {@code path} (a file or a directory). */
    static FileSourceBuilder file(Path path, String nodeName, SourceChannel<PodUpdate> channel) {
        return new FileSourceBuilder(path, nodeName, channel);
    }

    /** A source polling static pod manifests (a Pod or a PodList) from {@code url}. */
    static HttpSourceBuilder http(URI url, String nodeName, SourceChannel<PodUpdate> channel) {
        return new HttpSourceBuilder(url, nodeName, channel);
    }

    /** A source of the pods whose {@code spec.nodeName} is {@code nodeName}, listed and watched with {@code pods}. */
    static ApiserverSourceBuilder apiserver(
            ResourceClient<Pod> pods, String nodeName, SourceChannel<PodUpdate> channel) {
        return new ApiserverSourceBuilder(pods, nodeName, channel);
    }

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
