package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class PaginationTest extends ServedApiTest {
    private static final String PODS = "/api/v1/namespaces/default/pods";

    @Override
    protected EmbeddedApiServer.Builder configure(EmbeddedApiServer.Builder builder) {
        return builder.historyLimit(50_000);
    }

    private List<String> listAllNames(String path, int limit, List<Long> pageRvs) {
        List<String> names = new ArrayList<>();
        String cont = null;
        do {
            String sep = path.contains("?") ? "&" : "?";
            String url = path + sep + "limit=" + limit + (cont == null ? "" : "&continue=" + TestApi.enc(cont));
            JsonNode page = api.get(url).expect(200);
            assertTrue(page.path("items").size() <= limit);
            for (JsonNode item : page.path("items")) {
                names.add(item.path("metadata").path("name").asString());
            }
            pageRvs.add(
                    Long.parseLong(page.path("metadata").path("resourceVersion").asString()));
            JsonNode c = page.path("metadata").path("continue");
            cont = c.isMissingNode() || c.asString().isEmpty() ? null : c.asString();
        } while (cont != null);
        return names;
    }

    /** Creates pods p-0 .. p-(count-1) in default; returns the continue token of a first page of {@code limit}. */
    private String createPodsAndListFirstPage(int count, int limit) {
        for (int i = 0; i < count; i++) {
            server.create("pods", "default", TestObjects.pod("p-" + i));
        }
        return api.get(PODS + "?limit=" + limit)
                .expect(200)
                .path("metadata")
                .path("continue")
                .asString();
    }

    @Test
    void pagesOverTwoThousandObjectsReturnEachExactlyOnceInKeyOrder() {
        for (int i = 0; i < 2000; i++) {
            server.create("pods", i % 2 == 0 ? "default" : "other", TestObjects.pod(String.format("p-%04d", i)));
        }
        List<Long> rvs = new ArrayList<>();
        List<String> names = listAllNames("/api/v1/pods", 500, rvs);
        assertEquals(2000, names.size());
        assertEquals(2000, new HashSet<>(names).size());
        assertEquals(4, rvs.size());
        assertEquals(1, new HashSet<>(rvs).size(), "every page is served from one snapshot");
        // Key order: namespace, then name.
        List<String> defaultFirst = new ArrayList<>(names.subList(0, 1000));
        assertTrue(defaultFirst.stream().allMatch(n -> Integer.parseInt(n.substring(2)) % 2 == 0));
        List<String> sorted = new ArrayList<>(defaultFirst);
        sorted.sort(null);
        assertEquals(sorted, defaultFirst);
    }

    @Test
    void continuedPagesShowTheSnapshotOfTheFirstPage() {
        String cont = createPodsAndListFirstPage(10, 4);
        // Writes after the first page: a deletion, an update and a new object.
        server.delete("pods", "default", "p-8");
        server.mergePatch("pods", "default", "p-9", "{\"metadata\":{\"labels\":{\"late\":\"yes\"}}}");
        server.create("pods", "default", TestObjects.pod("p-99"));
        JsonNode second =
                api.get(PODS + "?limit=100&continue=" + TestApi.enc(cont)).expect(200);
        Set<String> names = new HashSet<>();
        for (JsonNode item : second.path("items")) {
            names.add(item.path("metadata").path("name").asString());
            assertTrue(item.path("metadata").path("labels").isMissingNode(), item.toString());
        }
        assertTrue(names.contains("p-8"), "deleted after the snapshot: still listed");
        assertFalse(names.contains("p-99"), "created after the snapshot: not listed");
        assertEquals(6, names.size());
        assertTrue(second.path("metadata").path("continue").isMissingNode());
    }

    @Test
    void continueTokenOlderThanTheHistoryIsExpiredWithAFreshToken() {
        String cont = createPodsAndListFirstPage(5, 2);
        server.create("pods", "default", TestObjects.pod("p-5"));
        server.faults().compactNow();
        TestApi.Response r = api.get(PODS + "?limit=2&continue=" + TestApi.enc(cont));
        assertEquals(410, r.status(), r.body());
        assertEquals("Expired", r.json().path("reason").asString());
        assertTrue(r.json().path("message").asString().startsWith("The provided continue parameter is too old"));
        String inconsistent = r.json().path("metadata").path("continue").asString();
        assertFalse(inconsistent.isEmpty());
        JsonNode rest = api.get(PODS + "?limit=100&continue=" + TestApi.enc(inconsistent))
                .expect(200);
        assertEquals(4, rest.path("items").size(), "the fresh token continues at the latest state");
    }

    @Test
    void continueTokenExpiresWhenTheHistoryLimitIsExceeded() {
        try (EmbeddedApiServer small =
                EmbeddedApiServer.builder().historyLimit(3).start()) {
            TestApi smallApi = new TestApi(small);
            for (int i = 0; i < 3; i++) {
                small.create("pods", "default", TestObjects.pod("p-" + i));
            }
            String cont = smallApi.get(PODS + "?limit=1")
                    .expect(200)
                    .path("metadata")
                    .path("continue")
                    .asString();
            for (int i = 3; i < 7; i++) {
                small.create("pods", "default", TestObjects.pod("p-" + i));
            }
            assertEquals(
                    410,
                    smallApi.get(PODS + "?limit=1&continue=" + TestApi.enc(cont))
                            .status());
        }
    }

    @Test
    void paginationWithASelectorFillsPagesWithMatchingObjects() {
        for (int i = 0; i < 30; i++) {
            server.create(
                    "pods",
                    "default",
                    TestObjects.pod(String.format("p-%02d", i), Map.of("even", Boolean.toString(i % 2 == 0))));
        }
        List<Long> rvs = new ArrayList<>();
        List<String> names = listAllNames(PODS + "?labelSelector=even%3Dtrue", 4, rvs);
        assertEquals(15, names.size());
        assertEquals(4, rvs.size());
    }

    @Test
    void badContinueTokensAreBadRequests() {
        assertEquals(400, api.get(PODS + "?limit=1&continue=notatoken").status());
        assertEquals(400, api.get(PODS + "?limit=1&continue=eyJ2IjoieCJ9").status());
        String cont = new String(java.util.Base64.getUrlEncoder()
                .encode("{\"v\":\"meta.k8s.io/v1\",\"rv\":1,\"start\":\"a\\u0000\"}".getBytes()));
        assertEquals(
                400,
                api.get(PODS + "?limit=1&continue=" + TestApi.enc(cont) + "&resourceVersion=5")
                        .status(),
                "resourceVersion with continue is rejected");
    }

    @Test
    void limitWithoutMoreItemsHasNoContinue() {
        server.create("pods", "default", TestObjects.pod("only"));
        JsonNode page = api.get(PODS + "?limit=1").expect(200);
        assertEquals(1, page.path("items").size());
        assertTrue(page.path("metadata").path("continue").isMissingNode());
        assertNotNull(page.path("metadata").path("resourceVersion").asString());
    }
}
