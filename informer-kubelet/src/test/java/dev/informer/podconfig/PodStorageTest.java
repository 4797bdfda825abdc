package dev.informer.podconfig;

import static dev.informer.podconfig.PodOperation.ADD;
import static dev.informer.podconfig.PodOperation.DELETE;
import static dev.informer.podconfig.PodOperation.RECONCILE;
import static dev.informer.podconfig.PodOperation.REMOVE;
import static dev.informer.podconfig.PodOperation.SET;
import static dev.informer.podconfig.PodOperation.UPDATE;
import static dev.informer.podconfig.TestPods.pod;
import static dev.informer.podconfig.TestPods.withContainer;
import static dev.informer.podconfig.TestPods.withMeta;
import static dev.informer.podconfig.TestPods.withStatusMessage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.Pod;
import dev.informer.clock.testing.FakeClock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The merge rules of the kubelet's podStorage (ported from config_test.go), without threads. */
class PodStorageTest {

    private static final String TEST = "test";

    private final List<PodUpdate> out = new ArrayList<>();
    private final FakeClock clock = new FakeClock(Instant.parse("2024-05-01T10:00:00Z"));

    private PodStorage storage(NotificationMode mode) {
        return PodStorage.create(mode, out::add, clock);
    }

    /** Asserts the emitted updates (operation, source, pods compared semantically), then clears them. */
    private void expect(PodUpdate... expected) {
        List<PodUpdate> actual = new ArrayList<>(out);
        out.clear();
        assertEquals(expected.length, actual.size(), () -> "updates: " + actual);
        for (int i = 0; i < expected.length; i++) {
            PodUpdate e = expected[i];
            PodUpdate a = actual.get(i);
            assertEquals(e.operation(), a.operation(), "operation of update " + i + ": " + actual);
            assertEquals(e.source(), a.source(), "source of update " + i);
            assertEquals(e.pods().size(), a.pods().size(), () -> "pods of " + a);
            for (int j = 0; j < e.pods().size(); j++) {
                Pod ep = e.pods().get(j);
                Pod ap = a.pods().get(j);
                assertFalse(PodDiff.differSemantically(ep, ap), "pod " + j + " of " + a + " differs from " + ep);
                assertEquals(ep.status(), ap.status(), "status of pod " + j + " of " + a);
            }
        }
    }

    /** Merges an update {@code op} of {@code pods} from TEST and expects one update {@code emitted} of the same pods. */
    private void assertMergeEmits(PodStorage storage, PodOperation op, PodOperation emitted, Pod... pods)
            throws InterruptedException {
        storage.merge(TEST, update(op, TEST, pods));
        expect(update(emitted, TEST, pods));
    }

    /** Syncs and expects one SET of {@code pods} from all sources. */
    private void assertSyncSends(PodStorage storage, Pod... pods) throws InterruptedException {
        storage.sync();
        expect(update(SET, ConfigSources.ALL, pods));
    }

    private void expectNothing() {
        assertEquals(List.of(), out);
    }

    private static PodUpdate update(PodOperation op, String source, Pod... pods) {
        return new PodUpdate(Arrays.asList(pods), op, source);
    }

    @Test
    void newPodIsEmittedAsAddAndSyncSendsASetOfAllSources() throws InterruptedException {
        PodStorage storage = storage(NotificationMode.INCREMENTAL);
        assertMergeEmits(storage, ADD, ADD, pod("foo", "new"));

        assertSyncSends(storage, pod("foo", "new"));
    }

    @Test
    void podsOfTheSameNameInDifferentNamespacesAreBothAdded() throws InterruptedException {
        PodStorage storage = storage(NotificationMode.INCREMENTAL);
        assertMergeEmits(storage, ADD, ADD, pod("foo", "default"));
        assertMergeEmits(storage, ADD, ADD, pod("foo", "new"));

        assertSyncSends(storage, pod("foo", "default"), pod("foo", "new"));
    }

