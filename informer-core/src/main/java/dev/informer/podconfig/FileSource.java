package dev.informer.podconfig;

import dev.informer.api.Pod;
import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadFactory;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The file source; see {@link FileSourceBuilder}. */
final class FileSource implements PodSource {

    private static final Logger LOG = LoggerFactory.getLogger(FileSource.class);

    private final Path path;
    private final SourceChannel<PodUpdate> channel;
    private final StaticPodDecoder decoder;
    private final PeriodicLoop loop;
    private final boolean watchFileSystem;
    private final ThreadFactory threadFactory;
    private final Object watchLock = new Object();
    // @GuardedBy("watchLock")
    private WatchService watchService;
    // @GuardedBy("watchLock")
    private WatchKey watchKey;
    // @GuardedBy("watchLock")
    private Thread watcher;
    // @GuardedBy("watchLock")
    private boolean closed;
    // Touched by the loop thread only: the last problem logged per file, so a bad file warns once.
    private final Map<String, String> lastProblems = new HashMap<>();

    FileSource(FileSourceBuilder builder, ThreadFactory threadFactory) {
        this.path = builder.path.toAbsolutePath().normalize();
        this.channel = builder.channel;
        this.decoder = new StaticPodDecoder(builder.nodeName, ConfigSources.FILE);
        this.watchFileSystem = builder.watchFileSystem;
        this.threadFactory = threadFactory;
        this.loop = new PeriodicLoop("file source " + path, this::readOnce, builder.clock, builder.period,
                threadFactory);
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
            channel.send(PodUpdate.set(ConfigSources.FILE, readDirectory()));
        } else if (Files.isRegularFile(path)) {
            Pod pod = readFile(path);
            if (pod != null) {
                channel.send(PodUpdate.set(ConfigSources.FILE, List.of(pod)));
            }
        } else if (Files.exists(path)) {
            problem(path.toString(), "the manifest path is neither a directory nor a regular file");
        } else {
            problem(path.toString(), "the manifest path does not exist; sending an empty set");
            channel.send(PodUpdate.set(ConfigSources.FILE, List.of()));
        }
    }

    private List<Pod> readDirectory() {
        List<Path> files;
        try (Stream<Path> entries = Files.list(path)) {
            files = entries.filter(p -> !p.getFileName().toString().startsWith(".")).sorted().toList();
        } catch (IOException e) {
            problem(path.toString(), "cannot list the manifest directory: " + e);
            return List.of();
        }
        List<Pod> pods = new ArrayList<>(files.size());
        Map<String, Path> definedBy = new HashMap<>();
        for (Path file : files) {
            if (Files.isDirectory(file)) {
                problem(file.toString(), "not recursing into a subdirectory of the manifest directory");
                continue;
            }
            if (!Files.isRegularFile(file)) {
                problem(file.toString(), "not a regular file");
                continue;
            }
            Pod pod = readFile(file);
            if (pod == null) {
                continue;
            }
            String key = pod.namespace() + "/" + pod.name();
            Path first = definedBy.putIfAbsent(key, file);
            if (first != null) {
                problem(file.toString(), "pod " + key + " is already defined by " + first + "; ignoring this file");
                continue;
            }
            pods.add(pod);
        }
        // Files that are gone or fixed should warn again if they break again.
        lastProblems.keySet().removeIf(origin -> files.stream().noneMatch(f -> f.toString().equals(origin))
                && !origin.equals(path.toString()));
        return pods;
    }

    private Pod readFile(Path file) {
        String origin = file.toString();
        byte[] data;
        try {
            data = Files.readAllBytes(file);
        } catch (IOException e) {
            problem(origin, "cannot read the manifest file: " + e);
            return null;
        }
        try {
            Pod pod = decoder.decodePod(data, origin);
            if (lastProblems.remove(origin) != null) {
                LOG.info("Manifest file {} is valid again", origin);
            }
            return pod;
        } catch (InvalidManifestException e) {
            problem(origin, e.getMessage());
            return null;
        }
    }

    private void problem(String origin, String message) {
        String previous = lastProblems.put(origin, message);
        if (message.equals(previous)) {
            LOG.debug("{}: {}", origin, message);
        } else {
            LOG.warn("Skipping {}: {}", origin, message);
        }
    }

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
                if (watchService == null) {
                    watchService = dir.getFileSystem().newWatchService();
                    watcher = threadFactory.newThread(this::watch);
                    watcher.start();
                }
                watchKey = dir.register(watchService, StandardWatchEventKinds.ENTRY_CREATE,
                        StandardWatchEventKinds.ENTRY_DELETE, StandardWatchEventKinds.ENTRY_MODIFY);
            } catch (IOException e) {
                LOG.warn("Cannot watch {} for changes; relying on the periodic re-read", dir, e);
            }
        }
    }

    private void watch() {
        WatchService service;
        synchronized (watchLock) {
            service = watchService;
        }
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
        // A directory source cares about its entries; a file source only about its file.
        return dir.equals(path) || changed.equals(path);
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
