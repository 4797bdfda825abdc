package dev.informer.store;

import dev.informer.codegen.GenerateBuilder;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * The plain settings of a {@link RealFifo.Builder}, whose setters are generated from this record. The
 * builder keeps the rest itself: the key function it is made with, and the known objects and
 * transformer, which are absent unless set. Immutable.
 *
 * @param <T> the object type of the fifo being built
 * @param options the options; default {@link RealFifoOptions#plain()}
 * @param name the name given to the metrics provider and used in logs; default {@code "RealFifo"}
 * @param nanoTime the monotonic time source for the processing-latency metric (the informer passes its
 *     clock's); default {@link System#nanoTime}. Read only when a metrics provider is set
 */
@GenerateBuilder(builder = "RealFifo.Builder<T>", checked = true)
// T is the builder's: the generated base returns RealFifo.Builder<T> from its setters.
@SuppressWarnings("UnusedTypeParameter")
record RealFifoSettings<T>(RealFifoOptions options, String name, LongSupplier nanoTime) {

    /** The defaults. */
    RealFifoSettings() {
        this(RealFifoOptions.plain(), "RealFifo", System::nanoTime);
    }

    RealFifoSettings {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(nanoTime, "nanoTime");
    }
}
