package dev.informer.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import tools.jackson.databind.json.JsonMapper;

/**
 * Turns a JMH JSON report of ours and the peers' benchmarks into the Markdown results table: per
 * benchmark our score, each peer's, the ratios with their 95% bootstrap intervals, the error bars
 * and the bytes allocated per op; every goal of every section with its verdict ({@link Goal}: met
 * only when the interval clears it); where we lose; the JVM and the machine.
 *
 * <p>Rows pair results by topic (the class name without its {@code Peer} prefix), method and
 * parameters; the {@code impl} parameter names the implementation ({@code ours} when absent).
 * Parameters only our class has (such as {@code stripManagedFields}) make one row per variant.
 * A ratio "ours vs X" is how many times better ours is: X's time over ours, our throughput over
 * X's, X's bytes over ours; below 1 we lose. Stateless; {@link #render} is a pure function.
 *
 * <p>Usage: {@code ResultsTable --json results.json --out table.md [--machine name]
 * [--mode quick|full] [--settings text] [--note text] [--date yyyy-MM-dd]}.
 */
public final class ResultsTable {

    private static final Map<String, String> DISPLAY =
            Map.of("ours", "ours", "clientJava", "client-java", "fabric8", "fabric8");

    /** One line of a section table: one of our variants of a benchmark with the peers' results. */
    record Row(
            Topic topic,
            String topicClass,
            String method,
            Map<String, String> params,
            String variant,
            BenchmarkResult ours,
            Map<String, BenchmarkResult> peers) {

        /** {@code DeltaFifo.addUpdateBurstThenPopAll}: the class without "Benchmark", and the method. */
        String label() {
            String shortClass = topicClass.endsWith("Benchmark")
                    ? topicClass.substring(0, topicClass.length() - "Benchmark".length())
                    : topicClass;
            return shortClass + "." + method;
        }

        String paramText() {
            List<String> parts = new ArrayList<>();
            params.forEach((k, v) -> parts.add(k + "=" + v));
            if (!variant.isEmpty()) {
                parts.add(variant);
            }
            return parts.isEmpty() ? "" : String.join(", ", parts);
        }
    }

    private ResultsTable() {}

