package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Annotations above kube-apiserver's 256 KiB total are rejected on every write path. */
class AnnotationSizeTest extends ServedApiTest {
    private static final String CMS = "/api/v1/namespaces/default/configmaps";
    private static final int LIMIT = 262_144;

    /** Annotations of exactly {@code total} bytes: key "a" plus a value of total - 1 bytes. */
    private static String annotations(int total) {
        return "{\"a\":\"" + "x".repeat(total - 1) + "\"}";
    }

    private static String configMap(String name, int annotationBytes) {
        return "{\"metadata\":{\"name\":\"" + name + "\",\"annotations\":" + annotations(annotationBytes) + "}}";
    }

    private static void assertTooLong(TestApi.Response r) {
        // Not r.expect(422): its failure message would print the whole 256 KiB object.
        assertEquals(
                422,
                r.status(),
                () -> "status " + r.status() + ", body of " + r.body().length() + " chars starting "
                        + r.body().substring(0, Math.min(200, r.body().length())));
        JsonNode s = r.json();
        assertEquals("Invalid", s.path("reason").asString());
        JsonNode cause = s.path("details").path("causes").get(0);
        assertEquals("FieldValueTooLong", cause.path("reason").asString());
        assertEquals("metadata.annotations", cause.path("field").asString());
        assertEquals(
                "Too long: must have at most 262144 bytes",
                cause.path("message").asString());
        assertEquals(
                "ConfigMap \"c\" is invalid: metadata.annotations: Too long: must have at most" + " 262144 bytes",
                s.path("message").asString());
    }

    @Test
    void createWithAnnotationsAboveTheLimitIsInvalid() {
        assertTooLong(api.post(CMS, configMap("c", LIMIT + 1)));
        api.post(CMS, configMap("c", LIMIT)).expect(201);
    }

    @Test
    void updatePatchAndApplyAboveTheLimitAreInvalid() {
        api.post(CMS, configMap("c", 10)).expect(201);
        assertTooLong(api.put(CMS + "/c", configMap("c", LIMIT + 1)));
        assertTooLong(api.mergePatch(CMS + "/c", "{\"metadata\":{\"annotations\":" + annotations(LIMIT + 1) + "}}"));
        assertTooLong(api.patch(
                CMS + "/c?fieldManager=t",
                "application/apply-patch+yaml",
                "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"c\"," + "\"annotations\":"
                        + annotations(LIMIT + 1) + "}}"));
        JsonNode kept = api.get(CMS + "/c").expect(200);
        assertEquals(
                9,
                kept.path("metadata").path("annotations").path("a").asString().length());
    }

    @Test
    void multiByteCharactersCountAsTheirUtf8Bytes() {
        // 'é' is 2 bytes in UTF-8: half as many characters reach the same byte total.
        String value = "é".repeat(LIMIT / 2);
        assertTooLong(api.post(CMS, "{\"metadata\":{\"name\":\"c\",\"annotations\":{\"a\":\"" + value + "\"}}}"));
    }
}
