package dev.informer.testing;

import java.util.Map;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;

/** JSON texts of test objects. */
final class TestObjects {
    private TestObjects() {}

    /**
     * {@code pod} (made from {@link #pod(String)}) with the phase Running and the image {@code image}:
     * a change of both its status and its spec.
     */
    static String runningWithImage(JsonNode pod, String image) {
        return pod.toString().replace("\"Pending\"", "\"Running\"").replace("\"busybox\"", "\"" + image + "\"");
    }

    /** The phase of {@code pod}. */
    static String phase(JsonNode pod) {
        return pod.path("status").path("phase").asString();
    }

    /** The image of the first container of {@code pod}. */
    static String firstImage(JsonNode pod) {
        return pod.path("spec").path("containers").get(0).path("image").asString();
    }

    static String pod(String name) {
        return pod(name, Map.of());
    }

    static String pod(String name, Map<String, String> labels) {
        return "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"" + name + "\"" + labelsJson(labels)
                + "},\"spec\":{\"containers\":[{\"name\":\"c\",\"image\":\"busybox\"}]}}";
    }

    static String podOnNode(String name, String node) {
        return "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"" + name + "\"},"
                + "\"spec\":{\"nodeName\":\"" + node + "\",\"containers\":[{\"name\":\"c\","
                + "\"image\":\"busybox\"}]}}";
    }

    static String configMap(String name, String key, String value) {
        return "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"" + name + "\"},\"data\":{\""
                + key + "\":\"" + value + "\"}}";
    }

    static String configMap(String name, Map<String, String> labels) {
        return "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"" + name + "\""
                + labelsJson(labels) + "},\"data\":{}}";
    }

    private static String labelsJson(Map<String, String> labels) {
        if (labels.isEmpty()) {
            return "";
        }
        return ",\"labels\":{"
                + labels.entrySet().stream()
                        .map(e -> "\"" + e.getKey() + "\":\"" + e.getValue() + "\"")
                        .collect(Collectors.joining(","))
                + "}";
    }
}
