package dev.informer.leaderelection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.LeaseSpec;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The record and its Lease mapping (client-go's {@code TestLeaseSpecToLeaderElectionRecordRoundTrip}). */
class LeaderElectionRecordTest {

    @Test
    void leaseSpecToRecordAndBackRoundTrips() {
        LeaseSpec spec = LeaseSpec.builder()
                .holderIdentity("foo")
                .leaseDurationSeconds(10)
                .acquireTime("2024-05-01T10:00:00.123456Z")
                .renewTime("2024-05-01T10:00:07.000001Z")
                .leaseTransitions(1)
                .build();

        LeaderElectionRecord record = LeaderElectionRecord.fromLeaseSpec(spec);
        assertEquals(spec, record.toLeaseSpec());
        assertEquals(record, LeaderElectionRecord.fromLeaseSpec(record.toLeaseSpec()));
        assertEquals(Instant.parse("2024-05-01T10:00:00.123456Z"), record.acquireTime());
        assertEquals(1, record.leaderTransitions());
    }

    @Test
    void absentFieldsReadAsEmpty() {
        assertEquals(LeaderElectionRecord.EMPTY, LeaderElectionRecord.fromLeaseSpec(null));
        assertEquals(
                LeaderElectionRecord.EMPTY,
                LeaderElectionRecord.fromLeaseSpec(LeaseSpec.builder().build()));
        assertFalse(LeaderElectionRecord.EMPTY.isHeld());
    }

    @Test
    void aReleasedRecordWritesAnEmptyHolder() {
        LeaseSpec spec = new LeaderElectionRecord(null, 1, null, null, 3).toLeaseSpec();
        assertEquals("", spec.holderIdentity());
        assertEquals(1, spec.leaseDurationSeconds());
        assertNull(spec.acquireTime());
        assertNull(spec.renewTime());
        assertEquals(3, spec.leaseTransitions());
    }

    @Test
    void timesAreKeptToTheMicrosecondALeaseStores() {
        Instant precise = Instant.parse("2024-05-01T10:00:00.123456789Z");
        LeaderElectionRecord record = new LeaderElectionRecord("a", 10, precise, precise, 0);
        assertEquals(Instant.parse("2024-05-01T10:00:00.123456Z"), record.renewTime());
        assertEquals(record, LeaderElectionRecord.fromLeaseSpec(record.toLeaseSpec()));
        assertTrue(record.isHeld());
    }

    @Test
    void aMalformedTimeIsRejectedNamingTheValue() {
        LeaseSpec spec =
                LeaseSpec.builder().holderIdentity("a").renewTime("yesterday").build();
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> LeaderElectionRecord.fromLeaseSpec(spec));
        assertTrue(e.getMessage().contains("yesterday"), e.getMessage());
    }
}
