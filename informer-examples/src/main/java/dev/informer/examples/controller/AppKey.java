package dev.informer.examples.controller;

import java.util.Objects;

/**
 * What the example controller reconciles: one app (the value of the {@code app} label) in one
 * namespace. Its string form {@code namespace/app} is the work-queue item. Immutable.
 *
 * @param namespace the namespace
 * @param app       the {@code app} label value
 */
public record AppKey(String namespace, String app) {

    public AppKey {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(app, "app");
        if (namespace.isEmpty() || app.isEmpty()) {
            throw new IllegalArgumentException(
                    "an app key needs a namespace and an app: '" + namespace + "/" + app + "'");
        }
    }

    /** The ConfigMap the controller keeps for this app: {@code <app>-pods}. */
    public String configMapName() {
        return app + "-pods";
    }

    @Override
    public String toString() {
        return namespace + "/" + app;
    }
}
