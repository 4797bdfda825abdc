package dev.informer.testing.internal;

/**
 * The bounded history of one resource: a ring of the last {@code capacity} events, addressed by
 * a sequence number that only grows, so a watcher's cursor stays valid while the ring turns.
 * Not thread-safe: guarded by the owning {@link ResourceStore}'s lock.
 */
final class EventLog {
  private final StoredEvent[] ring;
  private long firstSeq;
  private long nextSeq;

  EventLog(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("history capacity must be >= 1, got " + capacity);
    }
    ring = new StoredEvent[capacity];
  }

  /** Sequence number of the oldest retained event. */
  long firstSeq() {
    return firstSeq;
  }

  /** Sequence number the next appended event gets. */
  long nextSeq() {
    return nextSeq;
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

  /** Appends; the caller evicts first when {@link #isFull()}. */
  void append(StoredEvent e) {
    if (isFull()) {
      throw new IllegalStateException("event log is full; evict first");
    }
    ring[(int) (nextSeq % ring.length)] = e;
    nextSeq++;
  }

  /** The event with sequence number {@code seq}, which must be retained. */
  StoredEvent get(long seq) {
    if (seq < firstSeq || seq >= nextSeq) {
      throw new IndexOutOfBoundsException(
          "seq " + seq + " outside retained [" + firstSeq + ", " + nextSeq + ")");
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
