package dev.informer.examples;

import dev.informer.examples.cli.DurationConverter;
import dev.informer.examples.cli.ErrorLines;
import dev.informer.examples.controller.ControllerCommand;
import dev.informer.examples.demo.DemoCommand;
import dev.informer.examples.nodeagent.NodeAgentCommand;
import dev.informer.examples.serve.ServeCommand;
import dev.informer.examples.watch.WatchCommand;
import dev.informer.examples.webapp.WebAppCommand;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The examples jar's entry point: {@code java -jar informer-examples.jar [COMMAND] [OPTIONS]}.
 * Without a command it runs {@code demo}.
 *
 * <p>Exit codes: 0 success (and {@code --help}); 2 bad usage, with a message on standard error;
 * 1 failure, with a one-line reason on standard error ({@code error: ...}). Commands that run until
 * stopped end on SIGTERM/SIGINT.
 */
@Command(
        name = "informer-examples",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Runnable examples of the dev.informer library (client-go's informers for the JVM).",
            "Without a command, runs the demo."
        },
        subcommands = {
            DemoCommand.class,
            ControllerCommand.class,
            WatchCommand.class,
            ServeCommand.class,
            NodeAgentCommand.class,
            WebAppCommand.class,
            CommandLine.HelpCommand.class
        })
public final class Main implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    /** Runs the command line and exits with its exit code. */
    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int code = execute(args, out, err);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** Runs the command line, writing to {@code out} and {@code err}, and returns the exit code. */
    static int execute(String[] args, PrintWriter out, PrintWriter err) {
        return commandLine(out, err).execute(args);
    }

    /**
     * The configured command line: every {@link Duration} option of every command parsed by {@link
     * DurationConverter}, and the handlers for bad usage and failures.
     */
    static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new Main());
        cli.registerConverter(Duration.class, new DurationConverter());
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler(Main::badUsage);
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            commandLine.getErr().println("error: " + ErrorLines.oneLine(e));
            commandLine.getErr().flush();
            return CommandLine.ExitCode.SOFTWARE;
        });
        return cli;
    }

    @Override
    public Integer call() {
        // No command: the demo with its defaults.
        CommandLine demo = spec.subcommands().get("demo");
        return demo.execute();
    }

    private static int badUsage(ParameterException e, String[] args) {
        CommandLine cli = e.getCommandLine();
        PrintWriter err = cli.getErr();
        err.println("error: " + ErrorLines.oneLine(e));
        if (!UnmatchedArgumentException.printSuggestions(e, err)) {
            err.println("Try '" + cli.getCommandSpec().qualifiedName() + " --help' for usage.");
        }
        err.flush();
        return CommandLine.ExitCode.USAGE;
    }

    /** The version from the jar's manifest, when there is one. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = Main.class.getPackage().getImplementationVersion();
            return new String[] {"informer-examples " + (version == null ? "(development build)" : version)};
        }
    }
}
