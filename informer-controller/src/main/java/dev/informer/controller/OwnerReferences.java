package dev.informer.controller;

import dev.informer.api.KubernetesObject;
import dev.informer.api.ObjectMeta;
import dev.informer.api.OwnerReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * controller-runtime's {@code controllerutil} owner-reference helpers for the library's immutable
 * objects: {@link #setControllerReference} returns a copy the caller then writes (or creates).
 *
 * <p>Stateless and thread-safe.
 */
public final class OwnerReferences {

    private OwnerReferences() {}

    /** The object's controlling owner: its owner reference with {@code controller: true}, if any. */
    public static Optional<OwnerReference> controllerOf(KubernetesObject object) {
        ObjectMeta meta = object.metadata();
        if (meta == null) {
            return Optional.empty();
        }
        return meta.ownerReferences().stream()
                .filter(ref -> Boolean.TRUE.equals(ref.controller()))
                .findFirst();
    }

    /**
     * {@code object} with {@code owner} as its controlling owner ({@code controller: true}, {@code
     * blockOwnerDeletion: true}), so that deleting the owner garbage-collects it and {@link
     * Controller.Builder#owns} maps its events to the owner. A reference to the same owner (same group,
     * kind and name) is replaced; other owners are kept.
     *
     * @throws AlreadyOwnedException    if another controller owns the object already
     * @throws IllegalArgumentException if the owner lacks apiVersion, kind, name or uid, or is namespaced
     *                                  and the object is in another namespace or cluster-scoped
     */
    public static <T extends KubernetesObject> T setControllerReference(KubernetesObject owner, T object) {
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(object, "object");
        requireField(owner.apiVersion(), "apiVersion");
        requireField(owner.kind(), "kind");
        requireField(owner.name(), "metadata.name");
        requireField(owner.uid(), "metadata.uid");
        String ownerNamespace = owner.namespace() == null ? "" : owner.namespace();
        String objectNamespace = object.namespace() == null ? "" : object.namespace();
        if (!ownerNamespace.isEmpty() && !ownerNamespace.equals(objectNamespace)) {
            throw new IllegalArgumentException("cross-namespace owner references are disallowed: owner "
                    + ownerNamespace + "/" + owner.name() + ", object "
                    + (objectNamespace.isEmpty() ? "(cluster-scoped) " : objectNamespace + "/") + object.name());
        }
        OwnerReference ref = OwnerReference.builder()
                .apiVersion(owner.apiVersion())
                .kind(owner.kind())
                .name(owner.name())
                .uid(owner.uid())
                .controller(true)
                .blockOwnerDeletion(true)
                .build();
        Optional<OwnerReference> existing = controllerOf(object);
        if (existing.isPresent() && !sameOwner(existing.get(), ref)) {
            throw new AlreadyOwnedException(
                    (objectNamespace.isEmpty() ? "" : objectNamespace + "/") + object.name(), existing.get());
        }
        return ObjectCopies.withMetadata(object, meta -> {
            List<OwnerReference> refs = new ArrayList<>();
            for (OwnerReference other : meta.ownerReferences()) {
                if (!sameOwner(other, ref)) {
                    refs.add(other);
                }
            }
            refs.add(ref);
            return meta.toBuilder().ownerReferences(refs).build();
        });
    }

    /** The API group of an {@code apiVersion}: the part before {@code /}, {@code ""} for the core group. */
    static String groupOf(@Nullable String apiVersion) {
        if (apiVersion == null) {
            return "";
        }
        int slash = apiVersion.indexOf('/');
        return slash < 0 ? "" : apiVersion.substring(0, slash);
    }

    private static boolean sameOwner(OwnerReference a, OwnerReference b) {
        return groupOf(a.apiVersion()).equals(groupOf(b.apiVersion()))
                && Objects.equals(a.kind(), b.kind())
                && Objects.equals(a.name(), b.name());
    }

    private static void requireField(@Nullable String value, String field) {
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("the owner has no " + field + "; read it from the server first");
        }
    }
}
