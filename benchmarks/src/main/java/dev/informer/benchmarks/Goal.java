package dev.informer.benchmarks;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * One goal of the results table: which of our results it applies to, the figure it judges, what
 * that figure is compared with, and the threshold. A goal is <em>met</em> only when the whole 95%
 * interval of the comparison clears the threshold (its lower bound for "at least" goals, its upper
 * bound for "at most" ones); <em>not met</em> when the interval lies entirely on the wrong side;
 * <em>not shown</em> when it straddles the threshold or has no interval. Immutable.
 *
 * @param text      what the issue asks, for the table ("≥ 1.5× fabric8")
 * @param method    the method of ours it applies to; empty for every method of the topic
 * @param when      parameters our result must have (e.g. {@code stripManagedFields=false})
 * @param metric    the figure judged
 * @param against   what it is compared with
 * @param threshold the advantage to reach (at least), or for {@link Against#ABSOLUTE} the figure not
 *                  to exceed (at most)
 */
record Goal(String text, String method, Map<String, String> when, Metric metric, Against against, double threshold) {

    /** The figure a goal judges. */
    enum Metric {
        SPEED,
        ALLOC,
        HEAP;

        /** The score of {@code r} for this metric, or null when the result lacks it. */
        Score of(BenchmarkResult r) {
            return switch (this) {
                case SPEED -> r.primary();
                case ALLOC -> r.secondary().get(BenchmarkResult.ALLOC);
                case HEAP -> r.secondary().get(BenchmarkResult.RETAINED);
            };
        }

        /** Whether higher values of this metric are better for {@code r}. */
        boolean higherIsBetter(BenchmarkResult r) {
            return this == SPEED && r.higherIsBetter();
        }
    }

    /**
     * What the figure is compared with: a named peer ({@code peer}); every peer the topic compares
     * (the worst advantage decides); another result of ours ({@code ours}: same topic and parameters,
     * with {@code baselineMethod} and {@code baselineParams} substituted); or an absolute bound on our
     * own figure, scaled per unit of work by {@code perUnit}. Immutable.
     */
    record Against(
            Kind kind,
            String peer,
            String baselineMethod,
            Map<String, String> baselineParams,
            String unit,
            ToDoubleFunction<BenchmarkResult> perUnit) {

        enum Kind {
            PEER,
            EVERY_PEER,
            OURS,
            ABSOLUTE
        }

        static Against peer(String name) {
            return new Against(Kind.PEER, name, "", Map.of(), "", r -> 1);
        }

        static Against everyPeer() {
            return new Against(Kind.EVERY_PEER, "", "", Map.of(), "", r -> 1);
        }

        static Against ours(String baselineMethod, Map<String, String> baselineParams) {
            return new Against(Kind.OURS, "", baselineMethod, baselineParams, "", r -> 1);
        }

        /** Our figure divided by {@code divisor(result)}, in {@code unit}, must stay at most the threshold. */
        static Against absolute(String unit, ToDoubleFunction<BenchmarkResult> divisor) {
            return new Against(Kind.ABSOLUTE, "", "", Map.of(), unit, divisor);
        }
    }

    static Goal atLeast(
            String text, String method, Map<String, String> when, Metric metric, Against against, double x) {
        return new Goal(text, method, Map.copyOf(when), metric, against, x);
    }

    /** Whether this goal judges {@code ours} (never a result against itself as its own baseline). */
    boolean appliesTo(BenchmarkResult ours) {
        if (!method.isEmpty() && !method.equals(ours.method())) {
            return false;
        }
        if (against.kind() == Against.Kind.OURS
                && (against.baselineMethod().isEmpty()
                        || against.baselineMethod().equals(ours.method()))
                && ours.params().entrySet().containsAll(against.baselineParams().entrySet())) {
            return false;
        }
        for (Map.Entry<String, String> e : when.entrySet()) {
            if (!e.getValue().equals(ours.params().get(e.getKey()))) {
                return false;
            }
        }
        return true;
    }

    /** The outcome of one goal for one result of ours. Immutable. */
    record Verdict(Goal goal, BenchmarkResult ours, String comparedWith, Bootstrap.Interval interval, String outcome) {

        static final String MET = "met";
        static final String NOT_MET = "**not met**";
        static final String NOT_SHOWN = "not shown (interval straddles the goal)";
        static final String NO_DATA = "no data in this run";

        boolean met() {
            return MET.equals(outcome);
        }
    }

    /**
     * Judges {@code ours} against this goal, given every result of the run.
     *
     * @param peers the peers the topic compares (for {@link Against.Kind#EVERY_PEER})
     */
    Verdict judge(
            BenchmarkResult ours,
            Map<String, BenchmarkResult> peerResults,
            List<String> peers,
            List<BenchmarkResult> all) {
        Score mine = metric.of(ours);
        if (mine == null) {
            return new Verdict(this, ours, "—", null, Verdict.NO_DATA);
        }
        boolean higher = metric.higherIsBetter(ours);
        switch (against.kind()) {
            case ABSOLUTE -> {
                double divisor = against.perUnit().applyAsDouble(ours);
                Bootstrap.Interval mean = Bootstrap.mean(mine.scaled(1 / divisor, against.unit()));
                String outcome = !mean.known()
                        ? Verdict.NOT_SHOWN
                        : mean.high() <= threshold
                                ? Verdict.MET
                                : mean.low() > threshold ? Verdict.NOT_MET : Verdict.NOT_SHOWN;
                return new Verdict(this, ours, against.unit(), mean, outcome);
            }
            case OURS -> {
                BenchmarkResult baseline = findOurs(ours, all);
                if (baseline == null || metric.of(baseline) == null) {
                    return new Verdict(this, ours, describeBaseline(), null, Verdict.NO_DATA);
                }
                return verdict(ours, describeBaseline(), Bootstrap.advantage(mine, metric.of(baseline), higher));
            }
            case PEER -> {
                BenchmarkResult p = peerResults.get(against.peer());
                if (p == null || metric.of(p) == null) {
                    return new Verdict(this, ours, against.peer(), null, Verdict.NO_DATA);
                }
                return verdict(ours, against.peer(), Bootstrap.advantage(mine, metric.of(p), higher));
            }
            case EVERY_PEER -> {
                Verdict worst = null;
                for (String name : peers) {
                    BenchmarkResult p = peerResults.get(name);
                    if (p == null || metric.of(p) == null) {
                        continue;
                    }
                    Verdict v = verdict(ours, name, Bootstrap.advantage(mine, metric.of(p), higher));
                    if (worst == null || v.interval().point() < worst.interval().point()) {
                        worst = v;
                    }
                }
                return worst != null ? worst : new Verdict(this, ours, "peers", null, Verdict.NO_DATA);
            }
            default -> throw new IllegalStateException(against.kind().toString());
        }
    }

    private Verdict verdict(BenchmarkResult ours, String comparedWith, Bootstrap.Interval advantage) {
        String outcome = !advantage.known()
                ? Verdict.NOT_SHOWN
                : advantage.low() >= threshold
                        ? Verdict.MET
                        : advantage.high() < threshold ? Verdict.NOT_MET : Verdict.NOT_SHOWN;
        return new Verdict(this, ours, comparedWith, advantage, outcome);
    }

    private String describeBaseline() {
        StringBuilder b = new StringBuilder("ours");
        if (!against.baselineMethod().isEmpty()) {
            b.append(" `").append(against.baselineMethod()).append('`');
        }
        against.baselineParams()
                .forEach((k, v) -> b.append(' ').append(k).append('=').append(v));
        return b.toString();
    }

    private BenchmarkResult findOurs(BenchmarkResult ours, List<BenchmarkResult> all) {
        String wantMethod = against.baselineMethod().isEmpty() ? ours.method() : against.baselineMethod();
        java.util.Map<String, String> wantParams = new java.util.TreeMap<>(ours.params());
        wantParams.putAll(against.baselineParams());
        for (BenchmarkResult r : all) {
            if (BenchmarkResult.OURS.equals(r.impl())
                    && r.topic().equals(ours.topic())
                    && r.method().equals(wantMethod)
                    && r.mode().equals(ours.mode())
                    && r.params().equals(wantParams)
                    && r != ours) {
                return r;
            }
        }
        return null;
    }

    /** {@code 1.52× [1.41–1.63]} for advantages, {@code 24.1 B/event [23.9–24.3]} for absolute figures. */
    static String formatInterval(Verdict v) {
        if (v.interval() == null) {
            return "—";
        }
        if (v.goal().against().kind() == Against.Kind.ABSOLUTE) {
            Bootstrap.Interval i = v.interval();
            return i.known()
                    ? String.format(Locale.ROOT, "%.3g %s [%.3g–%.3g]", i.point(), v.comparedWith(), i.low(), i.high())
                    : String.format(Locale.ROOT, "%.3g %s [no interval]", i.point(), v.comparedWith());
        }
        return v.interval().format("×");
    }
}
