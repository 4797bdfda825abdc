package dev.informer.client.internal;

import dev.informer.api.ApiJson;
import dev.informer.client.AuthenticationException;
import dev.informer.client.ExecConfig;
import dev.informer.clock.Clock;
import dev.informer.clock.Durations;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs an exec credential plugin and caches what it prints, as client-go's {@code plugin/pkg/client/auth/exec}:
 * the plugin gets {@code KUBERNETES_EXEC_INFO} (an {@code ExecCredential} with {@code spec.interactive=false}
 * and, when asked for, the cluster), must exit 0 and print an {@code ExecCredential} of the configured
 * apiVersion whose {@code status} holds a token and/or a client certificate and key. The credential is
 * reused until its {@code expirationTimestamp} (by the injected clock) and re-fetched after
 * {@link #invalidate} (the server answered 401 to it). A new client certificate is handed to the
 * listener so new connections present it.
 *
 * <p>A plugin still running after the timeout (or when the waiting thread is interrupted) is killed
 * with its whole process tree ({@link ProcessHandle#descendants()}, then
 * {@link ProcessHandle#destroyForcibly()}), so a hung login helper leaves nothing behind.
 *
 * <p>Thread-safe: one plugin run at a time; callers waiting for a credential block while it runs (up to
 * the timeout). Failures are one-line {@link AuthenticationException}s naming the command and the
 * problem (a failed plugin's exit code and the first line of its stderr), never the credential.
 */
public final class ExecCredentialProvider {

    private static final Logger log = LoggerFactory.getLogger(ExecCredentialProvider.class);

    /** A credential printed by the plugin. Never printed whole: {@link #toString()} hides the secrets. */
    public record Credential(
            @Nullable String token,
            List<X509Certificate> certificateChain,
            @Nullable PrivateKey key,
            @Nullable Instant expiry) {
        @Override
        public String toString() {
            return "Credential[token=" + (token == null ? "none" : "<redacted>") + ", certificate="
                    + (certificateChain.isEmpty() ? "none" : "present") + ", expiry=" + expiry + "]";
        }
    }

    /** The cluster a plugin may be told about ({@code provideClusterInfo}). */
    public record ClusterInfo(
            String server,
            @Nullable String tlsServerName,
            boolean insecureSkipTlsVerify,
            @Nullable String certificateAuthorityPem,
            @Nullable String proxyUrl,
            boolean disableCompression) {}

    private final ExecConfig config;
    private final ClusterInfo cluster;
    private final Clock clock;
    private final Duration timeout;
    private final BiConsumer<List<X509Certificate>, PrivateKey> certificateListener;
    private final Object lock = new Object();
    // @GuardedBy("lock")
    private @Nullable Credential cached;

    public ExecCredentialProvider(
            ExecConfig config,
            ClusterInfo cluster,
            Clock clock,
            Duration timeout,
            BiConsumer<List<X509Certificate>, PrivateKey> certificateListener) {
        this.config = Objects.requireNonNull(config, "config");
        this.cluster = cluster;
        this.clock = Objects.requireNonNull(clock, "clock");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        this.certificateListener = certificateListener;
    }

    /**
     * The current credential, running the plugin when none is cached or the cached one has expired.
     *
     * @throws AuthenticationException if the plugin fails
     */
    public Credential get() {
        synchronized (lock) {
            if (cached == null || isExpired(cached)) {
                Credential fresh = run();
                boolean newCertificate = cached == null
                        ? !fresh.certificateChain().isEmpty()
                        : !fresh.certificateChain().equals(cached.certificateChain());
                cached = fresh;
                if (newCertificate && certificateListener != null) {
                    certificateListener.accept(fresh.certificateChain(), fresh.key());
                }
            }
            return cached;
        }
    }

    /**
     * Forgets {@code used} if it is still the cached credential, so the next {@link #get()} runs the
     * plugin again; a credential already replaced by another thread is left alone.
     */
    @SuppressWarnings("ReferenceEquality") // identity on purpose: only this very credential is forgotten
    public void invalidate(Credential used) {
        synchronized (lock) {
            if (cached == used) {
                cached = null;
            }
        }
    }

    private boolean isExpired(Credential credential) {
        Instant expiry = credential.expiry();
        return expiry != null && !clock.now().isBefore(expiry);
    }

    private Credential run() {
        if (config.interactiveMode() == ExecConfig.InteractiveMode.ALWAYS) {
            throw new AuthenticationException("exec plugin " + config.command()
                    + " requires an interactive terminal (interactiveMode Always), which this client cannot offer");
        }
        List<String> command = new ArrayList<>();
        command.add(config.command());
        command.addAll(config.args());
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(config.env());
        builder.environment().put("KUBERNETES_EXEC_INFO", execInfo());
        Path stdout = null;
        Path stderr = null;
        try {
            // Files, not pipes: no reader threads, and a chatty plugin can never block on a full pipe.
            stdout = Files.createTempFile("exec-credential", ".out");
            stderr = Files.createTempFile("exec-credential", ".err");
            builder.redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
            Process process;
            try {
                process = builder.start();
            } catch (IOException e) {
                throw new AuthenticationException(
                        "exec plugin " + config.command() + " could not be started: "
                                + e.getMessage()
                                + (config.installHint() == null
                                        ? ""
                                        : "; " + ErrorResponses.oneLine(config.installHint(), 300)),
                        e);
            }
            process.getOutputStream().close(); // interactiveMode Never/IfAvailable: no standard input
            boolean exited;
            try {
                exited = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                killTree(process);
                throw e;
            }
            if (!exited) {
                int killed = killTree(process);
                throw new AuthenticationException("exec plugin " + config.command() + " did not finish within "
                        + Durations.format(timeout) + "; killed it"
                        + (killed == 0 ? "" : " and its " + killed + " child process" + (killed == 1 ? "" : "es"))
                        + " (execTimeout)");
            }
            if (process.exitValue() != 0) {
                throw new AuthenticationException("exec plugin " + config.command() + " failed with exit code "
                        + process.exitValue() + firstLines(Files.readString(stderr, StandardCharsets.UTF_8)));
            }
            Credential credential = parse(Files.readAllBytes(stdout));
            log.debug("exec plugin {} returned a credential (expiry {})", config.command(), credential.expiry());
            return credential;
        } catch (IOException e) {
            throw new AuthenticationException(
                    "exec plugin " + config.command() + " could not be run: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AuthenticationException("interrupted while running exec plugin " + config.command(), e);
        } finally {
            deleteQuietly(stdout);
            deleteQuietly(stderr);
        }
    }

    /**
     * Kills {@code process} and every process it started (taken before the kill: orphans leave the tree),
     * forcibly, and waits briefly for the plugin itself to be reaped.
     *
     * @return how many descendants were killed
     */
    private int killTree(Process process) {
        List<ProcessHandle> descendants = process.descendants().toList();
        process.destroyForcibly();
        descendants.forEach(ProcessHandle::destroyForcibly);
        log.debug(
                "killed exec plugin {} (pid {}) and {} descendant(s)",
                config.command(),
                process.pid(),
                descendants.size());
        return descendants.size();
    }

    /** ": " and the plugin's first stderr line (whitespace collapsed, cut at 300 chars), noting any more; "" if none. */
    private static String firstLines(String stderr) {
        List<String> lines = stderr.lines()
                .map(String::strip)
                .filter(line -> !line.isEmpty())
                .toList();
        if (lines.isEmpty()) {
            return " and wrote nothing to stderr";
        }
        String first = ErrorResponses.oneLine(lines.get(0), 300);
        int more = lines.size() - 1;
        return ": " + first
                + (more == 0 ? "" : " (and " + more + " more line" + (more == 1 ? "" : "s") + " on stderr)");
    }

    private String execInfo() {
        ObjectNode info = ApiJson.mapper().createObjectNode();
        info.put("kind", "ExecCredential");
        info.put("apiVersion", config.apiVersion());
        ObjectNode spec = info.putObject("spec");
        spec.put("interactive", false);
        if (config.provideClusterInfo() && cluster != null) {
            ObjectNode c = spec.putObject("cluster");
            c.put("server", cluster.server());
            if (cluster.tlsServerName() != null) {
                c.put("tls-server-name", cluster.tlsServerName());
            }
            if (cluster.insecureSkipTlsVerify()) {
                c.put("insecure-skip-tls-verify", true);
            }
            if (cluster.certificateAuthorityPem() != null) {
                c.put(
                        "certificate-authority-data",
                        Base64.getEncoder()
                                .encodeToString(
                                        cluster.certificateAuthorityPem().getBytes(StandardCharsets.UTF_8)));
            }
            if (cluster.proxyUrl() != null) {
                c.put("proxy-url", cluster.proxyUrl());
            }
            if (cluster.disableCompression()) {
                c.put("disable-compression", true);
            }
        }
        return info.toString();
    }

    private Credential parse(byte[] output) {
        String command = config.command();
        JsonNode root;
        try {
            root = ApiJson.mapper().readTree(output);
        } catch (JacksonException e) {
            throw new AuthenticationException(
                    "exec plugin " + command + " printed invalid JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) {
            throw new AuthenticationException("exec plugin " + command + " printed no ExecCredential object");
        }
        String kind = text(root, "kind");
        if (!"ExecCredential".equals(kind)) {
            throw new AuthenticationException(
                    "exec plugin " + command + " printed kind \"" + kind + "\", expected ExecCredential");
        }
        String apiVersion = text(root, "apiVersion");
        if (!config.apiVersion().equals(apiVersion)) {
            throw new AuthenticationException("exec plugin " + command + " is configured to use API version "
                    + config.apiVersion() + ", plugin returned version " + apiVersion);
        }
        JsonNode status = root.get("status");
        if (status == null || !status.isObject()) {
            throw new AuthenticationException("exec plugin " + command + " didn't return a status field");
        }
        String token = text(status, "token");
        String certificatePem = text(status, "clientCertificateData");
        String keyPem = text(status, "clientKeyData");
        if ((certificatePem == null) != (keyPem == null)) {
            throw new AuthenticationException("exec plugin " + command + " returned only certificate or key, not both");
        }
        if (token == null && certificatePem == null) {
            throw new AuthenticationException("exec plugin " + command + " didn't return a token or cert/key pair");
        }
        List<X509Certificate> chain = List.of();
        PrivateKey key = null;
        if (certificatePem != null) {
            try {
                chain = Pem.certificates(certificatePem);
                key = Pem.privateKey(keyPem);
                Pem.checkKeyMatchesCertificate(key, chain.get(0));
            } catch (IllegalArgumentException e) {
                throw new AuthenticationException(
                        "exec plugin " + command + " returned an unusable certificate/key: " + e.getMessage(), e);
            }
        }
        Instant expiry = null;
        String expiration = text(status, "expirationTimestamp");
        if (expiration != null) {
            try {
                expiry = OffsetDateTime.parse(expiration).toInstant();
            } catch (DateTimeParseException e) {
                throw new AuthenticationException(
                        "exec plugin " + command + " returned an invalid expirationTimestamp \"" + expiration + "\"",
                        e);
            }
        }
        return new Credential(token, chain, key, expiry);
    }

    private static @Nullable String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull() || !value.isString()) {
            return null;
        }
        String text = value.stringValue();
        return text.isEmpty() ? null : text;
    }

    private static void deleteQuietly(@Nullable Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                log.debug("cannot delete temporary file {}", file, e);
            }
        }
    }
}
