package dev.informer.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ListMeta;
import dev.informer.api.ObjectList;
import dev.informer.api.Status;
import dev.informer.watch.ListOptions;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Client-go's pager cases: token walking, options per page, the full-list fallback on Expired. */
class ListPagerTest {

    /** A page function answering from a script and recording the options it was asked with. */
    private static final class ScriptedPages implements ListPager.PageFunction<String> {
        final List<ListOptions> requests = new ArrayList<>();
        final Deque<Object> answers = new ArrayDeque<>();

        ScriptedPages page(String resourceVersion, String continueToken, String... items) {
            answers.add(
                    new ObjectList<>("v1", "List", new ListMeta(resourceVersion, continueToken, null), List.of(items)));
            return this;
        }

        ScriptedPages failure(int code, String reason) {
            answers.add(new StatusException(Status.failure(code, reason, "scripted " + reason), null, "GET", "/pages"));
            return this;
        }

        @Override
        @SuppressWarnings("unchecked")
        public ObjectList<String> list(ListOptions options) {
            requests.add(options);
            Object answer = answers.removeFirst();
            if (answer instanceof StatusException e) {
                throw e;
            }
            return (ObjectList<String>) answer;
        }
    }

    @Test
    void singlePageIsReturnedAsIs() {
        ScriptedPages pages = new ScriptedPages().page("10", null, "a", "b");
        ListPager.Result<String> result = ListPager.of(pages, 5).list(ListOptions.NONE);
        assertEquals(List.of("a", "b"), result.list().items());
        assertFalse(result.paginated());
        assertFalse(result.fellBackToFullList());
        assertEquals(5, pages.requests.get(0).limit(), "the page size becomes the limit");
    }

    @Test
    void walksContinueTokensAndKeepsTheFirstPagesResourceVersion() {
        ScriptedPages pages = new ScriptedPages()
                .page("10", "t1", "a", "b")
                .page("11", "t2", "c", "d")
                .page("12", null, "e");
        ListOptions options = ListOptions.builder()
                .labelSelector("app=x")
                .resourceVersion("0")
                .resourceVersionMatch(ListOptions.MATCH_NOT_OLDER_THAN)
                .build();

        ListPager.Result<String> result = ListPager.of(pages, 2).list(options);

        assertEquals(List.of("a", "b", "c", "d", "e"), result.list().items());
        assertEquals("10", result.list().resourceVersion(), "the snapshot all pages were read at");
        assertNull(result.list().continueToken());
        assertTrue(result.paginated());
        assertFalse(result.fellBackToFullList());
        assertEquals(3, pages.requests.size());
        ListOptions first = pages.requests.get(0);
        assertEquals("0", first.resourceVersion());
        assertEquals(ListOptions.MATCH_NOT_OLDER_THAN, first.resourceVersionMatch());
        assertNull(first.continueToken());
        for (int i = 1; i < 3; i++) {
            ListOptions next = pages.requests.get(i);
            assertEquals("t" + i, next.continueToken());
            assertNull(next.resourceVersion(), "a continue token carries the version; the server rejects both");
            assertNull(next.resourceVersionMatch());
            assertEquals("app=x", next.labelSelector(), "selectors stay");
            assertEquals(2, next.limit());
        }
    }

    @Test
    void expiredContinueTokenFallsBackToOneFullListAtTheRequestedVersion() {
        ScriptedPages pages = new ScriptedPages()
                .page("10", "t1", "a")
                .failure(410, "Expired")
                .page("20", null, "a", "b", "c");
        ListOptions options = ListOptions.builder()
                .resourceVersion("5")
                .resourceVersionMatch("NotOlderThan")
                .build();

        ListPager.Result<String> result = ListPager.of(pages, 1).list(options);

        assertTrue(result.fellBackToFullList());
        assertTrue(result.paginated());
        assertEquals(List.of("a", "b", "c"), result.list().items());
        assertEquals("20", result.list().resourceVersion());
        ListOptions fallback = pages.requests.get(2);
        assertEquals(0, fallback.limit(), "unpaged");
        assertNull(fallback.continueToken());
        assertEquals("5", fallback.resourceVersion());
        assertEquals("NotOlderThan", fallback.resourceVersionMatch());
    }

    @Test
    void expiredFirstPageIsNotRetried() {
        ScriptedPages pages = new ScriptedPages().failure(410, "Expired");
        StatusException e =
                assertThrows(StatusException.class, () -> ListPager.of(pages, 1).list(ListOptions.NONE));
        assertTrue(e.isResourceExpired());
        assertEquals(1, pages.requests.size());
    }

    @Test
    void fallbackCanBeTurnedOff() {
        ScriptedPages pages = new ScriptedPages().page("10", "t1", "a").failure(410, "Expired");
        assertThrows(StatusException.class, () -> ListPager.of(pages, 1, false).list(ListOptions.NONE));
        assertEquals(2, pages.requests.size());
    }

    @Test
    void otherErrorsBetweenPagesAreNotMaskedByAFullList() {
        ScriptedPages gone = new ScriptedPages().page("10", "t1", "a").failure(410, "Gone");
        assertTrue(
                assertThrows(StatusException.class, () -> ListPager.of(gone, 1).list(ListOptions.NONE))
                        .isGone(),
                "only reason Expired falls back, as client-go's IsResourceExpired");
        ScriptedPages busy = new ScriptedPages().page("10", "t1", "a").failure(429, "TooManyRequests");
        assertTrue(
                assertThrows(StatusException.class, () -> ListPager.of(busy, 1).list(ListOptions.NONE))
                        .isTooManyRequests());
    }

    @Test
    void explicitLimitOverridesThePageSize() {
        ScriptedPages pages = new ScriptedPages().page("1", null);
        ListPager.of(pages, 500).list(ListOptions.builder().limit(7).build());
        assertEquals(7, pages.requests.get(0).limit());
    }

    @Test
    void forEachPageHandsOverEveryPageInOrder() {
        ScriptedPages pages = new ScriptedPages().page("10", "t1", "a").page("10", null, "b");
        List<ObjectList<String>> seen = new ArrayList<>();
        ListPager.of(pages, 1)
                .forEachPage(ListOptions.builder().resourceVersion("3").build(), seen::add);
        assertEquals(2, seen.size());
        assertEquals(List.of("b"), seen.get(1).items());
        assertNull(pages.requests.get(1).resourceVersion());
    }

    @Test
    void pageSizeMustBePositive() {
        ScriptedPages pages = new ScriptedPages();
        assertThrows(IllegalArgumentException.class, () -> ListPager.of(pages, 0));
        assertThrows(IllegalArgumentException.class, () -> ListPager.of(pages, -1));
    }
}
