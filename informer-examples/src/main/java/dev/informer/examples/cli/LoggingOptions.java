package dev.informer.examples.cli;

import java.util.Locale;
import java.util.Set;
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

    /** The commands whose standard output is their point (the demo's story, watch's JSON lines). */
    private static final Set<String> WARN_BY_DEFAULT = Set.of("demo", "watch");

    @Option(
            names = "--log-level",
            paramLabel = "LEVEL",
            description = "Log level on standard error: trace, debug, info, warn, error or off (default: warn for demo"
                    + " and watch, info otherwise).")
    String level;

    /**
     * Sets the log level of {@code command}: the option if given, else the system property if set,
     * else the command's default (warn for demo and watch, info otherwise, as the option's description
     * says).
     */
    public void apply(String command) {
        String commandDefault = WARN_BY_DEFAULT.contains(command) ? "warn" : "info";
        if (level != null) {
            System.setProperty(LEVEL_PROPERTY, level.toLowerCase(Locale.ROOT));
        } else if (System.getProperty(LEVEL_PROPERTY) == null) {
            System.setProperty(LEVEL_PROPERTY, commandDefault);
        }
    }
}
