package dev.informer.workqueue;

/** The metric that records nothing: the default of every {@link MetricsProvider} method. Stateless. */
enum NoopMetric implements GaugeMetric, SettableGaugeMetric, CounterMetric, HistogramMetric {
    INSTANCE;

    @Override
    public void inc() {}

    @Override
    public void dec() {}

    @Override
    public void set(double value) {}

    @Override
    public void observe(double seconds) {}
}
