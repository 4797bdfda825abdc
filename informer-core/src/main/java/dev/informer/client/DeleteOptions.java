package dev.informer.client;

import org.jspecify.annotations.Nullable;

/**
 * Options of a DELETE ({@code meta/v1 DeleteOptions}). Immutable.
 *
 * @param propagationPolicy               what happens to dependents, or {@code null} for the resource's default
 * @param preconditionUid                 delete only if the object still has this UID, or {@code null}
 * @param preconditionResourceVersion     delete only if the object is still at this version, or {@code null}
 *                                        (a mismatch is a 409 Conflict)
 * @param gracePeriodSeconds              seconds before the object is deleted (pods), or {@code null}
 * @param dryRun                          validate without deleting
 */
public record DeleteOptions(
        @Nullable PropagationPolicy propagationPolicy,
        @Nullable String preconditionUid,
        @Nullable String preconditionResourceVersion,
        @Nullable Long gracePeriodSeconds,
        boolean dryRun) {

    /** No options: the server's defaults. */
    public static final DeleteOptions NONE = new DeleteOptions(null, null, null, null, false);

    /** How dependents (objects whose ownerReferences name the deleted one) are treated. */
    public enum PropagationPolicy {
        /** Dependents are left alone. */
        Orphan,
        /** The object is deleted now; the garbage collector deletes dependents afterwards. */
        Background,
        /** The object stays (with a foregroundDeletion finalizer) until its dependents are gone. */
        Foreground
    }

    public DeleteOptions {
        if (gracePeriodSeconds != null && gracePeriodSeconds < 0) {
            throw new IllegalArgumentException("gracePeriodSeconds must not be negative: " + gracePeriodSeconds);
        }
    }

    /** Options with only a propagation policy. */
    public static DeleteOptions propagation(PropagationPolicy policy) {
        return new DeleteOptions(policy, null, null, null, false);
    }

    /** Options with UID and/or resourceVersion preconditions. */
    public static DeleteOptions preconditions(String uid, String resourceVersion) {
        return new DeleteOptions(null, uid, resourceVersion, null, false);
    }

    /** This with another propagation policy. */
    public DeleteOptions withPropagationPolicy(PropagationPolicy policy) {
        return new DeleteOptions(policy, preconditionUid, preconditionResourceVersion, gracePeriodSeconds, dryRun);
    }

    /** Whether any option is set (else no body is sent). */
    public boolean isEmpty() {
        return propagationPolicy == null
                && preconditionUid == null
                && preconditionResourceVersion == null
                && gracePeriodSeconds == null
                && !dryRun;
    }
}
