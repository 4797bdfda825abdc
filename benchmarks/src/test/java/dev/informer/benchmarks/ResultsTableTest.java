package dev.informer.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The results table from hand-written JMH JSON: pairing, ratios, goals, losses and bad input. */
class ResultsTableTest {

    private static final RunInfo INFO = new RunInfo(
            "2026-01-02", "box", "quick", "1 fork", "Test CPU", 2, 8L * 1024 * 1024 * 1024, "shared and noisy");

    /** One JMH result entry; {@code extra} is inserted into the object as is. */
    private static String entry(
            String benchmark, String mode, String params, double score, String error, String unit, String secondary) {
        return """
                {"jmhVersion":"1.37","benchmark":"dev.informer.benchmarks.%s","mode":"%s","forks":1,
                 "jdkVersion":"17.0.15","vmName":"OpenJDK 64-Bit Server VM","vmVersion":"17.0.15+6","jvmArgs":["-Xmx2g"],
                 "params":{%s},
                 "primaryMetric":{"score":%s,"scoreError":%s,"scoreUnit":"%s","rawData":[[1,2,3]]},
                 "secondaryMetrics":{%s}}"""
                .formatted(benchmark, mode, params, score, error, unit, secondary);
    }

    private static String alloc(double bytes) {
        return "\"gc.alloc.rate.norm\":{\"score\":" + bytes + ",\"scoreError\":\"NaN\",\"scoreUnit\":\"B/op\"}";
    }

    private static JsonNode report(String... entries) {
        return JsonMapper.builder().build().readTree("[" + String.join(",", entries) + "]");
    }

    private static List<BenchmarkResult> deltaFifo() {
        return BenchmarkResult.fromJmhJson(report(
                entry(
                        "DeltaFifoBenchmark.addUpdateBurstThenPopAll",
                        "thrpt",
                        "\"size\":\"10000\"",
                        200,
                        "10",
                        "ops/s",
                        alloc(1000)),
                entry(
                        "PeerDeltaFifoBenchmark.addUpdateBurstThenPopAll",
                        "thrpt",
                        "\"impl\":\"clientJava\",\"size\":\"10000\"",
                        100,
                        "5",
                        "ops/s",
                        alloc(4000)),
                entry(
                        "PeerDeltaFifoBenchmark.addUpdateBurstThenPopAll",
                        "thrpt",
                        "\"impl\":\"fabric8\",\"size\":\"10000\"",
                        400,
                        "\"NaN\"",
                        "ops/s",
                        alloc(500))));
    }

    @Test
    void parsesTopicImplParamsAndNaNErrors() {
        List<BenchmarkResult> results = deltaFifo();
        assertEquals(3, results.size());
        BenchmarkResult fabric8 = results.get(2);
        assertEquals("DeltaFifoBenchmark", fabric8.topic());
        assertEquals("addUpdateBurstThenPopAll", fabric8.method());
        assertEquals("fabric8", fabric8.impl());
        assertEquals(Map.of("size", "10000"), fabric8.params(), "impl is not a shared parameter");
        assertTrue(Double.isNaN(fabric8.primary().error()));
        assertEquals("ours", results.get(0).impl());
        assertEquals(500, fabric8.secondary().get("gc.alloc.rate.norm").value());
    }

