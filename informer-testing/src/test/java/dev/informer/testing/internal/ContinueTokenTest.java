package dev.informer.testing.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class ContinueTokenTest {
    private static String b64(String s) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void roundTrips() {
        ContinueToken t = new ContinueToken(42, "default/pod-7");
        assertEquals(t, ContinueToken.decode(t.encode()));
        ContinueToken latest = new ContinueToken(-1, "x");
        assertEquals(latest, ContinueToken.decode(latest.encode()));
    }

    @Test
    void acceptsStandardBase64WithPadding() {
        String std = Base64.getEncoder()
                .encodeToString(
                        "{\"v\":\"meta.k8s.io/v1\",\"rv\":3,\"start\":\"a\\u0000\"}".getBytes(StandardCharsets.UTF_8));
        assertEquals(new ContinueToken(3, "a"), ContinueToken.decode(std));
    }

    @Test
    void foreignTokensAreBadRequests() {
        for (String bad : new String[] {
            "***",
            b64("not json"),
            b64("[1]"),
            b64("{\"v\":\"other\",\"rv\":1,\"start\":\"a\\u0000\"}"),
            b64("{\"v\":\"meta.k8s.io/v1\",\"rv\":0,\"start\":\"a\\u0000\"}"),
            b64("{\"v\":\"meta.k8s.io/v1\",\"rv\":1,\"start\":\"a\"}"),
            b64("{\"v\":\"meta.k8s.io/v1\",\"start\":\"a\\u0000\"}")
        }) {
            Refusal e = assertThrows(Refusal.class, () -> ContinueToken.decode(bad), bad);
            assertEquals(400, e.code());
        }
    }
}
