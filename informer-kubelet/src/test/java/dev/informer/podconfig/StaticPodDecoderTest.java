package dev.informer.podconfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.informer.api.Pod;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Validation of static pod manifests: every bad input is one InvalidManifestException naming the field. */
class StaticPodDecoderTest {

    private static final String ORIGIN = "/etc/kubernetes/manifests/bad.yaml";

    private final StaticPodDecoder decoder = new StaticPodDecoder("node-1", ConfigSources.FILE);

    private static byte[] manifest(String spec) {
        return ("""
                apiVersion: v1
                kind: Pod
                metadata:
                  name: web
                  labels: {app: web}
                spec:
                """
                        + spec.indent(2))
                .getBytes(StandardCharsets.UTF_8);
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(
            delimiter = '|',
            textBlock =
                    """
            'containers: [null]'                                                   | spec.containers[0]
            'containers:\n-\n'                                                      | spec.containers[0]
            'containers: [{name: a, image: i}, null]'                               | spec.containers[1]
            'initContainers: [null]\ncontainers: [{name: a, image: i}]'             | spec.initContainers[0]
            'volumes: [null]\ncontainers: [{name: a, image: i}]'                    | spec.volumes[0]
            'containers: [{name: a, image: i, ports: [null]}]'                      | spec.containers[0].ports[0]
            'containers: [{name: a, image: i, env: [{name: x, value: y}, null]}]'   | spec.containers[0].env[1]
            'containers: [{name: a, image: i, command: [sh, null]}]'                | spec.containers[0].command[1]
            'tolerations: [null]\ncontainers: [{name: a, image: i}]'                | spec.tolerations[0]
            'nodeSelector: {disk: null}\ncontainers: [{name: a, image: i}]'         | spec.nodeSelector[disk]
            """)
    void aNullElementIsAValidationErrorNamingTheField(String spec, String field) {
        InvalidManifestException e = assertThrows(
                InvalidManifestException.class, () -> decoder.decodePod(manifest(spec.replace("\\n", "\n")), ORIGIN));
        assertEquals(ORIGIN + ": " + field + ": must not be null", e.getMessage());
        assertEquals(ORIGIN, e.origin());
        assertEquals(field + ": must not be null", e.reason());
    }

    @Test
    void aNullLabelOrAnnotationValueIsAValidationErrorNamingTheKey() {
        byte[] data =
                """
                apiVersion: v1
                kind: Pod
                metadata:
                  name: web
                  annotations: {owner: null}
                spec:
                  containers: [{name: a, image: i}]
                """
                        .getBytes(StandardCharsets.UTF_8);
        InvalidManifestException e =
                assertThrows(InvalidManifestException.class, () -> decoder.decodePod(data, ORIGIN));
        assertEquals(ORIGIN + ": metadata.annotations[owner]: must not be null", e.getMessage());
    }

    @Test
    void nullScalarFieldsMeanAbsentAsOnTheWire() throws Exception {
        Pod pod = decoder.decodePod(
                manifest("restartPolicy: null\ncontainers: [{name: a, image: i, imagePullPolicy: null}]"), ORIGIN);
        assertEquals("web-node-1", pod.name());
        assertNull(pod.spec().restartPolicy());
    }

    @Test
    void containerErrorsNameTheirIndex() {
        InvalidManifestException noImage = assertThrows(
                InvalidManifestException.class,
                () -> decoder.decodePod(manifest("containers: [{name: a, image: i}, {name: b}]"), ORIGIN));
        assertEquals("spec.containers[1].image: is required (container b)", noImage.reason());
        InvalidManifestException duplicate = assertThrows(
                InvalidManifestException.class,
                () -> decoder.decodePod(
                        manifest("initContainers: [{name: a, image: i}]\ncontainers: [{name: a, image: i}]"), ORIGIN));
        assertEquals("spec.containers[0].name: duplicate container name a", duplicate.reason());
    }

    @Test
    void aPodListSkipsItsNullItemsAndItemsWithNullContainers() throws Exception {
        StaticPodDecoder http = new StaticPodDecoder("node-1", ConfigSources.HTTP);
        byte[] data =
                """
                {"apiVersion":"v1","kind":"PodList","items":[null,
                 {"metadata":{"name":"a"},"spec":{"containers":[null]}},
                 {"metadata":{"name":"b"},"spec":{"containers":[{"name":"c","image":"i"}]}}]}
                """
                        .getBytes(StandardCharsets.UTF_8);
        List<Pod> pods = http.decodePodOrList(data, "http://config/pods");
        assertEquals(List.of("b-node-1"), pods.stream().map(Pod::name).toList());
    }
}
