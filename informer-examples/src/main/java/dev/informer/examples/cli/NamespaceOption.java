package dev.informer.examples.cli;

import picocli.CommandLine.Option;

/**
 * The {@code --namespace}/{@code -n} option of {@code controller}, {@code watch} and {@code webapp},
 * defined once (a picocli mixin): one namespace, or all namespaces when absent. Not thread-safe; used
 * on the main thread.
 *
 * <p>Example code shared across the examples' packages, not a library API.
 */
public final class NamespaceOption {

    @Option(
            names = {"--namespace", "-n"},
            paramLabel = "NS",
            description = "Only this namespace (default: all namespaces).")
    String namespace;

    /** The namespace given, or {@code null} for all namespaces. */
    public String value() {
        return namespace;
    }

    /** For a line about what the command watches: {@code " (namespace NS)"} or {@code " (all namespaces)"}. */
    public String scope() {
        return namespace == null ? " (all namespaces)" : " (namespace " + namespace + ")";
    }
}
