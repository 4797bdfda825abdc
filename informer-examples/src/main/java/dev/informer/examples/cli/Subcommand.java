package dev.informer.examples.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * What every subcommand of the examples jar has in common: picocli's {@link CommandSpec}, the
 * {@code --log-level} option ({@link LoggingOptions}, applied before the command runs), bad usage
 * reported as a {@link ParameterException} (exit code 2, one line), the checks of the numeric and
 * duration options the commands share, and {@link Termination} on SIGTERM/SIGINT.
 *
 * <p>A subcommand extends this class and implements {@link #run()}; picocli fills the inherited
 * fields. Not thread-safe; used on the main thread.
 *
 * <p>Example code shared across the examples' packages, not a library API.
 */
public abstract class Subcommand implements Callable<Integer> {

    @Spec
    protected CommandSpec spec;

    @Mixin
    protected LoggingOptions logging;

    /** Applies the log level, then runs the command. */
    @Override
    public final Integer call() throws Exception {
        logging.apply(spec.name());
        return run();
    }

    /**
     * The command itself, after the log level is set.
     *
     * @return the exit code
     * @throws ParameterException (exit code 2) for bad usage; any other exception is reported as one
     *         {@code error: ...} line with exit code 1
     */
    protected abstract int run() throws Exception;

    /** Bad usage (exit code 2) with {@code message} as the one line the user sees; for the caller to throw. */
    protected final ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    /**
     * Checks a numeric option.
     *
     * @throws ParameterException "OPTION must be MIN..MAX: VALUE" when {@code value} is out of range
     */
    protected final void requireRange(String option, long value, long min, long max) {
        if (value < min || value > max) {
            throw usage(option + " must be " + min + ".." + max + ": " + value);
        }
    }

    /**
     * Checks an informer resync period ({@code --resync}): zero (none) or at least one second.
     *
     * @throws ParameterException naming the option and the value otherwise
     */
    protected final void requireResync(Duration resync) {
        if (!resync.isZero() && resync.compareTo(Duration.ofSeconds(1)) < 0) {
            throw usage("--resync must be at least 1s (or 0 for none): " + resync);
        }
    }

    /** The command's standard output. */
    protected final PrintWriter out() {
        return spec.commandLine().getOut();
    }

    /**
     * {@link Termination#install} for this command: the hook is named after it and flushes its
     * standard output and error before the halt.
     */
    protected final Termination installTermination() {
        return Termination.install(spec.name(), out(), spec.commandLine().getErr());
    }
}
