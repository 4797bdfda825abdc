package dev.informer.client;

import dev.informer.clock.Clock;
import dev.informer.codegen.GenerateBuilder;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The settings of a {@link ClientConfig} that its builder stores as given (after checking them): the
 * processor generates their setters of {@link ClientConfig.Builder}. The server, the credentials, the
 * proxy and the namespace, whose setters parse or combine what they are given, stay in the builder.
 *
 * @param caCertificates trusts exactly these CA certificates (not the JDK's defaults). An empty list
 *     restores the defaults
 * @param exec an exec credential plugin ({@code null}: none)
 * @param insecureSkipTlsVerify whether to skip verifying the server's certificate (never combine with
 *     CA certificates)
 * @param tlsServerName the name to send as SNI and to verify the server certificate against, instead of
 *     the URL's host ({@code null} or empty: the URL's host)
 * @param disableCompression ask for uncompressed responses (saves CPU on fast local links)
 * @param connectTimeout see {@link ClientConfig#connectTimeout()}
 * @param readTimeout see {@link ClientConfig#readTimeout()}
 * @param writeTimeout see {@link ClientConfig#writeTimeout()}
 * @param watchReadTimeout see {@link ClientConfig#watchReadTimeout()}
 * @param pingInterval HTTP/2 ping interval; {@link java.time.Duration#ZERO} disables
 *     pings
 * @param userAgent the {@code User-Agent} header of every request (default {@code dev.informer/0.1.0
 *     (os/arch)})
 * @param execTimeout see {@link ClientConfig#execTimeout()} (default 30 s)
 * @param origin where the configuration came from, named in authentication and authorization errors
 * @param clock the clock for token re-reads and exec credential expiry
 * @param qps turns the client-side rate limiter on: at most {@code qps} requests per second on average,
 *     after a {@link ClientConfig.Builder#burst(int) burst} (default 10). 0, the default, turns it off.
 *     client-go's defaults are {@code qps(5).burst(10)}. A kubeconfig has no such setting, in client-go
 *     either
 * @param burst the most requests the rate limiter lets through at once after an idle period (default
 *     10); used only with a positive {@link ClientConfig.Builder#qps(double) qps}
 * @param rateLimiter a rate limiter shared by every client built from this configuration (client-go's
 *     {@code rest.Config.RateLimiter}); it overrides {@code qps} and {@code burst}. {@code null} removes
 *     it
 */
@GenerateBuilder(builder = "ClientConfig.Builder", checked = true)
record ClientConfigSettings(
        List<X509Certificate> caCertificates,
        @Nullable ExecConfig exec,
        boolean insecureSkipTlsVerify,
        @Nullable String tlsServerName,
        boolean disableCompression,
        @GenerateBuilder.Check("positive") Duration connectTimeout,
        @GenerateBuilder.Check("positive") Duration readTimeout,
        @GenerateBuilder.Check("positive") Duration writeTimeout,
        @GenerateBuilder.Check("positive") Duration watchReadTimeout,
        Duration pingInterval,
        String userAgent,
        @GenerateBuilder.Check("positive") Duration execTimeout,
        ClientConfig.Origin origin,
        Clock clock,
        double qps,
        int burst,
        @Nullable RequestRateLimiter rateLimiter) {

    ClientConfigSettings {
        caCertificates = List.copyOf(caCertificates);
        tlsServerName = checkTlsServerName(tlsServerName);
        positive(connectTimeout, "connectTimeout");
        positive(readTimeout, "readTimeout");
        positive(writeTimeout, "writeTimeout");
        positive(watchReadTimeout, "watchReadTimeout");
        checkPingInterval(Objects.requireNonNull(pingInterval, "pingInterval"));
        Objects.requireNonNull(userAgent, "userAgent");
        positive(execTimeout, "execTimeout");
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(clock, "clock");
        checkQps(qps);
        checkBurst(burst);
    }

    /** The TLS server name to keep: {@code null} for {@code null} or empty. */
    static @Nullable String checkTlsServerName(@Nullable String tlsServerName) {
        return tlsServerName == null || tlsServerName.isEmpty() ? null : tlsServerName;
    }

    /**
     * Checks the HTTP/2 ping interval.
     *
     * @throws IllegalArgumentException if negative
     */
    static Duration checkPingInterval(Duration pingInterval) {
        if (pingInterval.isNegative()) {
            throw new IllegalArgumentException("pingInterval must not be negative: " + pingInterval);
        }
        return pingInterval;
    }

    /**
     * Checks the rate limiter's requests per second.
     *
     * @throws IllegalArgumentException if negative, infinite or NaN
     */
    static double checkQps(double qps) {
        if (!(qps >= 0) || Double.isInfinite(qps)) {
            throw new IllegalArgumentException("qps must be zero (no limit) or positive: " + qps);
        }
        return qps;
    }

    /**
     * Checks the rate limiter's burst.
     *
     * @throws IllegalArgumentException if less than 1
     */
    static int checkBurst(int burst) {
        if (burst < 1) {
            throw new IllegalArgumentException("burst must be at least 1: " + burst);
        }
        return burst;
    }

    /**
     * The check of the timeouts: returns {@code d}.
     *
     * @throws NullPointerException if the timeout is {@code null}
     * @throws IllegalArgumentException if the timeout is zero or negative
     */
    static Duration positive(Duration d, String name) {
        if (Objects.requireNonNull(d, name).isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive: " + d);
        }
        return d;
    }
}
