package dev.informer.benchmarks;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;

/**
 * One JMH result (one benchmark method with one set of parameters), named for the side-by-side
 * table: the topic is the benchmark class without its {@code Peer} prefix, the implementation is
 * the {@code impl} parameter ({@code ours} when a class has none). Immutable.
 *
 * @param topic     e.g. {@code DeltaFifoBenchmark} for both DeltaFifoBenchmark and PeerDeltaFifoBenchmark
 * @param method    the benchmark method
 * @param impl      {@code ours}, {@code clientJava}, {@code fabric8}, ...
 * @param params    the other JMH parameters, by name (sorted)
 * @param mode      JMH's mode: {@code thrpt}, {@code avgt}, {@code sample} or {@code ss}
 * @param primary   the score
 * @param secondary the secondary metrics kept: {@code gc.alloc.rate.norm} and {@code retainedMegabytes}
 */
record BenchmarkResult(
        String topic,
        String method,
        String impl,
        Map<String, String> params,
        String mode,
        Score primary,
        Map<String, Score> secondary) {

    static final String OURS = "ours";
    /** The peers' {@code impl} names; any other {@code impl} value is a mode of ours. */
    static final List<String> PEERS = List.of("clientJava", "fabric8");

    static final String ALLOC = "gc.alloc.rate.norm";
    static final String RETAINED = "retainedMegabytes";
    private static final String PACKAGE = "dev.informer.benchmarks.";

    BenchmarkResult {
        params = Collections.unmodifiableMap(new TreeMap<>(params));
        secondary = Collections.unmodifiableMap(new LinkedHashMap<>(secondary));
    }

    /** Whether higher scores are better (throughput) rather than lower (time per op). */
    boolean higherIsBetter() {
        return "thrpt".equals(mode);
    }

    /** This result with one more secondary metric. */
    BenchmarkResult withSecondary(String name, Score score) {
        Map<String, Score> more = new LinkedHashMap<>(secondary);
        more.put(name, score);
        return new BenchmarkResult(topic, method, impl, params, mode, primary, more);
    }

    /**
     * The results in a JMH JSON report ({@code -rf json}), in report order.
     *
     * @throws IllegalArgumentException when the document is not a JMH result array, or a result
     *                                  lacks its benchmark name or primary metric
     */
    static List<BenchmarkResult> fromJmhJson(JsonNode report) {
        if (report == null || !report.isArray()) {
            throw new IllegalArgumentException("a JMH JSON report is an array of results, got "
                    + (report == null ? "nothing" : report.getNodeType()));
        }
        List<BenchmarkResult> results = new ArrayList<>();
        int index = 0;
        for (JsonNode entry : report) {
            results.add(fromEntry(entry, index++));
        }
        return results;
    }

    private static BenchmarkResult fromEntry(JsonNode entry, int index) {
        JsonNode name = entry.get("benchmark");
        JsonNode primary = entry.get("primaryMetric");
        if (name == null || !name.isString() || primary == null || !primary.isObject()) {
            throw new IllegalArgumentException("JMH result " + index + " has no benchmark name or primaryMetric");
        }
        String full = name.asString();
        int lastDot = full.lastIndexOf('.');
        if (lastDot <= 0) {
            throw new IllegalArgumentException("JMH result " + index + " has a malformed benchmark name: " + full);
        }
        String className = full.substring(full.startsWith(PACKAGE) ? PACKAGE.length() : 0, lastDot);
        className = className.substring(className.lastIndexOf('.') + 1);
        String method = full.substring(lastDot + 1);
        boolean peerClass = className.startsWith("Peer") && className.length() > 4;
        String topic = peerClass ? className.substring(4) : className;

        Map<String, String> params = new TreeMap<>();
        JsonNode paramsNode = entry.get("params");
        if (paramsNode != null) {
            for (Map.Entry<String, JsonNode> p : paramsNode.properties()) {
                params.put(p.getKey(), p.getValue().asString());
            }
        }
        String impl = params.remove("impl");
        if (impl == null) {
            if (peerClass) {
                throw new IllegalArgumentException("peer benchmark " + full + " has no impl parameter");
            }
            impl = OURS;
        } else if (!PEERS.contains(impl) && !OURS.equals(impl)) {
            // One class running ours in several modes and the peers (impl = pooled, threadPerListener,
            // clientJava, fabric8): our modes are variants of ours.
            params.put("impl", impl);
            impl = OURS;
        }
        Map<String, Score> secondary = new LinkedHashMap<>();
        JsonNode secondaries = entry.get("secondaryMetrics");
        if (secondaries != null) {
            JsonNode alloc = secondaries.get(ALLOC);
            if (alloc != null) {
                secondary.put(ALLOC, score(alloc));
            }
            JsonNode retained = secondaries.get(RETAINED);
            if (retained != null) {
                // An aux counter is summed over iterations by JMH; the per-iteration mean is the figure.
                secondary.put(
                        RETAINED, Score.ofSamples(rawSamples(retained), "MiB").withForks(forks(retained)));
            }
        }
        String mode = entry.path("mode").asString("thrpt");
        return new BenchmarkResult(topic, method, impl, params, mode, score(primary), secondary);
    }

    private static Score score(JsonNode metric) {
        return new Score(
                number(metric.get("score")),
                number(metric.get("scoreError")),
                metric.path("scoreUnit").asString(""),
                forks(metric));
    }

    /**
     * The per-fork, per-iteration values of a metric: {@code rawData}, or for {@code SampleTime}
     * each iteration's mean sample from {@code rawDataHistogram} ({@code [value, count]} pairs).
     */
    static List<List<Double>> forks(JsonNode metric) {
        List<List<Double>> forks = new ArrayList<>();
        JsonNode raw = metric.get("rawData");
        if (raw != null && raw.isArray()) {
            for (JsonNode fork : raw) {
                List<Double> values = new ArrayList<>();
                fork.forEach(v -> values.add(number(v)));
                forks.add(values);
            }
            return forks;
        }
        JsonNode histogram = metric.get("rawDataHistogram");
        if (histogram != null && histogram.isArray()) {
            for (JsonNode fork : histogram) {
                List<Double> values = new ArrayList<>();
                for (JsonNode iteration : fork) {
                    double sum = 0;
                    double count = 0;
                    for (JsonNode bucket : iteration) {
                        double n = number(bucket.get(1));
                        sum += number(bucket.get(0)) * n;
                        count += n;
                    }
                    if (count > 0) {
                        values.add(sum / count);
                    }
                }
                forks.add(values);
            }
        }
        return forks;
    }

    private static List<Double> rawSamples(JsonNode metric) {
        List<Double> samples = new ArrayList<>();
        for (JsonNode fork : metric.path("rawData")) {
            for (JsonNode value : fork) {
                samples.add(number(value));
            }
        }
        if (samples.isEmpty()) {
            samples.add(number(metric.get("score")));
        }
        return samples;
    }

    /** JMH writes NaN and infinities as strings. */
    private static double number(JsonNode node) {
        if (node == null || node.isNull()) {
            return Double.NaN;
        }
        if (node.isNumber()) {
            return node.doubleValue();
        }
        try {
            return Double.parseDouble(node.asString());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
