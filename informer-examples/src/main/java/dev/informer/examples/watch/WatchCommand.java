package dev.informer.examples.watch;

import dev.informer.api.GenericObject;
import dev.informer.api.ResourceType;
import dev.informer.cache.InformerOptions;
import dev.informer.cache.SharedIndexInformer;
import dev.informer.client.ClientConfig;
import dev.informer.client.Informers;
import dev.informer.client.KubernetesClient;
import dev.informer.clock.Clock;
import dev.informer.concurrent.ThreadFactories;
import dev.informer.examples.cli.ClientOptions;
import dev.informer.examples.cli.NamespaceOption;
import dev.informer.examples.cli.Subcommand;
import dev.informer.examples.cli.SyncTimeout;
import dev.informer.examples.cli.SyncTimeoutOption;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code watch}: a black-box view of one SharedIndexInformer, for tests outside the project. Output
 * contract (standard output, one JSON object per line, flushed per line; logs on standard error):
 * <pre>
 * {"event":"ADD"|"UPDATE"|"DELETE","key":"ns/name","resourceVersion":"RV"}   each notification
 * {"event":"SYNCED"}                                                         once, when synced
 * {"event":"STORE","key":"ns/name","resourceVersion":"RV"}                   at the end, per object
 * {"event":"END","count":N}                                                  then exit 0
 * </pre>
 * If the informer has not synced within {@code --sync-timeout} (default 2m; 0 waits forever), the
 * command prints {@code error: pods did not sync within T from URL; last error: CAUSE} on standard
 * error and exits 1 (no END line). Connection options are {@link ClientOptions}'s, as {@code
 * controller}'s.
 * A DELETE for a tombstone carries the last known resource version, or "". The end comes on SIGTERM
 * (or SIGINT) or when standard input reaches end of file; standard input that is {@code /dev/null} or
 * unreadable is ignored (only a signal ends the command then), so a caller that starts it without an
 * input channel still gets a running watch. A signal after the command line has been parsed, even
 * before the informer exists, still ends with END (count 0 if nothing was listed yet); only a signal
 * in the first moments of the process, while the JVM starts and parses the command line, ends it
 * the JVM's default way (status 143, no output).
 *
 * <p>Example code (a subcommand of {@link dev.informer.examples.Main}), not a library API.
 */
@Command(
        name = "watch",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        header = "Print one informer's notifications as JSON lines (a black-box view for tests).",
        description = {
            "Watches one resource with a SharedIndexInformer and prints each notification to standard output as one "
                    + "JSON line:",
            "  {\"event\":\"ADD\",\"key\":\"ns/name\",\"resourceVersion\":\"RV\"}  (or UPDATE, DELETE)",
            "and {\"event\":\"SYNCED\"} once synced. On SIGTERM or end of standard input it prints "
                    + "{\"event\":\"STORE\",...} for every cached object, then {\"event\":\"END\",\"count\":N}, and "
                    + "exits 0 (standard input that is /dev/null or unreadable is ignored: then only a signal ends it). "
                    + "Logs go to standard error."
        })
public final class WatchCommand extends Subcommand {

    @Mixin
    ClientOptions clientOptions;

    @Mixin
    SyncTimeoutOption syncTimeout;

    @Option(
            names = "--resource",
            defaultValue = "pods",
            paramLabel = "NAME",
            description =
                    "Resource to watch: pods, configmaps, secrets, events, nodes, namespaces or leases (default: ${DEFAULT-VALUE}).")
    String resource;

    @Mixin
    NamespaceOption namespace;

    @Option(
            names = "--resync",
            defaultValue = "0",
            paramLabel = "DURATION",
            description = "Resync period, e.g. 30s (default: none). Resyncs print UPDATE lines.")
    Duration resync;

