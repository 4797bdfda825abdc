package dev.informer.benchmarks;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The run settings {@link InformerSyncBenchmark} and {@link PeerInformerSyncBenchmark} share, in one
 * place so that ours and the peers' are measured alike: one sync per iteration in milliseconds, 5
 * warmup syncs and 15 measured ones in one fork on a fixed, pre-touched heap ({@link SyncFixture}).
 * JMH reads these class annotations from the superclass; each subclass declares its own {@code @State}
 * and parameters. {@link InformerQueueBenchmark} shares the mode, unit and warmup and sets its own
 * measurement and forks (a subclass's annotation overrides the superclass's).
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5)
@Measurement(iterations = 15)
@Fork(
        value = 1,
        jvmArgsAppend = {SyncFixture.HEAP_MIN, SyncFixture.HEAP_MAX, SyncFixture.PRE_TOUCH, SyncFixture.GC})
abstract class SingleSyncBenchmark {

    /** How long one sync may take before the benchmark fails. */
    static final Duration SYNC_TIMEOUT = Duration.ofMinutes(5);
}
