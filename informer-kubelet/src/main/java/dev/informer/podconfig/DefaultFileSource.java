package dev.informer.podconfig;

import dev.informer.api.Pod;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The file source; see {@link FileSource.Builder}. */
final class DefaultFileSource implements FileSource {

    private static final Logger LOG = LoggerFactory.getLogger(FileSource.class);

    private final Path path;
    private final SourceChannel<PodUpdate> channel;
    private final StaticPodDecoder decoder;
    private final PeriodicLoop loop;
    private final boolean watchFileSystem;
    private final ThreadFactory threadFactory;
    private final Object watchLock = new Object();
    // @GuardedBy("watchLock")
    private @Nullable WatchService watchService;
    // @GuardedBy("watchLock")
    private @Nullable WatchKey watchKey;
    // @GuardedBy("watchLock")
    private @Nullable Thread watcher;
    // @GuardedBy("watchLock")
    private boolean closed;
    private final long maxManifestBytes;
    private final Consumer<? super InvalidManifestException> listener;
    // Touched by the loop thread only: the last problem logged per file, so a bad file warns once.
    private final Map<String, Reported> lastProblems = new HashMap<>();

    DefaultFileSource(FileSource.Builder builder, ThreadFactory threadFactory) {
        this.path = builder.path.toAbsolutePath().normalize();
        this.channel = builder.channel;
        this.decoder = new StaticPodDecoder(builder.nodeName, ConfigSources.FILE);
        this.watchFileSystem = builder.watchFileSystem;
        this.maxManifestBytes = builder.maxManifestBytes;
        this.listener = builder.listener;
        this.threadFactory = threadFactory;
        this.loop = new PeriodicLoop(
                "file source " + path, this::readOnce, builder.threads.clock(), builder.period, threadFactory);
    }

    @Override
    public String name() {
        return ConfigSources.FILE;
    }

    @Override
    public void start() {
        loop.start();
    }

    private void readOnce() throws InterruptedException {
        ensureWatching();
        if (Files.isDirectory(path)) {
            List<Pod> pods = readDirectory();
            if (pods != null) {
                channel.send(PodUpdate.set(ConfigSources.FILE, pods));
            }
        } else if (Files.isRegularFile(path)) {
            Pod pod = readFile(path);
            forgetProblemsExcept(Set.of(path.toString()));
            if (pod != null) {
                resolved(path);
                channel.send(PodUpdate.set(ConfigSources.FILE, List.of(pod)));
            }
        } else if (Files.exists(path)) {
            pathProblem("the manifest path is neither a directory nor a regular file");
        } else {
            pathProblem("the manifest path does not exist; sending an empty set");
            channel.send(PodUpdate.set(ConfigSources.FILE, List.of()));
        }
    }

    /** The valid pods of the directory, or {@code null} (keep the last set) if it cannot be listed. */
    private @Nullable List<Pod> readDirectory() {
        List<Path> files;
        try (Stream<Path> entries = Files.list(path)) {
            files = entries.filter(p -> !isHidden(p)).sorted().toList();
        } catch (IOException | UncheckedIOException e) {
            // As the kubelet: a directory that cannot be read keeps the last set rather than
            // removing every static pod of the node on a transient error.
            pathProblem("cannot list the manifest directory; keeping the last set: " + e);
            return null;
        }
        lastProblems.remove(path.toString());
        List<Pod> pods = new ArrayList<>(files.size());
        Map<String, Path> definedBy = new HashMap<>();
        Set<String> present = new HashSet<>();
        present.add(path.toString());
        for (Path file : files) {
            present.add(file.toString());
            if (Files.isDirectory(file)) {
                problem(
                        new InvalidManifestException(
                                file.toString(), "not recursing into a subdirectory of the manifest directory"),
                        "directory");
                continue;
            }
            if (!Files.isRegularFile(file)) {
                problem(new InvalidManifestException(file.toString(), "not a regular file"), "other");
                continue;
            }
            Pod pod = readFile(file);
            if (pod == null) {
                continue;
            }
            String key = pod.namespace() + "/" + pod.name();
            Path first = definedBy.putIfAbsent(key, file);
            if (first != null) {
                problem(
                        new InvalidManifestException(
                                file.toString(),
                                "pod " + key + " is already defined by " + first + "; ignoring this file"),
                        // The decoder gives every static pod a uid.
                        Objects.requireNonNull(pod.uid(), "uid"));
                continue;
            }
            resolved(file);
            pods.add(pod);
        }
        forgetProblemsExcept(present);
        return pods;
    }

    /** As the kubelet: names starting with "." are editors' and writers' temporary files. */
    private static boolean isHidden(Path file) {
        Path name = file.getFileName();
        return name != null && name.toString().startsWith(".");
    }

    /** Files that are gone should warn again if they come back broken. */
    private void forgetProblemsExcept(Set<String> present) {
        lastProblems.keySet().removeIf(origin -> !present.contains(origin));
    }

