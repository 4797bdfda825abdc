package dev.informer.examples;

import dev.informer.testing.EmbeddedApiServer;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code serve}: the embedded API server until SIGTERM/SIGINT. Prints {@code url: URL} and {@code
 * kubeconfig: PATH} (one line each, flushed) once it listens, so that {@code kubectl --kubeconfig
 * PATH get pods -A} works against it.
 */
@Command(name = "serve", mixinStandardHelpOptions = true, sortOptions = false,
        header = "Run the embedded Kubernetes API server for kubectl until interrupted.",
        description = {
            "Runs the embedded Kubernetes API server (in memory, plain HTTP on 127.0.0.1) until interrupted, and "
                + "prints its URL and a kubeconfig path for kubectl:",
            "  kubectl --kubeconfig PATH get pods -A"})
final class ServeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    LoggingOptions logging;

    @Option(names = "--port", defaultValue = "0", paramLabel = "N",
            description = "Port on 127.0.0.1; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--kubeconfig", paramLabel = "PATH",
            description = "Where to write the kubeconfig (default: a file in the temporary directory).")
    Path kubeconfig;

    @Option(names = "--sample-pods", defaultValue = "0", paramLabel = "N",
            description = "Sample pods to create at start, spread over a few namespaces (default: ${DEFAULT-VALUE}).")
    int samplePods;

    @Override
    public Integer call() throws InterruptedException {
        logging.apply("info");
        if (port < 0 || port > 65535) {
            throw new ParameterException(spec.commandLine(), "--port must be 0..65535: " + port);
        }
        if (samplePods < 0 || samplePods > 100_000) {
            throw new ParameterException(spec.commandLine(), "--sample-pods must be 0..100000: " + samplePods);
        }
        EmbeddedApiServer server = EmbeddedApiServer.builder().port(port).start();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "serve-shutdown"));
        if (samplePods > 0) {
            new DemoWorkload(server, 42, DemoWorkload.NAMESPACES.size()).seed(samplePods);
        }
        Path config = server.kubeconfig(kubeconfig != null ? kubeconfig
                : Path.of(System.getProperty("java.io.tmpdir"), "informer-examples-" + server.port() + ".kubeconfig"));
        PrintWriter out = spec.commandLine().getOut();
        for (String line : List.of(
                "url: " + server.url(),
                "kubeconfig: " + config.toAbsolutePath(),
                "try: kubectl --kubeconfig " + config.toAbsolutePath() + " get pods -A",
                "Press Ctrl-C to stop.")) {
            out.println(line);
        }
        out.flush();
        stopped.await();
        return 0;
    }
}
