package dev.informer.leaderelection;

import dev.informer.api.LeaseSpec;
import dev.informer.api.Timestamps;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.jspecify.annotations.Nullable;

/**
 * The state of an election as stored in the lock object (client-go's {@code
 * resourcelock.LeaderElectionRecord}), mapped one to one onto a Lease's spec.
 *
 * <p>Immutable value, safe to share between threads. Times are truncated to microseconds, the
 * precision a Lease stores ({@code MicroTime}), so a record survives a write-then-read round trip
 * unchanged and two records read from the server compare equal exactly when the lease did not
 * change. The candidates never trust these times for expiry (they may come from another machine's
 * clock): a change of the record only tells an observer that the holder is alive.
 *
 * @param holderIdentity who holds the lock; {@code ""} when nobody does (never {@code null})
 * @param leaseDurationSeconds how long, after observing the last change, other candidates wait
 *     before taking the lock over
 * @param acquireTime when the holder acquired the lock, or {@code null} when unknown
 * @param renewTime when the holder last renewed the lock, or {@code null} when unknown
 * @param leaderTransitions how many times the lock changed holders
 */
public record LeaderElectionRecord(
        String holderIdentity,
        int leaseDurationSeconds,
        @Nullable Instant acquireTime,
        @Nullable Instant renewTime,
        int leaderTransitions) {

    /** The record of a lock nobody ever held: no holder, no duration, no times, no transitions. */
    public static final LeaderElectionRecord EMPTY = new LeaderElectionRecord("", 0, null, null, 0);

    /**
     * Normalises: a {@code null} holder becomes {@code ""}; times are truncated to microseconds.
     */
    public LeaderElectionRecord {
        holderIdentity = holderIdentity == null ? "" : holderIdentity;
        acquireTime = acquireTime == null ? null : acquireTime.truncatedTo(ChronoUnit.MICROS);
        renewTime = renewTime == null ? null : renewTime.truncatedTo(ChronoUnit.MICROS);
    }

    /** Whether someone holds the lock (the holder identity is not empty). */
    public boolean isHeld() {
        return !holderIdentity.isEmpty();
    }

    /**
     * The record a Lease spec holds; absent fields read as empty/zero/{@code null}, and a {@code
     * null} spec as {@link #EMPTY}.
     *
     * @throws IllegalArgumentException if a time is not an RFC 3339 timestamp (naming the value)
     */
    public static LeaderElectionRecord fromLeaseSpec(@Nullable LeaseSpec spec) {
        if (spec == null) {
            return EMPTY;
        }
        String holder = spec.holderIdentity();
        return new LeaderElectionRecord(
                holder == null ? "" : holder,
                spec.leaseDurationSeconds() == null ? 0 : spec.leaseDurationSeconds(),
                Timestamps.parse(spec.acquireTime()),
                Timestamps.parse(spec.renewTime()),
                spec.leaseTransitions() == null ? 0 : spec.leaseTransitions());
    }

    /**
     * This record as a Lease spec: every field set (the holder as {@code ""} when nobody holds the
     * lock), except a {@code null} time, which is left out.
     */
    public LeaseSpec toLeaseSpec() {
        return LeaseSpec.builder()
                .holderIdentity(holderIdentity)
                .leaseDurationSeconds(leaseDurationSeconds)
                .acquireTime(Timestamps.formatMicro(acquireTime))
                .renewTime(Timestamps.formatMicro(renewTime))
                .leaseTransitions(leaderTransitions)
                .build();
    }
}
