package dev.informer.benchmarks;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Confidence intervals for the results table by the bootstrap: a figure's samples are resampled
 * with replacement in two levels (forks, then the iterations within each drawn fork, so fork-to-fork
 * variation counts), the statistic is recomputed for each resample, and the 2.5th and 97.5th
 * percentiles bound its 95% interval. The seed is fixed, so one report always renders the same
 * table. Stateless and thread-safe.
 */
final class Bootstrap {

    /** Resamples per interval: enough for stable 2.5/97.5 percentiles. */
    static final int RESAMPLES = 10_000;

    private static final long SEED = 0x5eed_1a7e_2026L;

    private Bootstrap() {}

    /**
     * A point estimate and its 95% interval; {@code low}/{@code high} are NaN when there are too
     * few samples to resample (fewer than two on either side). Immutable.
     */
    record Interval(double low, double point, double high) {

        boolean known() {
            return !Double.isNaN(low) && !Double.isNaN(high);
        }

        /** {@code 1.52× [1.41–1.63]}, or the point alone when the interval is unknown. */
        String format(String suffix) {
            String p = String.format(Locale.ROOT, "%.2f%s", point, suffix);
            if (!known()) {
                return p + " [no interval]";
            }
            return p + String.format(Locale.ROOT, " [%.2f–%.2f]", low, high);
        }
    }

    /**
     * How many times better {@code ours} is than {@code other}: {@code ours / other} when higher is
     * better (throughput), {@code other / ours} otherwise (time, bytes), with its 95% interval.
     */
    static Interval advantage(Score ours, Score other, boolean higherIsBetter) {
        double point = higherIsBetter ? ours.value() / other.value() : other.value() / ours.value();
        if (!resamplable(ours) || !resamplable(other)) {
            return new Interval(Double.NaN, point, Double.NaN);
        }
        SplittableRandom random = new SplittableRandom(SEED);
        double[] ratios = new double[RESAMPLES];
        for (int i = 0; i < RESAMPLES; i++) {
            double o = resampledMean(ours.forks(), random);
            double x = resampledMean(other.forks(), random);
            ratios[i] = higherIsBetter ? o / x : x / o;
        }
        return percentiles(ratios, point);
    }

    /** The mean of {@code score}'s samples with its 95% interval. */
    static Interval mean(Score score) {
        if (!resamplable(score)) {
            return new Interval(Double.NaN, score.value(), Double.NaN);
        }
        SplittableRandom random = new SplittableRandom(SEED);
        double[] means = new double[RESAMPLES];
        for (int i = 0; i < RESAMPLES; i++) {
            means[i] = resampledMean(score.forks(), random);
        }
        return percentiles(means, score.value());
    }

    private static boolean resamplable(Score s) {
        return s.sampleCount() >= 2;
    }

    private static Interval percentiles(double[] values, double point) {
        Arrays.sort(values);
        return new Interval(
                values[(int) (0.025 * (values.length - 1))],
                point,
                values[(int) Math.ceil(0.975 * (values.length - 1))]);
    }

    /** Draws as many forks as there are (with replacement), and within each as many iterations. */
    private static double resampledMean(List<List<Double>> forks, SplittableRandom random) {
        double sum = 0;
        int n = 0;
        for (int f = 0; f < forks.size(); f++) {
            List<Double> fork = forks.get(random.nextInt(forks.size()));
            for (int i = 0; i < fork.size(); i++) {
                sum += fork.get(random.nextInt(fork.size()));
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }
}
