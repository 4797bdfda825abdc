package dev.informer.client;

import dev.informer.clock.Clock;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Where configuration is looked up: the environment variables ({@code KUBECONFIG},
 * {@code KUBERNETES_SERVICE_HOST}, {@code KUBERNETES_SERVICE_PORT}, {@code POD_NAMESPACE}, {@code HOME}),
 * the home directory holding {@code .kube/config}, the service-account directory of in-cluster pods,
 * and the clock that times token re-reads and exec credential expiry. {@link #system()} reads the real
 * ones; tests build their own so nothing touches the machine's configuration.
 *
 * <p>Immutable and thread-safe; the variable map is copied.
 *
 * @param variables             environment variables, never {@code null}
 * @param homeDirectory         the user's home directory ({@code ~}), never {@code null}
 * @param serviceAccountDirectory the directory holding {@code token}, {@code ca.crt} and {@code namespace}
 * @param clock                 the clock for token and credential expiry
 */
public record ConfigEnvironment(
        Map<String, String> variables, Path homeDirectory, Path serviceAccountDirectory, Clock clock) {

    /** The standard service-account mount of a pod. */
    public static final Path SERVICE_ACCOUNT_DIRECTORY = Path.of("/var/run/secrets/kubernetes.io/serviceaccount");

    public ConfigEnvironment {
        variables = Map.copyOf(Objects.requireNonNull(variables, "variables"));
        Objects.requireNonNull(homeDirectory, "homeDirectory");
        Objects.requireNonNull(serviceAccountDirectory, "serviceAccountDirectory");
        Objects.requireNonNull(clock, "clock");
    }

    /**
     * The process's real environment: {@code System.getenv()}, {@code $HOME} (else the
     * {@code user.home} property), the standard service-account mount and the system clock.
     */
    public static ConfigEnvironment system() {
        Map<String, String> env = System.getenv();
        String home = env.get("HOME");
        if (home == null || home.isEmpty()) {
            home = System.getProperty("user.home");
        }
        return new ConfigEnvironment(env, Path.of(home), SERVICE_ACCOUNT_DIRECTORY, Clock.system());
    }

    /** The value of an environment variable, or {@code null} when unset or empty. */
    public @Nullable String variable(String name) {
        String value = variables.get(name);
        return value == null || value.isEmpty() ? null : value;
    }

    /** This environment with another clock. */
    public ConfigEnvironment withClock(Clock newClock) {
        return new ConfigEnvironment(variables, homeDirectory, serviceAccountDirectory, newClock);
    }
}
