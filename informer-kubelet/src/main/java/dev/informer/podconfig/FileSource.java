package dev.informer.podconfig;

import dev.informer.clock.Clock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;

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
     * retried the next period: the source's thread does not die. Not thread-safe; {@link #build()} may
     * be called more than once.
     */
    final class Builder {

        final Path path;
        final SourceSettings settings;
        boolean watchFileSystem = true;

        private Builder(Path path, String nodeName, SourceChannel<PodUpdate> channel) {
            this.path = Objects.requireNonNull(path, "path");
            this.settings = new SourceSettings("file", "pod-source-file", nodeName, channel);
        }

        /**
         * How often the path is re-read; default 20 s.
         *
         * @throws IllegalArgumentException if not positive
         */
        public Builder period(Duration period) {
            settings.period(period);
            return this;
        }

        /**
         * The largest manifest file accepted, in bytes; default {@link
         * PodSource#DEFAULT_MAX_MANIFEST_BYTES} (10 MiB, the kubelet's limit of a manifest URL's body). A
         * larger file is rejected by its size without being read.
         *
         * @throws IllegalArgumentException if not between 1 byte and 1 GiB
         */
        public Builder maxManifestBytes(long bytes) {
            settings.maxManifestBytes(bytes);
            return this;
        }

        /**
         * Also tells {@code listener} of each invalid manifest, once per file content (as it is logged at
         * WARN); called on the source's thread, so it should be quick; what it throws is logged and
         * ignored. Default: nothing besides the log.
         */
        public Builder onInvalidManifest(Consumer<? super InvalidManifestException> listener) {
            settings.onInvalidManifest(listener);
            return this;
        }

        /** Whether to re-read on file-system change notification; default true. */
        public Builder watchFileSystem(boolean watch) {
            this.watchFileSystem = watch;
            return this;
        }

        /** The clock of the period; default the system clock. */
        public Builder clock(Clock clock) {
            settings.clock(clock);
            return this;
        }

        /** Where the reader and watcher threads come from; default daemon threads. */
        public Builder threadFactory(ThreadFactory threadFactory) {
            settings.threadFactory(threadFactory);
            return this;
        }

        /** A new, not yet started, file source. */
        public FileSource build() {
            return new DefaultFileSource(this, settings.threadFactory());
        }
    }
}
