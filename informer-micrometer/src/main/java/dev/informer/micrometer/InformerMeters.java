package dev.informer.micrometer;

import static dev.informer.micrometer.MetricNames.TAG_HANDLER;
import static dev.informer.micrometer.MetricNames.TAG_LISTENER;
import static dev.informer.micrometer.MetricNames.TAG_NAME;
import static dev.informer.micrometer.MetricNames.TAG_RESOURCE;

import dev.informer.cache.InformerMetricsProvider;
import dev.informer.cache.ListenerMetrics;
import dev.informer.cache.ReflectorMetricsProvider;
import dev.informer.cache.SharedInformer;
import dev.informer.leaderelection.LeaderElector;
import dev.informer.workqueue.MetricsProvider;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The library's metrics on one Micrometer {@link MeterRegistry}, under client-go's and
 * controller-runtime's names ({@link MetricNames}). Hand its providers to the components:
 *
 * <pre>{@code
 * InformerMeters meters = InformerMeters.of(registry);
 * WorkQueue.<String>builder().name("pods").metricsProvider(meters.workQueues()).build();
 * SharedInformerFactory.builder(client)
 *         .informerMetricsProvider(meters.informers())
 *         .reflectorOptions(ReflectorOptions.builder().metrics(meters.reflectors()).build());
 * meters.bindLeaderElection(elector);
 * }</pre>
 *
 * <p>Thread-safe; one instance per registry (each instance keeps its own gauge values). Providers
 * called again for the same name share the series (a work queue rebuilt under the same name continues
 * its counters).
 */
public final class InformerMeters {

    private final MeterRegistry registry;
    private final WorkQueueMeters workQueues;
    private final InformerMetricsMeters informers;
    private final ReflectorMeters reflectors;
    private final ControllerRuntimeMeters controllers;
    private final Map<String, MultiGauge> listenerGauges = new ConcurrentHashMap<>();

    private InformerMeters(MeterRegistry registry) {
        this.registry = registry;
        Meters meters = new Meters(registry);
        this.workQueues = new WorkQueueMeters(meters);
        this.informers = new InformerMetricsMeters(meters);
        this.reflectors = new ReflectorMeters(meters);
        this.controllers = new ControllerRuntimeMeters(meters);
    }

    /** Meters registered on {@code registry}. */
    public static InformerMeters of(MeterRegistry registry) {
        return new InformerMeters(Objects.requireNonNull(registry, "registry"));
    }

    /** The registry the meters are registered on. */
    public MeterRegistry registry() {
        return registry;
    }

    /** The work queue metrics: {@code workqueue_*{name}}. */
    public MetricsProvider workQueues() {
        return workQueues;
    }

    /** The informer metrics: {@code informer_*{name,resource}}. */
    public InformerMetricsProvider informers() {
        return informers;
    }

    /** The reflector metrics: {@code reflector_*{name}}. */
    public ReflectorMetricsProvider reflectors() {
        return reflectors;
    }

    /** The controller-runtime reconcile metrics: {@code controller_runtime_*{controller}}. */
    public ControllerRuntimeMeters controllers() {
        return controllers;
    }

    /**
     * Exports {@code leader_election_master_status{name}}: 1 while {@code elector} leads, else 0 (read
     * from {@link LeaderElector#isLeader()} at each scrape; the elector is held until the registry is
     * closed).
     */
    public void bindLeaderElection(LeaderElector elector) {
        Objects.requireNonNull(elector, "elector");
        Gauge.builder(MetricNames.LEADER_ELECTION_MASTER_STATUS, elector, e -> e.isLeader() ? 1 : 0)
                .tags(Tags.of(TAG_NAME, elector.name()))
                .strongReference(true)
                .register(registry);
    }

    /**
     * Exports {@code informer_listener_pending_notifications{name,resource,handler,listener}} for the
     * handlers registered on {@code informer} now, read from {@link SharedInformer#listenerMetrics()}
     * at each scrape. Call it again after adding or removing handlers: it replaces the series of that
     * informer name and resource.
     *
     * @param resource the informer's resource ({@code "v1/pods"}), a tag
     */
    public void bindListeners(SharedInformer<?> informer, String resource) {
        Objects.requireNonNull(informer, "informer");
        Objects.requireNonNull(resource, "resource");
        MultiGauge gauge = listenerGauges.computeIfAbsent(
                informer.name() + "\n" + resource,
                k -> MultiGauge.builder(MetricNames.INFORMER_LISTENER_PENDING).register(registry));
        gauge.register(
                informer.listenerMetrics().stream()
                        .map(listener -> MultiGauge.Row.of(
                                Tags.of(
                                        TAG_NAME, informer.name(),
                                        TAG_RESOURCE, resource,
                                        TAG_HANDLER, listener.handlerName(),
                                        TAG_LISTENER, Long.toString(listener.listenerId())),
                                informer,
                                inf -> pending(inf, listener.listenerId())))
                        .toList(),
                true);
    }

    private static double pending(SharedInformer<?> informer, long listenerId) {
        for (ListenerMetrics metrics : informer.listenerMetrics()) {
            if (metrics.listenerId() == listenerId) {
                return metrics.pending();
            }
        }
        return 0;
    }
}