    @Test
    void podWithEmptyNamespaceIsKeptAsIs() throws InterruptedException {
        PodStorage storage = storage(NotificationMode.INCREMENTAL);
        assertMergeEmits(storage, ADD, ADD, pod("foo", ""));
    }

    @Test
    void identicalAddIsIgnored() throws InterruptedException {
        PodStorage storage = storage(NotificationMode.INCREMENTAL);
        assertMergeEmits(storage, ADD, ADD, pod("foo", "new"));

        storage.merge(TEST, update(ADD, TEST, pod("foo", "new")));
        expectNothing();
    }

    @Test
    void snapshotAndUpdatesModeSendsASetForAddsAndAnUpdateForSpecChanges() throws InterruptedException {
        PodStorage storage = storage(NotificationMode.SNAPSHOT_AND_UPDATES);
        assertMergeEmits(storage, ADD, SET, pod("foo", "new"));

        assertSyncSends(storage, pod("foo", "new"));

        Pod changed = withContainer(pod("foo", "new"), "bar", "test");
        assertMergeEmits(storage, ADD, UPDATE, changed);
    }

    @Test
    void snapshotModeSendsASetOfEverythingForEveryChange() throws InterruptedException {
        PodStorage storage = storage(NotificationMode.SNAPSHOT);
        assertMergeEmits(storage, ADD, SET, pod("foo", "new"));

        Pod changed = withContainer(pod("foo", "new"), "bar", "test");
        assertMergeEmits(storage, ADD, SET, changed);

        storage.merge(TEST, update(ADD, TEST, changed));
        expectNothing();
    }

    @Test
    void addOfAKnownPodWithAChangedSpecIsAnUpdateAndRemoveEmitsTheStoredPod() throws InterruptedException {
        PodStorage storage = storage(NotificationMode.INCREMENTAL);
        assertMergeEmits(storage, ADD, ADD, pod("foo", "new"));

        Pod changed = withContainer(pod("foo", "new"), "bar", "test");
        assertMergeEmits(storage, ADD, UPDATE, changed);

        // The REMOVE names the pod by UID; the update carries the stored (changed) pod.
        storage.merge(TEST, update(REMOVE, TEST, pod("foo", "new")));
        expect(update(REMOVE, TEST, changed));
        assertSyncSends(storage);
    }

    @Test
    void removeOfAnUnknownPodIsANoOp() throws InterruptedException {
        PodStorage storage = storage(NotificationMode.INCREMENTAL);
        storage.merge(TEST, update(REMOVE, TEST, pod("ghost", "new")));
        expectNothing();
    }

    @Test
    void podWithADeletionTimestampIsAGracefulDelete() throws InterruptedException {
        PodStorage storage = storage(NotificationMode.INCREMENTAL);
        Pod added = pod("foo", "new");
        assertMergeEmits(storage, ADD, ADD, added);

        Pod deleted = withMeta(pod("foo", "new"), m -> m.deletionTimestamp("2024-05-01T10:00:00Z"));
        storage.merge(TEST, update(DELETE, TEST, deleted));
        List<PodUpdate> emitted = new ArrayList<>(out);
        expect(update(DELETE, TEST, deleted));
        assertEquals(
                "2024-05-01T10:00:00Z", emitted.get(0).pods().get(0).metadata().deletionTimestamp());
    }

    @Test
    void setIsDiffedIntoRemoveAddAndUpdateInThatOrder() throws InterruptedException {
        PodStorage storage = storage(NotificationMode.INCREMENTAL);
        assertMergeEmits(storage, ADD, ADD, pod("foo", "new"), pod("foo2", "new"), pod("foo3", "new"));

        Pod changed = withContainer(pod("foo2", "new"), "bar", "test");
        storage.merge(TEST, update(SET, TEST, changed, pod("foo3", "new"), pod("foo4", "new")));
        expect(
                update(REMOVE, TEST, pod("foo", "new")),
                update(ADD, TEST, pod("foo4", "new")),
                update(UPDATE, TEST, changed));
    }

