package dev.informer.examples.demo;

import dev.informer.api.ApiJson;
import dev.informer.api.Container;
import dev.informer.api.ObjectMeta;
import dev.informer.api.Pod;
import dev.informer.api.PodCondition;
import dev.informer.api.PodSpec;
import dev.informer.api.PodStatus;
import dev.informer.examples.controller.AppPodsReconciler;
import dev.informer.testing.EmbeddedApiServer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Realistic sample pods for the demo and {@code serve}, written to an {@link EmbeddedApiServer}
 * through its direct (in-process) API: created as the API server stores a new pod (phase Pending),
 * then, for ready pods, given a Running status with {@code Ready=True} through the status
 * subresource, as a kubelet would. Stateless; thread-safe as the server is.
 *
 * <p>Example code shared across the examples' packages, not a library API.
 */
public final class SamplePods {

    private SamplePods() {}

    /**
     * A pod of {@code app} (no app label when {@code app} is null), scheduled to {@code node}, or not
     * scheduled when {@code node} is null: the API server deletes an unscheduled pod at once, while a
     * pod bound to a node is only marked for deletion until its kubelet confirms.
     */
    public static Pod pod(String namespace, String name, String app, String node) {
        Map<String, String> labels = new LinkedHashMap<>();
        if (app != null) {
            labels.put(AppPodsReconciler.APP_LABEL, app);
        }
        labels.put("tier", "demo");
        return Pod.builder()
                .metadata(ObjectMeta.builder()
                        .name(name)
                        .namespace(namespace)
                        .labels(labels)
                        .build())
                .spec(PodSpec.builder()
                        .nodeName(node)
                        .addContainer(Container.builder()
                                .name("main")
                                .image("registry.k8s.io/pause:3.10")
                                .build())
                        .build())
                .build();
    }

    /** A Running status whose Ready condition is {@code ready}. */
    public static PodStatus runningStatus(boolean ready) {
        String value = ready ? "True" : "False";
        return PodStatus.builder()
                .phase("Running")
                .addCondition(PodCondition.builder()
                        .type("PodScheduled")
                        .status("True")
                        .build())
                .addCondition(PodCondition.builder()
                        .type("ContainersReady")
                        .status(value)
                        .build())
                .addCondition(PodCondition.builder().type("Ready").status(value).build())
                .build();
    }

    /** Creates {@code pod} and, when {@code ready}, marks it ready. */
    public static void create(EmbeddedApiServer server, Pod pod, boolean ready) {
        server.create("pods", pod.namespace(), ApiJson.writeString(pod));
        if (ready) {
            setReady(server, pod.namespace(), pod.name(), true);
        }
    }

    /** Gives the stored pod a Running status with {@code Ready=ready} (an unconditional status write). */
    public static void setReady(EmbeddedApiServer server, String namespace, String name, boolean ready) {
        String json = server.get("pods", namespace, name)
                .orElseThrow(() -> new IllegalStateException("pod " + namespace + "/" + name + " does not exist"));
        Pod current = ApiJson.readValue(json, Pod.class);
        Pod updated = current.toBuilder()
                .metadata(current.metadata().toBuilder().resourceVersion(null).build())
                .status(runningStatus(ready))
                .build();
        server.updateStatus("pods", namespace, ApiJson.writeString(updated));
    }

    /** Sets (or, with null, removes) the pod's app label. */
    public static void setApp(EmbeddedApiServer server, String namespace, String name, String app) {
        String value = app == null ? "null" : "\"" + app + "\"";
        server.mergePatch(
                "pods",
                namespace,
                name,
                "{\"metadata\":{\"labels\":{\"" + AppPodsReconciler.APP_LABEL + "\":" + value + "}}}");
    }
}
