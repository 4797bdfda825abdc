package dev.informer.controller;

import dev.informer.api.OwnerReference;
import dev.informer.errors.InformerException;

/**
 * {@link OwnerReferences#setControllerReference} found another controller owning the object
 * (controller-runtime's {@code AlreadyOwnedError}): an object has at most one controlling owner.
 */
public final class AlreadyOwnedException extends InformerException {

    private static final long serialVersionUID = 1L;

    private final transient OwnerReference existing;

    AlreadyOwnedException(String object, OwnerReference existing) {
        super("object " + object + " is already owned by another " + existing.kind() + " controller " + existing.name()
                + " (uid " + existing.uid() + ")");
        this.existing = existing;
    }

    /** The controller reference already on the object. */
    public OwnerReference existing() {
        return existing;
    }
}