    @Test
    void incrementalModeOrdersRemoveAddUpdateDeleteThenReconcile() throws InterruptedException {
        PodStorage storage = storage(NotificationMode.INCREMENTAL);
        storage.merge(TEST, update(SET, TEST, pod("gone", "ns"), pod("spec", "ns"), pod("del", "ns"), pod("st", "ns")));
        out.clear();

        Pod spec = withContainer(pod("spec", "ns"), "other", "img");
        Pod del = withMeta(pod("del", "ns"), m -> m.deletionTimestamp("2024-05-01T10:00:00Z"));
        Pod st = withStatusMessage(pod("st", "ns"), "changed");
        storage.merge(TEST, update(SET, TEST, st, del, spec, pod("new", "ns")));
        expect(
                update(REMOVE, TEST, pod("gone", "ns")),
                update(ADD, TEST, pod("new", "ns")),
                update(UPDATE, TEST, spec),
                update(DELETE, TEST, del),
                update(RECONCILE, TEST, st));
    }

    @Test
    void aStatusOnlyChangeIsAReconcileAndASpecChangeWinsOverIt() throws InterruptedException {
        for (PodOperation op : List.of(ADD, SET)) {
            out.clear();
            PodStorage storage = storage(NotificationMode.INCREMENTAL);
            Pod[] pods = {pod("changeable-pod-0", "new"), pod("constant-pod-1", "new"), pod("constant-pod-2", "new")};
            assertMergeEmits(storage, SET, ADD, pods);

            storage.merge(TEST, update(op, TEST, pods));
            expectNothing();

            Pod statusChanged = withStatusMessage(pods[0], "status " + op);
            storage.merge(TEST, update(op, TEST, statusChanged, pods[1], pods[2]));
            expect(update(RECONCILE, TEST, statusChanged));

            Pod bothChanged = withContainer(withStatusMessage(pods[0], "again " + op), "renamed", "image");
            storage.merge(TEST, update(op, TEST, bothChanged, pods[1], pods[2]));
            expect(update(UPDATE, TEST, bothChanged));
        }
    }

    @Test
    void theFirstSetOfASourceIsEmittedEvenWhenEmptyAndLaterEmptySetsAreNot() throws InterruptedException {
        record Case(NotificationMode mode, PodOperation op) {}
        for (Case c : List.of(
                new Case(NotificationMode.INCREMENTAL, ADD),
                new Case(NotificationMode.SNAPSHOT, SET),
                new Case(NotificationMode.SNAPSHOT_AND_UPDATES, SET))) {
            out.clear();
            PodStorage storage = storage(c.mode());
            storage.merge(TEST, update(SET, TEST));
            expect(update(c.op(), TEST));

            storage.merge(TEST, update(SET, TEST));
            expectNothing();
            storage.merge(TEST, update(ADD, TEST, pod("foo", "new")));
            expect(update(c.op(), TEST, pod("foo", "new")));
        }
    }

    @Test
    void annotationChangesAreUpdates() throws InterruptedException {
        PodStorage storage = storage(NotificationMode.INCREMENTAL);
        Pod pod = withMeta(pod("foo2", "new"), m -> m.annotation("kubernetes.io/blah", "blah"));
        assertMergeEmits(storage, SET, ADD, pod("foo1", "new"), pod, pod("foo3", "new"));

        pod = withMeta(pod, m -> m.annotation("kubernetes.io/blah", "superblah"));
        storage.merge(TEST, update(SET, TEST, pod("foo1", "new"), pod, pod("foo3", "new")));
        expect(update(UPDATE, TEST, pod));

        pod = withMeta(pod, m -> m.annotation("kubernetes.io/otherblah", "doh"));
        storage.merge(TEST, update(SET, TEST, pod("foo1", "new"), pod, pod("foo3", "new")));
        expect(update(UPDATE, TEST, pod));

        Pod removed = withMeta(pod, m -> m.annotations(java.util.Map.of("kubernetes.io/otherblah", "doh")));
        storage.merge(TEST, update(SET, TEST, pod("foo1", "new"), removed, pod("foo3", "new")));
        expect(update(UPDATE, TEST, removed));
    }

