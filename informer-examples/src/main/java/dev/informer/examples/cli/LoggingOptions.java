package dev.informer.examples.cli;

import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * The {@code --log-level} option every subcommand has. Logs (SLF4J simple) always go to standard
 * error, so standard output carries only the command's own output.
 *
 * <p>{@link #apply(String)} must run before the first logger is created (SLF4J simple reads its
 * configuration once); commands call it first thing, and nothing in this package creates a logger in
 * a command's constructor. Not thread-safe; used on the main thread.
 *
 * <p>Example code shared across the examples' packages, not a library API.
 */
public final class LoggingOptions {

    static final String LEVEL_PROPERTY = "org.slf4j.simpleLogger.defaultLogLevel";

    @Option(
            names = "--log-level",
            paramLabel = "LEVEL",
            description = "Log level on standard error: trace, debug, info, warn, error or off (default: warn for demo"
                    + " and watch, info otherwise).")
    String level;

    /**
     * Sets the log level: the option if given, else the system property if set, else
     * {@code commandDefault}.
     */
    public void apply(String commandDefault) {
        if (level != null) {
            System.setProperty(LEVEL_PROPERTY, level.toLowerCase(Locale.ROOT));
        } else if (System.getProperty(LEVEL_PROPERTY) == null) {
            System.setProperty(LEVEL_PROPERTY, commandDefault);
        }
    }
}
