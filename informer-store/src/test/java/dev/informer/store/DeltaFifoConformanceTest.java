package dev.informer.store;

import java.util.function.UnaryOperator;

/** The {@link Queue} conformance suite against {@link DeltaFifo}. */
class DeltaFifoConformanceTest extends QueueConformanceTest {

    @Override
    Queue<TestObject> newQueue(KnownObjects<TestObject> known, UnaryOperator<Object> transformer) {
        DeltaFifo.Builder<TestObject> builder = DeltaFifo.builder(KEY);
        if (known != null) {
            builder.knownObjects(known);
        }
        if (transformer != null) {
            builder.transformer(transformer);
        }
        return builder.build();
    }
}
