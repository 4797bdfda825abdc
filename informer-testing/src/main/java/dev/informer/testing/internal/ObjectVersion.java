package dev.informer.testing.internal;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ObjectNode;

/**
 * One stored version of one object (or its deletion), like one etcd revision of a key.
 *
 * <p>The tree is never mutated after the version is published, so it may be read by any thread;
 * its serialized bytes are computed at most a few times (benign race) and then shared by every
 * list answer and watch event that carries this version. Versions of one key form a chain from
 * newest to oldest through {@link #older}, which the owning {@link ResourceStore} prunes as its
 * history is compacted.
 */
final class ObjectVersion {
    final long rv;
    final String key;
    /** The object; for a deletion the last state, stamped with the deletion's resourceVersion. */
    final ObjectNode object;

    final boolean deleted;
    /** The previous version of the same key, or null when pruned or none. */
    // @GuardedBy("ResourceStore.lock")
    @Nullable
    ObjectVersion older;

    private volatile byte @Nullable [] bytes;

    ObjectVersion(long rv, String key, ObjectNode object, boolean deleted, @Nullable ObjectVersion older) {
        this.rv = rv;
        this.key = key;
        this.object = object;
        this.deleted = deleted;
        this.older = older;
    }

    /** The compact JSON of {@link #object}; callers must not modify the array. */
    byte[] bytes() {
        byte[] b = bytes;
        if (b == null) {
            b = Json.bytes(object);
            bytes = b;
        }
        return b;
    }

    /**
     * {@code metadata.name} of the stored object, which every stored object has.
     *
     * @throws IllegalStateException when it has none (a bug of the server, not of the request)
     */
    String name() {
        String name = Json.meta(object, "name");
        if (name == null) {
            throw new IllegalStateException("a stored object without metadata.name: " + key);
        }
        return name;
    }

    /** The version visible at {@code atRv} along this chain (may be a deletion), or null. */
    @Nullable
    ObjectVersion visibleAtLocked(long atRv) {
        ObjectVersion v = this;
        while (v != null && v.rv > atRv) {
            v = v.older;
        }
        return v;
    }
}
