package dev.informer.testing.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EventLogTest {
    private static StoredEvent event(long rv) {
        ObjectVersion v = new ObjectVersion(rv, "k", Json.object(), false, null);
        return new StoredEvent(EventKind.ADDED, rv, v, null);
    }

    @Test
    void sequenceNumbersKeepGrowingWhileTheRingTurns() {
        EventLog log = new EventLog(3);
        for (int i = 1; i <= 3; i++) {
            log.append(event(i * 10));
        }
        assertTrue(log.isFull());
        assertThrows(IllegalStateException.class, () -> log.append(event(40)));
        assertEquals(10, log.evictOldest().rv);
        log.append(event(40));
        assertEquals(1, log.firstSeq());
        assertEquals(4, log.nextSeq());
        assertEquals(40, log.get(3).rv);
        assertThrows(IndexOutOfBoundsException.class, () -> log.get(0));
        assertThrows(IndexOutOfBoundsException.class, () -> log.get(4));
    }

    @Test
    void firstSeqAfterFindsTheFirstLaterEvent() {
        EventLog log = new EventLog(10);
        for (long rv : new long[] {5, 7, 9, 20}) {
            log.append(event(rv));
        }
        assertEquals(0, log.firstSeqAfter(1));
        assertEquals(1, log.firstSeqAfter(5));
        assertEquals(2, log.firstSeqAfter(8));
        assertEquals(3, log.firstSeqAfter(9));
        assertEquals(4, log.firstSeqAfter(20));
        assertEquals(4, log.firstSeqAfter(99));
    }

    @Test
    void emptyLogAndBadCapacityAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new EventLog(0));
        assertThrows(IllegalStateException.class, () -> new EventLog(1).evictOldest());
        assertEquals(0, new EventLog(1).firstSeqAfter(5));
    }
}
