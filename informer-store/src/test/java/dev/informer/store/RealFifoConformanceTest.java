package dev.informer.store;

import java.util.function.UnaryOperator;

/** The {@link Queue} conformance suite against {@link RealFifo}, without and with batches. */
class RealFifoConformanceTest extends QueueConformanceTest {

    @Override
    Queue<TestObject> newQueue(KnownObjects<TestObject> known, UnaryOperator<Object> transformer) {
        return builder(known, transformer).build();
    }

    RealFifo.Builder<TestObject> builder(KnownObjects<TestObject> known, UnaryOperator<Object> transformer) {
        RealFifo.Builder<TestObject> builder = RealFifo.builder(KEY);
        if (known != null) {
            builder.knownObjects(known);
        }
        if (transformer != null) {
            builder.transformer(transformer);
        }
        return builder;
    }

    /** The same suite with batch pops enabled. */
    static class Batched extends RealFifoConformanceTest {
        @Override
        Queue<TestObject> newQueue(KnownObjects<TestObject> known, UnaryOperator<Object> transformer) {
            return builder(known, transformer)
                    .options(RealFifoOptions.builder().maxBatchSize(1000).build())
                    .build();
        }
    }
}
