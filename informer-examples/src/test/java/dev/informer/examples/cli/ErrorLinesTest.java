package dev.informer.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The one-line error messages the commands print. */
class ErrorLinesTest {

    @Test
    void oneLineJoinsMultiLineMessages() {
        assertEquals("a b c", ErrorLines.oneLine(new IllegalStateException("a\n  b\r\nc")));
        assertEquals("IllegalStateException", ErrorLines.oneLine(new IllegalStateException()));
    }
}
