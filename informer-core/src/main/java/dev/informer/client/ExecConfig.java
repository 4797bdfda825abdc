package dev.informer.client;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * An exec credential plugin (a kubeconfig user's {@code exec} section), as client-go's
 * {@code clientcmdapi.ExecConfig}: a command printing an {@code ExecCredential} JSON document whose
 * {@code status} holds a bearer token or a client certificate and key, optionally with an
 * {@code expirationTimestamp} after which the plugin is run again. The plugin is also run again when
 * the server answers 401 to the credential it returned.
 *
 * <p>Immutable; lists and maps are copied (the env keeps its order).
 *
 * @param apiVersion         {@code client.authentication.k8s.io/v1} or {@code .../v1beta1}
 * @param command            the executable; a name without a path separator is looked up on {@code PATH}
 * @param args               its arguments
 * @param env                extra environment variables, added to the client process's own environment
 * @param interactiveMode    whether the plugin may use standard input
 * @param provideClusterInfo whether the cluster (server, CA) is passed in {@code KUBERNETES_EXEC_INFO}
 * @param installHint        shown when the command cannot be found, may be {@code null}
 */
public record ExecConfig(
        String apiVersion,
        String command,
        List<String> args,
        Map<String, String> env,
        InteractiveMode interactiveMode,
        boolean provideClusterInfo,
        @Nullable String installHint) {

    /** The current credential API version. */
    public static final String V1 = "client.authentication.k8s.io/v1";
    /** The previous credential API version, still accepted. */
    public static final String V1BETA1 = "client.authentication.k8s.io/v1beta1";

    /** When the plugin may interact with the user through standard input. */
    public enum InteractiveMode {
        /** The plugin never uses standard input. */
        NEVER("Never"),
        /** Standard input is offered when it is a terminal (never, for this library). */
        IF_AVAILABLE("IfAvailable"),
        /** The plugin needs a terminal; this library has none, so running it fails. */
        ALWAYS("Always");

        private final String wireName;

        InteractiveMode(String wireName) {
            this.wireName = wireName;
        }

        /** The kubeconfig spelling ("Never", "IfAvailable", "Always"). */
        public String wireName() {
            return wireName;
        }

        /**
         * The mode spelled {@code name} in a kubeconfig.
         *
         * @throws IllegalArgumentException for any other spelling
         */
        public static InteractiveMode fromWireName(String name) {
            for (InteractiveMode mode : values()) {
                if (mode.wireName.equals(name)) {
                    return mode;
                }
            }
            throw new IllegalArgumentException(
                    "interactiveMode must be one of Never, IfAvailable, Always, not \"" + name + "\"");
        }
    }

    public ExecConfig {
        Objects.requireNonNull(apiVersion, "apiVersion");
        Objects.requireNonNull(command, "command");
        if (command.isEmpty()) {
            throw new IllegalArgumentException("exec command must not be empty");
        }
        if (!V1.equals(apiVersion) && !V1BETA1.equals(apiVersion)) {
            throw new IllegalArgumentException(
                    "exec apiVersion must be " + V1 + " or " + V1BETA1 + ", not \"" + apiVersion + "\"");
        }
        args = List.copyOf(args == null ? List.of() : args);
        env = env == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(env));
        Objects.requireNonNull(interactiveMode, "interactiveMode");
    }

    /** A non-interactive v1 plugin running {@code command args...}. */
    public static ExecConfig of(String command, String... args) {
        return new ExecConfig(V1, command, List.of(args), Map.of(), InteractiveMode.NEVER, false, null);
    }

    @Override
    public String toString() {
        // The env may carry secrets for the plugin: print only the names.
        return "ExecConfig[apiVersion=" + apiVersion + ", command=" + command + ", args=" + args
                + ", env=" + env.keySet() + ", interactiveMode=" + interactiveMode.wireName()
                + ", provideClusterInfo=" + provideClusterInfo + "]";
    }
}
