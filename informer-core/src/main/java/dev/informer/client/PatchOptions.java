package dev.informer.client;

import org.jspecify.annotations.Nullable;

/**
 * Options of a PATCH ({@code meta/v1 PatchOptions}). Immutable.
 *
 * @param fieldManager the manager name recorded in {@code managedFields}; required for server-side apply
 * @param force        server-side apply only: take ownership of conflicting fields
 * @param dryRun       validate and return the result without persisting it
 */
public record PatchOptions(@Nullable String fieldManager, @Nullable Boolean force, boolean dryRun) {

    /** No options. */
    public static final PatchOptions NONE = new PatchOptions(null, null, false);

    public PatchOptions {
        if (fieldManager != null && fieldManager.isEmpty()) {
            fieldManager = null;
        }
    }

    /** Options with a field manager. */
    public static PatchOptions fieldManager(String manager) {
        return new PatchOptions(manager, null, false);
    }
}
