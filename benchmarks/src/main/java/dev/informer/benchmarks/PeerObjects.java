package dev.informer.benchmarks;

import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.kubernetes.client.openapi.models.V1ObjectMeta;
import io.kubernetes.client.openapi.models.V1Pod;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.function.Function;

/**
 * The peers' object types carrying exactly the data of a {@link BenchObject} (namespace, name,
 * resourceVersion, uid, labels), so the store and dispatch benchmarks feed every implementation the
 * same population. Stateless; safe from any thread.
 */
final class PeerObjects {

    /** client-java's index function over the "app" label, written as its users write one. */
    static final Function<V1Pod, List<String>> CLIENT_JAVA_APP_INDEX = pod -> {
        var labels = pod.getMetadata().getLabels();
        String app = labels == null ? null : labels.get("app");
        return app == null ? List.of() : List.of(app);
    };

    /** fabric8's index function over the "app" label, written as its users write one. */
    static final Function<Pod, List<String>> FABRIC8_APP_INDEX = pod -> {
        var labels = pod.getMetadata().getLabels();
        String app = labels == null ? null : labels.get("app");
        return app == null ? List.of() : List.of(app);
    };

    private PeerObjects() {}

    /** client-java's typed pod with the same metadata as {@code object}. */
    static V1Pod clientJava(BenchObject object) {
        return new V1Pod()
                .apiVersion("v1")
                .kind("Pod")
                .metadata(new V1ObjectMeta()
                        .namespace(object.namespace())
                        .name(object.name())
                        .resourceVersion(object.resourceVersion())
                        .uid(object.uid())
                        .labels(new HashMap<>(object.labels())));
    }

    /** fabric8's typed pod with the same metadata as {@code object}. */
    static Pod fabric8(BenchObject object) {
        return new PodBuilder()
                .withMetadata(new ObjectMetaBuilder()
                        .withNamespace(object.namespace())
                        .withName(object.name())
                        .withResourceVersion(object.resourceVersion())
                        .withUid(object.uid())
                        .withLabels(new HashMap<>(object.labels()))
                        .build())
                .build();
    }

    /** The client-java pods for {@code objects}, index by index. */
    static V1Pod[] clientJava(BenchObject[] objects) {
        V1Pod[] pods = new V1Pod[objects.length];
        for (int i = 0; i < objects.length; i++) {
            pods[i] = clientJava(objects[i]);
        }
        return pods;
    }

    /** The fabric8 pods for {@code objects}, index by index. */
    static Pod[] fabric8(BenchObject[] objects) {
        Pod[] pods = new Pod[objects.length];
        for (int i = 0; i < objects.length; i++) {
            pods[i] = fabric8(objects[i]);
        }
        return pods;
    }

    /** The client-java pods for each row of {@code objects} (one row per version). */
    static V1Pod[][] clientJava(BenchObject[][] objects) {
        return Arrays.stream(objects).map(PeerObjects::clientJava).toArray(V1Pod[][]::new);
    }

    /** The fabric8 pods for each row of {@code objects} (one row per version). */
    static Pod[][] fabric8(BenchObject[][] objects) {
        return Arrays.stream(objects).map(PeerObjects::fabric8).toArray(Pod[][]::new);
    }
}
