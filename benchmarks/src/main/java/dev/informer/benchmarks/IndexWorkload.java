package dev.informer.benchmarks;

/**
 * The objects and the update order that {@link IndexUpdateBenchmark} and {@link
 * PeerIndexUpdateBenchmark} share, so that ours and the peers' do the same work: {@code size} objects
 * over {@link #NAMESPACES} namespaces and {@link #APPS} apps, each in two versions with the same
 * labels and two that move it to another app, a cursor over the objects for the 1% updates and one over
 * the namespaces for the lookups.
 *
 * <p>Not thread-safe: one per JMH state (one state per thread).
 */
final class IndexWorkload {
    static final int NAMESPACES = 100;
    static final int APPS = 10;

    private final int size;
    /**
     * Two versions of every object with the same labels, alternated so every update is a change;
     * {@code versions[0]} is what the store starts with.
     */
    final BenchObject[][] versions;
    /** Two versions of every object: {@code moving[0]} keeps its labels, {@code moving[1]} moves it. */
    final BenchObject[][] moving;

    private final String[] namespaceNames = new String[NAMESPACES];
    private int cursor;
    private int round;
    private int namespaceCursor;

    IndexWorkload(int size) {
        this.size = size;
        versions = new BenchObject[2][size];
        moving = new BenchObject[2][size];
        for (int i = 0; i < size; i++) {
            BenchObject base = BenchObject.create(i, NAMESPACES, APPS, 1);
            versions[0][i] = base;
            versions[1][i] = base.withVersion(2);
            moving[0][i] = base.withVersion(3);
            moving[1][i] = base.withVersion(4).withApp("app-" + ((i + 1) % APPS));
        }
        for (int n = 0; n < NAMESPACES; n++) {
            namespaceNames[n] = "ns-" + n;
        }
    }

    /** How many objects one update op writes: 1% of them, at least one. */
    int batch() {
        return Math.max(1, size / 100);
    }

    /** The index of the object the next update writes. */
    int cursor() {
        return cursor;
    }

    /**
     * Which of the two versions the current round writes: round r writes version (r + 1) % 2, so
     * against a store that starts with version 0 every update is a change.
     */
    int version() {
        return (round + 1) & 1;
    }

    /** Moves on to the next object; after the last one a new round starts at the first. */
    void advance() {
        if (++cursor == size) {
            cursor = 0;
            round++;
        }
    }

    /** The namespace the next lookup asks for; cycles through all of them. */
    String nextNamespace() {
        String namespace = namespaceNames[namespaceCursor];
        if (++namespaceCursor == NAMESPACES) {
            namespaceCursor = 0;
        }
        return namespace;
    }
}
