package dev.informer.podconfig;

import dev.informer.api.Container;
import dev.informer.api.ObjectMeta;
import dev.informer.api.Pod;
import dev.informer.api.PodSpec;
import dev.informer.api.PodStatus;
import java.util.List;
import java.util.function.UnaryOperator;

/** Pods for the pod config tests (the kubelet tests' CreateValidPod). */
final class TestPods {

    private TestPods() {}

    /** A valid pod whose UID is name + namespace, unique enough for the tests. */
    static Pod pod(String name, String namespace) {
        return Pod.builder()
                .metadata(ObjectMeta.builder()
                        .uid(name + namespace)
                        .name(name)
                        .namespace(namespace)
                        .build())
                .spec(PodSpec.builder()
                        .restartPolicy("Always")
                        .addContainer(Container.builder()
                                .name("ctr")
                                .image("image")
                                .imagePullPolicy("IfNotPresent")
                                .build())
                        .build())
                .build();
    }

    static Pod withMeta(Pod pod, UnaryOperator<ObjectMeta.Builder> change) {
        return pod.toBuilder()
                .metadata(change.apply(pod.metadata().toBuilder()).build())
                .build();
    }

    static Pod withContainer(Pod pod, String name, String image) {
        return pod.toBuilder()
                .spec(pod.spec().toBuilder()
                        .containers(List.of(
                                Container.builder().name(name).image(image).build()))
                        .build())
                .build();
    }

    static Pod withStatusMessage(Pod pod, String message) {
        return pod.toBuilder()
                .status(PodStatus.builder().message(message).build())
                .build();
    }
}
