package dev.informer.examples;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The examples jar started as a real process ({@code java -jar informer-examples.jar ...}) for the
 * integration tests: standard output is read line by line on a thread of its own so a test waits
 * for a line with a timeout; standard error is collected for failure messages. {@link #close()}
 * kills the process if it still runs. One test thread uses it.
 */
final class JarProcess implements AutoCloseable {

    private static final String EOF_MARK = "\u0000EOF";

    private final List<String> command;
    private final Process process;
    private final LinkedBlockingQueue<String> pending = new LinkedBlockingQueue<>();
    private final List<String> stdout = new CopyOnWriteArrayList<>();
    private final List<String> stderr = new CopyOnWriteArrayList<>();
    private final Thread outReader;
    private final Thread errReader;
    private boolean stdoutEnded;

    private JarProcess(List<String> command, Map<String, String> environment) throws IOException {
        this.command = command;
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(environment);
        this.process = builder.start();
        this.outReader = reader(
                process.getInputStream(),
                line -> {
                    stdout.add(line);
                    pending.add(line);
                },
                "stdout");
        this.errReader = reader(process.getErrorStream(), stderr::add, "stderr");
    }

    /** Starts {@code java -jar <the built jar> args...}. */
    /**
     * Starts {@code controller --server serverUrl --leader-elect --lease-name lease --identity identity}, followed
     * by {@code more} options.
     */
    static JarProcess leaderElectedController(String serverUrl, String lease, String identity, String... more)
            throws IOException {
        List<String> args = new ArrayList<>(List.of(
                "controller", "--server", serverUrl, "--leader-elect", "--lease-name", lease, "--identity", identity));
        args.addAll(List.of(more));
        return start(args.toArray(String[]::new));
    }

    static JarProcess start(String... args) throws IOException {
        return start(Map.of(), args);
    }

    /** Starts {@code java -jar <the built jar> args...} with {@code environment} added to ours. */
    static JarProcess start(Map<String, String> environment, String... args) throws IOException {
        return new JarProcess(jarCommand(args), environment);
    }

    /** The command line {@code java -jar <the built jar> args...}, for a test that starts the process itself. */
    static List<String> jarCommand(String... args) {
        List<String> command = javaCommand();
        command.add("-jar");
        command.add(jar().toString());
        command.addAll(List.of(args));
        return command;
    }

    /**
     * Starts {@code java <javaOptions...> args...}: the examples launched some other way than {@code
     * -jar}, e.g. from a module path.
     */
    static JarProcess startJava(List<String> javaOptions, String... args) throws IOException {
        List<String> command = javaCommand();
        command.addAll(javaOptions);
        command.addAll(List.of(args));
        return new JarProcess(command, Map.of());
    }

    /** This JVM's {@code java}, tuned for a quicker start-up of short-lived processes on a small machine. */
    private static List<String> javaCommand() {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-XX:TieredStopAtLevel=1");
        command.add("-XX:+UseSerialGC");
        return command;
    }

    /** The jar under test, from the {@code examples.jar} system property the pom sets. */
    static Path jar() {
        String property = System.getProperty("examples.jar");
        if (property == null) {
            throw new IllegalStateException(
                    "system property examples.jar is not set: run the ITs through Maven (failsafe)");
        }
        Path jar = Path.of(property);
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("the examples jar " + jar + " does not exist: run 'mvn package' first");
        }
        return jar;
    }

    private Thread reader(InputStream stream, java.util.function.Consumer<String> sink, String name) {
        Thread thread = new Thread(
                () -> {
                    try (BufferedReader in =
                            new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                        String line;
                        while ((line = in.readLine()) != null) {
                            sink.accept(line);
                        }
                    } catch (IOException e) {
                        sink.accept("<" + name + " unreadable: " + e + ">");
                    } finally {
                        if (name.equals("stdout")) {
                            pending.add(EOF_MARK);
                        }
                    }
                },
                "jar-" + name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /**
     * The next stdout line that matches {@code wanted}, skipping others; fails if none comes within
     * {@code timeout} or stdout ends first.
     */
    String awaitLine(Predicate<String> wanted, Duration timeout, String what) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (stdoutEnded) {
                throw new AssertionError("stdout ended before " + what + describe());
            }
            long left = deadline - System.nanoTime();
            String line = left > 0 ? pending.poll(left, TimeUnit.NANOSECONDS) : null;
            if (line == null) {
                throw new AssertionError(
                        "timed out after " + timeout.toSeconds() + " s waiting for " + what + describe());
            }
            if (line.equals(EOF_MARK)) {
                stdoutEnded = true;
                continue;
            }
            if (wanted.test(line)) {
                return line;
            }
        }
    }

    /** Closes the process's standard input (it sees end of file). */
    void closeStdin() throws IOException {
        OutputStream in = process.getOutputStream();
        in.close();
    }

    /**
     * Sends SIGTERM. Through the process handle: {@code Process.destroy()} also sends SIGTERM on Unix
     * but then closes our ends of the pipes, so what the process prints on its way out would be lost.
     */
    void sigterm() {
        process.toHandle().destroy();
    }

    /** The process's id, e.g. to send it a signal with {@code kill}. */
    long pid() {
        return process.pid();
    }

    /**
     * Sends a signal by name ({@code STOP}, {@code CONT}, ...) with the {@code kill} command: the process
     * API can only terminate. Fails if {@code kill} does not succeed within 10 s.
     */
    void signal(String name) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid()))
                .redirectErrorStream(true)
                .start();
        if (!kill.waitFor(10, TimeUnit.SECONDS)) {
            kill.destroyForcibly();
            throw new AssertionError("kill -" + name + " " + process.pid() + " did not finish within 10 s");
        }
        String output = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (kill.exitValue() != 0) {
            throw new AssertionError("kill -" + name + " " + process.pid() + " failed: " + output);
        }
    }

    /** Whether the process is still running. */
    boolean isAlive() {
        return process.isAlive();
    }

    /** Waits for the exit and returns the exit code, after stdout and stderr have been read to the end. */
    int awaitExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("the process did not exit within " + timeout.toSeconds() + " s" + describe());
        }
        outReader.join(TimeUnit.SECONDS.toMillis(10));
        errReader.join(TimeUnit.SECONDS.toMillis(10));
        return process.exitValue();
    }

    /** Every stdout line so far. */
    List<String> stdout() {
        return List.copyOf(stdout);
    }

    /** Every stderr line so far. */
    List<String> stderr() {
        return List.copyOf(stderr);
    }

    /** The command and its output so far, for failure messages. */
    String describe() {
        return "\ncommand: " + String.join(" ", command) + "\nstdout:\n  " + String.join("\n  ", stdout)
                + "\nstderr:\n  " + String.join("\n  ", stderr);
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
