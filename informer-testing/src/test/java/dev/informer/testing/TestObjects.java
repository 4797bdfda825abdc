package dev.informer.testing;

import java.util.Map;
import java.util.stream.Collectors;

/** JSON texts of test objects. */
final class TestObjects {
    private TestObjects() {}

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
