package dev.informer.examples.runtime;

import dev.informer.api.ResourceType;
import dev.informer.client.KubernetesClient;
import dev.informer.client.SharedInformerFactory;
import dev.informer.client.Transforms;
import dev.informer.clock.Clock;
import dev.informer.controller.Manager;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The builder options the example controllers share (the cluster client, the namespace, the number
 * of workers, the clock and more configuration of the runtime's {@link Manager}), and the manager
 * they configure. Each example controller's nested {@code Builder} extends this class with its own
 * options; the setters return that builder.
 *
 * <p>Not thread-safe. Example code shared across the examples' packages, not a library API.
 *
 * @param <B> the concrete builder
 */
public abstract class ManagedControllerBuilder<B extends ManagedControllerBuilder<B>> {

    private final KubernetesClient client;
    private final List<ResourceType<?>> strippedTypes;
    private String namespace;
    private int workers;
    private Clock clock = Clock.system();
    private Consumer<SharedInformerFactory.Builder> informers = factory -> {};
    private Consumer<Manager.Builder> manager = builder -> {};

    /**
     * The options' defaults: all namespaces, {@code defaultWorkers}, the system clock, nothing more.
     *
     * @param client         the cluster client
     * @param defaultWorkers the number of workers unless {@link #workers} is called
     * @param strippedTypes  the resources whose cached objects drop {@code metadata.managedFields}
     * @throws NullPointerException if {@code client} is null
     */
    protected ManagedControllerBuilder(KubernetesClient client, int defaultWorkers, ResourceType<?>... strippedTypes) {
        this.client = Objects.requireNonNull(client, "client");
        this.workers = defaultWorkers;
        this.strippedTypes = List.of(strippedTypes);
    }

    /** Watch only this namespace ({@code null} or blank, the default: all namespaces). */
    public final B namespace(String namespace) {
        this.namespace = namespace == null || namespace.isBlank() ? null : namespace;
        return self();
    }

    /**
     * How many reconciles run in parallel (the controller's worker threads).
     *
     * @throws IllegalArgumentException if below 1
     */
    public final B workers(int workers) {
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1: " + workers);
        }
        this.workers = workers;
        return self();
    }

    /** The clock of the runtime and of the controller's own timings (default the system clock). */
    public final B clock(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        return self();
    }

    /**
     * More configuration of the shared informer factory, applied after the controller's own
     * (namespace, transforms, resync), e.g. metrics providers.
     */
    public final B informers(Consumer<SharedInformerFactory.Builder> informers) {
        this.informers = Objects.requireNonNull(informers, "informers");
        return self();
    }

    /**
     * More configuration of the runtime's manager (e.g. {@code controllerMetrics}, {@code
     * workQueueMetrics}, {@code threadFactory}, {@code syncTimeout}), applied after the controller's
     * own. Use {@link #informers} for the informer factory: the manager's {@code informers} would
     * replace the controller's own informer configuration.
     */
    public final B manager(Consumer<Manager.Builder> manager) {
        this.manager = Objects.requireNonNull(manager, "manager");
        return self();
    }

    /** This builder, as its concrete type. */
    protected abstract B self();

    /** The cluster client (for the controller being built, as are the getters below). */
    public final KubernetesClient client() {
        return client;
    }

    /** The number of workers. */
    public final int workers() {
        return workers;
    }

    /** The clock. */
    public final Clock clock() {
        return clock;
    }

    /**
     * A new manager on the client and the clock. Its informer factory watches the namespace (if one
     * was given) and strips the managed fields of the types given to the constructor, then {@code
     * ownInformers} and the {@link #informers} option configure it further; {@code own} configures the
     * manager, then the {@link #manager} option does.
     */
    public final Manager newManager(
            Consumer<Manager.Builder> own, Consumer<SharedInformerFactory.Builder> ownInformers) {
        Manager.Builder builder = Manager.builder(client).clock(clock).informers(factory -> {
            strippedTypes.forEach(type -> stripManagedFields(factory, type));
            if (namespace != null) {
                factory.namespace(namespace);
            }
            ownInformers.accept(factory);
            informers.accept(factory);
        });
        own.accept(builder);
        manager.accept(builder);
        return builder.build();
    }

    private static <T> void stripManagedFields(SharedInformerFactory.Builder factory, ResourceType<T> type) {
        factory.transform(type, Transforms.stripManagedFields());
    }
}
