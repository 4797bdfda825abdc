package dev.informer.client;

import dev.informer.cache.DispatchMode;
import dev.informer.cache.InformerMetricsProvider;
import dev.informer.cache.ReflectorOptions;
import dev.informer.clock.Clock;
import dev.informer.codegen.GenerateBuilder;
import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The plain settings of a {@link SharedInformerFactory}, one per setter of {@link
 * SharedInformerFactory.Builder} (which extends their generated base); the client, the per-type
 * resyncs and transforms, the thread factory and the FIFO choice stay in the builder. Immutable; the
 * canonical constructor refuses what the setters refuse.
 *
 * @param defaultResync the resync period of every informer unless set per type; default none
 * @param namespace the namespace used when a request's options name none (client-go's WithNamespace);
 *     default all
 * @param clock the clock of every informer
 * @param dispatchMode how every informer runs its handlers' delivery loops; default {@link
 *     dev.informer.cache.DispatchMode#pooled()}
 * @param reflectorOptions how every informer's reflector lists and watches (backoff, paging, streaming
 *     lists, internal error retries, metrics labelled with each informer's name, jitter); default {@link
 *     dev.informer.cache.ReflectorOptions#defaults()}. See {@link
 *     dev.informer.cache.SharedIndexInformer.Builder#reflectorOptions}
 * @param stopGracePeriod the stop grace period of every informer and of {@link
 *     SharedInformerFactory#shutdown()} (default 10 s)
 * @param informerMetricsProvider the metrics provider of every informer (see {@link
 *     dev.informer.cache.SharedIndexInformer.Builder#metricsProvider}); default {@link
 *     dev.informer.cache.InformerMetricsProvider#noop()}. Informers are named by resource and namespace
 *     ({@code pods}, {@code pods@ns}): of two running informers that differ only in their selectors,
 *     the later one gets no metrics (WARN)
 */
@GenerateBuilder(builder = "SharedInformerFactory.Builder", checked = true)
record SharedInformerFactorySettings(
        Duration defaultResync,
        @Nullable String namespace,
        Clock clock,
        DispatchMode dispatchMode,
        ReflectorOptions reflectorOptions,
        Duration stopGracePeriod,
        InformerMetricsProvider informerMetricsProvider) {

    SharedInformerFactorySettings {
        checkDefaultResync(Objects.requireNonNull(defaultResync, "defaultResync"));
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(dispatchMode, "dispatchMode");
        Objects.requireNonNull(reflectorOptions, "reflectorOptions");
        checkStopGracePeriod(Objects.requireNonNull(stopGracePeriod, "stopGracePeriod"));
        Objects.requireNonNull(informerMetricsProvider, "informerMetricsProvider");
    }

    /**
     * Checks a default resync period.
     *
     * @throws IllegalArgumentException if negative
     */
    static Duration checkDefaultResync(Duration defaultResync) {
        return notNegative("defaultResync", defaultResync);
    }

    /**
     * Checks a stop grace period.
     *
     * @throws IllegalArgumentException if negative
     */
    static Duration checkStopGracePeriod(Duration stopGracePeriod) {
        return notNegative("stopGracePeriod", stopGracePeriod);
    }

    /** {@code value}, or {@link IllegalArgumentException} naming it when negative. */
    static Duration notNegative(String name, Duration value) {
        if (value.isNegative()) {
            throw new IllegalArgumentException(name + " must not be negative: " + value);
        }
        return value;
    }
}
