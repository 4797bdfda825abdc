package dev.informer.labels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Behaviour of {@link LabelSelector}, with cases ported from apimachinery's selector_test.go. */
class LabelSelectorTest {

    private static boolean matches(String selector, Map<String, String> labels) {
        return LabelSelector.parse(selector).matches(labels);
    }

    @ParameterizedTest(name = "[{index}] \"{0}\"")
    @ValueSource(strings = {"x=a,y=b,z=c", "", "x!=a,y=b", "x=", "x= ", "x=,z= ", "x= ,z= ", "!x", "x>1", "x>1,z<5"})
    void validSelectorsPrintBackWithoutSpaces(String selector) {
        assertEquals(selector.replace(" ", ""), LabelSelector.parse(selector).toString());
    }

    @ParameterizedTest(name = "[{index}] \"{0}\"")
    @ValueSource(
            strings = {
                "x=a||y=b",
                "x==a==b",
                "!x=a",
                "x<a",
                "x,,y",
                ",x,y",
                "x nott in (y)",
                "a in (xyz),",
                "a in (xyz)b notin ()",
                "a in (xyz abc)",
                "a notin(",
                "a (",
                "(",
                "x=a=b",
                "x in",
                "!",
                "x!",
                "=a"
            })
    void malformedSelectorsAreRejected(String selector) {
        assertThrows(SelectorException.class, () -> LabelSelector.parse(selector));
    }

    @Test
    void nullAndEmptySelectEverything() {
        assertSame(LabelSelector.everything(), LabelSelector.parse(null));
        assertSame(LabelSelector.everything(), LabelSelector.parse(""));
        assertTrue(LabelSelector.parse(" \t").isEmpty());
        assertTrue(LabelSelector.everything().matches(Map.of("x", "y")));
        assertTrue(LabelSelector.everything().matches(null));
        assertEquals("", LabelSelector.everything().toString());
    }

