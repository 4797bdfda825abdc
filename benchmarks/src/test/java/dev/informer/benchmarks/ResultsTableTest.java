package dev.informer.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The results table from hand-written JMH JSON: pairing, ratios with intervals, goal verdicts, bad input. */
class ResultsTableTest {

    private static final RunInfo INFO = new RunInfo(
            "2026-01-02", "box", "quick", "1 fork", "Test CPU", 2, 8L * 1024 * 1024 * 1024, "shared and noisy");

    /**
     * One JMH result entry whose raw samples are {@code raw} (JSON: one array per fork), its score
     * their mean.
     */
    private static String entry(
            String benchmark, String mode, String params, String raw, String unit, String secondary) {
        return """
                {"jmhVersion":"1.37","benchmark":"dev.informer.benchmarks.%s","mode":"%s","forks":1,
                 "jdkVersion":"17.0.15","vmName":"OpenJDK 64-Bit Server VM","vmVersion":"17.0.15+6","jvmArgs":["-Xmx2g"],
                 "params":{%s},
                 "primaryMetric":{"score":%s,"scoreError":"NaN","scoreUnit":"%s","rawData":%s},
                 "secondaryMetrics":{%s}}"""
                .formatted(benchmark, mode, params, mean(raw), unit, raw, secondary);
    }

    /** A throughput entry in ops/s without secondary metrics, the commonest kind here. */
    private static String throughput(String benchmark, String params, String raw) {
        return throughput(benchmark, params, raw, "");
    }

    /** A throughput entry in ops/s with the given secondary metrics ({@link #alloc}, {@link #heap}). */
    private static String throughput(String benchmark, String params, String raw, String secondary) {
        return entry(benchmark, "thrpt", params, raw, "ops/s", secondary);
    }

    /** The mean of {@code raw}'s samples (JSON: one array per fork). */
    private static double mean(String raw) {
        return JsonMapper.builder()
                .build()
                .readTree(raw)
                .valueStream()
                .flatMap(JsonNode::valueStream)
                .mapToDouble(JsonNode::doubleValue)
                .average()
                .orElse(Double.NaN);
    }

    private static String alloc(String raw) {
        return "\"gc.alloc.rate.norm\":{\"score\":" + mean(raw)
                + ",\"scoreError\":\"NaN\",\"scoreUnit\":\"B/op\",\"rawData\":" + raw + "}";
    }

    /** JMH sums an aux counter over iterations in "score"; the samples are per iteration. */
    private static String heap(String raw) {
        return "\"retainedMegabytes\":{\"score\":-1,\"scoreError\":\"NaN\",\"scoreUnit\":\"#\",\"rawData\":" + raw
                + "}";
    }

    private static List<BenchmarkResult> parse(String... entries) {
        return BenchmarkResult.fromJmhJson(
                JsonMapper.builder().build().readTree("[" + String.join(",", entries) + "]"));
    }

    private static final String TIGHT_200 = "[[199,200,201],[200,201,199],[200,200,200]]";
    private static final String TIGHT_100 = "[[99,100,101],[100,101,99],[100,100,100]]";

    @Test
    void parsesTopicImplParamsSamplesAndHistograms() {
        List<BenchmarkResult> results = parse(
                throughput(
                        "PeerDeltaFifoBenchmark.addUpdateBurstThenPopAll",
                        "\"impl\":\"clientJava\",\"size\":\"10000\"",
                        TIGHT_100,
                        alloc("[[4000,4000]]")),
                """
                {"benchmark":"dev.informer.benchmarks.DispatchBenchmark.oneEventToAllListeners","mode":"sample",
                 "params":{"impl":"pooled","listeners":"10"},
                 "primaryMetric":{"score":1.5,"scoreError":0.1,"scoreUnit":"us/op",
                   "rawDataHistogram":[[[[1.0,3],[3.0,1]],[[2.0,2]]],[[[1.0,1]]]]}}""");
        BenchmarkResult peer = results.get(0);
        assertEquals("DeltaFifoBenchmark", peer.topic());
        assertEquals("clientJava", peer.impl());
        assertEquals(Map.of("size", "10000"), peer.params(), "impl is not a shared parameter");
        assertEquals(9, peer.primary().sampleCount());
        assertEquals(
                List.of(4000.0, 4000.0),
                peer.secondary().get(BenchmarkResult.ALLOC).forks().get(0));

        BenchmarkResult pooled = results.get(1);
        assertEquals("ours", pooled.impl(), "an impl that is no peer's name is a mode of ours");
        assertEquals("pooled", pooled.params().get("impl"));
        assertEquals(
                List.of(List.of(1.5, 2.0), List.of(1.0)),
                pooled.primary().forks(),
                "each iteration's histogram becomes its mean sample");
    }

