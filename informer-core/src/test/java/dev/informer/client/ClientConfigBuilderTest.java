package dev.informer.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.clock.testing.FakeClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.Test;

/** The setters of ClientConfig.Builder: the generated ones check at once, toBuilder() keeps everything. */
class ClientConfigBuilderTest {

    private static final HeldCertificate CA = TestCertificates.ca("builder-ca");

    private static ClientConfig.Builder builder() {
        return ClientConfig.builder().server("https://k");
    }

    @Test
    void everyTimeoutRefusesZeroNamingTheSetting() {
        Map.of(
                        "connectTimeout", (Function<ClientConfig.Builder, Object>) b -> b.connectTimeout(Duration.ZERO),
                        "readTimeout", b -> b.readTimeout(Duration.ZERO),
                        "writeTimeout", b -> b.writeTimeout(Duration.ZERO),
                        "watchReadTimeout", b -> b.watchReadTimeout(Duration.ZERO),
                        "execTimeout", b -> b.execTimeout(Duration.ofSeconds(-1)))
                .forEach((name, setter) -> {
                    IllegalArgumentException e =
                            assertThrows(IllegalArgumentException.class, () -> setter.apply(builder()));
                    assertTrue(e.getMessage().startsWith(name + " must be positive: "), e.getMessage());
                });
    }

    @Test
    void rateLimitSettingsAreCheckedWhenSet() {
        assertEquals(
                "qps must be zero (no limit) or positive: NaN",
                assertThrows(IllegalArgumentException.class, () -> builder().qps(Double.NaN))
                        .getMessage());
        assertEquals(
                "burst must be at least 1: 0",
                assertThrows(IllegalArgumentException.class, () -> builder().burst(0))
                        .getMessage());
        assertEquals(
                "pingInterval must not be negative: PT-1S",
                assertThrows(IllegalArgumentException.class, () -> builder().pingInterval(Duration.ofSeconds(-1)))
                        .getMessage());
    }

    @Test
    void nullIsRefusedAtTheSetterNamingTheSetting() {
        assertEquals(
                "connectTimeout",
                assertThrows(NullPointerException.class, () -> builder().connectTimeout(null))
                        .getMessage());
        assertEquals(
                "clock",
                assertThrows(NullPointerException.class, () -> builder().clock(null))
                        .getMessage());
        assertEquals(
                "origin",
                assertThrows(NullPointerException.class, () -> builder().origin(null))
                        .getMessage());
    }

    @Test
    void emptyTlsServerNameAndNamespaceMeanTheDefaults() {
        ClientConfig config = builder().tlsServerName("").namespace("").build();

        assertNull(config.tlsServerName());
        assertEquals(ClientConfig.DEFAULT_NAMESPACE, config.namespace());
        assertEquals("default", builder().namespace(null).build().namespace());
    }

    @Test
    void caCertificatesAreReplacedOrAppended() {
        ClientConfig config = builder()
                .caCertificates(List.of(CA.certificate()))
                .addCaCertificate(CA.certificate())
                .build();
        assertEquals(List.of(CA.certificate(), CA.certificate()), config.caCertificates());
        assertEquals(
                List.of(), config.toBuilder().caCertificates(List.of()).build().caCertificates());
    }

    @Test
    void toBuilderKeepsTheGeneratedAndTheParsedSettings() {
        FakeClock clock = new FakeClock();
        RequestRateLimiter limiter = RequestRateLimiter.tokenBucket(2, 3, clock);
        ClientConfig.Origin origin = ClientConfig.Origin.inCluster(Path.of("/var/run/token"));
        ClientConfig original = builder()
                .basicAuth("u", "p")
                .proxy("socks5://proxy:1080")
                .exec(ExecConfig.of("get-token"))
                .insecureSkipTlsVerify(true)
                .writeTimeout(Duration.ofSeconds(7))
                .readTimeout(Duration.ofSeconds(8))
                .execTimeout(Duration.ofSeconds(9))
                .pingInterval(Duration.ZERO)
                .origin(origin)
                .clock(clock)
                .qps(4)
                .burst(5)
                .rateLimiter(limiter)
                .build();

        ClientConfig copy = original.toBuilder().build();

        assertEquals(original.toString(), copy.toString());
        assertEquals("u", copy.username());
        assertEquals("p", copy.password());
        assertEquals("socks5", copy.proxy().getScheme());
        assertEquals("get-token", copy.exec().orElseThrow().command());
        assertTrue(copy.insecureSkipTlsVerify());
        assertEquals(Duration.ofSeconds(7), copy.writeTimeout());
        assertEquals(Duration.ofSeconds(8), copy.readTimeout());
        assertEquals(Duration.ofSeconds(9), copy.execTimeout());
        assertEquals(Duration.ZERO, copy.pingInterval());
        assertEquals(origin, copy.origin());
        assertSame(clock, copy.clock());
        assertEquals(4, copy.qps());
        assertEquals(5, copy.burst());
        assertSame(limiter, copy.newRateLimiter().orElseThrow());
        assertEquals(
                Duration.ofSeconds(60),
                ClientConfig.builder().server("https://k").build().readTimeout(),
                "defaults are unchanged");
    }
}
