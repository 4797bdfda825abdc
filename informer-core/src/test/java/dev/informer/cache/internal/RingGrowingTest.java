package dev.informer.cache.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class RingGrowingTest {

    /** A ring of {@code initialCapacity} into which 0 to {@code count - 1} were written, in order. */
    private static RingGrowing<Integer> ringHolding(int count, int initialCapacity) {
        RingGrowing<Integer> ring = new RingGrowing<>(initialCapacity);
        for (int i = 0; i < count; i++) {
            ring.writeOne(i);
        }
        return ring;
    }

    @Test
    void readsBackInWriteOrder() {
        RingGrowing<Integer> ring = ringHolding(3, 4);
        assertEquals(3, ring.len());
        for (int i = 0; i < 3; i++) {
            assertEquals(i, ring.readOne());
        }
        assertNull(ring.readOne(), "empty");
        assertEquals(0, ring.len());
    }

    @Test
    void wrapsAroundWithoutGrowing() {
        RingGrowing<Integer> ring = new RingGrowing<>(4);
        int next = 0;
        int expected = 0;
        for (int round = 0; round < 10; round++) { // keeps 3 elements in flight, so the indices wrap
            while (ring.len() < 3) {
                ring.writeOne(next++);
            }
            assertEquals(expected++, ring.readOne());
            assertEquals(expected++, ring.readOne());
        }
        assertEquals(4, ring.capacity(), "never more than 3 elements: no growth");
    }

    @Test
    void growsByDoublingAndKeepsOrderAcrossTheWrap() {
        RingGrowing<Integer> ring = new RingGrowing<>(4);
        ring.writeOne(-2);
        ring.writeOne(-1);
        ring.readOne();
        ring.readOne(); // the ring has shrunk back to empty; now start mid-array so growth copies a wrapped ring
        ring.writeOne(0);
        ring.writeOne(1);
        ring.readOne();
        for (int i = 2; i <= 10; i++) {
            ring.writeOne(i);
        }
        assertEquals(10, ring.len());
        assertEquals(16, ring.capacity(), "4 -> 8 -> 16");
        for (int i = 1; i <= 10; i++) {
            assertEquals(i, ring.readOne());
        }
    }

    @Test
    void defaultCapacityIs1024AndDoublesWhenFull() {
        RingGrowing<Integer> ring = new RingGrowing<>(ProcessorListener.INITIAL_BUFFER_SIZE);
        assertEquals(1024, ring.capacity());
        for (int i = 0; i < 1025; i++) {
            ring.writeOne(i);
        }
        assertEquals(2048, ring.capacity());
    }

    @Test
    void shrinksBackToItsInitialCapacityWhenEmptied() {
        RingGrowing<Integer> ring = ringHolding(9, 2);
        assertEquals(16, ring.capacity());
        for (int i = 0; i < 8; i++) {
            ring.readOne();
        }
        assertEquals(16, ring.capacity(), "keeps its size while elements remain");
        ring.readOne();
        assertEquals(2, ring.capacity());
    }

    @Test
    void clearDropsEverything() {
        RingGrowing<Integer> ring = ringHolding(5, 2);
        ring.clear();
        assertEquals(0, ring.len());
        assertEquals(2, ring.capacity());
        assertNull(ring.readOne());
        ring.writeOne(7);
        assertEquals(7, ring.readOne());
    }

    @Test
    void rejectsNullElementsAndBadCapacities() {
        RingGrowing<Integer> ring = new RingGrowing<>(1);
        assertThrows(NullPointerException.class, () -> ring.writeOne(null));
        assertThrows(IllegalArgumentException.class, () -> new RingGrowing<Integer>(0));
    }
}
