package dev.informer.examples.serve;

import dev.informer.errors.InformerException;
import dev.informer.examples.cli.ErrorLines;
import dev.informer.examples.cli.Subcommand;
import dev.informer.examples.cli.Termination;
import dev.informer.examples.demo.DemoWorkload;
import dev.informer.testing.EmbeddedApiServer;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code serve}: the embedded API server until SIGTERM/SIGINT. Prints {@code url: URL} and {@code
 * kubeconfig: PATH} (one line each, flushed) once it listens, so that {@code kubectl --kubeconfig
 * PATH get pods -A} works against it.
 *
 * <p>Example code (a subcommand of {@link dev.informer.examples.Main}), not a library API.
 */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        header = "Run the embedded Kubernetes API server for kubectl until interrupted.",
        description = {
            "Runs the embedded Kubernetes API server (in memory, plain HTTP on 127.0.0.1) until interrupted, and "
                    + "prints its URL and a kubeconfig path for kubectl:",
            "  kubectl --kubeconfig PATH get pods -A"
        })
public final class ServeCommand extends Subcommand {

    @Option(
            names = "--port",
            defaultValue = "0",
            paramLabel = "N",
            description = "Port on 127.0.0.1; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(
            names = "--kubeconfig",
            paramLabel = "PATH",
            description = "Where to write the kubeconfig (default: a file in the temporary directory).")
    Path kubeconfig;

    @Option(
            names = "--sample-pods",
            defaultValue = "0",
            paramLabel = "N",
            description = "Sample pods to create at start, spread over a few namespaces (default: ${DEFAULT-VALUE}).")
    int samplePods;

    @Override
    protected int run() throws InterruptedException {
        requireRange("--port", port, 0, 65535);
        requireRange("--sample-pods", samplePods, 0, 100_000);
        PrintWriter out = out();
        try (Termination termination = installTermination();
                EmbeddedApiServer server = bind(port)) {
            serve(server, out);
            termination.await();
        }
        return 0;
    }

    /**
     * Starts the server on {@code port}.
     *
     * @throws CannotBindException naming the address and the cause when the port cannot be bound
     */
    static EmbeddedApiServer bind(int port) {
        try {
            return EmbeddedApiServer.builder().port(port).start();
        } catch (RuntimeException e) {
            for (Throwable cause = e; cause != null; cause = cause.getCause()) {
                if (cause instanceof IOException io) {
                    throw new CannotBindException(
                            "cannot bind 127.0.0.1:" + port + ": " + ErrorLines.oneLine(io)
                                    + (io instanceof java.net.BindException
                                            ? " (another process listens there? try another "
                                                    + "--port, or 0 for a free one)"
                                            : ""),
                            e);
                }
            }
            throw e;
        }
    }

    private void serve(EmbeddedApiServer server, PrintWriter out) {
        if (samplePods > 0) {
            new DemoWorkload(server, 42, DemoWorkload.NAMESPACES.size()).seed(samplePods);
        }
        Path config = server.kubeconfig(
                kubeconfig != null
                        ? kubeconfig
                        : Path.of(
                                System.getProperty("java.io.tmpdir"),
                                "informer-examples-" + server.port() + ".kubeconfig"));
        for (String line : List.of(
                "url: " + server.url(),
                "kubeconfig: " + config.toAbsolutePath(),
                "try: kubectl --kubeconfig " + config.toAbsolutePath() + " get pods -A",
                "Press Ctrl-C to stop.")) {
            out.println(line);
        }
        out.flush();
    }

    /** The port could not be bound; the message is the one line the user sees. */
    static final class CannotBindException extends InformerException {
        private static final long serialVersionUID = 1L;

        CannotBindException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
