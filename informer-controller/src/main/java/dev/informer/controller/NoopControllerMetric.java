package dev.informer.controller;

import dev.informer.workqueue.CounterMetric;
import dev.informer.workqueue.GaugeMetric;
import dev.informer.workqueue.HistogramMetric;
import dev.informer.workqueue.SettableGaugeMetric;

/** The metric that records nothing, and the provider that hands it out. */
enum NoopControllerMetric implements CounterMetric, GaugeMetric, HistogramMetric, SettableGaugeMetric {
    INSTANCE;

    static final ControllerMetrics PROVIDER = new ControllerMetrics() {};

    @Override
    public void inc() {}

    @Override
    public void dec() {}

    @Override
    public void observe(double seconds) {}

    @Override
    public void set(double value) {}
}