    @Override
    protected int run() throws InterruptedException {
        ResourceType<GenericObject> type = BuiltinResources.lookup(resource)
                .orElseThrow(
                        () -> usage("unknown --resource '" + resource + "'; one of " + BuiltinResources.plurals()));
        if (namespace.value() != null && !type.namespaced()) {
            throw usage(type.plural() + " are cluster-scoped: --namespace does not apply");
        }
        requireResync(resync);
        SyncTimeout sync = syncTimeout.value(spec);
        ClientConfig config = clientOptions.toConfig(spec); // bad usage is reported before any hook
        PrintWriter out = out();
        // SIGTERM/SIGINT: print the store in a shutdown hook, then end with status 0 (not 143). The hook
        // is registered before the (slow) client and informer are built, so that a signal that comes
        // early still ends the contract way: with END (count 0 when nothing was started).
        SignalEnding<WatchSession<?>> ending = new SignalEnding<>();
        Thread onSignal = new Thread(
                () -> {
                    WatchSession<?> started = ending.signalled();
                    if (started != null) {
                        started.finish(); // prints nothing if end of input got there first
                    } else {
                        out.write(WatchLine.end(0));
                        out.write('\n');
                    }
                    out.flush();
                    Runtime.getRuntime().halt(0);
                },
                "watch-shutdown");
        Runtime.getRuntime().addShutdownHook(onSignal);
        try {
            KubernetesClient client = KubernetesClient.create(config);
            SharedIndexInformer<GenericObject> informer = Informers.builder(
                            client.resource(type), InformerOptions.inNamespace(namespace.value()))
                    .resyncPeriod(resync)
                    .build();
            WatchSession<GenericObject> session = new WatchSession<>(
                    informer,
                    type.metadataAccessor(),
                    out,
                    Clock.system(),
                    ThreadFactories.platformDaemon("watch-synced"));
            if (!ending.attach(session)) {
                new CountDownLatch(1).await(); // the signal's hook has printed END and halts the process
            }
            session.start();
            CountDownLatch ended = new CountDownLatch(1);
            AtomicReference<RuntimeException> failure = new AtomicReference<>();
            if (!sync.isForever()) {
                ThreadFactories.platformDaemon("watch-sync-timeout")
                        .newThread(() -> {
                            try {
                                if (!session.awaitSynced(sync.duration())) {
                                    failure.set(sync.failure(type.plural(), config.server(), informer.lastSyncError()));
                                    ended.countDown();
                                }
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        })
                        .start();
            }
            awaitEndOfInput(System.in, standardInputIsNullDevice(), ended);
            if (failure.get() != null) {
                throw failure.get(); // the hook is removed below: the exit status is 1, not the signal's 0
            }
            session.finish();
        } catch (RuntimeException | InterruptedException e) {
            removeHook(onSignal);
            throw e;
        }
        return 0;
    }

    /**
     * Reads (and ignores) standard input on a daemon thread until end of file. Standard input that is
     * {@code /dev/null}, or that cannot be read at all, is no input channel: a process started without
     * one (as CI starts jobs) would otherwise end before it synced, so then only a signal ends it.
     */
    static void awaitEndOfInput(InputStream in, boolean inputIsNullDevice) throws InterruptedException {
        awaitEndOfInput(in, inputIsNullDevice, new CountDownLatch(1));
    }

    /** As {@link #awaitEndOfInput(InputStream, boolean)}, also returning when {@code endOfInput} is released. */
    static void awaitEndOfInput(InputStream in, boolean inputIsNullDevice, CountDownLatch endOfInput)
            throws InterruptedException {
        if (inputIsNullDevice) {
            endOfInput.await(); // released by the signal handler's halt
            return;
        }
        Thread reader = ThreadFactories.platformDaemon("watch-stdin").newThread(() -> {
            byte[] buffer = new byte[4096];
            try {
                while (in.read(buffer) >= 0) {
                    // Input is only a liveness signal: its content does not matter.
                }
            } catch (IOException unreadable) {
                return; // no usable standard input: wait for a signal instead
            }
            endOfInput.countDown();
        });
        reader.start();
        endOfInput.await();
    }

    /** Whether standard input is the null device (Linux: what {@code /proc/self/fd/0} points to). */
    static boolean standardInputIsNullDevice() {
        try {
            return Files.readSymbolicLink(Path.of("/proc/self/fd/0")).toString().equals("/dev/null");
        } catch (IOException | UnsupportedOperationException | SecurityException notKnown) {
            return false;
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // Already shutting down: the hook runs anyway.
        }
    }
}
