package dev.informer.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The bootstrap intervals behind every ratio and verdict of the results table. */
class BootstrapTest {

    private static Score score(List<List<Double>> forks) {
        double mean = forks.stream()
                .flatMap(List::stream)
                .mapToDouble(Double::doubleValue)
                .average()
                .orElseThrow();
        return new Score(mean, Double.NaN, "ops/s", forks);
    }

    @Test
    void ratioOfMeansIsThePointAndTheIntervalBracketsIt() {
        Score ours = score(List.of(List.of(190.0, 200.0, 210.0), List.of(195.0, 205.0, 200.0)));
        Score peer = score(List.of(List.of(95.0, 100.0, 105.0), List.of(100.0, 100.0, 100.0)));
        Bootstrap.Interval i = Bootstrap.advantage(ours, peer, true);
        assertEquals(2.0, i.point(), 1e-9);
        assertTrue(i.low() < 2.0 && i.high() > 2.0, i.toString());
        assertTrue(i.low() > 1.8 && i.high() < 2.2, "tight samples make a tight interval: " + i);
    }

    @Test
    void timeAndBytesInvertTheRatio() {
        Score ours = score(List.of(List.of(10.0, 10.0), List.of(10.0, 10.0)));
        Score peer = score(List.of(List.of(30.0, 30.0), List.of(30.0, 30.0)));
        Bootstrap.Interval i = Bootstrap.advantage(ours, peer, false);
        assertEquals(3.0, i.point(), 1e-9);
        assertEquals(3.0, i.low(), 1e-9);
        assertEquals(3.0, i.high(), 1e-9);
    }

    @Test
    void forkToForkVariationWidensTheInterval() {
        Score peer = score(List.of(List.of(100.0, 100.0, 100.0), List.of(100.0, 100.0, 100.0)));
        Score steadyForks = score(List.of(List.of(150.0, 250.0, 200.0), List.of(250.0, 150.0, 200.0)));
        Score driftingForks = score(List.of(List.of(150.0, 150.0, 150.0), List.of(250.0, 250.0, 250.0)));
        Bootstrap.Interval steady = Bootstrap.advantage(steadyForks, peer, true);
        Bootstrap.Interval drifting = Bootstrap.advantage(driftingForks, peer, true);
        assertEquals(steady.point(), drifting.point(), 1e-9);
        assertTrue(
                drifting.high() - drifting.low() > steady.high() - steady.low(),
                "forks that disagree are not independent samples: " + steady + " vs " + drifting);
    }

    @Test
    void tooFewSamplesGiveNoInterval() {
        Score one = new Score(100, Double.NaN, "ops/s", List.of(List.of(100.0)));
        Score none = new Score(100, 1, "ops/s");
        Score many = score(List.of(List.of(100.0, 101.0)));
        assertFalse(Bootstrap.advantage(one, many, true).known());
        assertFalse(Bootstrap.advantage(many, none, true).known());
        assertFalse(Bootstrap.mean(none).known());
        assertEquals(
                "1.00× [no interval]", Bootstrap.advantage(none, none, true).format("×"));
    }

    @Test
    void intervalsAreReproducible() {
        Score ours = score(List.of(List.of(90.0, 130.0, 100.0), List.of(120.0, 80.0, 110.0)));
        Score peer = score(List.of(List.of(50.0, 70.0, 60.0)));
        assertEquals(Bootstrap.advantage(ours, peer, true), Bootstrap.advantage(ours, peer, true));
    }
}
