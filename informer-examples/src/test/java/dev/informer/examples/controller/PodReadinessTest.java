package dev.informer.examples.controller;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.Pod;
import dev.informer.api.PodCondition;
import dev.informer.api.PodStatus;
import dev.informer.examples.demo.SamplePods;
import org.junit.jupiter.api.Test;

class PodReadinessTest {

    private static Pod pod(PodStatus status) {
        return SamplePods.pod("default", "p", "web", "node-1").toBuilder()
                .status(status)
                .build();
    }

    @Test
    void podWithReadyConditionTrueIsReady() {
        assertTrue(PodReadiness.isReady(pod(SamplePods.runningStatus(true))));
    }

    @Test
    void podWithReadyConditionFalseIsNotReady() {
        assertFalse(PodReadiness.isReady(pod(SamplePods.runningStatus(false))));
    }

    @Test
    void podWithoutStatusOrReadyConditionIsNotReady() {
        assertFalse(PodReadiness.isReady(pod(null)));
        assertFalse(PodReadiness.isReady(pod(PodStatus.builder()
                .phase("Running")
                .addCondition(PodCondition.builder()
                        .type("ContainersReady")
                        .status("True")
                        .build())
                .build())));
    }

    @Test
    void terminatingPodIsNotReadyEvenWithReadyConditionTrue() {
        Pod ready = pod(SamplePods.runningStatus(true));
        Pod terminating = ready.toBuilder()
                .metadata(ready.metadata().toBuilder()
                        .deletionTimestamp("2025-01-01T00:00:00Z")
                        .build())
                .build();
        assertFalse(PodReadiness.isReady(terminating));
    }
}
