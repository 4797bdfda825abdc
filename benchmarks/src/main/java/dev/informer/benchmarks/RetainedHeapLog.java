package dev.informer.benchmarks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the retained-heap figures that {@link InformerSyncBenchmark} prints to the JMH log
 * ({@code retained-heap pods=N stripManagedFields=B: X MiB ...}), for the results table, since that
 * benchmark does not report them as a JMH metric. Stateless.
 */
final class RetainedHeapLog {

    private static final Pattern LINE =
            Pattern.compile("retained-heap pods=(\\d+) stripManagedFields=(true|false): (-?[0-9.]+) MiB");

    private RetainedHeapLog() {}

    /**
     * The printed figures in MiB, keyed by the benchmark parameters they were printed for
     * ({@code pods}, {@code stripManagedFields}); warmup and measurement invocations alike.
     */
    static Map<Map<String, String>, List<Double>> parse(String log) {
        Map<Map<String, String>, List<Double>> figures = new LinkedHashMap<>();
        Matcher m = LINE.matcher(log);
        while (m.find()) {
            Map<String, String> params = new TreeMap<>();
            params.put("pods", m.group(1));
            params.put("stripManagedFields", m.group(2));
            figures.computeIfAbsent(params, k -> new ArrayList<>()).add(Double.parseDouble(m.group(3)));
        }
        return figures;
    }

    /**
     * {@code results} with the log's figures attached as {@code retainedMegabytes} to our
     * InformerSyncBenchmark results that lack one.
     */
    static List<BenchmarkResult> attach(List<BenchmarkResult> results, String log) {
        Map<Map<String, String>, List<Double>> figures = parse(log);
        List<BenchmarkResult> out = new ArrayList<>(results.size());
        for (BenchmarkResult r : results) {
            List<Double> samples = figures.get(r.params());
            if ("InformerSyncBenchmark".equals(r.topic())
                    && BenchmarkResult.OURS.equals(r.impl())
                    && !r.secondary().containsKey(BenchmarkResult.RETAINED)
                    && samples != null) {
                out.add(r.withSecondary(BenchmarkResult.RETAINED, Score.ofSamples(samples, "MiB")));
            } else {
                out.add(r);
            }
        }
        return out;
    }
}