    @Test
    void pairsOursWithPeersAndReportsRatiosBothWays() {
        List<ResultsTable.Row> rows = ResultsTable.rows(deltaFifo());
        assertEquals(1, rows.size());
        ResultsTable.Row row = rows.get(0);
        assertEquals(Topic.DELTA_FIFO, row.topic());
        assertEquals(2.0, ResultsTable.speedAdvantage(row.ours(), row.peers().get("clientJava")));
        assertEquals(0.5, ResultsTable.speedAdvantage(row.ours(), row.peers().get("fabric8")));
        assertEquals(
                4.0, ResultsTable.secondaryAdvantage(row.ours(), row.peers().get("clientJava"), BenchmarkResult.ALLOC));

        String md = ResultsTable.render(deltaFifo(), INFO, "OpenJDK 17");
        assertTrue(
                md.contains(
                        "| DeltaFifo.addUpdateBurstThenPopAll | size=10000 | ops/s | 200 ± 10.0 | 100 ± 5.00 | 400 |"
                                + " **2.00×** | 0.50× (loses) |"),
                md);
        assertTrue(md.contains("| ↳ allocated | | B/op | 1000 | 4000 | 500 | **4.00×** | 0.50× (loses) |"), md);
        assertTrue(md.contains("fabric8 is 2.00× better on speed"), md);
        assertTrue(md.contains("fabric8 is 2.00× better on bytes allocated per op"), md);
        assertTrue(md.contains("≥ 2.00× **not met**"), "the faster peer decides the goal: " + md);
        assertTrue(md.contains("- Machine: 2 cores (Test CPU), 8.0 GiB memory"), md);
        assertTrue(md.contains("- Note: shared and noisy"), md);
    }

    @Test
    void timeModesInvertTheRatioAndVariantsOfOursGetTheirOwnRows() {
        String heap = "\"retainedMegabytes\":{\"score\":300,\"scoreError\":\"NaN\",\"scoreUnit\":\"#\","
                + "\"rawData\":[[90,100,110]]}";
        List<BenchmarkResult> results = new ArrayList<>(BenchmarkResult.fromJmhJson(report(
                entry(
                        "InformerSyncBenchmark.startToSynced",
                        "ss",
                        "\"pods\":\"10000\",\"stripManagedFields\":\"false\"",
                        500,
                        "\"NaN\"",
                        "ms/op",
                        alloc(1)),
                entry(
                        "InformerSyncBenchmark.startToSynced",
                        "ss",
                        "\"pods\":\"10000\",\"stripManagedFields\":\"true\"",
                        400,
                        "\"NaN\"",
                        "ms/op",
                        alloc(1)),
                entry(
                        "PeerInformerSyncBenchmark.startToSynced",
                        "ss",
                        "\"impl\":\"clientJava\",\"pods\":\"10000\"",
                        1000,
                        "\"NaN\"",
                        "ms/op",
                        heap),
                entry(
                        "PeerInformerSyncBenchmark.startToSynced",
                        "ss",
                        "\"impl\":\"fabric8\",\"pods\":\"10000\"",
                        800,
                        "\"NaN\"",
                        "ms/op",
                        heap))));
        String log =
                """
                # Warmup Iteration   1:
                retained-heap pods=10000 stripManagedFields=false: 80.0 MiB (8388 bytes/pod), cached=10000
                retained-heap pods=10000 stripManagedFields=true: 40.0 MiB (4194 bytes/pod), cached=10000
                retained-heap pods=10000 stripManagedFields=true: 60.0 MiB (6291 bytes/pod), cached=10000
                """;
        results = RetainedHeapLog.attach(results, log);

        List<ResultsTable.Row> rows = ResultsTable.rows(results);
        assertEquals(2, rows.size(), "one row per variant of ours");
        ResultsTable.Row stripped = rows.get(1);
        assertEquals("stripManagedFields=true", stripped.variant());
        assertEquals(Map.of("pods", "10000"), stripped.params());
        assertEquals(
                2.0,
                ResultsTable.speedAdvantage(stripped.ours(), stripped.peers().get("fabric8")),
                "800 ms against our 400 ms");
        assertEquals(
                100.0,
                stripped.peers()
                        .get("clientJava")
                        .secondary()
                        .get("retainedMegabytes")
                        .value(),
                "the per-iteration mean, not JMH's sum");
        assertEquals(50.0, stripped.ours().secondary().get("retainedMegabytes").value(), "from the log");
        assertEquals(
                2.0,
                ResultsTable.secondaryAdvantage(
                        stripped.ours(), stripped.peers().get("fabric8"), BenchmarkResult.RETAINED));

        String md = ResultsTable.render(results, INFO, "jvm");
        assertTrue(
                md.contains("| InformerSync.startToSynced | pods=10000, stripManagedFields=true | ms/op | 400 |"), md);
        assertTrue(md.contains("(goal ≥ 1.43×: met)"), md);
        assertTrue(md.contains("at most 0.6× the faster peer's time"), md);
    }

