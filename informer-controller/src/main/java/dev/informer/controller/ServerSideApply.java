package dev.informer.controller;

import dev.informer.api.KubernetesObject;
import dev.informer.client.ResourceClient;
import java.util.Objects;

/**
 * Server-side apply with a field manager, as controllers use it (controller-runtime's {@code
 * client.Apply} with {@code client.ForceOwnership}): the object states the fields this controller
 * owns; the server merges them and records the manager. Stateless and thread-safe.
 */
public final class ServerSideApply {

    private ServerSideApply() {}

    /**
     * Applies {@code intent} as {@code fieldManager}, taking over fields another manager owns (force,
     * as a controller that owns its objects should). The intent's {@code managedFields} are dropped
     * (the server refuses them in an apply); its {@code resourceVersion}, when set, is a precondition.
     *
     * @return the object as stored
     * @throws IllegalArgumentException if {@code fieldManager} is blank
     * @throws dev.informer.client.StatusException when the server refuses (409 on a stale
     *                                             resourceVersion, 422 on an invalid object)
     */
    public static <T extends KubernetesObject> T apply(ResourceClient<T> client, T intent, String fieldManager) {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(intent, "intent");
        if (fieldManager == null || fieldManager.isBlank()) {
            throw new IllegalArgumentException("server-side apply needs a field manager name");
        }
        T body = intent.metadata() != null && intent.metadata().managedFields() != null
                ? ObjectCopies.withMetadata(
                        intent, meta -> meta.toBuilder().managedFields(null).build())
                : intent;
        return client.apply(body, fieldManager, true);
    }
}
