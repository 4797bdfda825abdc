package dev.informer.testing.internal;

/**
 * The bounded history of one resource: a ring of the last {@code capacity} events with the time
 * each was appended, addressed by a sequence number that only grows, so a watcher's cursor stays
 * valid while the ring turns. The owner evicts by count ({@link #isFull()}) and by age
 * ({@link #oldestTimeMillis()}).
 * Not thread-safe: guarded by the owning {@link ResourceStore}'s lock.
 */
final class EventLog {
    private final StoredEvent[] ring;
    private final long[] times;
    private long firstSeq;
    private long nextSeq;

    EventLog(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("history capacity must be >= 1, got " + capacity);
        }
        ring = new StoredEvent[capacity];
        times = new long[capacity];
    }

    /** Sequence number of the oldest retained event. */
    long firstSeq() {
        return firstSeq;
    }

    /** Sequence number the next appended event gets. */
    long nextSeq() {
        return nextSeq;
    }

    boolean isEmpty() {
        return nextSeq == firstSeq;
    }

    /** When the oldest retained event was appended (the log must not be empty). */
    long oldestTimeMillis() {
        if (isEmpty()) {
            throw new IllegalStateException("event log is empty");
        }
        return times[(int) (firstSeq % ring.length)];
    }

    boolean isFull() {
        return nextSeq - firstSeq == ring.length;
    }

    /** Removes and returns the oldest event. */
    StoredEvent evictOldest() {
        if (nextSeq == firstSeq) {
            throw new IllegalStateException("event log is empty");
        }
        int idx = (int) (firstSeq % ring.length);
        StoredEvent e = ring[idx];
        ring[idx] = null;
        firstSeq++;
        return e;
    }

    /** Appends with time 0; the caller evicts first when {@link #isFull()}. */
    void append(StoredEvent e) {
        append(e, 0);
    }

    /** Appends an event that happened at {@code timeMillis}; evict first when {@link #isFull()}. */
    void append(StoredEvent e, long timeMillis) {
        if (isFull()) {
            throw new IllegalStateException("event log is full; evict first");
        }
        int idx = (int) (nextSeq % ring.length);
        ring[idx] = e;
        times[idx] = timeMillis;
        nextSeq++;
    }

    /** The event with sequence number {@code seq}, which must be retained. */
    StoredEvent get(long seq) {
        if (seq < firstSeq || seq >= nextSeq) {
            throw new IndexOutOfBoundsException("seq " + seq + " outside retained [" + firstSeq + ", " + nextSeq + ")");
        }
        return ring[(int) (seq % ring.length)];
    }

    /** The sequence number of the first retained event with rv greater than {@code rv}. */
    long firstSeqAfter(long rv) {
        long lo = firstSeq;
        long hi = nextSeq;
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            if (get(mid).rv <= rv) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
