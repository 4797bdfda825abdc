package dev.informer.leaderelection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.LeaseSpec;
import dev.informer.client.StatusException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;

class LeaseLockTest {

    private final FakeLeaseClient leases = new FakeLeaseClient();
    private final ResourceLock lock = ResourceLock.lease(leases, "foo", "bar", "baz");
    private final LeaderElectionRecord record = new LeaderElectionRecord(
            "baz", 15, Instant.parse("2024-01-01T00:00:00.123456Z"), Instant.parse("2024-01-01T00:00:05Z"), 2);

    @Test
    void describesTheLeaseAndKeepsTheIdentity() {
        assertEquals("foo/bar", lock.describe());
        assertEquals("baz", lock.identity());
    }

    @Test
    void getOfAMissingLeaseIsEmpty() {
        assertEquals(Optional.empty(), lock.get());
    }

    @Test
    void createWritesTheRecordIntoTheLeaseSpec() {
        lock.create(record);
        assertEquals("bar", leases.stored().metadata().name());
        assertEquals("foo", leases.stored().metadata().namespace());
        assertEquals("2024-01-01T00:00:00.123456Z", leases.stored().spec().acquireTime());
        assertEquals(Optional.of(record), lock.get());
    }

    @Test
    void updateBeforeAnyReadFailsWithoutCallingTheServer() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> lock.update(record));
        assertTrue(e.getMessage().contains("foo/bar"), e.getMessage());
        assertEquals(List.of(), leases.actions());
    }

    @Test
    void updateAfterAFailedReadFailsWithoutCallingTheServer() {
        leases.seed(record);
        lock.get();
        leases.intercept(verb -> verb.equals("get") ? FakeResourceLock.serverError() : null);
        assertThrows(StatusException.class, lock::get);
        assertThrows(IllegalStateException.class, () -> lock.update(record));
        assertEquals(List.of("get", "get"), leases.actions());
    }

    @Test
    void updateSendsTheVersionLastReadSoAStaleWriteConflicts() {
        leases.seed(LeaderElectionRecord.EMPTY);
        lock.get();
        leases.seed(new LeaderElectionRecord("intruder", 10, null, null, 1));
        StatusException e = assertThrows(StatusException.class, () -> lock.update(record));
        assertTrue(e.isConflict());
        assertEquals("intruder", leases.storedRecord().holderIdentity());
    }

    @Test
    void consecutiveUpdatesUseTheVersionEachUpdateReturned() {
        leases.seed(LeaderElectionRecord.EMPTY);
        lock.get();
        lock.update(record);
        lock.update(record);
        assertEquals(List.of("get", "update", "update"), leases.actions());
    }

    @Test
    void updateKeepsSpecFieldsTheModelDoesNotKnow() {
        leases.seed(LeaseSpec.builder()
                .holderIdentity("old")
                .unknownField("strategy", JsonNodeFactory.instance.stringNode("OldestEmulationVersion"))
                .build());
        lock.get();
        lock.update(record);
        assertEquals(
                "OldestEmulationVersion",
                leases.stored().spec().unknownFields().get("strategy").asString());
        assertEquals("baz", leases.stored().spec().holderIdentity());
    }

    @Test
    void rejectsEmptyNamespaceOrName() {
        assertThrows(IllegalArgumentException.class, () -> ResourceLock.lease(leases, "", "bar", "baz"));
        assertThrows(IllegalArgumentException.class, () -> ResourceLock.lease(leases, "foo", "", "baz"));
        assertThrows(NullPointerException.class, () -> ResourceLock.lease(leases, "foo", "bar", null));
    }
}
