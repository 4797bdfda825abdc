package dev.informer.testing.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a kubeconfig (YAML) with one cluster, one user with a dummy token, one context. */
public final class KubeconfigWriter {
    /** The cluster, user and context name in the written file. */
    public static final String NAME = "embedded";
    /** The bearer token the file carries; the server accepts any credentials. */
    public static final String TOKEN = "embedded-api-server-token";

    private KubeconfigWriter() {}

    /**
     * Writes the file (creating parent directories) and returns its path.
     *
     * @throws UncheckedIOException when the file cannot be written, naming it
     */
    public static Path write(Path path, String serverUrl, String namespace) {
        String yaml = "apiVersion: v1\n"
                + "kind: Config\n"
                + "clusters:\n"
                + "- name: " + NAME + "\n"
                + "  cluster:\n"
                + "    server: \"" + serverUrl + "\"\n"
                + "users:\n"
                + "- name: " + NAME + "\n"
                + "  user:\n"
                + "    token: \"" + TOKEN + "\"\n"
                + "contexts:\n"
                + "- name: " + NAME + "\n"
                + "  context:\n"
                + "    cluster: " + NAME + "\n"
                + "    user: " + NAME + "\n"
                + "    namespace: \"" + namespace + "\"\n"
                + "current-context: " + NAME + "\n"
                + "preferences: {}\n";
        try {
            Path parent = path.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(path, yaml, StandardCharsets.UTF_8);
            return path;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write kubeconfig " + path, e);
        }
    }
}
