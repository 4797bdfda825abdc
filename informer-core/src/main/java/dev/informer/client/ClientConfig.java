package dev.informer.client;

import dev.informer.client.internal.FileTokenSource;
import dev.informer.client.internal.Pem;
import dev.informer.clock.Clock;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Everything needed to talk to one API server: where it is, how to trust it, who we are, how long to
 * wait. Built by hand with {@link #builder()}, from a kubeconfig ({@link #fromKubeConfig}), from a pod's
 * service account ({@link #inCluster()}), or by {@link #autoDetect()}, which tries them in client-go's
 * order: kubeconfig ({@code KUBECONFIG}, else {@code ~/.kube/config}), then in-cluster.
 *
 * <p>Authentication, at most one of each kind: a bearer token (fixed, from a supplier, or from a file
 * re-read as it rotates) or basic auth; a client certificate; an exec credential plugin (consulted for
 * the bearer token only when no fixed token or basic auth is set, as client-go does; it may also supply
 * a client certificate).
 *
 * <p>Immutable and thread-safe (the token supplier must be thread-safe). {@link #toString()} never
 * shows a credential. Misuse throws {@link ConfigException} from {@link Builder#build()}, naming the
 * conflicting settings.
 */
public final class ClientConfig {

    /** The default namespace when none is configured, as kubectl. */
    public static final String DEFAULT_NAMESPACE = "default";

    // What the builder stores as given, kept for toBuilder(); its values are also copied below.
    private final ClientConfigSettings settings;
    private final URI server;
    private final List<X509Certificate> caCertificates;
    private final List<X509Certificate> clientCertificateChain;
    private final @Nullable PrivateKey clientKey;
    private final @Nullable Supplier<String> bearerToken;
    private final @Nullable String username;
    private final @Nullable String password;
    private final @Nullable ExecConfig exec;
    private final boolean insecureSkipTlsVerify;
    private final @Nullable String tlsServerName;
    private final @Nullable URI proxy;
    private final boolean disableCompression;
    private final Duration connectTimeout;
    private final Duration readTimeout;
    private final Duration writeTimeout;
    private final Duration watchReadTimeout;
    private final Duration pingInterval;
    private final String userAgent;
    private final String namespace;
    private final Duration execTimeout;
    private final Origin origin;
    private final Clock clock;
    private final double qps;
    private final int burst;
    private final @Nullable RequestRateLimiter rateLimiter;

    private ClientConfig(Builder b, ClientConfigSettings settings, @Nullable Supplier<String> bearerToken) {
        this.settings = settings;
        this.server = Objects.requireNonNull(b.server, "server"); // build() checked it
        this.clientCertificateChain = List.copyOf(b.clientCertificateChain);
        this.clientKey = b.clientKey;
        this.bearerToken = bearerToken;
        this.username = b.username;
        this.password = b.password;
        this.proxy = b.proxy;
        this.namespace = b.namespace;
        this.caCertificates = settings.caCertificates();
        this.exec = settings.exec();
        this.insecureSkipTlsVerify = settings.insecureSkipTlsVerify();
        this.tlsServerName = settings.tlsServerName();
        this.disableCompression = settings.disableCompression();
        this.connectTimeout = settings.connectTimeout();
        this.readTimeout = settings.readTimeout();
        this.writeTimeout = settings.writeTimeout();
        this.watchReadTimeout = settings.watchReadTimeout();
        this.pingInterval = settings.pingInterval();
        this.userAgent = settings.userAgent();
        this.execTimeout = settings.execTimeout();
        this.origin = settings.origin();
        this.clock = settings.clock();
        this.qps = settings.qps();
        this.burst = settings.burst();
        this.rateLimiter = settings.rateLimiter();
    }

    /**
     * A builder with the defaults: no server (required), 10 s connect, 60 s read/write, 10 min watch
     * read, 30 s for an exec plugin, origin {@link Origin#explicit()}.
     */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this configuration's settings. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    // ---------------------------------------------------------------------------------------------
    // Sources

    /** {@link #autoDetect(ConfigEnvironment)} in the real environment. */
    public static ClientConfig autoDetect() {
        return autoDetect(ConfigEnvironment.system());
    }

    /**
     * The configuration a client-go program would use: the kubeconfig ({@code KUBECONFIG} files merged,
     * else {@code ~/.kube/config}) at its current context when one exists and defines anything, else the
     * in-cluster service account when {@code KUBERNETES_SERVICE_HOST}/{@code _PORT} are set.
     *
     * @throws ConfigException if an existing kubeconfig is invalid, or when nothing is found (the message
     *                         lists each place that was tried and why it did not apply)
     */
    public static ClientConfig autoDetect(ConfigEnvironment environment) {
        List<String> tried = new ArrayList<>();
        Optional<KubeConfig> kubeConfig = KubeConfig.load(environment);
        if (kubeConfig.isPresent() && !kubeConfig.get().isEmpty()) {
            return fromKubeConfig(kubeConfig.get(), null, environment);
        }
        String source = environment.variable(KubeConfig.KUBECONFIG) != null ? "KUBECONFIG" : "default kubeconfig";
        tried.add(source + " " + KubeConfig.defaultFiles(environment)
                + (kubeConfig.isPresent() ? " (defines nothing)" : " (no such file)"));
        String host = environment.variable("KUBERNETES_SERVICE_HOST");
        String port = environment.variable("KUBERNETES_SERVICE_PORT");
        if (host != null && port != null) {
            return inCluster(environment);
        }
        tried.add("in-cluster (KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT are not set)");
        throw new ConfigException("no Kubernetes configuration found; tried " + String.join(", then ", tried));
    }

    /**
     * The kubeconfig at {@code file}, at its current context, in the real environment.
     *
     * @throws ConfigException as {@link #fromKubeConfig(Path, String)}
     */
    public static ClientConfig fromKubeConfig(Path file) {
        return fromKubeConfig(file, null);
    }

    /**
     * One context of the kubeconfig at {@code file}, in the real environment (what kubectl's
     * {@code --kubeconfig FILE --context NAME} selects).
     *
     * @param context the context's name, or {@code null} for the file's current context
     * @throws ConfigException in one line naming the file: it does not exist, is a directory, cannot be
     *                         read, is not valid YAML (with line and column) or not a valid kubeconfig,
     *                         or the context is not defined (listing the contexts that are)
     */
    public static ClientConfig fromKubeConfig(Path file, @Nullable String context) {
        return fromKubeConfig(KubeConfig.parse(file), context, ConfigEnvironment.system());
    }

    /**
     * The configuration of one context of a kubeconfig: its cluster (server, CA, TLS options, proxy), its
     * user (token, token file, client certificate, basic auth, exec plugin) and its namespace (default
     * "default"). Referenced files are read now.
     *
     * @param context     the context's name, or {@code null} for the current context
     * @param environment supplies the clock (token re-reads, exec credential expiry)
     * @throws ConfigException naming the file and entry: no current context, an undefined context,
     *                         cluster or user, a cluster without server, conflicting fields, an unreadable
     *                         or malformed certificate, key or token file, an unsupported auth-provider
     */
    public static ClientConfig fromKubeConfig(
            KubeConfig kubeConfig, @Nullable String context, ConfigEnvironment environment) {
        return new KubeConfigResolver(kubeConfig, environment).resolve(context);
    }

    /** {@link #inCluster(ConfigEnvironment)} in the real environment. */
    public static ClientConfig inCluster() {
        return inCluster(ConfigEnvironment.system());
    }

    /**
     * The configuration of a pod's service account, as client-go's {@code rest.InClusterConfig}: server
     * {@code https://$KUBERNETES_SERVICE_HOST:$KUBERNETES_SERVICE_PORT}, the bearer token from
     * {@code token} in the service-account directory (re-read every minute, and at once after a 401, as
     * projected tokens rotate), the CA from {@code ca.crt} when present, the namespace from
     * {@code $POD_NAMESPACE}, else the {@code namespace} file, else "default".
     *
     * @throws ConfigException if the variables are not set, or the token cannot be read (naming the file)
     */
    public static ClientConfig inCluster(ConfigEnvironment environment) {
        String host = environment.variable("KUBERNETES_SERVICE_HOST");
        String port = environment.variable("KUBERNETES_SERVICE_PORT");
        if (host == null || port == null) {
            throw new ConfigException("unable to load in-cluster configuration: KUBERNETES_SERVICE_HOST and "
                    + "KUBERNETES_SERVICE_PORT must be defined");
        }
        String hostPort =
                host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]:" + port : host + ":" + port;
        Path dir = environment.serviceAccountDirectory();
        Builder builder = builder()
                .origin(Origin.inCluster(dir.resolve("token")))
                .clock(environment.clock())
                .server("https://" + hostPort)
                .bearerTokenFile(dir.resolve("token"));
        Path ca = dir.resolve("ca.crt");
        if (Files.exists(ca)) {
            builder.caCertificateFile(ca);
        }
        String namespace = environment.variable("POD_NAMESPACE");
        if (namespace == null) {
            Path namespaceFile = dir.resolve("namespace");
            if (Files.isRegularFile(namespaceFile)) {
                String fromFile = ConfigFiles.read(namespaceFile, "in-cluster namespace file")
                        .strip();
                namespace = fromFile.isEmpty() ? null : fromFile;
            }
        }
        builder.namespace(namespace == null ? DEFAULT_NAMESPACE : namespace);
        return builder.build();
    }

    // ---------------------------------------------------------------------------------------------
    // Accessors

    /** The API server's base URL, e.g. {@code https://10.0.0.1:443} (no trailing slash). */
    public URI server() {
        return server;
    }

    /** The certificates trusted for the server; empty means the JDK's default trust store. */
    public List<X509Certificate> caCertificates() {
        return caCertificates;
    }

    /** The client certificate chain (leaf first); empty when no client certificate is configured. */
    public List<X509Certificate> clientCertificateChain() {
        return clientCertificateChain;
    }

    /** The client certificate's private key, or empty. */
    public Optional<PrivateKey> clientKey() {
        return Optional.ofNullable(clientKey);
    }

    /** The bearer token supplier, or empty. */
    public Optional<Supplier<String>> bearerToken() {
        return Optional.ofNullable(bearerToken);
    }

    /** The basic-auth user, or {@code null}. */
    public @Nullable String username() {
        return username;
    }

    /** The basic-auth password, or {@code null}. */
    public @Nullable String password() {
        return password;
    }

    /** The exec credential plugin, or empty. */
    public Optional<ExecConfig> exec() {
        return Optional.ofNullable(exec);
    }

    public boolean insecureSkipTlsVerify() {
        return insecureSkipTlsVerify;
    }

    /** The name sent as SNI and checked against the server certificate instead of the URL's host, or {@code null}. */
    public @Nullable String tlsServerName() {
        return tlsServerName;
    }

    /** The proxy ({@code http://} or {@code socks5://}), or {@code null} for a direct connection. */
    public @Nullable URI proxy() {
        return proxy;
    }

    public boolean disableCompression() {
        return disableCompression;
    }

    /** The longest wait for a TCP (and TLS) connection to the server or proxy (default 10 s). */
    public Duration connectTimeout() {
        return connectTimeout;
    }

    /**
     * The request timeout (default 60 s): the longest wait for the response headers of any request,
     * watches included, and for each read of an ordinary response's body. A server that accepts the
     * connection but never answers fails the request with an {@link ApiConnectionException} saying
     * "no response within" this duration. There is no limit on a whole call: a large list may take
     * longer as long as its bytes keep coming.
     */
    public Duration readTimeout() {
        return readTimeout;
    }

    /** The longest wait for each write of a request body (default 60 s). */
    public Duration writeTimeout() {
        return writeTimeout;
    }

    /**
     * The longest silence tolerated on a watch stream's body once its headers arrived (default 10 min;
     * the headers themselves must arrive within {@link #readTimeout()}). With {@code timeoutSeconds}
     * the body's timeout is the larger of this and {@code timeoutSeconds} + 30 s, so the server always
     * closes a healthy watch first and only a dead connection trips the timeout.
     */
    public Duration watchReadTimeout() {
        return watchReadTimeout;
    }

    /** The HTTP/2 ping interval that detects dead connections (zero disables). */
    public Duration pingInterval() {
        return pingInterval;
    }

    public String userAgent() {
        return userAgent;
    }

    /** The default namespace for namespaced resources. */
    public String namespace() {
        return namespace;
    }

    /** The longest an exec credential plugin may run before it and its child processes are killed. */
    public Duration execTimeout() {
        return execTimeout;
    }

    /** Where this configuration came from (kubeconfig file, context and user; in-cluster; explicit). */
    public Origin origin() {
        return origin;
    }

    /**
     * One line for messages: the server and where the configuration came from, e.g.
     * {@code https://10.0.0.1:6443 as user 'alice' (context 'dev', kubeconfig /home/a/.kube/config)}.
     * Never contains a credential.
     */
    public String describe() {
        return server + " as " + origin.describe();
    }

    /** The clock for token re-reads and credential expiry. */
    public Clock clock() {
        return clock;
    }

    /**
     * Requests per second allowed by the client-side rate limiter (client-go's {@code rest.Config.QPS});
     * 0, the default, means no client-side limit. See {@link RequestRateLimiter}.
     */
    public double qps() {
        return qps;
    }

    /** The burst of the client-side rate limiter (client-go's {@code Burst}); 10 unless set. */
    public int burst() {
        return burst;
    }

    /**
     * The rate limiter every request of a client built from this configuration waits on: the one set
     * with {@link Builder#rateLimiter Builder.rateLimiter} (shared by every client built from this configuration), else a
     * new {@linkplain RequestRateLimiter#tokenBucket token bucket} of {@link #qps()} and {@link #burst()}
     * on {@link #clock()} per client, else empty (no limit, the default).
     */
    public Optional<RequestRateLimiter> newRateLimiter() {
        if (rateLimiter != null) {
            return Optional.of(rateLimiter);
        }
        if (qps > 0) {
            return Optional.of(RequestRateLimiter.tokenBucket(qps, burst, clock));
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return "ClientConfig[server=" + server + ", origin=" + origin.describe() + ", namespace=" + namespace
                + ", ca=" + caCertificates.size() + " certificate(s)"
                + ", clientCertificate="
                + (clientCertificateChain.isEmpty()
                        ? "none"
                        : clientCertificateChain
                                .get(0)
                                .getSubjectX500Principal()
                                .getName())
                + ", bearerToken=" + (bearerToken == null ? "none" : "<redacted>")
                + ", basicAuth=" + (username == null ? "none" : username + ":<redacted>")
                + ", exec=" + (exec == null ? "none" : exec.command())
                + ", insecureSkipTlsVerify=" + insecureSkipTlsVerify
                + ", tlsServerName=" + tlsServerName
                + ", proxy="
                + (proxy == null ? "none" : proxy.getScheme() + "://" + proxy.getHost() + ":" + proxy.getPort())
                + (rateLimiter != null
                        ? ", rateLimiter=" + rateLimiter
                        : qps > 0 ? ", qps=" + qps + ", burst=" + burst : "")
                + "]";
    }

    // ---------------------------------------------------------------------------------------------

    /**
     * Where a {@link ClientConfig} came from, so that errors can name it: a kubeconfig (file, context and
     * user), a pod's service account, or code. {@link #describe()} is the phrase used in messages, e.g.
     * {@code user 'alice' (context 'dev', kubeconfig /home/a/.kube/config)}. It never holds a credential.
     *
     * <p>Immutable and thread-safe.
     */
    public static final class Origin {

        /** The kind of source. */
        public enum Kind {
            /** A kubeconfig context ({@link ClientConfig#fromKubeConfig}, {@link ClientConfig#autoDetect()}). */
            KUBECONFIG,
            /** A pod's service account ({@link ClientConfig#inCluster()}). */
            IN_CLUSTER,
            /** Built in code with {@link ClientConfig#builder()}. */
            EXPLICIT
        }

        private static final Origin EXPLICIT = new Origin(Kind.EXPLICIT, null, null, null);

        private final Kind kind;
        private final @Nullable Path file;
        private final @Nullable String context;
        private final @Nullable String user;

        private Origin(Kind kind, @Nullable Path file, @Nullable String context, @Nullable String user) {
            this.kind = kind;
            this.file = file;
            this.context = context;
            this.user = user;
        }

        /** A configuration built in code. */
        public static Origin explicit() {
            return EXPLICIT;
        }

        /**
         * A kubeconfig context.
         *
         * @param file    the kubeconfig file defining the context
         * @param context the context's name
         * @param user    the name of the context's user entry
         */
        public static Origin kubeConfig(Path file, String context, String user) {
            return new Origin(
                    Kind.KUBECONFIG,
                    Objects.requireNonNull(file, "file"),
                    Objects.requireNonNull(context, "context"),
                    Objects.requireNonNull(user, "user"));
        }

        /** A pod's service account whose token is read from {@code tokenFile}. */
        public static Origin inCluster(Path tokenFile) {
            return new Origin(Kind.IN_CLUSTER, Objects.requireNonNull(tokenFile, "tokenFile"), null, null);
        }

        public Kind kind() {
            return kind;
        }

        /** The kubeconfig file, or the service-account token file in-cluster; empty for EXPLICIT. */
        public Optional<Path> file() {
            return Optional.ofNullable(file);
        }

        /** The kubeconfig context's name; empty unless KUBECONFIG. */
        public Optional<String> context() {
            return Optional.ofNullable(context);
        }

        /** The kubeconfig user entry's name; empty unless KUBECONFIG. */
        public Optional<String> user() {
            return Optional.ofNullable(user);
        }

        /**
         * Who sends the requests, as a phrase for messages: {@code user 'alice' (context 'dev', kubeconfig
         * /path)}, {@code the pod's service account (token /var/run/.../token)} or {@code the client
         * configured in code}.
         */
        public String describe() {
            return switch (kind) {
                case KUBECONFIG -> "user '" + user + "' (context '" + context + "', kubeconfig " + file + ")";
                case IN_CLUSTER -> "the pod's service account (token " + file + ")";
                case EXPLICIT -> "the client configured in code";
            };
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Origin other
                    && kind == other.kind
                    && Objects.equals(file, other.file)
                    && Objects.equals(context, other.context)
                    && Objects.equals(user, other.user);
        }

        @Override
        public int hashCode() {
            return Objects.hash(kind, file, context, user);
        }

        @Override
        public String toString() {
            return describe();
        }
    }

    /**
     * Builds a {@link ClientConfig}. Setters validate their argument at once (a malformed URL or PEM
     * throws {@link ConfigException}); {@link #build()} checks the combination. Not thread-safe; a
     * builder may be reused after {@code build()}.
     */
    public static final class Builder extends ClientConfigSettingsBuilderBase {
        private @Nullable URI server;
        private List<X509Certificate> clientCertificateChain = List.of();
        private @Nullable PrivateKey clientKey;
        private @Nullable Supplier<String> bearerToken;
        private @Nullable Path bearerTokenFile;
        private @Nullable String username;
        private @Nullable String password;
        private @Nullable URI proxy;
        private String namespace = DEFAULT_NAMESPACE;

        private Builder() {
            from(new ClientConfigSettings(
                    List.of(),
                    null,
                    false,
                    null,
                    false,
                    Duration.ofSeconds(10),
                    Duration.ofSeconds(60),
                    Duration.ofSeconds(60),
                    Duration.ofMinutes(10),
                    Duration.ofSeconds(30),
                    defaultUserAgent(),
                    Duration.ofSeconds(30),
                    Origin.explicit(),
                    Clock.system(),
                    0,
                    10,
                    null));
        }

        private Builder(ClientConfig c) {
            from(c.settings);
            server = c.server;
            clientCertificateChain = c.clientCertificateChain;
            clientKey = c.clientKey;
            bearerToken = c.bearerToken;
            username = c.username;
            password = c.password;
            proxy = c.proxy;
            namespace = c.namespace;
        }

        /**
         * The API server URL ({@code https://host:port} or {@code http://...}, optionally with a path
         * prefix). A trailing slash is dropped.
         *
         * @throws ConfigException if it is not an absolute http(s) URL with a host
         */
        public Builder server(String url) {
            Objects.requireNonNull(url, "url");
            URI uri;
            try {
                uri = new URI(url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
            } catch (URISyntaxException e) {
                throw new ConfigException("server URL \"" + url + "\" is malformed: " + e.getMessage(), e);
            }
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("https") && !scheme.equals("http")) {
                throw new ConfigException("server URL \"" + url + "\" must start with https:// or http://");
            }
            if (uri.getHost() == null || uri.getHost().isEmpty()) {
                throw new ConfigException("server URL \"" + url + "\" has no host");
            }
            if (uri.getRawUserInfo() != null) {
                throw new ConfigException("server URL must not carry credentials; use basicAuth or a token");
            }
            this.server = uri;
            return this;
        }

        /**
         * Trusts the certificates in this PEM text.
         *
         * @throws ConfigException if it holds no valid certificate
         */
        public Builder caCertificatePem(String pem) {
            try {
                return caCertificates(Pem.certificates(pem));
            } catch (IllegalArgumentException e) {
                throw new ConfigException("CA certificate data is invalid: " + e.getMessage(), e);
            }
        }

        /**
         * Trusts the certificates in this PEM file.
         *
         * @throws ConfigException naming the file if it cannot be read or holds no valid certificate
         */
        public Builder caCertificateFile(Path file) {
            String pem = readFile(file, "CA certificate file");
            try {
                return caCertificates(Pem.certificates(pem));
            } catch (IllegalArgumentException e) {
                throw new ConfigException("CA certificate file " + file + " is invalid: " + e.getMessage(), e);
            }
        }

        /**
         * Authenticates with a client certificate (chain leaf first) and its key.
         *
         * @throws ConfigException if the chain is empty or the key does not match the leaf
         */
        public Builder clientCertificate(List<X509Certificate> chain, PrivateKey key) {
            Objects.requireNonNull(key, "key");
            if (chain.isEmpty()) {
                throw new ConfigException("client certificate chain is empty");
            }
            try {
                Pem.checkKeyMatchesCertificate(key, chain.get(0));
            } catch (IllegalArgumentException e) {
                throw new ConfigException("client key does not belong to the client certificate: " + e.getMessage(), e);
            }
            this.clientCertificateChain = List.copyOf(chain);
            this.clientKey = key;
            return this;
        }

        /**
         * Authenticates with a PEM client certificate and PEM key (PKCS#8, PKCS#1 RSA or SEC1 EC).
         *
         * @throws ConfigException if either does not parse or they do not match
         */
        public Builder clientCertificatePem(String certificatePem, String keyPem) {
            List<X509Certificate> chain;
            PrivateKey key;
            try {
                chain = Pem.certificates(certificatePem);
            } catch (IllegalArgumentException e) {
                throw new ConfigException("client certificate data is invalid: " + e.getMessage(), e);
            }
            try {
                key = Pem.privateKey(keyPem);
            } catch (IllegalArgumentException e) {
                throw new ConfigException("client key data is invalid: " + e.getMessage(), e);
            }
            return clientCertificate(chain, key);
        }

        /**
         * Authenticates with a client certificate and key read from PEM files.
         *
         * @throws ConfigException naming the file that cannot be read or does not parse
         */
        public Builder clientCertificateFiles(Path certificateFile, Path keyFile) {
            String certificatePem = readFile(certificateFile, "client certificate file");
            String keyPem = readFile(keyFile, "client key file");
            List<X509Certificate> chain;
            PrivateKey key;
            try {
                chain = Pem.certificates(certificatePem);
            } catch (IllegalArgumentException e) {
                throw new ConfigException(
                        "client certificate file " + certificateFile + " is invalid: " + e.getMessage(), e);
            }
            try {
                key = Pem.privateKey(keyPem);
            } catch (IllegalArgumentException e) {
                throw new ConfigException("client key file " + keyFile + " is invalid: " + e.getMessage(), e);
            }
            return clientCertificate(chain, key);
        }

        /** A fixed bearer token. */
        public Builder bearerToken(String token) {
            Objects.requireNonNull(token, "token");
            this.bearerToken = () -> token;
            this.bearerTokenFile = null;
            return this;
        }

        /** A bearer token asked for on every request (must be thread-safe and fast; cache inside). */
        public Builder bearerTokenSupplier(Supplier<String> supplier) {
            this.bearerToken = Objects.requireNonNull(supplier, "supplier");
            this.bearerTokenFile = null;
            return this;
        }

        /**
         * A bearer token read from {@code file} at {@link #build()} and re-read every minute (by this
         * builder's clock) and after a 401, as client-go's token file handling.
         */
        public Builder bearerTokenFile(Path file) {
            this.bearerTokenFile = Objects.requireNonNull(file, "file");
            this.bearerToken = null;
            return this;
        }

        /** HTTP basic authentication. */
        public Builder basicAuth(String user, String pass) {
            this.username = Objects.requireNonNull(user, "user");
            this.password = Objects.requireNonNull(pass, "pass");
            return this;
        }

        /**
         * Reach the server through a proxy: {@code http://[user:pass@]host:port} or
         * {@code socks5://host:port}; {@code null} for a direct connection.
         *
         * @throws ConfigException if the URL is malformed or uses another scheme
         */
        public Builder proxy(@Nullable String url) {
            if (url == null || url.isEmpty()) {
                this.proxy = null;
                return this;
            }
            URI uri;
            try {
                uri = new URI(url);
            } catch (URISyntaxException e) {
                throw new ConfigException(
                        "proxy URL \"" + redactUserInfo(url) + "\" is malformed: " + e.getMessage(), e);
            }
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("socks5")) {
                throw new ConfigException("proxy URL \"" + redactUserInfo(url)
                        + "\" must use http:// or socks5:// (TLS to the proxy is not supported)");
            }
            if (uri.getHost() == null) {
                throw new ConfigException("proxy URL \"" + redactUserInfo(url) + "\" has no host");
            }
            if (scheme.equals("socks5") && uri.getRawUserInfo() != null) {
                throw new ConfigException("socks5 proxy credentials are not supported");
            }
            this.proxy = uri;
            return this;
        }

        /** The default namespace ({@code null} or empty restores "default"). */
        public Builder namespace(@Nullable String ns) {
            this.namespace = ns == null || ns.isEmpty() ? DEFAULT_NAMESPACE : ns;
            return this;
        }

        /**
         * The configuration.
         *
         * @throws ConfigException if no server is set, a CA is combined with insecure-skip-tls-verify,
         *                         a token is combined with basic auth, or the token file cannot be read
         */
        public ClientConfig build() {
            ClientConfigSettings settings = settings();
            if (server == null) {
                throw new ConfigException("no server URL is configured");
            }
            if (settings.insecureSkipTlsVerify() && !settings.caCertificates().isEmpty()) {
                // As client-go: trusting a CA and trusting everything at once is a mistake, not a choice.
                throw new ConfigException("specifying CA certificates with insecure-skip-tls-verify is not allowed");
            }
            if ((bearerToken != null || bearerTokenFile != null) && username != null) {
                throw new ConfigException("username/password or bearer token may be set, but not both");
            }
            Supplier<String> token = bearerTokenFile == null
                    ? bearerToken
                    : new FileTokenSource(bearerTokenFile, settings.clock(), FileTokenSource.DEFAULT_PERIOD);
            return new ClientConfig(this, settings, token);
        }

        private static String readFile(Path file, String what) {
            return ConfigFiles.read(file, what);
        }

        private static String redactUserInfo(String url) {
            return url.replaceAll("//[^/@]*@", "//<redacted>@");
        }

        private static String defaultUserAgent() {
            return "dev.informer/0.1.0 ("
                    + System.getProperty("os.name", "unknown").toLowerCase(Locale.ROOT) + "/"
                    + System.getProperty("os.arch", "unknown") + ")";
        }
    }
}