    /**
     * The static pod of {@code file}, or {@code null} if it cannot be used (reported once per file
     * content). Never throws: a failure of one file is contained to that file.
     */
    private @Nullable Pod readFile(Path file) {
        String origin = file.toString();
        BasicFileAttributes attributes;
        byte[] data;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
            // The size first: a huge file is rejected without reading it into memory.
            if (attributes.size() > maxManifestBytes) {
                problem(tooLarge(origin, attributes.size() + " bytes"), attributes);
                return null;
            }
            try (InputStream in = Files.newInputStream(file)) {
                data = in.readNBytes((int) maxManifestBytes + 1);
            }
        } catch (IOException | RuntimeException e) {
            problem(new InvalidManifestException(origin, "cannot read the manifest file: " + e, e), e.toString());
            return null;
        }
        if (data.length > maxManifestBytes) {
            // It grew between the size check and the read.
            problem(tooLarge(origin, "more than " + maxManifestBytes + " bytes"), attributes);
            return null;
        }
        try {
            return decoder.decodePod(data, origin);
        } catch (InvalidManifestException e) {
            problem(e, Manifests.fingerprint(data));
            return null;
        }
    }

    /** {@code file} is used: a problem it had is over. */
    private void resolved(Path file) {
        if (lastProblems.remove(file.toString()) != null) {
            LOG.info("Manifest file {} is valid again", file);
        }
    }

    private InvalidManifestException tooLarge(String origin, String size) {
        return Manifests.tooLarge(origin, size, maxManifestBytes);
    }

    /**
     * Logs {@code problem} at WARN (and tells the listener) unless the same problem of the same
     * content was reported last time: a bad file is reported once, not every period.
     *
     * @param content what identifies the file's content (its bytes, or its size and modification time)
     */
    private void problem(InvalidManifestException problem, Object content) {
        Reported reported = new Reported(problem.reason(), fingerprint(content));
        Reported previous = lastProblems.put(problem.origin(), reported);
        if (reported.equals(previous)) {
            LOG.debug("Still skipping {}", problem.getMessage());
            return;
        }
        LOG.warn("Skipping {}", problem.getMessage());
        if (problem.getCause() != null) {
            LOG.debug("Skipped {}", problem.origin(), problem.getCause());
        }
        Manifests.notify(listener, problem);
    }

    private static Object fingerprint(Object content) {
        if (content instanceof BasicFileAttributes attributes) {
            return List.of(attributes.size(), attributes.lastModifiedTime());
        }
        return content;
    }

    private void pathProblem(String message) {
        String origin = path.toString();
        Reported reported = new Reported(message, null);
        if (reported.equals(lastProblems.put(origin, reported))) {
            LOG.debug("{}: {}", origin, message);
        } else {
            LOG.warn("{}: {}", origin, message);
        }
    }

    /** The last problem reported for one origin. */
    private record Reported(String reason, @Nullable Object fingerprint) {}

    /** Registers the directory (or the file's parent) with a watch service, if not yet done. */
    private void ensureWatching() {
        if (!watchFileSystem) {
            return;
        }
        synchronized (watchLock) {
            if (closed || (watchKey != null && watchKey.isValid())) {
                return;
            }
            Path dir = Files.isDirectory(path) ? path : path.getParent();
            if (dir == null || !Files.isDirectory(dir)) {
                return;
            }
            try {
                WatchService service = watchService;
                if (service == null) {
                    WatchService created = dir.getFileSystem().newWatchService();
                    watchService = created;
                    Thread thread = threadFactory.newThread(() -> watch(created));
                    watcher = thread;
                    thread.start();
                    service = created;
                }
                watchKey = dir.register(
                        service,
                        StandardWatchEventKinds.ENTRY_CREATE,
                        StandardWatchEventKinds.ENTRY_DELETE,
                        StandardWatchEventKinds.ENTRY_MODIFY);
            } catch (IOException e) {
                LOG.warn("Cannot watch {} for changes; relying on the periodic re-read", dir, e);
            }
        }
    }

    private void watch(WatchService service) {
        try {
            while (true) {
                WatchKey key = service.take();
                boolean relevant = false;
                for (WatchEvent<?> event : key.pollEvents()) {
                    relevant |= isRelevant(key, event);
                }
                key.reset();
                if (relevant) {
                    loop.trigger();
                }
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            // closing
        }
    }

    private boolean isRelevant(WatchKey key, WatchEvent<?> event) {
        if (event.kind() == StandardWatchEventKinds.OVERFLOW) {
            return true;
        }
        if (!(key.watchable() instanceof Path dir) || !(event.context() instanceof Path name)) {
            return true;
        }
        Path changed = dir.resolve(name);
        // A directory source cares about its entries (not the hidden temporary files of writers,
        // which it ignores); a file source only about its file.
        return (dir.equals(path) && !isHidden(changed)) || changed.equals(path);
    }

    @Override
    public void close() {
        Thread watcherThread;
        synchronized (watchLock) {
            closed = true;
            watcherThread = watcher;
            if (watchService != null) {
                try {
                    watchService.close();
                } catch (IOException e) {
                    LOG.debug("Closing the watch service of {} failed", path, e);
                }
            }
        }
        loop.close();
        if (watcherThread != null && watcherThread != Thread.currentThread()) {
            watcherThread.interrupt();
            try {
                watcherThread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