    @Test
    void theKubeletsOwnAnnotationsAreNotChanges() throws InterruptedException {
        PodStorage storage = storage(NotificationMode.INCREMENTAL);
        storage.merge(TEST, update(SET, TEST, pod("foo", "new")));
        out.clear();

        Pod local = withMeta(pod("foo", "new"), m -> m.annotation(ConfigAnnotations.SEEN, "yesterday")
                .annotation(ConfigAnnotations.SOURCE, "elsewhere"));
        storage.merge(TEST, update(SET, TEST, local));
        expectNothing();
    }

    @Test
    void aLabelChangeIsAnUpdate() throws InterruptedException {
        PodStorage storage = storage(NotificationMode.INCREMENTAL);
        Pod pod = withMeta(pod("foo2", "new"), m -> m.label("key", "value"));
        assertMergeEmits(storage, SET, ADD, pod);

        pod = withMeta(pod, m -> m.label("key", "newValue"));
        assertMergeEmits(storage, SET, UPDATE, pod);
        assertEquals("newValue", storage.mergedState().get(0).labels().get("key"));
    }

    @Test
    void storedPodsCarryTheSourceAndFirstSeenAnnotationsAndKeepThemAcrossUpdates() throws InterruptedException {
        PodStorage storage = storage(NotificationMode.INCREMENTAL);
        storage.merge(TEST, update(ADD, TEST, pod("foo", "new")));
        Pod added = out.get(0).pods().get(0);
        assertEquals(TEST, added.metadata().annotations().get(ConfigAnnotations.SOURCE));
        assertEquals("2024-05-01T10:00:00Z", added.metadata().annotations().get(ConfigAnnotations.SEEN));
        out.clear();

        clock.step(java.time.Duration.ofMinutes(5));
        storage.merge(TEST, update(UPDATE, TEST, withMeta(pod("foo", "new"), m -> m.label("a", "b"))));
        Pod updated = out.get(0).pods().get(0);
        assertEquals(
                "2024-05-01T10:00:00Z",
                updated.metadata().annotations().get(ConfigAnnotations.SEEN),
                "the first-seen time survives updates");
        assertEquals(TEST, updated.metadata().annotations().get(ConfigAnnotations.SOURCE));
    }

    @Test
    void aSecondPodWithTheSameFullNameInOneUpdateIsDropped() throws InterruptedException {
        PodStorage storage = storage(NotificationMode.INCREMENTAL);
        Pod first = pod("foo", "new");
        Pod sameName = withMeta(withContainer(pod("foo", "new"), "other", "img"), m -> m.uid("another-uid"));
        storage.merge(TEST, update(SET, TEST, first, sameName));
        expect(update(ADD, TEST, first));
        assertEquals(
                List.of("foonew"), storage.mergedState().stream().map(Pod::uid).toList());
    }

    @Test
    void aPodWhoseFullNameAnotherSourceHoldsIsDroppedUntilThatSourceLetsGo() throws InterruptedException {
        PodStorage storage = storage(NotificationMode.INCREMENTAL);
        Pod fromFile = pod("web", "default");
        Pod fromApi = withMeta(pod("web", "default"), m -> m.uid("api-uid"));
        storage.merge(ConfigSources.FILE, update(SET, ConfigSources.FILE, fromFile));
        expect(update(ADD, ConfigSources.FILE, fromFile));

        storage.merge(ConfigSources.API, update(SET, ConfigSources.API, fromApi, pod("other", "default")));
        expect(update(ADD, ConfigSources.API, pod("other", "default")));

        storage.merge(ConfigSources.FILE, update(SET, ConfigSources.FILE));
        expect(update(REMOVE, ConfigSources.FILE, fromFile));
        storage.merge(ConfigSources.API, update(SET, ConfigSources.API, fromApi, pod("other", "default")));
        expect(update(ADD, ConfigSources.API, fromApi));
    }

