package dev.informer.workqueue;

/** {@link MetricsProvider#noop()}: every method keeps its no-op default. Stateless. */
enum NoopMetricsProvider implements MetricsProvider {
    INSTANCE
}
