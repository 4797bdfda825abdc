package dev.informer.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class ResourceVersionsTest {

    @Test
    void comparesDecimalVersionsNumericallyNotAsText() {
        assertEquals(OptionalInt.of(-1), ResourceVersions.compare("9", "10"));
        assertEquals(OptionalInt.of(1), ResourceVersions.compare("10", "9"));
        assertEquals(OptionalInt.of(0), ResourceVersions.compare("42", "42"));
        assertEquals(OptionalInt.of(-1), ResourceVersions.compare("123", "124"));
    }

    @Test
    void comparesVersionsLongerThanALong() {
        String huge = "9".repeat(40);
        String larger = "1" + "0".repeat(40);
        assertEquals(OptionalInt.of(-1), ResourceVersions.compare(huge, larger));
        assertEquals(OptionalInt.of(1), ResourceVersions.compare(larger, "9223372036854775807"));
        assertEquals(OptionalInt.of(0), ResourceVersions.compare(huge, "9".repeat(40)));
    }

    @Test
    void malformedVersionsAreNotComparable() {
        for (String bad : new String[] {null, "", "0", "007", "-5", "+5", "12a", "a12", " 12", "1.5", "١٢"}) {
            assertTrue(ResourceVersions.compare(bad, "10").isEmpty(), "\"" + bad + "\"");
            assertTrue(ResourceVersions.compare("10", bad).isEmpty(), "\"" + bad + "\"");
        }
    }
}
