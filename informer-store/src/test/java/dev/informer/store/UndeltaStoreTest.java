package dev.informer.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Ports client-go's undelta_store_test.go and pins our ordering contract. */
class UndeltaStoreTest {

    private static final KeyFunction<TestObject> KEY = KeyFunctions.metaNamespaceKey();

    private final List<List<TestObject>> pushes = new CopyOnWriteArrayList<>();
    private final UndeltaStore<TestObject> store = UndeltaStore.create(KEY, pushes::add);

    private Set<TestObject> lastPush() {
        return new HashSet<>(pushes.get(pushes.size() - 1));
    }

    @Test
    void addAndUpdatePushTheWholeContent() {
        store.add(TestObject.of("a", 2));
        assertEquals(Set.of(TestObject.of("a", 2)), lastPush());
        store.update(TestObject.of("b", 3));
        assertEquals(Set.of(TestObject.of("a", 2), TestObject.of("b", 3)), lastPush());
        store.update(TestObject.of("a", 4));
        assertEquals(Set.of(TestObject.of("a", 4), TestObject.of("b", 3)), lastPush());
        assertEquals(3, pushes.size());
    }

    @Test
    void deletePushesTheRemainingContent() {
        store.add(TestObject.of("a", 2));
        store.add(TestObject.of("b", 3));
        store.delete(TestObject.of("b", 0));
        assertEquals(Set.of(TestObject.of("a", 2)), lastPush());
        store.deleteByKey("a");
        assertEquals(Set.of(), lastPush());
    }

    @Test
    void deleteOfMissingKeyStillPushesLikeClientGo() {
        store.add(TestObject.of("a", 2));
        store.delete(TestObject.of("missing", 0));
        assertEquals(2, pushes.size());
        assertEquals(Set.of(TestObject.of("a", 2)), lastPush());
    }

    @Test
    void readsAndResyncDoNotPush() {
        store.add(TestObject.of("a", 2));
        pushes.clear();
        store.get(TestObject.of("a", 0));
        store.getByKey("a");
        store.list();
        store.listKeys();
        store.resync();
        assertTrue(pushes.isEmpty());
    }

    @Test
    void replacePushesTheNewContent() {
        store.add(TestObject.of("old", 1));
        store.replace(List.of(TestObject.of("a", 2), TestObject.of("b", 3)), "0");
        assertEquals(Set.of(TestObject.of("a", 2), TestObject.of("b", 3)), lastPush());
    }

    @Test
    void failedChangeDoesNotPush() {
        @SuppressWarnings({"unchecked", "rawtypes"})
        UndeltaStore<Object> raw = (UndeltaStore) store;
        KeyException e = assertThrows(KeyException.class, () -> raw.add("no metadata"));
        assertTrue(e.getMessage().contains("java.lang.String"), e.getMessage());
        assertThrows(KeyException.class, () -> store.replace(List.of(TestObject.of("ns", "", 1)), "0"));
        assertTrue(pushes.isEmpty());
        assertTrue(store.list().isEmpty());
    }

    @Test
    void pushedListsAreImmutableSnapshots() {
        store.add(TestObject.of("a", 1));
        List<TestObject> first = pushes.get(0);
        store.add(TestObject.of("b", 2));
        assertEquals(List.of(TestObject.of("a", 1)), first);
        assertThrows(UnsupportedOperationException.class, () -> first.add(TestObject.of("c", 3)));
    }

    @Test
    void consumerExceptionPropagatesAndTheChangeStays() {
        UndeltaStore<TestObject> failing = Stores.newUndeltaStore(KEY, list -> {
            throw new IllegalStateException("consumer down");
        });
        assertThrows(IllegalStateException.class, () -> failing.add(TestObject.of("a", 1)));
        assertEquals(List.of("a"), failing.listKeys());
    }

    @Test
    void concurrentWritersPushInChangeOrderAndTheLastPushIsTheFinalContent() throws InterruptedException {
        // Each writer owns its keys and only grows them; with pushes ordered like the changes, each
        // push must contain everything the previous one did for every key, at a version no older.
        int writers = 4;
        int perWriter = 300;
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            int id = w;
            Thread t = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                for (int i = 1; i <= perWriter; i++) {
                    store.update(TestObject.of("w" + id + "-" + (i % 5), i));
                }
            });
            threads.add(t);
            t.start();
        }
        start.countDown();
        for (Thread t : threads) {
            t.join();
        }
        assertEquals(writers * perWriter, pushes.size());
        for (int p = 1; p < pushes.size(); p++) {
            var before = pushes.get(p - 1).stream().collect(Collectors.toMap(TestObject::name, TestObject::value));
            var after = pushes.get(p).stream().collect(Collectors.toMap(TestObject::name, TestObject::value));
            for (var entry : before.entrySet()) {
                Integer now = after.get(entry.getKey());
                assertTrue(now != null && now >= entry.getValue(), "push " + p + " went back for " + entry.getKey());
            }
        }
        assertEquals(new HashSet<>(store.list()), lastPush());
    }
}
