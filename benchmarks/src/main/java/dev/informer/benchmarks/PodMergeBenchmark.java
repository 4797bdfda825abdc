package dev.informer.benchmarks;

import dev.informer.api.Container;
import dev.informer.api.ObjectMeta;
import dev.informer.api.Pod;
import dev.informer.api.PodSpec;
import dev.informer.clock.Clock;
import dev.informer.podconfig.ConfigSources;
import dev.informer.podconfig.NotificationMode;
import dev.informer.podconfig.PodOperation;
import dev.informer.podconfig.PodStorage;
import dev.informer.podconfig.PodUpdate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The kubelet-style pod merge ({@link PodStorage}, incremental mode) on a node with {@code size}
 * pods. The Java peers have no multi-source pod config to compare with, and a bare map update is no
 * floor for it (it does none of the diffing), so the figures stand alone.
 *
 * <ul>
 *   <li>{@link #setOnePercentChanged}: one op = a SET of all pods of which 1% changed their spec
 *       since the previous SET (the apiserver/file sources' steady state); emits one UPDATE.</li>
 *   <li>{@link #incrementalUpdate}: one op = an UPDATE of one pod whose spec changed.</li>
 *   <li>{@link #incrementalAddThenRemove}: one op = an ADD of a new pod, then its REMOVE.</li>
 * </ul>
 * Prepared updates are built in setup, so an op measures the merge, not building its input.
 */
@State(Scope.Thread)
public class PodMergeBenchmark extends ThroughputBenchmark {

    static final int CYCLE = 200;

    @Param("1000")
    public int size;

    PodStorage storage;
    long emitted;
    /** SET k flips the spec of window k % 100 relative to SET k - 1; after {@link #CYCLE} the state repeats. */
    PodUpdate[] sets;
    /** For each pod, an UPDATE with spec version 0 and one with version 1. */
    PodUpdate[][] singleUpdates;

    PodUpdate[] extraAdds;
    PodUpdate[] extraRemoves;
    int setCursor;
    int podCursor;
    int round;

    static Pod pod(int i, int version) {
        return Pod.builder()
                .metadata(ObjectMeta.builder()
                        .name("pod-" + i)
                        .namespace("ns-" + (i % 20))
                        .uid("uid-" + i)
                        .resourceVersion("1")
                        .label("app", "app-" + (i % 10))
                        .label("tier", "backend")
                        .annotation("example.com/owner", "team-" + (i % 5))
                        .build())
                .spec(PodSpec.builder()
                        .nodeName("node-1")
                        .restartPolicy("Always")
                        .addContainer(Container.builder()
                                .name("main")
                                .image("registry/app:" + version)
                                .imagePullPolicy("IfNotPresent")
                                .build())
                        .build())
                .build();
    }

    @Setup
    public void setUp() throws InterruptedException {
        storage = PodStorage.create(
                NotificationMode.INCREMENTAL, update -> emitted += update.pods().size(), Clock.system());
        Pod[][] versions = new Pod[2][size];
        for (int i = 0; i < size; i++) {
            versions[0][i] = pod(i, 0);
            versions[1][i] = pod(i, 1);
        }
        int[] state = new int[size];
        Pod[] current = versions[0].clone();
        storage.merge(ConfigSources.API, PodUpdate.set(ConfigSources.API, Arrays.asList(current)));
        int window = Math.max(1, size / 100);
        sets = new PodUpdate[CYCLE];
        for (int k = 0; k < CYCLE; k++) {
            int start = (k % 100) * window;
            for (int i = start; i < Math.min(size, start + window); i++) {
                state[i] ^= 1;
                current[i] = versions[state[i]][i];
            }
            sets[k] = PodUpdate.set(ConfigSources.API, List.of(current));
        }
        singleUpdates = new PodUpdate[size][2];
        for (int i = 0; i < size; i++) {
            singleUpdates[i][0] = PodUpdate.of(PodOperation.UPDATE, ConfigSources.API, versions[0][i]);
            singleUpdates[i][1] = PodUpdate.of(PodOperation.UPDATE, ConfigSources.API, versions[1][i]);
        }
        extraAdds = new PodUpdate[size];
        extraRemoves = new PodUpdate[size];
        for (int i = 0; i < size; i++) {
            Pod extra = pod(size + i, 0);
            extraAdds[i] = PodUpdate.of(PodOperation.ADD, ConfigSources.API, extra);
            extraRemoves[i] = PodUpdate.of(PodOperation.REMOVE, ConfigSources.API, extra);
        }
        setCursor = 0;
        podCursor = 0;
        round = 0;
    }

    @Benchmark
    public long setOnePercentChanged() throws InterruptedException {
        storage.merge(ConfigSources.API, sets[setCursor]);
        setCursor = (setCursor + 1) % CYCLE;
        return emitted;
    }

    @Benchmark
    public long incrementalUpdate() throws InterruptedException {
        storage.merge(ConfigSources.API, singleUpdates[podCursor][round & 1]);
        advance();
        return emitted;
    }

    @Benchmark
    public long incrementalAddThenRemove() throws InterruptedException {
        storage.merge(ConfigSources.API, extraAdds[podCursor]);
        storage.merge(ConfigSources.API, extraRemoves[podCursor]);
        advance();
        return emitted;
    }

    private void advance() {
        if (++podCursor == size) {
            podCursor = 0;
            round++;
        }
    }

    /** The pods the storage holds now (for the smoke test). */
    List<Pod> state() {
        return new ArrayList<>(storage.mergedState());
    }
}
