package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class ResourceVersionTest extends ServedApiTest {
    private static final String PODS = "/api/v1/namespaces/default/pods";
    private static final String CMS = "/api/v1/namespaces/default/configmaps";

    @Override
    protected EmbeddedApiServer.Builder configure(EmbeddedApiServer.Builder builder) {
        return builder.historyLimit(10).futureResourceVersionWait(Duration.ofMillis(100));
    }

    @Test
    void everyWriteOfEveryResourceTakesTheNextGlobalResourceVersion() {
        List<Long> rvs = new ArrayList<>();
        rvs.add(api.post(PODS, TestObjects.pod("a")).rv());
        rvs.add(api.post(CMS, TestObjects.configMap("c", "k", "v")).rv());
        rvs.add(api.mergePatch(PODS + "/a", "{\"metadata\":{\"labels\":{\"x\":\"1\"}}}")
                .rv());
        rvs.add(api.post("/api/v1/nodes", "{\"metadata\":{\"name\":\"n\"}}").rv());
        rvs.add(api.delete(CMS + "/c").rv());
        for (int i = 1; i < rvs.size(); i++) {
            assertEquals(rvs.get(i - 1) + 1, rvs.get(i), "resourceVersions " + rvs);
        }
        assertEquals(rvs.get(rvs.size() - 1), server.resourceVersion());
    }

    @Test
    void listReportsTheCurrentResourceVersion() {
        api.post(PODS, TestObjects.pod("a")).expect(201);
        api.post(CMS, TestObjects.configMap("c", "k", "v")).expect(201);
        assertEquals(
                server.resourceVersion(),
                api.get(PODS).rv(),
                "a list's resourceVersion is the global one, like etcd's revision");
    }

    @Test
    void exactListServesTheOlderSnapshot() {
        long rv1 = api.post(PODS, TestObjects.pod("a")).rv();
        api.post(PODS, TestObjects.pod("b")).expect(201);
        api.mergePatch(PODS + "/a", "{\"metadata\":{\"labels\":{\"x\":\"1\"}}}").expect(200);
        JsonNode list = api.get(PODS + "?resourceVersion=" + rv1 + "&resourceVersionMatch=Exact")
                .expect(200);
        assertEquals(1, list.path("items").size());
        assertTrue(list.path("items").get(0).path("metadata").path("labels").isMissingNode());
        assertEquals(
                Long.toString(rv1),
                list.path("metadata").path("resourceVersion").asString());
        // Legacy rule: a non-zero resourceVersion with a limit and no match is Exact too.
        JsonNode legacy =
                api.get(PODS + "?resourceVersion=" + rv1 + "&limit=10").expect(200);
        assertEquals(1, legacy.path("items").size());
    }

    @Test
    void notOlderThanListServesTheLatestState() {
        long rv1 = api.post(PODS, TestObjects.pod("a")).rv();
        api.post(PODS, TestObjects.pod("b")).expect(201);
        JsonNode list = api.get(PODS + "?resourceVersion=" + rv1 + "&resourceVersionMatch=NotOlderThan")
                .expect(200);
        assertEquals(2, list.path("items").size());
        assertEquals(
                2,
                api.get(PODS + "?resourceVersion=0").expect(200).path("items").size());
    }

    @Test
    void futureResourceVersionIsTooLargeTimeout() {
        TestApi.Response r = api.get(
                PODS + "?resourceVersion=" + (server.resourceVersion() + 100) + "&resourceVersionMatch=NotOlderThan");
        assertEquals(504, r.status(), r.body());
        assertEquals("Timeout", r.json().path("reason").asString());
        assertEquals(
                "ResourceVersionTooLarge",
                r.json().path("details").path("causes").get(0).path("reason").asString());
        assertTrue(r.json().path("message").asString().startsWith("Timeout: Too large resource version"), r.body());
    }

    @Test
    void watchFromAFutureResourceVersionIsTooLargeTimeout() {
        // A client of a server restarted on the same port: kube-apiserver's watch cache answers 504.
        TestApi.Response r = api.get(PODS + "?watch=true&resourceVersion=" + (server.resourceVersion() + 100));
        assertEquals(504, r.status(), r.body());
        assertEquals(
                "ResourceVersionTooLarge",
                r.json().path("details").path("causes").get(0).path("reason").asString());
    }

    @Test
    void exactListOfACompactedResourceVersionIsExpired() {
        long rv1 = api.post(PODS, TestObjects.pod("a")).rv();
        for (int i = 0; i < 12; i++) {
            api.mergePatch(PODS + "/a", "{\"metadata\":{\"labels\":{\"i\":\"" + i + "\"}}}")
                    .expect(200);
        }
        TestApi.Response r = api.get(PODS + "?resourceVersion=" + rv1 + "&resourceVersionMatch=Exact");
        assertEquals(410, r.status(), r.body());
        assertEquals("Expired", r.json().path("reason").asString());
        assertEquals(
                "The resourceVersion for the provided list is too old.",
                r.json().path("message").asString());
    }

    @Test
    void invalidListOptionsAreRejectedLikeKubeApiserver() {
        TestApi.Response noRv = api.get(PODS + "?resourceVersionMatch=Exact");
        assertEquals(422, noRv.status(), noRv.body());
        assertEquals("Invalid", noRv.json().path("reason").asString());
        assertEquals(
                "ListOptions.meta.k8s.io \"\" is invalid: resourceVersionMatch: Forbidden:"
                        + " resourceVersionMatch is forbidden unless resourceVersion is provided",
                noRv.json().path("message").asString());
        assertEquals(
                422,
                api.get(PODS + "?resourceVersion=0&resourceVersionMatch=Exact").status());
        assertEquals(
                422,
                api.get(PODS + "?resourceVersion=1&resourceVersionMatch=Newest").status());
        assertEquals(422, api.get(PODS + "?sendInitialEvents=true").status());
        assertEquals(400, api.get(PODS + "?resourceVersion=abc").status());
        assertEquals(400, api.get(PODS + "?limit=x").status());
        assertEquals(400, api.get(PODS + "?watch=maybe").status());
    }
}
