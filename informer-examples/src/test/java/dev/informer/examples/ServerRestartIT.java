package dev.informer.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.informer.examples.demo.SamplePods;
import dev.informer.examples.watch.WatchLine;
import dev.informer.testing.EmbeddedApiServer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A running {@code watch} whose API server is replaced by another one, with other content, on the
 * same port (the field case: {@code serve} killed and started again). The informer must not keep
 * the old server's objects: it converges to the new server's state within 30 s.
 */
class ServerRestartIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Duration CONVERGENCE = Duration.ofSeconds(30);

    /** The usual case: the new server's resource versions are larger (they start from a time-derived epoch). */
    @Test
    void watchConvergesToTheRestartedServersContent() throws Exception {
        assertConvergesAfterRestart(EmbeddedApiServer.builder(), EmbeddedApiServer.builder(), 0);
    }

    /**
     * The new server's resource versions are smaller than those the informer holds (a server whose
     * counter went back, an etcd restored from a backup): "too large resource version", then a
     * consistent relist.
     */
    @Test
    void watchConvergesToAServerWhoseResourceVersionsWentBack() throws Exception {
        assertConvergesAfterRestart(
                EmbeddedApiServer.builder().resourceVersionEpoch(0),
                EmbeddedApiServer.builder().resourceVersionEpoch(0),
                30);
    }

    private static void assertConvergesAfterRestart(
            EmbeddedApiServer.Builder firstBuilder, EmbeddedApiServer.Builder secondBuilder, int extraWrites)
            throws Exception {
        EmbeddedApiServer first = firstBuilder.start();
        int port = first.port();
        for (int i = 0; i < extraWrites; i++) {
            SamplePods.create(first, SamplePods.pod("other", "churn-" + i, "web", null), false);
            first.delete("pods", "other", "churn-" + i);
        }
        EmbeddedApiServer second = null;
        try {
            SamplePods.create(first, SamplePods.pod("default", "old-1", "web", null), true);
            SamplePods.create(first, SamplePods.pod("default", "old-2", "web", null), true);
            try (JarProcess watch = JarProcess.start("watch", "--server", first.url())) {
                watch.awaitLine(WatchLine.synced()::equals, WAIT, "SYNCED from the first server");

                first.close();
                second = secondBuilder.port(port).start();
                SamplePods.create(second, SamplePods.pod("default", "new-1", "api", null), true);

                watch.awaitLine(
                        l -> l.startsWith("{\"event\":\"ADD\",\"key\":\"default/new-1\""),
                        CONVERGENCE,
                        "the new server's pod");
                for (String old : List.of("default/old-1", "default/old-2")) {
                    Await.until(
                            old + " deleted",
                            () -> watch.stdout().stream()
                                    .anyMatch(l -> l.startsWith("{\"event\":\"DELETE\",\"key\":\"" + old + "\"")),
                            watch::describe);
                }
                watch.closeStdin();
                watch.awaitLine(l -> l.startsWith("{\"event\":\"END\""), WAIT, "END");
                assertEquals(0, watch.awaitExit(WAIT), watch.describe());
                List<String> stored = watch.stdout().stream()
                        .filter(l -> l.startsWith("{\"event\":\"STORE\""))
                        .toList();
                assertEquals(1, stored.size(), "only the new server's pod is cached" + watch.describe());
                assertEquals(true, stored.get(0).contains("default/new-1"), watch.describe());
            }
        } finally {
            first.close();
            if (second != null) {
                second.close();
            }
        }
    }
}