    @Test
    void oursOnlyMethodsAreComparedWithTheirCeiling() {
        List<BenchmarkResult> results = BenchmarkResult.fromJmhJson(report(
                entry("WatchDecodeBenchmark.watchDecoder", "thrpt", "", 90_000, "1000", "ops/s", ""),
                entry("WatchDecodeBenchmark.jacksonDatabind", "thrpt", "", 100_000, "1000", "ops/s", ""),
                entry(
                        "PeerWatchDecodeBenchmark.watchDecoder",
                        "thrpt",
                        "\"impl\":\"fabric8\"",
                        30_000,
                        "1000",
                        "ops/s",
                        "")));
        String md = ResultsTable.render(results, INFO, "jvm");
        assertTrue(md.contains("`watchDecoder` reaches **90%** of the ceiling `jacksonDatabind`"), md);
        assertTrue(md.contains("| WatchDecode.jacksonDatabind |  | ops/s | 100k ± 1.00k | — | — | — | — |"), md);
        assertTrue(
                md.contains(
                        "| WatchDecode.watchDecoder |  | ops/s | 90.0k ± 1.00k | — | 30.0k ± 1.00k | — | **3.00×** |"),
                md);
        assertFalse(md.contains("(loses)"), md);
        assertTrue(md.contains("Nowhere in this run."), md);
    }

    @Test
    void rejectsReportsThatAreNotJmhResults() {
        assertThrows(
                IllegalArgumentException.class,
                () -> BenchmarkResult.fromJmhJson(JsonMapper.builder().build().readTree("{\"benchmark\":\"x\"}")));
        assertThrows(IllegalArgumentException.class, () -> BenchmarkResult.fromJmhJson(report("{\"mode\":\"thrpt\"}")));
        IllegalArgumentException noImpl = assertThrows(
                IllegalArgumentException.class,
                () -> BenchmarkResult.fromJmhJson(report(
                        entry("PeerDeltaFifoBenchmark.addUpdateBurstThenPopAll", "thrpt", "", 1, "1", "ops/s", ""))));
        assertTrue(noImpl.getMessage().contains("no impl parameter"), noImpl.getMessage());
    }

    @Test
    void optionsNeedJsonAndOutAndKnownNames() {
        assertEquals(
                "a.json",
                ResultsTable.options(new String[] {"--json", "a.json", "--out", "b.md"})
                        .get("json"));
        assertThrows(IllegalArgumentException.class, () -> ResultsTable.options(new String[] {"--json", "a.json"}));
        assertThrows(
                IllegalArgumentException.class,
                () -> ResultsTable.options(new String[] {"--json", "a", "--out", "b", "--colour", "red"}));
        assertThrows(IllegalArgumentException.class, () -> ResultsTable.options(new String[] {"--json"}));
    }

    @Test
    void scoresScaleReadably() {
        assertEquals("1.23M ± 0.0500M", new Score(1_234_567, 50_000, "ops/s").format());
        assertEquals("12.3k", Score.scale(12_345));
        assertEquals("0.500", Score.scale(0.5));
        assertEquals("n/a", Score.scale(Double.NaN));
        Score samples = Score.ofSamples(List.of(90.0, 100.0, 110.0), "MiB");
        assertEquals(100.0, samples.value());
        assertEquals(10.0, samples.error(), 1e-9);
        assertThrows(IllegalArgumentException.class, () -> Score.ofSamples(List.of(), "MiB"));
    }
}
