package dev.informer.benchmarks;

import java.util.List;
import java.util.Locale;

/**
 * One measured figure: its mean, its error bar (JMH's 99.9% half-width, or the standard deviation
 * of the iterations where noted; {@code NaN} when there were too few iterations), its unit, and the
 * samples behind it: per fork, the measurement iterations' values (for {@code SampleTime}, each
 * iteration's mean sample), which {@link Bootstrap} resamples for confidence intervals. Immutable.
 *
 * @param forks the per-fork, per-iteration values; empty when the report carried none
 */
record Score(double value, double error, String unit, List<List<Double>> forks) {

    Score {
        forks = forks.stream().map(List::copyOf).toList();
    }

    /** A score without samples: it has no confidence interval. */
    Score(double value, double error, String unit) {
        this(value, error, unit, List.of());
    }

    /** This score with other samples behind it (same value, error and unit). */
    Score withForks(List<List<Double>> samples) {
        return samples.isEmpty() ? this : new Score(value, error, unit, samples);
    }

    /** How many samples there are over all forks. */
    int sampleCount() {
        int n = 0;
        for (List<Double> fork : forks) {
            n += fork.size();
        }
        return n;
    }

    /** This score scaled by {@code factor} (value, error and every sample), in {@code newUnit}. */
    Score scaled(double factor, String newUnit) {
        List<List<Double>> scaled = forks.stream()
                .map(f -> f.stream().map(v -> v * factor).toList())
                .toList();
        return new Score(value * factor, error * Math.abs(factor), newUnit, scaled);
    }

    /** A score from per-iteration values of one fork: their mean, with their standard deviation as the error. */
    static Score ofSamples(List<Double> samples, String unit) {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("no samples for a score in " + unit);
        }
        double sum = 0;
        for (double s : samples) {
            sum += s;
        }
        double mean = sum / samples.size();
        double squares = 0;
        for (double s : samples) {
            squares += (s - mean) * (s - mean);
        }
        double sd = samples.size() < 2 ? Double.NaN : Math.sqrt(squares / (samples.size() - 1));
        return new Score(mean, sd, unit, List.of(samples));
    }

    /** The value with its error bar, both scaled alike: {@code 1.23M ± 0.04M}. */
    String format() {
        String scaled = scale(value);
        if (Double.isNaN(error)) {
            return scaled;
        }
        return scaled + " ± " + scaleLike(error, value);
    }

    /** A value in a readable scale: 3 significant digits, k/M/G for thousands and up. */
    static String scale(double v) {
        return scaleLike(v, v);
    }

    private static String scaleLike(double v, double reference) {
        double magnitude = Math.abs(reference);
        if (Double.isNaN(v)) {
            return "n/a";
        }
        if (magnitude >= 1e9) {
            return digits(v / 1e9) + "G";
        }
        if (magnitude >= 1e6) {
            return digits(v / 1e6) + "M";
        }
        if (magnitude >= 1e4) {
            return digits(v / 1e3) + "k";
        }
        return digits(v);
    }

    private static String digits(double v) {
        double a = Math.abs(v);
        if (a >= 100 || a == 0) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (a >= 1) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        return String.format(Locale.ROOT, "%.3g", v);
    }
}
