package dev.informer.podconfig;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A {@link PodSource} of static pod manifests read from a file or a directory (the kubelet's {@code
 * --pod-manifest-path}); see {@link Builder} for what it reads and how it treats bad files.
 *
 * <p>Thread-safety and lifecycle as {@link PodSource}.
 */
public interface FileSource extends PodSource {

    /**
     * A builder of a file source sending on {@code channel} for node {@code nodeName}.
     *
     * @throws NullPointerException if an argument is {@code null}
     * @throws IllegalArgumentException if {@code nodeName} is empty
     */
    static Builder builder(Path path, String nodeName, SourceChannel<PodUpdate> channel) {
        return new Builder(path, nodeName, channel);
    }

    /**
     * Configures the file source (the kubelet's {@code --pod-manifest-path}): a single manifest file or
     * a directory whose regular files (sorted by name; dotfiles and subdirectories ignored) each hold
     * one Pod in YAML or JSON. The path is read at start, every {@link #period} (default 20 s) on the
     * injected clock, and at once when the file system reports a change (a {@link
     * java.nio.file.WatchService} on its own thread, unless {@link #watchFileSystem(boolean)} is off).
     * Each read sends a SET of all valid pods; a missing path sends an empty SET; a removed file
     * removes its pod; a directory that cannot be listed keeps the last set.
     *
     * <p><b>Bad files never block the others.</b> An invalid manifest (including a {@code null} list
     * element such as {@code containers: [null]}, named by its field path), a file above {@link
     * #maxManifestBytes} (rejected by its size, without reading it), an unreadable file, and a second
     * file defining a pod name already read are each reported as one {@link InvalidManifestException}
     * line naming the file, skipped, and the other files still apply. A bad file is reported once per
     * content (WARN, and to the {@link #onInvalidManifest listener}); while it stays unchanged later
     * periods log it only at DEBUG. For a single-file path an invalid file keeps the last set.
     *
     * <p>A read that fails as a whole (any exception or error escaping it) is logged at ERROR and
     * retried the next period: the source's thread does not die. Its clock times the period, and its
     * thread factory makes the reader and watcher threads. Not thread-safe; {@link #build()} may be
     * called more than once.
     */
    final class Builder extends ManifestSourceBuilder<Builder> {

        final Path path;
        boolean watchFileSystem = true;

        private Builder(Path path, String nodeName, SourceChannel<PodUpdate> channel) {
            super("file", "pod-source-file", nodeName, channel);
            this.path = Objects.requireNonNull(path, "path");
        }

        @Override
        Builder self() {
            return this;
        }

        /** Whether to re-read on file-system change notification; default true. */
        public Builder watchFileSystem(boolean watch) {
            this.watchFileSystem = watch;
            return this;
        }

        /** A new, not yet started, file source. */
        public FileSource build() {
            return new DefaultFileSource(this, threads.threadFactory());
        }
    }
}
