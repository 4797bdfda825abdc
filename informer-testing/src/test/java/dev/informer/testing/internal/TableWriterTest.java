package dev.informer.testing.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class TableWriterTest {
    private static final Instant NOW = Instant.parse("2024-01-10T12:00:00Z");

    private static String ageOf(long secondsAgo) {
        return TableWriter.age(ObjectRules.timestamp(NOW.minusSeconds(secondsAgo)), NOW);
    }

    private static String externalIps(String serviceJson) {
        return TableWriter.externalIps(Json.parse(serviceJson.getBytes(StandardCharsets.UTF_8), "service"));
    }

    @Test
    void externalIpColumnReadsLikeKubectls() {
        assertEquals("<none>", externalIps("{\"spec\":{\"type\":\"ClusterIP\"}}"));
        assertEquals("<pending>", externalIps("{\"spec\":{\"type\":\"LoadBalancer\"}}"));
        assertEquals(
                "<pending>",
                externalIps("{\"spec\":{\"type\":\"LoadBalancer\"},\"status\":{\"loadBalancer\":{\"ingress\":[{}]}}}"),
                "an ingress with neither ip nor hostname adds nothing (it printed null)");
        assertEquals(
                "1.2.3.4,10.0.0.1,lb.example.com",
                externalIps(
                        "{\"spec\":{\"type\":\"LoadBalancer\",\"externalIPs\":[\"1.2.3.4\"]},"
                                + "\"status\":{\"loadBalancer\":{\"ingress\":[{\"ip\":\"10.0.0.1\"},{\"hostname\":\"lb.example.com\"}]}}}"));
    }

    @Test
    void agesReadLikeKubectls() {
        assertEquals("0s", ageOf(0));
        assertEquals("119s", ageOf(119));
        assertEquals("2m", ageOf(120));
        assertEquals("2m5s", ageOf(125));
        assertEquals("15m", ageOf(15 * 60 + 5));
        assertEquals("3h", ageOf(3 * 3600));
        assertEquals("3h20m", ageOf(3 * 3600 + 20 * 60));
        assertEquals("20h", ageOf(20 * 3600));
        assertEquals("3d2h", ageOf(3 * 86400 + 2 * 3600));
        assertEquals("30d", ageOf(30 * 86400));
        assertEquals("<invalid>", ageOf(-5));
        assertEquals("<unknown>", TableWriter.age(null, NOW));
        assertEquals("<invalid>", TableWriter.age("yesterday", NOW));
    }
}