    @Test
    void fifoTableComparesOnlyWithClientJavaAndGivesIntervals() {
        List<BenchmarkResult> results = parse(
                throughput(
                        "DeltaFifoBenchmark.addUpdateBurstThenPopAll",
                        "\"size\":\"10000\"",
                        TIGHT_200,
                        alloc("[[1000,1000],[1000,1000]]")),
                throughput(
                        "PeerDeltaFifoBenchmark.addUpdateBurstThenPopAll",
                        "\"impl\":\"clientJava\",\"size\":\"10000\"",
                        TIGHT_100,
                        alloc("[[4000,4000],[4000,4000]]")),
                throughput(
                        "PeerDeltaFifoBenchmark.addUpdateBurstThenPopAll",
                        "\"impl\":\"fabric8\",\"size\":\"10000\"",
                        "[[400,400,400]]"));
        List<ResultsTable.Row> rows = ResultsTable.rows(results);
        assertEquals(1, rows.size());
        Bootstrap.Interval speed = ResultsTable.speedAdvantage(
                rows.get(0).ours(), rows.get(0).peers().get("clientJava"));
        assertEquals(2.0, speed.point(), 1e-9);
        assertTrue(speed.low() > 1.95 && speed.high() < 2.05, speed.toString());

        String md = ResultsTable.render(results, INFO, "OpenJDK 17");
        assertTrue(
                md.contains("| benchmark | params | unit | ours | client-java | ours vs client-java [95% CI] |"), md);
        assertFalse(md.contains("| fabric8 |"), "fabric8 has no FIFO, so no FIFO column: " + md);
        assertFalse(md.contains("777"), "fabric8's store update is not shown against a FIFO: " + md);
        assertTrue(md.contains("| FIFO burst ≥ 2× client-java | client-java | 2.00× ["), md);
        assertTrue(
                md.contains("| 1. DeltaFIFO merge | DeltaFifo.addUpdateBurstThenPopAll | size=10000 | FIFO burst"), md);
        assertTrue(md.contains("- Machine: 2 cores (Test CPU), 8.0 GiB memory"), md);
        assertTrue(md.contains("- Note: shared and noisy"), md);
    }

    @Test
    void aGoalIsMetOnlyWhenTheWholeIntervalClearsIt() {
        // 2.0x on average both times, but one pair is noisy enough that 2x is inside its interval.
        List<BenchmarkResult> tight = parse(
                throughput("IndexUpdateBenchmark.updateOnePercent", "\"size\":\"10\"", "[[410,400,390],[400,405,395]]"),
                throughput(
                        "PeerIndexUpdateBenchmark.updateOnePercent",
                        "\"impl\":\"clientJava\",\"size\":\"10\"",
                        "[[100,100,100],[100,100,100]]"),
                throughput(
                        "PeerIndexUpdateBenchmark.updateOnePercent",
                        "\"impl\":\"fabric8\",\"size\":\"10\"",
                        "[[150,150,150],[150,150,150]]"));
        List<Goal.Verdict> verdicts = ResultsTable.verdicts(ResultsTable.rows(tight), tight);
        Goal.Verdict speed = verdicts.stream()
                .filter(v -> v.goal().metric() == Goal.Metric.SPEED)
                .findFirst()
                .orElseThrow();
        assertEquals("fabric8", speed.comparedWith(), "the faster peer decides");
        assertEquals(Goal.Verdict.MET, speed.outcome(), speed.toString());

        List<BenchmarkResult> noisy = parse(
                throughput("IndexUpdateBenchmark.updateOnePercent", "\"size\":\"10\"", "[[150,450,300],[200,400,300]]"),
                throughput(
                        "PeerIndexUpdateBenchmark.updateOnePercent",
                        "\"impl\":\"fabric8\",\"size\":\"10\"",
                        "[[150,150,150],[150,150,150]]"));
        Goal.Verdict straddles =
                ResultsTable.verdicts(ResultsTable.rows(noisy), noisy).get(0);
        assertEquals(2.0, straddles.interval().point(), 1e-9);
        assertEquals(Goal.Verdict.NOT_SHOWN, straddles.outcome(), "a 2.0x mean whose interval reaches below 2x");

        List<BenchmarkResult> losing = parse(
                throughput("IndexUpdateBenchmark.updateOnePercent", "\"size\":\"10\"", "[[160,150,155],[150,155,160]]"),
                throughput(
                        "PeerIndexUpdateBenchmark.updateOnePercent",
                        "\"impl\":\"fabric8\",\"size\":\"10\"",
                        TIGHT_100));
        assertEquals(
                Goal.Verdict.NOT_MET,
                ResultsTable.verdicts(ResultsTable.rows(losing), losing).get(0).outcome());
        String md = ResultsTable.render(losing, INFO, "jvm");
        assertTrue(md.contains("0 of 2 goal checks met"), md);
    }