    @Test
    void aMirrorPodMayShareTheNameOfItsStaticPod() throws InterruptedException {
        PodStorage storage = storage(NotificationMode.INCREMENTAL);
        Pod staticPod = pod("etcd-node1", "kube-system");
        Pod mirror = withMeta(pod("etcd-node1", "kube-system"), m -> m.uid("mirror-uid")
                .annotation(ConfigAnnotations.MIRROR, staticPod.uid()));
        storage.merge(ConfigSources.FILE, update(SET, ConfigSources.FILE, staticPod));
        storage.merge(ConfigSources.API, update(SET, ConfigSources.API, mirror));
        expect(update(ADD, ConfigSources.FILE, staticPod), update(ADD, ConfigSources.API, mirror));
    }

    @Test
    void aPodRecreatedUnderTheSameNameIsARemoveAndAnAdd() throws InterruptedException {
        PodStorage storage = storage(NotificationMode.INCREMENTAL);
        storage.merge(TEST, update(SET, TEST, pod("foo", "new")));
        out.clear();
        Pod recreated = withMeta(pod("foo", "new"), m -> m.uid("second-life"));
        storage.merge(TEST, update(SET, TEST, recreated));
        expect(update(REMOVE, TEST, pod("foo", "new")), update(ADD, TEST, recreated));
        assertEquals("second-life", storage.mergedState().get(0).uid());
    }

    @Test
    void sourcesCountAsSeenOnlyOnceTheyHaveSentASet() throws InterruptedException {
        PodStorage storage = storage(NotificationMode.INCREMENTAL);
        storage.merge("a", update(ADD, "a", pod("foo", "new")));
        assertFalse(storage.seenSources(Set.of("a")));
        storage.merge("a", update(SET, "a", pod("foo", "new")));
        assertTrue(storage.seenSources(Set.of("a")));
        assertFalse(storage.seenSources(Set.of("a", "b")));
    }

    @Test
    void resendingAnEarlierInstanceAfterAChangeIsComparedAgain() throws InterruptedException {
        PodStorage storage = storage(NotificationMode.INCREMENTAL);
        Pod original = pod("foo", "new");
        Pod changed = withContainer(original, "bar", "test");
        storage.merge(TEST, update(SET, TEST, original));
        storage.merge(TEST, update(SET, TEST, original));
        storage.merge(TEST, update(UPDATE, TEST, changed));
        storage.merge(TEST, update(SET, TEST, original));
        expect(update(ADD, TEST, original), update(UPDATE, TEST, changed), update(UPDATE, TEST, original));
    }

    @Test
    void aReconcileOperationFromASourceIsIgnored() throws InterruptedException {
        PodStorage storage = storage(NotificationMode.INCREMENTAL);
        storage.merge(TEST, update(RECONCILE, TEST, pod("foo", "new")));
        expectNothing();
        assertTrue(storage.mergedState().isEmpty());
    }

    @Test
    void aBlockedSinkDoesNotBlockReaders() throws InterruptedException {
        java.util.concurrent.CountDownLatch entered = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        PodStorage storage = PodStorage.create(
                NotificationMode.INCREMENTAL,
                u -> {
                    entered.countDown();
                    release.await();
                },
                clock);
        Thread merger = new Thread(() -> {
            try {
                storage.merge(TEST, update(ADD, TEST, pod("foo", "new")));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        merger.start();
        assertTrue(entered.await(10, java.util.concurrent.TimeUnit.SECONDS));
        List<Pod> state = storage.mergedState();
        release.countDown();
        merger.join(10_000);
        assertNotNull(state);
        assertEquals(1, state.size());
    }
}
