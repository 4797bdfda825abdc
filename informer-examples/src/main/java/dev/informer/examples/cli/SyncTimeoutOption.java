package dev.informer.examples.cli;

import java.time.Duration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * The {@code --sync-timeout} option of {@code controller} and {@code watch}, defined once (a picocli
 * mixin). Example code, not a library API. Not thread-safe; used on the main thread.
 */
public final class SyncTimeoutOption {

    @Option(
            names = "--sync-timeout",
            defaultValue = "2m",
            paramLabel = "DURATION",
            description = "How long to wait for the initial sync before exiting 1 with the last error "
                    + "(default: ${DEFAULT-VALUE}; 0 waits forever).")
    Duration syncTimeout;

    /**
     * The option's value.
     *
     * @throws picocli.CommandLine.ParameterException (exit code 2) for a positive timeout below one second
     */
    public SyncTimeout value(CommandSpec spec) {
        return SyncTimeout.of(spec, syncTimeout);
    }
}
