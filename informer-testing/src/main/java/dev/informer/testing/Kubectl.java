package dev.informer.testing;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The real {@code kubectl} binary run as a child process against one kubeconfig: the runner that the
 * kubectl tests of the embedded server and of the examples share.
 *
 * <p>Every command gets {@code --kubeconfig <kubeconfig> --cache-dir <workDir>/cache} and {@code HOME=workDir},
 * so that nothing is read from or written to the user's own {@code ~/.kube}. Immutable and thread-safe; each
 * call starts its own process. A command that outlives its timeout is killed and reported with an
 * {@link AssertionError} naming the command, as a test failure.
 */
public final class Kubectl {

    private final Path binary;
    private final Path kubeconfig;
    private final Path workDir;

    private Kubectl(Path binary, Path kubeconfig, Path workDir) {
        this.binary = Objects.requireNonNull(binary, "binary");
        this.kubeconfig = Objects.requireNonNull(kubeconfig, "kubeconfig");
        this.workDir = Objects.requireNonNull(workDir, "workDir");
    }

    /**
     * A runner of {@code binary} against {@code kubeconfig}, with its discovery cache and {@code HOME} in
     * {@code workDir} (a test's temporary directory).
     */
    public static Kubectl of(Path binary, Path kubeconfig, Path workDir) {
        return new Kubectl(binary, kubeconfig, workDir);
    }

    /** The first executable {@code kubectl} in the directories of the {@code PATH} variable, if any. */
    public static Optional<Path> findOnPath() {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator, -1)) {
            Path candidate = Path.of(dir, "kubectl");
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** The process builder of {@code kubectl args}, with this runner's kubeconfig, cache and home; not started. */
    public ProcessBuilder command(String... args) {
        List<String> command = new ArrayList<>(List.of(
                binary.toString(),
                "--kubeconfig",
                kubeconfig.toString(),
                "--cache-dir",
                workDir.resolve("cache").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("HOME", workDir.toString());
        return builder;
    }

    /**
     * Runs {@code kubectl args} to its end, its standard input closed.
     *
     * @throws AssertionError if it has not ended within {@code timeout} (it is then killed)
     */
    public Result run(Duration timeout, String... args) throws IOException, InterruptedException {
        Path out = Files.createTempFile(workDir, "kubectl-", ".out");
        Path err = Files.createTempFile(workDir, "kubectl-", ".err");
        Process process = command(args)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        process.getOutputStream().close();
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("kubectl " + String.join(" ", args) + " did not finish within " + timeout);
        }
        return new Result(String.join(" ", args), process.exitValue(), Files.readString(out), Files.readString(err));
    }

    /**
     * Runs {@code kubectl args} and returns its standard output.
     *
     * @throws AssertionError if it fails (naming its output) or has not ended within {@code timeout}
     */
    public String ok(Duration timeout, String... args) throws IOException, InterruptedException {
        return run(timeout, args).ok().out();
    }

    /**
     * Starts a long-running {@code kubectl args} (for example {@code get pods --watch}) whose output lines, standard
     * error included, are read as they come. Close the returned stream to stop the process.
     */
    public Lines start(String... args) throws IOException {
        Process process = command(args).redirectErrorStream(true).start();
        process.getOutputStream().close();
        return new Lines(process);
    }

    /**
     * The end of one kubectl run.
     *
     * @param command the arguments it ran with
     * @param exit its exit code
     * @param out its standard output
     * @param err its standard error
     */
    public record Result(String command, int exit, String out, String err) {
        /**
         * This result, if kubectl exited 0.
         *
         * @throws AssertionError naming the command and its output otherwise
         */
        public Result ok() {
            if (exit != 0) {
                throw new AssertionError(
                        "kubectl " + command + " failed (exit " + exit + "): " + err + "\nstdout: " + out);
            }
            return this;
        }

        /** Standard output followed by standard error. */
        public String output() {
            return out + err;
        }
    }

    /**
     * The output lines of a running kubectl, read by a daemon thread as they come. Thread-safe; {@link #close()}
     * stops the process and the reader.
     */
    public static final class Lines implements AutoCloseable {
        private static final Duration STOP = Duration.ofSeconds(10);

        private final Process process;
        private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        private final Thread reader;

        private Lines(Process process) {
            this.process = process;
            this.reader = new Thread(this::read, "kubectl-watch-reader");
            reader.setDaemon(true);
            reader.start();
        }

        private void read() {
            try (BufferedReader r =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    lines.add(line);
                }
            } catch (IOException e) {
                lines.add("READ FAILED: " + e);
            }
        }

        /**
         * The next line, waiting at most {@code timeout}; empty if none came by then.
         *
         * @throws InterruptedException if interrupted while waiting
         */
        public Optional<String> next(Duration timeout) throws InterruptedException {
            return Optional.ofNullable(lines.poll(timeout.toMillis(), TimeUnit.MILLISECONDS));
        }

        /**
         * Skips lines until one matches {@code want}, and returns it.
         *
         * @throws AssertionError naming {@code what} and the lines seen, if none matched within {@code timeout}
         */
        public String await(Predicate<String> want, String what, Duration timeout) throws InterruptedException {
            List<String> seen = new ArrayList<>();
            long deadline = System.nanoTime() + timeout.toNanos();
            while (true) {
                long left = Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
                String line = lines.poll(left, TimeUnit.MILLISECONDS);
                if (line == null) {
                    throw new AssertionError(
                            "kubectl did not print " + what + " within " + timeout + "; it printed " + seen);
                }
                seen.add(line);
                if (want.test(line)) {
                    return line;
                }
            }
        }

        /** Whether the process still runs. */
        public boolean isAlive() {
            return process.isAlive();
        }

        /**
         * Stops the process (forcibly if it does not end within 10 seconds) and waits for the reader.
         * Throws no {@link InterruptedException} (as {@link AutoCloseable} advises): an interrupt while
         * waiting kills the process at once and stays set on the calling thread.
         */
        @Override
        public void close() {
            process.destroy();
            try {
                if (!process.waitFor(STOP.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.destroyForcibly();
                }
                reader.join(STOP.toMillis());
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
