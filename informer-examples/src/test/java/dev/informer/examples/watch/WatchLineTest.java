package dev.informer.examples.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class WatchLineTest {

    @Test
    void objectLineHasTheContractFieldOrderAndNoSpaces() {
        assertEquals(
                "{\"event\":\"ADD\",\"key\":\"ns/name\",\"resourceVersion\":\"42\"}",
                WatchLine.object("ADD", "ns/name", "42"));
    }

    @Test
    void missingResourceVersionIsWrittenAsEmptyString() {
        assertEquals(
                "{\"event\":\"DELETE\",\"key\":\"ns/gone\",\"resourceVersion\":\"\"}",
                WatchLine.object("DELETE", "ns/gone", null));
    }

    @Test
    void syncedAndEndLinesAreExact() {
        assertEquals("{\"event\":\"SYNCED\"}", WatchLine.synced());
        assertEquals("{\"event\":\"END\",\"count\":3}", WatchLine.end(3));
    }

    @Test
    void specialCharactersAreEscapedSoEveryLineIsValidAsciiJson() {
        assertEquals(
                "{\"event\":\"STORE\",\"key\":\"a\\\"b\\\\c\\n\\u0001\\u00e9\",\"resourceVersion\":\"1\"}",
                WatchLine.object("STORE", "a\"b\\c\n\u0001é", "1"));
    }
}
