package dev.informer.cache;

/** {@link InformerMetricsProvider#noop()}: every method keeps its no-op default. Stateless. */
enum NoopInformerMetricsProvider implements InformerMetricsProvider {
    INSTANCE
}