    @Test
    void dispatchGoalsJudgeEachModeOfOursAgainstFabric8AndPerListenerAllocation() {
        List<BenchmarkResult> results = parse(
                entry(
                        "DispatchBenchmark.oneEventToAllListeners",
                        "thrpt",
                        "\"impl\":\"pooled\",\"listeners\":\"10\"",
                        "[[300,300],[300,300]]",
                        "ops/ms",
                        alloc("[[240,240],[240,240]]")),
                entry(
                        "DispatchBenchmark.oneEventToAllListeners",
                        "thrpt",
                        "\"impl\":\"thread\",\"listeners\":\"10\"",
                        "[[100,100],[100,100]]",
                        "ops/ms",
                        alloc("[[400,400],[400,400]]")),
                entry(
                        "DispatchBenchmark.oneEventToAllListeners",
                        "thrpt",
                        "\"impl\":\"fabric8\",\"listeners\":\"10\"",
                        TIGHT_100,
                        "ops/ms",
                        alloc("[[100,100]]")));
        List<ResultsTable.Row> rows = ResultsTable.rows(results);
        assertEquals(2, rows.size(), "one row per mode of ours");
        assertEquals("impl=pooled", rows.get(0).variant());
        List<Goal.Verdict> verdicts = ResultsTable.verdicts(rows, results);
        Goal.Verdict pooledSpeed = verdicts.get(0);
        assertEquals("one event ≥ 1.5× fabric8", pooledSpeed.goal().text());
        assertEquals(Goal.Verdict.MET, pooledSpeed.outcome());
        Goal.Verdict pooledAlloc = verdicts.get(1);
        assertEquals(24.0, pooledAlloc.interval().point(), 1e-9, "240 B/op over 10 listeners");
        assertEquals(Goal.Verdict.MET, pooledAlloc.outcome());
        Goal.Verdict threadAlloc = verdicts.get(3);
        assertEquals(40.0, threadAlloc.interval().point(), 1e-9);
        assertEquals(Goal.Verdict.NOT_MET, threadAlloc.outcome());

        // A burst op is one event (@OperationsPerInvocation(100)): its B/op is already per event.
        List<BenchmarkResult> burst = parse(entry(
                "DispatchBenchmark.burstOf100EventsToAllListeners",
                "sample",
                "\"impl\":\"pooled\",\"listeners\":\"10\"",
                "[[1,1],[1,1]]",
                "us/op",
                alloc("[[24,24],[24,24]]")));
        Goal.Verdict burstAlloc = ResultsTable.verdicts(ResultsTable.rows(burst), burst).stream()
                .filter(v -> v.goal().metric() == Goal.Metric.ALLOC)
                .findFirst()
                .orElseThrow();
        assertEquals(2.4, burstAlloc.interval().point(), 1e-9, "24 B per event shared by 10 listeners");
        assertEquals(Goal.Verdict.NOT_MET, verdicts.get(2).outcome(), "thread per listener: 1.0x fabric8");
    }

