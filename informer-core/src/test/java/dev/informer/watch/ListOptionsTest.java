package dev.informer.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** ListOptions, its generated builder and its canonical constructor. */
class ListOptionsTest {

    @Test
    void builderSetsEveryFieldAndEmptyStringsMeanUnset() {
        ListOptions options = ListOptions.builder()
                .labelSelector("app=web")
                .fieldSelector("")
                .resourceVersion("42")
                .resourceVersionMatch(ListOptions.MATCH_NOT_OLDER_THAN)
                .limit(500)
                .continueToken("")
                .timeoutSeconds(30)
                .allowWatchBookmarks(true)
                .sendInitialEvents(true)
                .build();

        assertEquals("app=web", options.labelSelector());
        assertNull(options.fieldSelector());
        assertEquals("42", options.resourceVersion());
        assertEquals("NotOlderThan", options.resourceVersionMatch());
        assertEquals(500, options.limit());
        assertNull(options.continueToken());
        assertEquals(30, options.timeoutSeconds());
        assertTrue(options.allowWatchBookmarks());
        assertEquals(Boolean.TRUE, options.sendInitialEvents());
    }

    @Test
    void canonicalConstructorTreatsEmptyStringsAsTheBuilderDoes() {
        ListOptions constructed = new ListOptions("", "", "", "", 0, "", null, false, null);

        assertEquals(ListOptions.NONE, constructed);
        assertNull(constructed.labelSelector());
        assertNull(constructed.continueToken());
    }

    @Test
    void negativeLimitOrTimeoutIsRefusedBySetterAndConstructorWithOneMessage() {
        IllegalArgumentException bySetter = assertThrows(
                IllegalArgumentException.class, () -> ListOptions.builder().limit(-1));
        IllegalArgumentException byConstructor = assertThrows(
                IllegalArgumentException.class,
                () -> new ListOptions(null, null, null, null, -1, null, null, false, null));
        assertEquals("limit must not be negative: -1", bySetter.getMessage());
        assertEquals(bySetter.getMessage(), byConstructor.getMessage());

        IllegalArgumentException timeout = assertThrows(
                IllegalArgumentException.class, () -> ListOptions.builder().timeoutSeconds(-5));
        assertEquals("timeoutSeconds must not be negative: -5", timeout.getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> new ListOptions(null, null, null, null, 0, null, -5, false, null));
        assertNull(ListOptions.builder().timeoutSeconds(null).build().timeoutSeconds());
    }

    @Test
    void toBuilderKeepsEveryFieldAndToStringHidesTheContinueToken() {
        ListOptions original = ListOptions.builder()
                .labelSelector("a=b")
                .limit(10)
                .continueToken("secret-position")
                .allowWatchBookmarks(true)
                .build();

        ListOptions copy = original.toBuilder().build();

        assertEquals(original, copy);
        assertEquals(original.hashCode(), copy.hashCode());
        assertEquals(11, original.toBuilder().limit(11).build().limit());
        assertEquals(10, original.limit(), "toBuilder() does not change the original");
        assertFalse(copy.toString().contains("secret-position"), copy.toString());
        assertTrue(copy.toString().contains("continue=<token>"), copy.toString());
    }
}
