package dev.informer.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The RealFifo's ring: order across wrap-around and growth, and batches that stop at atomic items. */
class KeyedDeltaRingTest {

    private static Delta<String> added(String name) {
        return new Delta<>(DeltaType.ADDED, name);
    }

    private static List<Object> names(Object[] batch, int count) {
        List<Object> names = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            names.add(((Delta<?>) batch[i]).object());
        }
        return names;
    }

    @Test
    void batchesKeepArrivalOrderAcrossWrapAroundAndGrowth() {
        KeyedDeltaRing<String> ring = new KeyedDeltaRing<>();
        List<Object> expected = new ArrayList<>();
        List<Object> seen = new ArrayList<>();
        Object[] batch = new Object[7];
        int next = 0;
        // interleave adds and partial pops so the head walks around the array while it grows
        for (int round = 0; round < 40; round++) {
            for (int i = 0; i < 5 + round % 4; i++) {
                String name = "o" + next++;
                ring.addLast(name, added(name));
                expected.add(name);
            }
            int n = ring.pollBatch(batch, 3 + round % 5);
            seen.addAll(names(batch, n));
        }
        while (!ring.isEmpty()) {
            int n = ring.pollBatch(batch, batch.length);
            seen.addAll(names(batch, n));
        }
        assertEquals(expected, seen);
        assertEquals(0, ring.size());
    }

    @Test
    void anAtomicItemPopsAloneAndEndsTheBatchBeforeIt() {
        KeyedDeltaRing<String> ring = new KeyedDeltaRing<>();
        ring.addLast("a", added("a"));
        ring.addLast("b", added("b"));
        ring.addLast(null, new Delta<>(DeltaType.SYNC_ALL, "resync"));
        ring.addLast("c", added("c"));
        Object[] batch = new Object[10];
        assertEquals(List.of("a", "b"), names(batch, ring.pollBatch(batch, 10)));
        assertEquals(List.of("resync"), names(batch, ring.pollBatch(batch, 10)));
        assertEquals(List.of("c"), names(batch, ring.pollBatch(batch, 10)));
        assertTrue(ring.isEmpty());
        assertEquals(0, ring.pollBatch(batch, 10));
    }

    @Test
    void forEachVisitsOldestFirstAndPollFirstOnAnEmptyRingThrows() {
        KeyedDeltaRing<String> ring = new KeyedDeltaRing<>();
        for (int i = 0; i < 10; i++) {
            ring.addLast("old" + i, added("old" + i));
        }
        for (int i = 0; i < 10; i++) {
            ring.pollFirst(); // the head is now mid-array: the next adds wrap around, then grow
        }
        for (int i = 0; i < 20; i++) {
            ring.addLast("k" + i, added("o" + i));
        }
        List<String> keys = new ArrayList<>();
        ring.forEach((key, delta) -> keys.add(key));
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            expected.add("k" + i);
        }
        assertEquals(expected, keys);
        while (!ring.isEmpty()) {
            ring.pollFirst();
        }
        assertThrows(IllegalStateException.class, ring::pollFirst);
    }
}