    @Test
    void oursAgainstOursBaselinesAndEndToEndHeapGoals() {
        List<BenchmarkResult> results = parse(
                throughput("WatchDecodeBenchmark.watchDecoder", "", "[[95,95,95],[95,95,95]]"),
                throughput("WatchDecodeBenchmark.jacksonDatabind", "", TIGHT_100),
                entry(
                        "InformerSyncBenchmark.startToSynced",
                        "ss",
                        "\"pods\":\"1024\",\"stripManagedFields\":\"true\"",
                        "[[400,400,400]]",
                        "ms/op",
                        heap("[[3,3,3],[3.5,3.5,3.5]]")),
                entry(
                        "InformerSyncBenchmark.startToSynced",
                        "ss",
                        "\"pods\":\"1024\",\"stripManagedFields\":\"false\"",
                        "[[400,400,400]]",
                        "ms/op",
                        heap("[[10,10,10],[10,10,10]]")),
                entry(
                        "PeerInformerSyncBenchmark.startToSynced",
                        "ss",
                        "\"impl\":\"clientJava\",\"pods\":\"1024\"",
                        "[[1000,1000,1000]]",
                        "ms/op",
                        heap("[[8,8,8],[8,8,8]]")),
                entry(
                        "PeerInformerSyncBenchmark.startToSynced",
                        "ss",
                        "\"impl\":\"fabric8\",\"pods\":\"1024\"",
                        "[[800,800,800]]",
                        "ms/op",
                        heap("[[30,30,30],[30,30,30]]")));
        List<ResultsTable.Row> rows = ResultsTable.rows(results);
        List<Goal.Verdict> verdicts = ResultsTable.verdicts(rows, results);
        Goal.Verdict decode = verdicts.stream()
                .filter(v -> v.goal().text().contains("databind"))
                .findFirst()
                .orElseThrow();
        assertEquals(0.95, decode.interval().point(), 1e-9);
        assertEquals(Goal.Verdict.MET, decode.outcome());

        Goal.Verdict perPod = onlyVerdict(verdicts, v -> v.goal().text().contains("KiB per pod"));
        assertEquals(3.25, perPod.interval().point(), 1e-9, "3.25 MiB over 1024 pods is 3.25 KiB per pod");
        assertEquals(Goal.Verdict.MET, perPod.outcome());
        Goal.Verdict vsClientJava = onlyVerdict(verdicts, v -> v.goal().text().contains("0.8× client-java"));
        assertEquals(0.8, vsClientJava.interval().point(), 1e-9, "10 MiB against client-java's 8");
        assertEquals(Goal.Verdict.NOT_MET, vsClientJava.outcome());
        Goal.Verdict vsFabric8 = onlyVerdict(verdicts, v -> v.goal().text().contains("0.5× fabric8"));
        assertEquals(Goal.Verdict.MET, vsFabric8.outcome());
        Goal.Verdict time = onlyVerdict(
                verdicts,
                v -> v.goal().text().contains("0.6×")
                        && v.ours().params().get("stripManagedFields").equals("true"));
        assertEquals(2.0, time.interval().point(), 1e-9, "800 ms (fabric8, the faster peer) against our 400");
        assertEquals(2.0, time.interval().low(), 1e-9, "identical samples: a point interval");
        assertEquals(2.0, time.interval().high(), 1e-9);
    }

    /** The one verdict that {@code which} picks; fails if none or several match. */
    private static Goal.Verdict onlyVerdict(List<Goal.Verdict> verdicts, Predicate<Goal.Verdict> which) {
        return verdicts.stream()
                .filter(which)
                .reduce((a, b) -> {
                    throw new AssertionError("two verdicts: " + a + ", " + b);
                })
                .orElseThrow();
    }

    @Test
    void lossesSayWhetherTheIntervalMakesThemClear() {
        List<BenchmarkResult> results = parse(
                throughput("WorkQueueBenchmark.addGetDone", "", "[[90,110,100],[95,105,100]]"),
                throughput("PeerWorkQueueBenchmark.addGetDone", "\"impl\":\"clientJava\"", "[[101,101,101]]"),
                throughput("WorkQueueBenchmark.addTenDuplicatesGetDone", "", TIGHT_100),
                throughput("PeerWorkQueueBenchmark.addTenDuplicatesGetDone", "\"impl\":\"clientJava\"", TIGHT_200));
        String md = ResultsTable.render(results, INFO, "jvm");
        assertTrue(
                md.contains("`WorkQueue.addGetDone`: client-java is 1.01× better on speed (within the interval"), md);
        assertTrue(md.contains("`WorkQueue.addTenDuplicatesGetDone`: client-java is 2.00× better on speed\n"), md);
    }

    @Test
    void rejectsReportsThatAreNotJmhResults() {
        assertThrows(
                IllegalArgumentException.class,
                () -> BenchmarkResult.fromJmhJson(JsonMapper.builder().build().readTree("{\"benchmark\":\"x\"}")));
        assertThrows(IllegalArgumentException.class, () -> parse("{\"mode\":\"thrpt\"}"));
        IllegalArgumentException noImpl = assertThrows(
                IllegalArgumentException.class,
                () -> parse(throughput("PeerDeltaFifoBenchmark.addUpdateBurstThenPopAll", "", "[[1]]")));
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
        assertNull(ResultsTable.speedAdvantage(null, null));
    }
}