    @Test
    void requirementOrderDoesNotChangeTheParsedSelector() {
        LabelSelector a = LabelSelector.parse("x=a,a=x");
        LabelSelector b = LabelSelector.parse("a=x,x=a");
        assertEquals("a=x,x=a", a.toString());
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, LabelSelector.parse("a=x"));
    }

    @Test
    void equalityAndInequalityRequirementsMatchLikeKubernetes() {
        assertTrue(matches("", Map.of("x", "y")));
        assertTrue(matches("x=y", Map.of("x", "y")));
        assertTrue(matches("x==y", Map.of("x", "y")));
        assertTrue(matches("x=y,z=w", Map.of("x", "y", "z", "w")));
        assertTrue(matches("x!=y,z!=w", Map.of("x", "z", "z", "a")));
        assertFalse(matches("x=z", Map.of()));
        assertFalse(matches("x=y", Map.of("x", "z")));
        assertFalse(matches("x=y,z=w", Map.of("x", "w", "z", "w")));
        assertFalse(matches("x!=y,z!=w", Map.of("x", "z", "z", "w")));
    }

    @Test
    void notEqualsMatchesObjectsWithoutTheKey() {
        assertTrue(matches("x!=y", Map.of()));
        assertTrue(matches("x!=y", null));
        assertTrue(matches("x notin (a,b)", Map.of("y", "a")));
    }

    @Test
    void existenceRequirementsCheckOnlyTheKey() {
        assertTrue(matches("x", Map.of("x", "z")));
        assertTrue(matches("x", Map.of("x", "")));
        assertTrue(matches("!x", Map.of("y", "z")));
        assertFalse(matches("x", Map.of("y", "z")));
        assertFalse(matches("!x", Map.of("x", "z")));
        assertFalse(matches("x", null));
    }

    @Test
    void keywordsAreOrdinaryKeysAndValuesOutsideOperatorPosition() {
        assertTrue(matches("notin=in", Map.of("notin", "in")));
        LabelSelector s = LabelSelector.parse("in in (notin)");
        assertEquals("in in (notin)", s.toString());
        assertTrue(s.matches(Map.of("in", "notin")));
    }

    @Test
    void integerComparisonsParseBothSides() {
        assertTrue(matches("x>1", Map.of("x", "2")));
        assertTrue(matches("x<1", Map.of("x", "0")));
        assertFalse(matches("x>1", Map.of("x", "0")));
        assertFalse(matches("x<1", Map.of("x", "2")));
        assertFalse(matches("x>1", Map.of("x", "v2")));
        assertFalse(matches("x>1", Map.of()));
        assertTrue(matches("z>1", Map.of("z", "2")));
    }

    @Test
    void aLabelSetMatchesOnlySelectorsItSatisfiesCompletely() {
        Map<String, String> labels = Map.of("foo", "bar", "baz", "blah");
        assertTrue(matches("foo=bar", labels));
        assertTrue(matches("baz=blah", labels));
        assertTrue(matches("foo=bar,baz=blah", labels));
        assertFalse(matches("foo=blah", labels));
        assertFalse(matches("baz=bar", labels));
        assertFalse(matches("foo=bar,foobar=bar,baz=blah", labels));
    }

    @Test
    void setRequirementsMatchLikeKubernetes() {
        Map<String, String> xy = Map.of("x", "foo", "y", "baz");
        assertTrue(matches("x in (foo),y notin (alpha)", xy));
        assertFalse(matches("x in (foo),y in (alpha)", xy));
        Map<String, String> emptyY = Map.of("y", "");
        assertTrue(matches("x notin (),y", emptyY));
        assertTrue(matches("!x,y", emptyY));
        assertFalse(matches("x notin (),!y", emptyY));
        assertFalse(matches("x in ()", Map.of("y", "baz")));
        assertTrue(matches("y in ()", emptyY));
    }

    @ParameterizedTest(name = "[{index}] \"{0}\" -> \"{1}\"")
    @CsvSource(
            delimiter = '|',
            value = {
                "'\rx'|x",
                "this-is-a-dns.domain.com/key-with-dash|this-is-a-dns.domain.com/key-with-dash",
                "this-is-another-dns.domain.com/key-with-dash in (so,what)"
                        + "|this-is-another-dns.domain.com/key-with-dash in (so,what)",
                "0.1.2.domain/99 notin (10.10.100.1, tick.tack.clock)"
                        + "|0.1.2.domain/99 notin (10.10.100.1,tick.tack.clock)",
                "'foo  in\t (abc)'|foo in (abc)",
                "'x notin\n (abc)'|x notin (abc)",
                "'x  notin\t\t\t(abc,def)'|x notin (abc,def)",
                "x in (abc,def)|x in (abc,def)",
                "x in (def,abc,def)|x in (abc,def)",
                "x in (abc,)|x in (,abc)",
                "x in ()|x in ()",
                "'x notin (abc,,def),bar,z in (),w'|bar,w,x notin (,abc,def),z in ()",
                "'x,y in (a)'|x,y in (a)",
                "x=a|x=a",
                "x>1|x>1",
                "x<7|x<7",
                "'x=a,y!=b'|x=a,y!=b",
                "'x=a,y!=b,z in (h,i,j)'|x=a,y!=b,z in (h,i,j)",
                "x notin ( )|x notin ()",
                "'x notin (, a)'|x notin (,a)",
                "'a '|a",
                "'a in (x,y,notin, z,in)'|a in (in,notin,x,y,z)",
            })
    void setBasedSyntaxParsesToItsCanonicalForm(String selector, String canonical) {
        assertEquals(canonical, LabelSelector.parse(selector).toString());
    }

    @ParameterizedTest(name = "[{index}] \"{0}\"")
    @ValueSource(
            strings = {
                "x in (abc,def),y notin (jkl),z",
                "x notin (abc,def),y!=jkl,!z",
                "x notin (abc),y in (jkl,mno),z notin ()",
                "x=abc,y==jkl,z!=a,z",
                "x>2,y<8,z"
            })
    void canonicalFormsParseBackToThemselves(String canonical) {
        assertEquals(canonical, LabelSelector.parse(canonical).toString());
    }

    @ParameterizedTest(name = "[{index}] \"{0}\"")
    @ValueSource(
            strings = {"1foo in (bar)", "1234 in (bar)", "example.com/a=b", "a.b-c_d=e", "y>1", "z<6", "x in (foo)"})
    void validKeysAndValuesAreAccepted(String selector) {
        LabelSelector.parse(selector);
    }

    @Test
    void keysMustBeQualifiedNames() {
        String tooLong = "a".repeat(254);
        SelectorException e = assertThrows(SelectorException.class, () -> LabelSelector.parse(tooLong));
        assertTrue(e.getMessage().startsWith("unable to parse requirement: "), e.getMessage());
        assertTrue(e.getMessage().contains("name part must be no more than 63 characters"), e.getMessage());
        assertThrows(SelectorException.class, () -> LabelSelector.parse("a".repeat(64)));
        LabelSelector.parse("a".repeat(63));
        assertThrows(SelectorException.class, () -> LabelSelector.parse("Example.com/a"));
        assertThrows(SelectorException.class, () -> LabelSelector.parse("/a"));
        assertThrows(SelectorException.class, () -> LabelSelector.parse("a/b/c"));
        assertThrows(SelectorException.class, () -> LabelSelector.parse("-a=b"));
        assertThrows(SelectorException.class, () -> LabelSelector.parse("a b=c"));
    }

    @Test
    void valuesMustBeValidLabelValues() {
        SelectorException e = assertThrows(SelectorException.class, () -> LabelSelector.parse("x=-a"));
        assertTrue(e.getMessage().contains("a valid label must be an empty string"), e.getMessage());
        assertThrows(SelectorException.class, () -> LabelSelector.parse("x=" + "v".repeat(64)));
        LabelSelector.parse("x=" + "v".repeat(63));
        assertThrows(SelectorException.class, () -> LabelSelector.parse("x in (ok,b@d)"));
    }

    @Test
    void comparisonOperandsMustBeIntegers() {
        SelectorException e = assertThrows(SelectorException.class, () -> LabelSelector.parse("foo>bar"));
        assertTrue(e.getMessage().contains("must be an integer"), e.getMessage());
        assertThrows(SelectorException.class, () -> LabelSelector.parse("barz<blah"));
        assertThrows(SelectorException.class, () -> LabelSelector.parse("x>99999999999999999999"));
    }

    @Test
    void syntaxErrorsNameTheUnexpectedToken() {
        SelectorException e = assertThrows(SelectorException.class, () -> LabelSelector.parse("x=a b"));
        assertEquals("found 'b', expected: ',' or 'end of string'", e.getMessage());
        e = assertThrows(SelectorException.class, () -> LabelSelector.parse("x,,y"));
        assertEquals("found ',', expected: identifier after ','", e.getMessage());
        e = assertThrows(SelectorException.class, () -> LabelSelector.parse("("));
        assertEquals("found '(', expected: !, identifier, or 'end of string'", e.getMessage());
    }

    @Test
    void labelsMappedToNullCountAsPresentWithTheEmptyValue() {
        Map<String, String> labels = new HashMap<>();
        labels.put("x", null);
        assertTrue(matches("x", labels));
        assertTrue(matches("x=", labels));
        assertFalse(matches("!x", labels));
    }

    @Test
    void labelsReadThroughALookupAreMatchedWithoutAMap() {
        LabelSelector s = LabelSelector.parse("app=web,tier in (front,back),!legacy");
        assertTrue(s.matchesLookup(Map.of("app", "web", "tier", "front")::get));
        assertFalse(s.matchesLookup(Map.of("app", "web", "tier", "front", "legacy", "yes")::get));
        assertFalse(s.matchesLookup(Map.of("app", "db", "tier", "back")::get));
        assertFalse(s.matchesLookup(key -> null));
        assertTrue(LabelSelector.parse("!legacy").matchesLookup(key -> null));
        assertTrue(LabelSelector.parse("").matchesLookup(key -> {
            throw new AssertionError("an empty selector reads no label");
        }));
    }
}
