package dev.informer.client;

import dev.informer.clock.Clock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Kubeconfig files for the client tests. */
final class TestKubeConfigs {
    private TestKubeConfigs() {}

    /**
     * The client config of a kubeconfig written to {@code dir/config} with one context {@code c} of one cluster
     * and one user, given as YAML flow mappings; relative paths resolve against {@code dir}, the home directory.
     */
    static ClientConfig oneContext(Path dir, String cluster, String user, Clock clock) throws IOException {
        Path file = dir.resolve("config");
        Files.writeString(
                file,
                """
                current-context: c
                clusters:
                - name: k
                  cluster: %s
                users:
                - name: u
                  user: %s
                contexts:
                - {name: c, context: {cluster: k, user: u}}
                """
                        .formatted(cluster, user));
        ConfigEnvironment env = new ConfigEnvironment(Map.of(), dir, dir, clock);
        return ClientConfig.fromKubeConfig(KubeConfig.parse(file), null, env);
    }

    /** Writes {@code text} to {@code name} under {@code dir}, creating its directories. */
    static Path write(Path dir, String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
        return file;
    }

    /** An environment with {@code variables}, home {@code dir/home} and service-account directory {@code dir/sa}. */
    static ConfigEnvironment env(Path dir, Map<String, String> variables, Clock clock) {
        return new ConfigEnvironment(variables, dir.resolve("home"), dir.resolve("sa"), clock);
    }
}
