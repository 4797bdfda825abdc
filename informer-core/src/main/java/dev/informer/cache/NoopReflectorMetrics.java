package dev.informer.cache;

/** {@link ReflectorMetricsProvider#noop()}: every metric from the interface's defaults. */
enum NoopReflectorMetrics implements ReflectorMetricsProvider {
    INSTANCE
}
