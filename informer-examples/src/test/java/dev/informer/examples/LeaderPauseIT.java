package dev.informer.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ApiJson;
import dev.informer.api.ConfigMap;
import dev.informer.api.Lease;
import dev.informer.examples.controller.AppPodsReconciler;
import dev.informer.examples.demo.SamplePods;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Split brain, end to end: two {@code controller --leader-elect} processes; the leader is frozen with
 * SIGSTOP past its lease, the other takes over and works, then the first is resumed with SIGCONT. The
 * resumed process must notice at once that it no longer leads (its renew deadline passed on its
 * monotonic clock) and neither reconcile nor write anything, though the watch events of the pause
 * reach it and queue work.
 */
class LeaderPauseIT extends EmbeddedServerTest {

    private static final Duration WAIT = Duration.ofSeconds(45);
    private static final String LEASE = "pause-it";
    private static final int APPS_DURING_PAUSE = 8;

    LeaderPauseIT() {
        super(13);
    }

    private JarProcess candidate(String identity) throws Exception {
        return JarProcess.start(
                "controller",
                "--server",
                server.url(),
                "--workers",
                "2",
                "--leader-elect",
                "--lease-name",
                LEASE,
                "--identity",
                identity,
                "--lease-duration",
                "4s",
                "--renew-deadline",
                "3s",
                "--retry-period",
                "500ms");
    }

    private String readyPods(String namespace, String name) {
        return server.get("configmaps", namespace, name)
                .map(json -> ApiJson.readValue(json, ConfigMap.class).data().get(AppPodsReconciler.READY_PODS_KEY))
                .orElse(null);
    }

    private long configMapWrites() {
        return server.requestCount("create", "configmaps")
                + server.requestCount("update", "configmaps")
                + server.requestCount("delete", "configmaps")
                + server.requestCount("patch", "configmaps");
    }

    private Lease lease() {
        return ApiJson.readValue(server.get("leases", "default", LEASE).orElseThrow(), Lease.class);
    }

    @Test
    void aLeaderResumedAfterAPausePastItsLeaseNeitherReconcilesNorWrites() throws Exception {
        SamplePods.create(server, SamplePods.pod("shop", "web-1", "web", null), true);
        try (JarProcess first = candidate("candidate-a");
                JarProcess second = candidate("candidate-b")) {
            first.awaitLine(
                    l -> l.contains("this process (candidate-a) is the leader")
                            || l.contains("the leader is candidate-b"),
                    WAIT,
                    "a leader");
            boolean firstLeads = lease().spec().holderIdentity().equals("candidate-a");
            JarProcess leader = firstLeads ? first : second;
            JarProcess follower = firstLeads ? second : first;
            String followerId = firstLeads ? "candidate-b" : "candidate-a";
            leader.awaitLine(l -> l.contains("caches synced"), WAIT, "the leader's controller running");
            // The pod was there before the start: one reconcile creates the ConfigMap, its watch event
            // brings one more that finds it in sync. After both the leader is idle (no call in flight).
            leader.awaitLine(
                    l -> l.contains("reconcile shop/web") && l.contains("created"), WAIT, "the first reconcile");
            leader.awaitLine(
                    l -> l.contains("reconcile shop/web") && l.contains("in sync"), WAIT, "the second reconcile");
            assertEquals("web-1", readyPods("shop", "web-pods"));

            // Freeze the leader past its lease; meanwhile pods of new apps appear: work for whoever leads.
            leader.signal("STOP");
            for (int i = 1; i <= APPS_DURING_PAUSE; i++) {
                SamplePods.create(server, SamplePods.pod("shop", "late-" + i, "late" + i, null), true);
            }
            follower.awaitLine(l -> l.contains("became the leader"), WAIT, "the follower taking over");
            Await.until(
                    "the new leader reconciled every new app",
                    () -> IntStream.rangeClosed(1, APPS_DURING_PAUSE)
                            .allMatch(i -> ("late-" + i).equals(readyPods("shop", "late" + i + "-pods"))),
                    follower::describe);
            assertEquals(followerId, lease().spec().holderIdentity());

            int linesBefore = leader.stdout().size();
            long writesBefore = configMapWrites();
            Integer transitionsBefore = lease().spec().leaseTransitions();
            leader.signal("CONT");

            // It notices at once that it no longer leads and gives up, although the watch events of the
            // pause (the new pods and ConfigMaps) reach it and queue work for its workers.
            leader.awaitExit(WAIT); // losing the lease ends the controller command
            List<String> afterResume =
                    leader.stdout().subList(linesBefore, leader.stdout().size());
            assertTrue(
                    afterResume.stream().noneMatch(l -> l.contains("reconcile ")),
                    "no reconcile after resuming: " + afterResume + leader.describe());
            assertEquals(writesBefore, configMapWrites(), "no ConfigMap write after resuming" + leader.describe());
            Lease now = lease();
            assertEquals(followerId, now.spec().holderIdentity(), "the successor's lease was not released");
            assertEquals(transitionsBefore, now.spec().leaseTransitions());
            assertTrue(
                    String.join("\n", leader.stderr()).contains("no renewal succeeded within the renew deadline"),
                    "logs why it stopped leading" + leader.describe());

            follower.sigterm();
            follower.awaitExit(WAIT);
        }
    }
}
