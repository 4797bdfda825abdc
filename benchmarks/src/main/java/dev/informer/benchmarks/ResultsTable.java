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
 * benchmark our score, each peer's, the ratios, the error bars and the bytes allocated per op;
 * per section the goal and whether it is met; a summary; where we lose; the JVM and the machine.
 *
 * <p>Rows pair results by topic (the class name without its {@code Peer} prefix), method and
 * parameters; the {@code impl} parameter names the implementation ({@code ours} when absent).
 * Parameters only our class has (such as {@code stripManagedFields}) make one row per variant.
 * A ratio "ours vs X" is how many times better ours is: X's time over ours, our throughput over
 * X's, X's bytes over ours; below 1 we lose. Stateless; {@link #render} is a pure function.
 *
 * <p>Usage: {@code ResultsTable --json results.json --out table.md [--log jmh.log] [--machine name]
 * [--mode quick|full] [--settings text] [--note text] [--date yyyy-MM-dd]}.
 */
public final class ResultsTable {

    static final List<String> PEERS = List.of("clientJava", "fabric8");
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
            System.err.println("usage: ResultsTable --json results.json --out table.md [--log jmh.log] "
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
        Set<String> known = Set.of("json", "out", "log", "machine", "mode", "settings", "note", "date");
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
        if (options.containsKey("log")) {
            results = RetainedHeapLog.attach(results, Files.readString(Path.of(options.get("log"))));
        }
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
                + " / ours); below 1× we lose. Errors are JMH's 99.9% half-width (n/a with too few iterations;"
                + " retained heap: standard deviation over iterations).\n\n");
        renderSummary(md, rows);
        for (Topic topic : Topic.values()) {
            List<Row> section = rows.stream().filter(r -> r.topic() == topic).toList();
            if (!section.isEmpty()) {
                renderSection(md, topic, section, results);
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

    /** How many times better ours is than {@code peer} on the primary score; NaN when either is missing. */
    static double speedAdvantage(BenchmarkResult ours, BenchmarkResult peer) {
        if (ours == null || peer == null) {
            return Double.NaN;
        }
        double o = ours.primary().value();
        double p = peer.primary().value();
        return ours.higherIsBetter() ? o / p : p / o;
    }

    /** How many times fewer units of a lower-is-better secondary metric ours has; NaN when missing. */
    static double secondaryAdvantage(BenchmarkResult ours, BenchmarkResult peer, String metric) {
        if (ours == null
                || peer == null
                || !ours.secondary().containsKey(metric)
                || !peer.secondary().containsKey(metric)) {
            return Double.NaN;
        }
        return peer.secondary().get(metric).value()
                / ours.secondary().get(metric).value();
    }

    /** The smallest advantage over the peers present (the faster, or leaner, peer); NaN with no peer. */
    static double worstAdvantage(Row row, java.util.function.BiFunction<BenchmarkResult, BenchmarkResult, Double> f) {
        double worst = Double.NaN;
        for (String peer : PEERS) {
            double a = f.apply(row.ours(), row.peers().get(peer));
            if (!Double.isNaN(a) && (Double.isNaN(worst) || a < worst)) {
                worst = a;
            }
        }
        return worst;
    }

    static String ratio(double advantage) {
        if (Double.isNaN(advantage) || Double.isInfinite(advantage)) {
            return "—";
        }
        String text = String.format(Locale.ROOT, "%.2f×", advantage);
        return advantage < 1 ? text + " (loses)" : "**" + text + "**";
    }

    private static void renderSummary(StringBuilder md, List<Row> rows) {
        md.append("## Summary: ours against the faster (or leaner) peer\n\n");
        md.append("| section | benchmark | params | speed | speed goal | bytes/op | heap |\n");
        md.append("|---|---|---|---|---|---|---|\n");
        for (Row row : rows) {
            if (row.ours() == null || row.peers().isEmpty()) {
                continue;
            }
            double speed = worstAdvantage(row, ResultsTable::speedAdvantage);
            double alloc = worstAdvantage(row, (o, p) -> secondaryAdvantage(o, p, BenchmarkResult.ALLOC));
            double heap = worstAdvantage(row, (o, p) -> secondaryAdvantage(o, p, BenchmarkResult.RETAINED));
            String goal = Double.isNaN(row.topic().speedGoal)
                    ? "—"
                    : String.format(
                            Locale.ROOT,
                            "≥ %.2f× %s",
                            row.topic().speedGoal,
                            Double.isNaN(speed) ? "" : speed >= row.topic().speedGoal ? "met" : "**not met**");
            String heapText = Double.isNaN(heap)
                    ? "—"
                    : ratio(heap)
                            + (Double.isNaN(row.topic().heapGoal)
                                    ? ""
                                    : String.format(
                                            Locale.ROOT,
                                            " (goal ≥ %.2f×: %s)",
                                            row.topic().heapGoal,
                                            heap >= row.topic().heapGoal ? "met" : "**not met**"));
            md.append("| ")
                    .append(row.topic().title)
                    .append(" | ")
                    .append(row.label())
                    .append(" | ")
                    .append(row.paramText())
                    .append(" | ")
                    .append(ratio(speed))
                    .append(" | ")
                    .append(goal)
                    .append(" | ")
                    .append(ratio(alloc))
                    .append(" | ")
                    .append(heapText)
                    .append(" |\n");
        }
        md.append('\n');
    }

    private static void renderSection(StringBuilder md, Topic topic, List<Row> rows, List<BenchmarkResult> all) {
        md.append("## ").append(topic.title).append("\n\n");
        if (!topic.peerNote.isEmpty()) {
            md.append(topic.peerNote).append("\n\n");
        }
        List<String> goals = new ArrayList<>();
        if (topic == Topic.INFORMER_SYNC) {
            goals.add(String.format(Locale.ROOT, "at most %.1f× the faster peer's time", 1 / topic.speedGoal));
        } else if (!Double.isNaN(topic.speedGoal)) {
            goals.add(
                    topic.speedGoal == 1.0
                            ? "faster than both peers"
                            : String.format(Locale.ROOT, "%.1f× the faster peer's throughput", topic.speedGoal));
        }
        if (topic.allocGoal) {
            goals.add("fewer bytes allocated per op than either peer");
        }
        if (!Double.isNaN(topic.heapGoal)) {
            goals.add(String.format(Locale.ROOT, "at most %.1f× the smaller peer's retained heap", 1 / topic.heapGoal));
        }
        if (topic == Topic.WATCH_DECODE) {
            goals.add("at least 80% of raw Jackson databind");
        }
        if (!goals.isEmpty()) {
            md.append("Goal: ").append(String.join("; ", goals)).append(".\n\n");
        }
        md.append(
                "| benchmark | params | unit | ours | client-java | fabric8 | ours vs client-java | ours vs fabric8 |\n");
        md.append("|---|---|---|---|---|---|---|---|\n");
        for (Row row : rows) {
            BenchmarkResult any = row.ours() != null
                    ? row.ours()
                    : row.peers().values().iterator().next();
            md.append("| ")
                    .append(row.label())
                    .append(" | ")
                    .append(row.paramText())
                    .append(" | ")
                    .append(any.primary().unit())
                    .append(" | ")
                    .append(cell(row.ours(), null))
                    .append(" | ")
                    .append(cell(row.peers().get("clientJava"), null))
                    .append(" | ")
                    .append(cell(row.peers().get("fabric8"), null))
                    .append(" | ")
                    .append(ratio(speedAdvantage(row.ours(), row.peers().get("clientJava"))))
                    .append(" | ")
                    .append(ratio(speedAdvantage(row.ours(), row.peers().get("fabric8"))))
                    .append(" |\n");
            for (String metric : List.of(BenchmarkResult.ALLOC, BenchmarkResult.RETAINED)) {
                if (!hasMetric(row, metric)) {
                    continue;
                }
                String what = metric.equals(BenchmarkResult.ALLOC) ? "↳ allocated" : "↳ retained heap";
                String unit = metric.equals(BenchmarkResult.ALLOC) ? "B/op" : "MiB";
                md.append("| ")
                        .append(what)
                        .append(" | | ")
                        .append(unit)
                        .append(" | ")
                        .append(cell(row.ours(), metric))
                        .append(" | ")
                        .append(cell(row.peers().get("clientJava"), metric))
                        .append(" | ")
                        .append(cell(row.peers().get("fabric8"), metric))
                        .append(" | ")
                        .append(ratio(secondaryAdvantage(row.ours(), row.peers().get("clientJava"), metric)))
                        .append(" | ")
                        .append(ratio(secondaryAdvantage(row.ours(), row.peers().get("fabric8"), metric)))
                        .append(" |\n");
            }
        }
        md.append('\n');
        renderCeilings(md, topic, all);
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

    /** Our methods against the ceiling method of their topic (plain databind, a plain HashMap). */
    private static void renderCeilings(StringBuilder md, Topic topic, List<BenchmarkResult> all) {
        List<BenchmarkResult> ours = all.stream()
                .filter(r -> Topic.of(r.topic()) == topic && BenchmarkResult.OURS.equals(r.impl()))
                .toList();
        List<String> lines = new ArrayList<>();
        for (BenchmarkResult r : ours) {
            String ceilingMethod = topic.ceilings.get(r.method());
            for (BenchmarkResult ceiling : ours) {
                if (!ceiling.method().equals(ceilingMethod)
                        || !r.params().equals(ceiling.params())
                        || !r.topic().equals(ceiling.topic())
                        || !r.mode().equals(ceiling.mode())) {
                    continue;
                }
                double share = r.higherIsBetter()
                        ? r.primary().value() / ceiling.primary().value()
                        : ceiling.primary().value() / r.primary().value();
                lines.add(String.format(
                        Locale.ROOT,
                        "- `%s` reaches **%.0f%%** of the ceiling `%s`%s",
                        r.method(),
                        100 * share,
                        ceiling.method(),
                        r.params().isEmpty() ? "" : " (" + r.params() + ")"));
            }
        }
        if (!lines.isEmpty()) {
            md.append("Against the ceiling:\n\n")
                    .append(String.join("\n", lines))
                    .append("\n\n");
        }
    }

    private static void renderLosses(StringBuilder md, List<Row> rows) {
        List<String> losses = new ArrayList<>();
        for (Row row : rows) {
            for (String peer : PEERS) {
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

    private static void addLoss(List<String> losses, Row row, String peer, String what, double advantage) {
        if (!Double.isNaN(advantage) && advantage < 1) {
            losses.add(String.format(
                    Locale.ROOT,
                    "- %s `%s`%s: %s is %.2f× better on %s",
                    row.topic().title,
                    row.label(),
                    row.paramText().isEmpty() ? "" : " (" + row.paramText() + ")",
                    DISPLAY.get(peer),
                    1 / advantage,
                    what));
        }
    }
}
