package dev.informer.examples.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Who ends the watch when a signal races the start of the session. */
class SignalEndingTest {

    @Test
    void signalAfterAttachHandsTheSessionToTheHook() {
        SignalEnding<String> ending = new SignalEnding<>();
        assertTrue(ending.attach("session"));
        assertEquals("session", ending.signalled());
    }

    @Test
    void signalBeforeAttachLeavesTheHookWithoutASessionAndRefusesTheStart() {
        SignalEnding<String> ending = new SignalEnding<>();
        assertNull(ending.signalled(), "nothing started yet: the hook prints an empty store");
        assertFalse(ending.attach("session"), "a session must not start after the signal");
        assertNull(ending.signalled(), "the refused session is not handed over later either");
    }

    @Test
    void attachingTwiceIsAMisuse() {
        SignalEnding<String> ending = new SignalEnding<>();
        ending.attach("first");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ending.attach("second"));
        assertTrue(e.getMessage().contains("already attached"), e.getMessage());
        assertEquals("first", ending.signalled());
    }

    @Test
    void attachingNullIsRejected() {
        assertThrows(NullPointerException.class, () -> new SignalEnding<String>().attach(null));
    }
}
