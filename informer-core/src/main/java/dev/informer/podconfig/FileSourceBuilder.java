package dev.informer.podconfig;

import dev.informer.clock.Clock;
import dev.informer.concurrent.ThreadFactories;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;

/**
 * Configures the file source (the kubelet's {@code --pod-manifest-path}): a single manifest file or
 * a directory whose regular files (sorted by name; dotfiles and subdirectories ignored) each hold
 * one Pod in YAML or JSON. The path is read at start, every {@link #period} (default 20 s) on the
 * injected clock, and at once when the file system reports a change (a {@link
 * java.nio.file.WatchService} on its own thread, unless {@link #watchFileSystem(boolean)} is off).
 * Each read sends a SET of all valid pods; a missing path sends an empty SET; a removed file
 * removes its pod. Invalid manifests, and a second file defining a pod name already read, are
 * logged with the file and the reason and skipped. For a single-file path an invalid file keeps the
 * last set. Not thread-safe; {@link #build()} may be called more than once.
 */
public final class FileSourceBuilder {

    final Path path;
    final String nodeName;
    final SourceChannel<PodUpdate> channel;
    Duration period = Duration.ofSeconds(20);
    boolean watchFileSystem = true;
    Clock clock = Clock.system();
    ThreadFactory threadFactory;

    FileSourceBuilder(Path path, String nodeName, SourceChannel<PodUpdate> channel) {
        this.path = Objects.requireNonNull(path, "path");
        this.nodeName = Objects.requireNonNull(nodeName, "nodeName");
        this.channel = Objects.requireNonNull(channel, "channel");
        if (nodeName.isEmpty()) {
            throw new IllegalArgumentException("the file source needs a node name");
        }
    }

    /**
     * How often the path is re-read; default 20 s.
     *
     * @throws IllegalArgumentException if not positive
     */
    public FileSourceBuilder period(Duration period) {
        if (period.isNegative() || period.isZero()) {
            throw new IllegalArgumentException("file source period must be positive: " + period);
        }
        this.period = period;
        return this;
    }

    /** Whether to re-read on file-system change notification; default true. */
    public FileSourceBuilder watchFileSystem(boolean watch) {
        this.watchFileSystem = watch;
        return this;
    }

    /** The clock of the period; default the system clock. */
    public FileSourceBuilder clock(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        return this;
    }

    /** Where the reader and watcher threads come from; default daemon threads. */
    public FileSourceBuilder threadFactory(ThreadFactory threadFactory) {
        this.threadFactory = Objects.requireNonNull(threadFactory, "threadFactory");
        return this;
    }

    /** A new, not yet started, file source. */
    public PodSource build() {
        ThreadFactory factory = threadFactory != null ? threadFactory : ThreadFactories.platformDaemon("pod-source-file");
        return new FileSource(this, factory);
    }
}
