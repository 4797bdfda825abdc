package dev.informer.examples.controller;

import dev.informer.api.Pod;
import dev.informer.api.PodCondition;

/** Whether a pod counts as ready for the example controller. Stateless. */
public final class PodReadiness {

    private PodReadiness() {}

    /**
     * A pod is ready when its {@code Ready} condition is {@code True} and it is not being deleted
     * (as the endpoints controller treats terminating pods).
     */
    public static boolean isReady(Pod pod) {
        if (pod.metadata() != null && pod.metadata().deletionTimestamp() != null) {
            return false;
        }
        if (pod.status() == null) {
            return false;
        }
        for (PodCondition condition : pod.status().conditions()) {
            if ("Ready".equals(condition.type())) {
                return "True".equals(condition.status());
            }
        }
        return false;
    }
}
