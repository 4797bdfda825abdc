package dev.informer.podstatus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ContainerState;
import dev.informer.api.ContainerStateRunning;
import dev.informer.api.ContainerStateTerminated;
import dev.informer.api.ContainerStatus;
import dev.informer.api.Pod;
import dev.informer.api.PodCondition;
import dev.informer.api.PodStatus;
import dev.informer.api.ResourceType;
import dev.informer.client.ClientConfig;
import dev.informer.client.KubernetesClient;
import dev.informer.client.ResourceClient;
import dev.informer.clock.testing.FakeClock;
import dev.informer.podconfig.ConfigAnnotations;
import dev.informer.podconfig.ConfigSources;
import dev.informer.testing.EmbeddedApiServer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The status manager (ported from the kubelet's status_manager_test.go) against the embedded API server. */
class StatusManagerTest {

    private static final String NS = "default";

    private final FakeClock clock = new FakeClock(Instant.parse("2024-05-01T10:00:00Z"));
    private EmbeddedApiServer server;
    private KubernetesClient client;
    private ResourceClient<Pod> pods;
    private StatusManager manager;

    @BeforeEach
    void setUp() {
        server = EmbeddedApiServer.builder().start();
        client = KubernetesClient.create(
                ClientConfig.builder().server(server.url()).build());
        pods = client.resource(ResourceType.PODS);
        manager = StatusManager.builder(pods).clock(clock).build();
    }

    @AfterEach
    void tearDown() {
        manager.close();
        client.close();
        server.close();
    }

    private Pod createPod(String name, String restartPolicy, String... annotations) {
        StringBuilder meta = new StringBuilder("{\"name\":\"" + name + "\"");
        if (annotations.length > 0) {
            meta.append(",\"annotations\":{");
            for (int i = 0; i < annotations.length; i += 2) {
                meta.append(i == 0 ? "" : ",")
                        .append('"')
                        .append(annotations[i])
                        .append("\":\"")
                        .append(annotations[i + 1])
                        .append('"');
            }
            meta.append('}');
        }
        meta.append('}');
        server.create(
                "pods",
                NS,
                """
                {"apiVersion":"v1","kind":"Pod","metadata":%s,
                 "spec":{"restartPolicy":"%s","containers":[{"name":"c","image":"busybox"}]}}
                """
                        .formatted(meta, restartPolicy));
        return serverPod(name);
    }

    private Pod serverPod(String name) {
        return pods.inNamespace(NS).get(name);
    }

    private static PodStatus running(String readyStatus) {
        return PodStatus.builder()
                .phase("Running")
                .addCondition(
                        PodCondition.builder().type("Ready").status(readyStatus).build())
                .addContainerStatus(ContainerStatus.builder()
                        .name("c")
                        .ready("True".equals(readyStatus))
                        .restartCount(0)
                        .image("busybox")
                        .state(ContainerState.builder()
                                .running(ContainerStateRunning.builder()
                                        .startedAt("2024-05-01T10:00:00.123456Z")
                                        .build())
                                .build())
                        .build())
                .build();
    }

    private static PodStatus withPhase(String phase) {
        return PodStatus.builder().phase(phase).build();
    }

    private static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("timed out waiting until " + what);
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
    }

    /**
     * Creates pod {@code name} on the server, starts the manager, sets {@code status} and waits until the
     * server has its phase.
     */
    private Pod startAndWrite(String name, String restartPolicy, PodStatus status) {
        Pod pod = createPod(name, restartPolicy);
        manager.start();
        manager.setPodStatus(pod, status);
        awaitServerPhase("the server has phase " + status.phase(), name, status.phase());
        return pod;
    }

    /** Waits until the server's pod {@code name} is in {@code phase}. */
    private void awaitServerPhase(String what, String name, String phase) {
        await(what, () -> phase.equals(serverPod(name).status().phase()));
    }

    private long statusPatches() {
        return server.requestCount("patch", "pods/status");
    }

    @Test
    void aNewStatusIsWrittenToTheStatusSubresource() {
        Pod pod = startAndWrite("web", "Always", running("True"));
        PodStatus written = serverPod("web").status();
        assertEquals("True", written.conditions().get(0).status());
        assertEquals("2024-05-01T10:00:00Z", written.startTime(), "start time set on first sight");
        assertEquals(
                "2024-05-01T10:00:00Z",
                written.containerStatuses().get(0).state().running().startedAt(),
                "timestamps normalized to seconds");
        assertEquals(1, statusPatches());
    }

    @Test
    void anUnchangedStatusIsNotANewVersionAndIsNotWrittenAgain() {
        Pod pod = createPod("web", "Always");
        manager.start();
        manager.setPodStatus(pod, running("True"));
        await("first write", () -> statusPatches() == 1);
        Pod other = createPod("other", "Always");
        long gets = server.requestCount("get", "pods");

        manager.setPodStatus(pod, running("True"));
        manager.setPodStatus(
                pod,
                withPhase("Running").toBuilder()
                        .conditions(running("True").conditions())
                        .containerStatuses(running("True").containerStatuses())
                        .build());
        manager.setPodStatus(other, running("False"));
        await("the other pod is written", () -> statusPatches() == 2);
        assertEquals(gets + 1, server.requestCount("get", "pods"), "only the changed pod was read and patched");
    }

    @Test
    void theStartTimeNeverChangesAndTransitionTimesChangeOnlyWithTheConditionStatus() {
        Pod pod = createPod("web", "Always");
        manager.setPodStatus(pod, running("False"));
        PodStatus first = manager.getPodStatus(pod.uid()).orElseThrow();
        assertEquals("2024-05-01T10:00:00Z", first.startTime());
        assertEquals("2024-05-01T10:00:00Z", first.conditions().get(0).lastTransitionTime());

        clock.step(Duration.ofMinutes(1));
        PodStatus changed = running("False").toBuilder()
                .message("still starting")
                .startTime("2030-01-01T00:00:00Z")
                .build();
        manager.setPodStatus(pod, changed);
        PodStatus second = manager.getPodStatus(pod.uid()).orElseThrow();
        assertEquals("still starting", second.message());
        assertEquals("2024-05-01T10:00:00Z", second.startTime(), "the start time is kept");
        assertEquals(
                "2024-05-01T10:00:00Z",
                second.conditions().get(0).lastTransitionTime(),
                "same condition status: same transition time");

        clock.step(Duration.ofMinutes(1));
        manager.setPodStatus(pod, running("True"));
        assertEquals(
                "2024-05-01T10:02:00Z",
                manager.getPodStatus(pod.uid())
                        .orElseThrow()
                        .conditions()
                        .get(0)
                        .lastTransitionTime());
    }

    @Test
    void containerStatusOrderDoesNotMakeANewStatus() {
        Pod pod = createPod("web", "Always");
        ContainerStatus a = ContainerStatus.builder().name("a").restartCount(0).build();
        ContainerStatus b = ContainerStatus.builder().name("b").restartCount(0).build();
        manager.setPodStatus(
                pod,
                PodStatus.builder()
                        .phase("Running")
                        .containerStatuses(List.of(b, a))
                        .build());
        PodStatus first = manager.getPodStatus(pod.uid()).orElseThrow();
        assertEquals(
                List.of("a", "b"),
                first.containerStatuses().stream().map(ContainerStatus::name).toList());
        manager.setPodStatus(
                pod,
                PodStatus.builder()
                        .phase("Running")
                        .containerStatuses(List.of(a, b))
                        .build());
        assertTrue(manager.getPodStatus(pod.uid()).orElseThrow() == first, "no new version");
    }

    @Test
    void aStatusNeverLeavesATerminalPhase() {
        Pod pod = startAndWrite("job", "Never", withPhase("Succeeded"));

        manager.setPodStatus(pod, withPhase("Running"));
        assertEquals("Succeeded", manager.getPodStatus(pod.uid()).orElseThrow().phase());
        assertARunningStatusIsWrittenButKeepsThePhase(pod, "Succeeded");
    }

    @Test
    void aTerminalPhaseOnTheServerIsNotOverwritten() {
        Pod pod = createPod("job", "Never");
        server.mergePatch("pods", NS, "job", "{}");
        server.updateStatus(
                "pods",
                NS,
                """
                {"apiVersion":"v1","kind":"Pod","metadata":{"name":"job"},"status":{"phase":"Failed"}}""");
        manager.start();
        assertARunningStatusIsWrittenButKeepsThePhase(pod, "Failed");
    }

    /**
     * Sets a Running status with a new message on {@code pod}, waits until the server has the message,
     * and asserts that the server's phase is still {@code phase}.
     */
    private void assertARunningStatusIsWrittenButKeepsThePhase(Pod pod, String phase) {
        String message = "running, but " + phase + " stays";
        manager.setPodStatus(
                pod, withPhase("Running").toBuilder().message(message).build());
        await(
                "the message is written",
                () -> message.equals(serverPod(pod.name()).status().message()));
        assertEquals(phase, serverPod(pod.name()).status().phase());
    }

    @Test
    void aTerminatedContainerOfANeverRestartingPodCannotRunAgain() {
        Pod pod = createPod("job", "Never");
        ContainerStatus done = ContainerStatus.builder()
                .name("c")
                .state(ContainerState.builder()
                        .terminated(
                                ContainerStateTerminated.builder().exitCode(0).build())
                        .build())
                .build();
        ContainerStatus again = ContainerStatus.builder()
                .name("c")
                .state(ContainerState.builder()
                        .running(ContainerStateRunning.builder()
                                .startedAt("2024-05-01T10:00:00Z")
                                .build())
                        .build())
                .build();
        manager.setPodStatus(
                pod,
                PodStatus.builder().phase("Running").addContainerStatus(done).build());
        manager.setPodStatus(
                pod,
                PodStatus.builder()
                        .phase("Running")
                        .addContainerStatus(again)
                        .message("x")
                        .build());
        assertNotNull(manager.getPodStatus(pod.uid())
                .orElseThrow()
                .containerStatuses()
                .get(0)
                .state()
                .terminated());
    }

    @Test
    void aPodRecreatedUnderTheSameNameIsNeverPatchedAndTheOldStatusIsDropped() {
        Pod old = createPod("web", "Always");
        manager.setPodStatus(old, running("True"));
        server.delete("pods", NS, "web");
        Pod recreated = createPod("web", "Always");
        assertNotEquals(old.uid(), recreated.uid());

        manager.start();
        await("the old status is dropped", () -> manager.getPodStatus(old.uid()).isEmpty());
        assertEquals(0, statusPatches());
        assertTrue(serverPod("web").status() == null
                || serverPod("web").status().phase() == null
                || !"Running".equals(serverPod("web").status().phase()));
    }

    @Test
    void aPodDeletedOnTheServerDropsItsEntry() {
        Pod pod = createPod("web", "Always");
        server.delete("pods", NS, "web");
        manager.start();
        manager.setPodStatus(pod, running("True"));
        await("the status is dropped", () -> manager.getPodStatus(pod.uid()).isEmpty());
    }

    @Test
    void theBatchPutsBackAStatusSomeoneElseChanged() throws InterruptedException {
        Pod pod = startAndWrite("web", "Always", running("True"));

        server.updateStatus(
                "pods",
                NS,
                """
                {"apiVersion":"v1","kind":"Pod","metadata":{"name":"web"},
                 "status":{"phase":"Pending","conditions":[{"type":"Custom","status":"True"}]}}""");
        assertTrue(clock.awaitWaiters(1, Duration.ofSeconds(10)));
        clock.step(Duration.ofSeconds(10));
        awaitServerPhase("the batch restores the status", "web", "Running");
        PodStatus restored = serverPod("web").status();
        assertTrue(
                restored.conditions().stream().anyMatch(c -> c.type().equals("Custom")),
                "conditions the kubelet does not own are kept");
        assertTrue(restored.conditions().stream().anyMatch(c -> c.type().equals("Ready")));
    }

    @Test
    void serverErrorsAndConflictsAreRetriedWithBackoff() throws InterruptedException {
        Pod pod = createPod("web", "Always");
        server.faults().failNext(1, "patch", "pods/status", 500);
        server.faults().failNext(1, "patch", "pods/status", 409);
        manager.start();
        manager.setPodStatus(pod, running("True"));
        await("the first patch fails", () -> statusPatches() == 1);

        // Retried 500 ms after the first failure, then 1 s after the second; never earlier.
        assertTrue(clock.awaitWaiters(1, Duration.ofSeconds(10)));
        clock.step(Duration.ofMillis(499));
        assertTrue(clock.awaitWaiters(1, Duration.ofSeconds(10)));
        assertEquals(1, statusPatches(), "no retry before the backoff");
        clock.step(Duration.ofMillis(1));
        await("the second patch fails", () -> statusPatches() == 2);
        assertFalse("Running"
                .equals(
                        serverPod("web").status() == null
                                ? null
                                : serverPod("web").status().phase()));
        assertTrue(clock.awaitWaiters(1, Duration.ofSeconds(10)));
        clock.step(Duration.ofSeconds(1));
        awaitServerPhase("the retry succeeds", "web", "Running");
        assertEquals(3, statusPatches());
    }

    @Test
    void terminatePodMarksEveryContainerTerminatedAndThePodFailed() {
        Pod pod = createPod("web", "Always");
        manager.setPodStatus(pod, running("True"));
        manager.terminatePod(pod);
        PodStatus status = manager.getPodStatus(pod.uid()).orElseThrow();
        assertEquals("Failed", status.phase());
        ContainerStateTerminated terminated =
                status.containerStatuses().get(0).state().terminated();
        assertEquals(137, terminated.exitCode());
        assertEquals("ContainerStatusUnknown", terminated.reason());
    }

    @Test
    void terminatePodLeavesTheRunningPhaseOfAStaticPod() {
        Pod pod = createPod("static", "Always", ConfigAnnotations.SOURCE, ConfigSources.FILE);
        manager.setPodStatus(pod, running("True"));
        manager.terminatePod(pod);
        PodStatus status = manager.getPodStatus(pod.uid()).orElseThrow();
        assertEquals("Running", status.phase());
        assertNotNull(status.containerStatuses().get(0).state().terminated());
    }

    @Test
    void aTerminalPhaseForcesTheReadyConditionsFalseOnTheServer() {
        Pod pod = startAndWrite(
                "web", "Always", running("True").toBuilder().phase("Succeeded").build());
        PodCondition ready = serverPod("web").status().conditions().stream()
                .filter(c -> c.type().equals("Ready"))
                .findFirst()
                .orElseThrow();
        assertEquals("False", ready.status());
        assertEquals("PodCompleted", ready.reason());
    }

    @Test
    void removeOrphanedStatusesKeepsOnlyTheGivenPods() {
        Pod a = createPod("a", "Always");
        Pod b = createPod("b", "Always");
        manager.setPodStatus(a, running("True"));
        manager.setPodStatus(b, running("True"));
        manager.removeOrphanedStatuses(Set.of(a.uid()));
        assertTrue(manager.getPodStatus(a.uid()).isPresent());
        assertTrue(manager.getPodStatus(b.uid()).isEmpty());
    }

    @Test
    void theStatusOfAStaticPodIsWrittenToItsMirrorPod() {
        String staticUid = "0123456789abcdef0123456789abcdef";
        Pod mirror = createPod(
                "etcd-node-1",
                "Always",
                ConfigAnnotations.MIRROR,
                staticUid,
                ConfigAnnotations.SOURCE,
                ConfigSources.API);
        Pod staticPod = mirror.toBuilder()
                .metadata(mirror.metadata().toBuilder()
                        .uid(staticUid)
                        .annotations(java.util.Map.of(
                                ConfigAnnotations.SOURCE, ConfigSources.FILE, ConfigAnnotations.HASH, staticUid))
                        .build())
                .status(null)
                .build();
        manager.start();
        manager.setPodStatus(staticPod, running("True"));
        awaitServerPhase("the mirror pod has the status", "etcd-node-1", "Running");
        assertEquals(
                "Running",
                manager.getPodStatus(mirror.uid()).orElseThrow().phase(),
                "the mirror pod's UID finds the static pod's status");
    }

    @Test
    void aPodWithoutIdentityIsRejected() {
        Pod nameless = Pod.builder().build();
        assertThrows(IllegalArgumentException.class, () -> manager.setPodStatus(nameless, withPhase("Running")));
        assertThrows(IllegalArgumentException.class, () -> manager.terminatePod(nameless));
        manager.start();
        assertThrows(IllegalStateException.class, manager::start);
    }

    @Test
    void builderSettersNameTheSettingTheyRefuse() {
        StatusManager.Builder builder = StatusManager.builder(pods);

        assertEquals(
                "batchPeriod must be positive: PT0S",
                assertThrows(IllegalArgumentException.class, () -> builder.batchPeriod(Duration.ZERO))
                        .getMessage());
        assertEquals(
                "retry backoff needs 0 < initial <= max: PT1S, PT0.5S",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> builder.retryBackoff(Duration.ofSeconds(1), Duration.ofMillis(500)))
                        .getMessage());
        assertEquals(
                "clock",
                assertThrows(NullPointerException.class, () -> builder.clock(null))
                        .getMessage());
    }
}
