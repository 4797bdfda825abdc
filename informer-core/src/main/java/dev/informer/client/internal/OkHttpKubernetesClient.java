package dev.informer.client.internal;

import dev.informer.api.ResourceType;
import dev.informer.client.ApiConnectionException;
import dev.informer.client.ClientConfig;
import dev.informer.client.KubernetesClient;
import dev.informer.client.RequestRateLimiter;
import dev.informer.client.ResourceClient;
import java.io.InterruptedIOException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import okhttp3.Credentials;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import org.jspecify.annotations.Nullable;

/**
 * The OkHttp implementation of {@link KubernetesClient}: one {@link OkHttpClient} (connection pool,
 * dispatcher, TLS, credentials) shared by every resource client. Interceptors, outermost first: request
 * logging (debug), then user agent, compression and credentials; a 401 is retried once with refreshed
 * credentials (OkHttp authenticator). With a client-side rate limiter ({@link ClientConfig#newRateLimiter()}),
 * every request first waits for a permit.
 *
 * <p>Thread-safe.
 */
public final class OkHttpKubernetesClient implements KubernetesClient {

    private final ClientConfig config;
    private final OkHttpClient http;
    private final HttpUrl base;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** Null when requests are not limited (the default). */
    private final @Nullable RequestRateLimiter rateLimiter;

    private OkHttpKubernetesClient(ClientConfig config, RequestLogger logger) {
        this.config = Objects.requireNonNull(config, "config");
        this.base = HttpUrl.get(config.server().toString());
        this.rateLimiter = config.newRateLimiter().orElse(null);
        ClientKeyManager keyManager = new ClientKeyManager(
                config.clientCertificateChain(), config.clientKey().orElse(null));
        // The exec plugin's listener runs later, on request threads: it finds the built client here.
        AtomicReference<OkHttpClient> self = new AtomicReference<>();
        ExecCredentialProvider exec = config.exec()
                .map(plugin -> new ExecCredentialProvider(
                        plugin, clusterInfo(config), config.clock(), config.execTimeout(), (chain, key) -> {
                            keyManager.update(chain, key);
                            OkHttpClient built = self.get();
                            if (built != null) {
                                // Connections made with the old certificate would keep presenting it.
                                built.connectionPool().evictAll();
                            }
                        }))
                .orElse(null);
        AuthInterceptor auth = new AuthInterceptor(config, exec);
        OkHttpClient.Builder builder = new OkHttpClient.Builder()
                .connectTimeout(config.connectTimeout())
                .readTimeout(config.readTimeout())
                .writeTimeout(config.writeTimeout())
                .pingInterval(config.pingInterval())
                .retryOnConnectionFailure(true)
                .eventListener(CallProgress.LISTENER)
                .addNetworkInterceptor(new WatchBodyTimeout())
                .followRedirects(false)
                .addInterceptor(logger)
                .addInterceptor(chain -> {
                    Request.Builder request = chain.request().newBuilder().header("User-Agent", config.userAgent());
                    if (config.disableCompression()) {
                        request.header("Accept-Encoding", "identity"); // OkHttp then adds no gzip.
                    }
                    return chain.proceed(request.build());
                });
        if (auth.hasCredentials()) {
            builder.addInterceptor(auth).authenticator(auth);
        }
        if (base.isHttps()) {
            TlsSetup tls = TlsSetup.create(config, keyManager);
            builder.sslSocketFactory(tls.socketFactory(), tls.trustManager());
            if (tls.hostnameVerifier() != null) {
                builder.hostnameVerifier(tls.hostnameVerifier());
            }
        }
        applyProxy(config.proxy(), builder);
        this.http = builder.build();
        self.set(http);
    }

    /** A client logging requests through SLF4J. */
    public static OkHttpKubernetesClient create(ClientConfig config) {
        return new OkHttpKubernetesClient(config, RequestLogger.toSlf4j(config.clock()));
    }

    /** A client whose request log lines go to {@code logSink} (tests). */
    static OkHttpKubernetesClient create(ClientConfig config, Consumer<String> logSink) {
        return new OkHttpKubernetesClient(config, RequestLogger.to(logSink, config.clock()));
    }

    @Override
    public ClientConfig config() {
        return config;
    }

    @Override
    public <T> ResourceClient<T> resource(ResourceType<T> type) {
        Objects.requireNonNull(type, "type");
        return new OkHttpResourceClient<>(this, type, type.namespaced() ? config.namespace() : null);
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            http.dispatcher().cancelAll();
            http.connectionPool().evictAll();
            http.dispatcher().executorService().shutdown();
        }
    }

    OkHttpClient http() {
        return http;
    }

    HttpUrl base() {
        return base;
    }

    /**
     * Takes a permit from the client-side rate limiter, if any, before a request; one per HTTP request
     * (each list page, a watch once when it starts).
     *
     * @throws ApiConnectionException if interrupted while waiting (the interrupt flag is kept)
     */
    void awaitRateLimit(String method, String url) {
        RequestRateLimiter limiter = rateLimiter;
        if (limiter == null) {
            return;
        }
        try {
            limiter.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiConnectionException(
                    method,
                    url,
                    new InterruptedIOException(
                            "interrupted while waiting for the client-side rate limiter (" + rateLimiter + ")"));
        }
    }

    void checkOpen() {
        if (closed.get()) {
            throw new IllegalStateException("the KubernetesClient for " + config.server() + " is closed");
        }
    }

    private static ExecCredentialProvider.ClusterInfo clusterInfo(ClientConfig config) {
        return new ExecCredentialProvider.ClusterInfo(
                config.server().toString(),
                config.tlsServerName(),
                config.insecureSkipTlsVerify(),
                config.caCertificates().isEmpty() ? null : Pem.encodeCertificates(config.caCertificates()),
                Objects.toString(config.proxy(), null),
                config.disableCompression());
    }

    private static void applyProxy(@Nullable URI proxy, OkHttpClient.Builder builder) {
        if (proxy == null) {
            return;
        }
        int port = proxy.getPort() != -1 ? proxy.getPort() : "socks5".equals(proxy.getScheme()) ? 1080 : 80;
        Proxy.Type type = "socks5".equals(proxy.getScheme()) ? Proxy.Type.SOCKS : Proxy.Type.HTTP;
        builder.proxy(new Proxy(type, InetSocketAddress.createUnresolved(proxy.getHost(), port)));
        String userInfo = proxy.getRawUserInfo();
        if (userInfo != null && type == Proxy.Type.HTTP) {
            int colon = userInfo.indexOf(':');
            String user =
                    URLDecoder.decode(colon < 0 ? userInfo : userInfo.substring(0, colon), StandardCharsets.UTF_8);
            String pass = colon < 0 ? "" : URLDecoder.decode(userInfo.substring(colon + 1), StandardCharsets.UTF_8);
            String header = Credentials.basic(user, pass, StandardCharsets.UTF_8);
            builder.proxyAuthenticator((route, response) -> {
                if (header.equals(response.request().header("Proxy-Authorization"))) {
                    return null; // Already tried these credentials.
                }
                return response.request()
                        .newBuilder()
                        .header("Proxy-Authorization", header)
                        .build();
            });
        }
    }
}