    public static void main(String[] args) {
        Map<String, String> options;
        try {
            options = options(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println("usage: ResultsTable --json results.json --out table.md "
                    + "[--machine name] [--mode quick|full] [--settings text] [--note text] [--date yyyy-MM-dd]");
            System.exit(2);
            return;
        }
        try {
            String markdown = renderFiles(options);
            Path out = Path.of(options.get("out"));
            if (out.getParent() != null) {
                Files.createDirectories(out.getParent());
            }
            Files.writeString(out, markdown, StandardCharsets.UTF_8);
            System.out.println("wrote " + out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the JMH results or write the table", e);
        }
    }

    static Map<String, String> options(String[] args) {
        Set<String> known = Set.of("json", "out", "machine", "mode", "settings", "note", "date");
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            String name = args[i].startsWith("--") ? args[i].substring(2) : "";
            if (!known.contains(name)) {
                throw new IllegalArgumentException("unknown option: " + args[i]);
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("option " + args[i] + " needs a value");
            }
            options.put(name, args[i + 1]);
        }
        if (!options.containsKey("json") || !options.containsKey("out")) {
            throw new IllegalArgumentException("--json and --out are required");
        }
        return options;
    }

    private static String renderFiles(Map<String, String> options) throws IOException {
        var report = JsonMapper.builder().build().readTree(Files.readString(Path.of(options.get("json"))));
        List<BenchmarkResult> results = BenchmarkResult.fromJmhJson(report);
        RunInfo info = new RunInfo(
                options.getOrDefault("date", LocalDate.now().toString()),
                options.getOrDefault("machine", "unknown"),
                options.getOrDefault("mode", "full"),
                options.getOrDefault("settings", "each benchmark's own @Fork/@Warmup/@Measurement and @Param sizes"),
                cpuModel(),
                Runtime.getRuntime().availableProcessors(),
                physicalMemory(),
                options.getOrDefault("note", ""));
        return render(results, info, jvmDescription(report));
    }

    private static String jvmDescription(tools.jackson.databind.JsonNode report) {
        if (report.isEmpty()) {
            return "unknown";
        }
        var first = report.get(0);
        List<String> args = new ArrayList<>();
        first.path("jvmArgs").forEach(a -> args.add(a.asString()));
        return first.path("vmName").asString("?") + " "
                + first.path("vmVersion").asString("?") + " (JDK "
                + first.path("jdkVersion").asString("?") + "), JMH "
                + first.path("jmhVersion").asString("?")
                + (args.isEmpty() ? "" : ", JVM args " + String.join(" ", args));
    }

    private static String cpuModel() {
        Path cpuinfo = Path.of("/proc/cpuinfo");
        try {
            if (Files.isReadable(cpuinfo)) {
                for (String line : Files.readAllLines(cpuinfo)) {
                    if (line.startsWith("model name")) {
                        return line.substring(line.indexOf(':') + 1).trim();
                    }
                }
            }
        } catch (IOException e) {
            return "unknown";
        }
        return "unknown";
    }

    private static long physicalMemory() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getTotalMemorySize();
        }
        return -1;
    }

    /** The Markdown results file for {@code results}. */
    static String render(List<BenchmarkResult> results, RunInfo info, String jvm) {
        List<Row> rows = rows(results);
        StringBuilder md = new StringBuilder();
        md.append("# Benchmark results: ")
                .append(info.date())
                .append(", ")
                .append(info.machine())
                .append("\n\n");
        md.append("- Run: **")
                .append(info.mode())
                .append("** (")
                .append(info.settings())
                .append(")\n");
        md.append("- JVM: ").append(jvm).append('\n');
        md.append("- Machine: ")
                .append(info.cores())
                .append(" cores (")
                .append(info.cpu())
                .append("), ")
                .append(
                        info.memory() < 0
                                ? "unknown memory"
                                : String.format(Locale.ROOT, "%.1f GiB memory", info.memory() / (1024.0 * 1024 * 1024)))
                .append('\n');
        if (!info.note().isEmpty()) {
            md.append("- Note: ").append(info.note()).append('\n');
        }
        md.append("\n\"ours vs X\" is how many times better ours is (X's time / ours, our throughput / X's, X's bytes"
                + " / ours); below 1× we lose. Brackets give its 95% interval: a two-level bootstrap (forks, then"
                + " iterations within them; " + Bootstrap.RESAMPLES + " resamples, fixed seed) over the measurement"
                + " samples. Scores show JMH's 99.9% half-width (n/a with too few iterations; retained heap: the"
                + " standard deviation over iterations).\n\n");
        renderSummary(md, rows, results);
        for (Topic topic : Topic.values()) {
            List<Row> section = rows.stream().filter(r -> r.topic() == topic).toList();
            if (!section.isEmpty()) {
                renderSection(md, topic, section);
            }
        }
        renderLosses(md, rows);
        return md.toString();
    }

    /** Pairs results into rows: by topic, method and shared parameters; one row per variant of ours. */
    static List<Row> rows(List<BenchmarkResult> results) {
        Map<String, Set<String>> peerParams = new HashMap<>();
        for (BenchmarkResult r : results) {
            if (!BenchmarkResult.OURS.equals(r.impl())) {
                peerParams
                        .computeIfAbsent(r.topic() + "." + r.method(), k -> new TreeSet<>())
                        .addAll(r.params().keySet());
            }
        }
        // key -> variant -> (impl -> result), in report order
        Map<List<Object>, Map<String, Map<String, BenchmarkResult>>> grouped = new LinkedHashMap<>();
        for (BenchmarkResult r : results) {
            Set<String> shared = peerParams.get(r.topic() + "." + r.method());
            Map<String, String> keyParams = new TreeMap<>();
            Map<String, String> variantParams = new TreeMap<>();
            r.params().forEach((k, v) -> (shared == null || shared.contains(k) ? keyParams : variantParams).put(k, v));
            String variant = variantParams.entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining(", "));
            List<Object> key = List.of(r.topic(), r.method(), keyParams);
            Map<String, Map<String, BenchmarkResult>> variants =
                    grouped.computeIfAbsent(key, k -> new LinkedHashMap<>());
            if (BenchmarkResult.OURS.equals(r.impl())) {
                variants.computeIfAbsent(variant, v -> new LinkedHashMap<>()).put(r.impl(), r);
            } else {
                variants.computeIfAbsent("\0peers", v -> new LinkedHashMap<>()).put(r.impl(), r);
            }
        }
        List<Row> rows = new ArrayList<>();
        grouped.forEach((key, variants) -> {
            String topicClass = (String) key.get(0);
            String method = (String) key.get(1);
            @SuppressWarnings("unchecked")
            Map<String, String> params = (Map<String, String>) key.get(2);
            Map<String, BenchmarkResult> peers = variants.getOrDefault("\0peers", Map.of());
            boolean anyOurs = false;
            for (var v : variants.entrySet()) {
                if (!v.getKey().equals("\0peers")) {
                    anyOurs = true;
                    rows.add(new Row(
                            Topic.of(topicClass),
                            topicClass,
                            method,
                            params,
                            v.getKey(),
                            v.getValue().get(BenchmarkResult.OURS),
                            peers));
                }
            }
            if (!anyOurs) {
                rows.add(new Row(Topic.of(topicClass), topicClass, method, params, "", null, peers));
            }
        });
        rows.sort(Comparator.comparing(Row::topic)); // stable: report order within a topic
        return rows;
    }

    /** How many times better ours is than {@code peer} on the primary score, with its 95% interval; null when either is missing. */
    static Bootstrap.Interval speedAdvantage(BenchmarkResult ours, BenchmarkResult peer) {
        if (ours == null || peer == null) {
            return null;
        }
        return Bootstrap.advantage(ours.primary(), peer.primary(), ours.higherIsBetter());
    }

    /** How many times fewer units of a lower-is-better secondary metric ours has; null when missing. */
    static Bootstrap.Interval secondaryAdvantage(BenchmarkResult ours, BenchmarkResult peer, String metric) {
        if (ours == null
                || peer == null
                || !ours.secondary().containsKey(metric)
                || !peer.secondary().containsKey(metric)) {
            return null;
        }
        return Bootstrap.advantage(
                ours.secondary().get(metric), peer.secondary().get(metric), false);
    }

    /** An advantage with its interval: {@code **1.52×** [1.41–1.63]}, "(loses)" below 1. */
    static String ratio(Bootstrap.Interval advantage) {
        if (advantage == null || Double.isNaN(advantage.point()) || Double.isInfinite(advantage.point())) {
            return "—";
        }
        String point = String.format(Locale.ROOT, "%.2f×", advantage.point());
        String text = advantage.point() < 1 ? point + " (loses)" : "**" + point + "**";
        return advantage.known()
                ? text + String.format(Locale.ROOT, " [%.2f–%.2f]", advantage.low(), advantage.high())
                : text;
    }

    /** Every goal's verdict for every row of ours it applies to, in row order. */
    static List<Goal.Verdict> verdicts(List<Row> rows, List<BenchmarkResult> all) {
        List<Goal.Verdict> verdicts = new ArrayList<>();
        for (Row row : rows) {
            if (row.ours() == null) {
                continue;
            }
            for (Goal goal : row.topic().goals) {
                if (goal.appliesTo(row.ours())) {
                    verdicts.add(goal.judge(row.ours(), row.peers(), row.topic().peers, all));
                }
            }
        }
        return verdicts;
    }

    private static void renderSummary(StringBuilder md, List<Row> rows, List<BenchmarkResult> all) {
        List<Goal.Verdict> verdicts = verdicts(rows, all);
        long met = verdicts.stream().filter(Goal.Verdict::met).count();
        md.append("## Goals\n\n");
        md.append(String.format(
                Locale.ROOT,
                "%d of %d goal checks met. A goal is met only when its whole 95%% bootstrap interval clears it;"
                        + " \"not shown\" means the interval straddles the goal (more samples or a quieter machine"
                        + " would decide it).%n%n",
                met,
                verdicts.size()));
        md.append("| section | benchmark | params | goal | compared with | measured [95% CI] | verdict |\n");
        md.append("|---|---|---|---|---|---|---|\n");
        for (Goal.Verdict v : verdicts) {
            Row row =
                    rows.stream().filter(r -> r.ours() == v.ours()).findFirst().orElseThrow();
            md.append("| ")
                    .append(row.topic().title)
                    .append(" | ")
                    .append(row.label())
                    .append(" | ")
                    .append(row.paramText())
                    .append(" | ")
                    .append(v.goal().text())
                    .append(" | ")
                    .append(DISPLAY.getOrDefault(v.comparedWith(), v.comparedWith()))
                    .append(" | ")
                    .append(Goal.formatInterval(v))
                    .append(" | ")
                    .append(v.outcome())
                    .append(" |\n");
        }
        md.append('\n');
    }

    private static void renderSection(StringBuilder md, Topic topic, List<Row> rows) {
        md.append("## ").append(topic.title).append("\n\n");
        if (!topic.peerNote.isEmpty()) {
            md.append(topic.peerNote).append("\n\n");
        }
        if (!topic.goals.isEmpty()) {
            md.append("Goals: ")
                    .append(String.join(
                            "; ",
                            topic.goals.stream().map(Goal::text).distinct().toList()))
                    .append(".\n\n");
        }
        List<String> peers = topic.peers;
        StringBuilder header = new StringBuilder("| benchmark | params | unit | ours |");
        StringBuilder rule = new StringBuilder("|---|---|---|---|");
        for (String peer : peers) {
            header.append(' ').append(DISPLAY.get(peer)).append(" |");
            rule.append("---|");
        }
        for (String peer : peers) {
            header.append(" ours vs ").append(DISPLAY.get(peer)).append(" [95% CI] |");
            rule.append("---|");
        }
        md.append(header).append('\n').append(rule).append('\n');
        for (Row row : rows) {
            BenchmarkResult any = row.ours() != null
                    ? row.ours()
                    : row.peers().values().iterator().next();
            appendRow(
                    md,
                    row.label() + " | " + row.paramText() + " | "
                            + any.primary().unit(),
                    row,
                    peers,
                    null);
            for (String metric : List.of(BenchmarkResult.ALLOC, BenchmarkResult.RETAINED)) {
                if (!hasMetric(row, metric)) {
                    continue;
                }
                String what = metric.equals(BenchmarkResult.ALLOC) ? "↳ allocated" : "↳ retained heap";
                String unit = metric.equals(BenchmarkResult.ALLOC) ? "B/op" : "MiB";
                appendRow(md, what + " | | " + unit, row, peers, metric);
            }
        }
        md.append('\n');
    }

    /**
     * One line of a section table: the leading cells, ours, each peer's, then ours against each peer;
     * of the primary score when {@code metric} is null, else of that secondary metric.
     */
    private static void appendRow(StringBuilder md, String lead, Row row, List<String> peers, String metric) {
        md.append("| ")
                .append(lead)
                .append(" | ")
                .append(cell(row.ours(), metric))
                .append(" |");
        for (String peer : peers) {
            md.append(' ').append(cell(row.peers().get(peer), metric)).append(" |");
        }
        for (String peer : peers) {
            BenchmarkResult p = row.peers().get(peer);
            Bootstrap.Interval advantage =
                    metric == null ? speedAdvantage(row.ours(), p) : secondaryAdvantage(row.ours(), p, metric);
            md.append(' ').append(ratio(advantage)).append(" |");
        }
        md.append('\n');
    }

    private static boolean hasMetric(Row row, String metric) {
        if (row.ours() != null && row.ours().secondary().containsKey(metric)) {
            return true;
        }
        return row.peers().values().stream().anyMatch(r -> r.secondary().containsKey(metric));
    }

    private static String cell(BenchmarkResult r, String metric) {
        if (r == null) {
            return "—";
        }
        Score s = metric == null ? r.primary() : r.secondary().get(metric);
        return s == null ? "—" : s.format();
    }

    private static void renderLosses(StringBuilder md, List<Row> rows) {
        List<String> losses = new ArrayList<>();
        for (Row row : rows) {
            for (String peer : row.topic().peers) {
                BenchmarkResult p = row.peers().get(peer);
                addLoss(losses, row, peer, "speed", speedAdvantage(row.ours(), p));
                addLoss(
                        losses,
                        row,
                        peer,
                        "bytes allocated per op",
                        secondaryAdvantage(row.ours(), p, BenchmarkResult.ALLOC));
                addLoss(
                        losses,
                        row,
                        peer,
                        "retained heap",
                        secondaryAdvantage(row.ours(), p, BenchmarkResult.RETAINED));
            }
        }
        md.append("## Where we lose\n\n");
        if (losses.isEmpty()) {
            md.append("Nowhere in this run.\n");
        } else {
            md.append(String.join("\n", losses)).append('\n');
        }
    }

    private static void addLoss(List<String> losses, Row row, String peer, String what, Bootstrap.Interval advantage) {
        if (advantage != null && !Double.isNaN(advantage.point()) && advantage.point() < 1) {
            losses.add(String.format(
                    Locale.ROOT,
                    "- %s `%s`%s: %s is %.2f× better on %s%s",
                    row.topic().title,
                    row.label(),
                    row.paramText().isEmpty() ? "" : " (" + row.paramText() + ")",
                    DISPLAY.get(peer),
                    1 / advantage.point(),
                    what,
                    advantage.known() && advantage.high() >= 1 ? " (within the interval: not a clear loss)" : ""));
        }
    }
}
