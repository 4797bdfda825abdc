package dev.informer.controller;

import dev.informer.api.KubernetesObject;
import dev.informer.api.OwnerReference;
import dev.informer.api.ResourceType;
import dev.informer.cache.HandlerOptions;
import dev.informer.cache.InformerOptions;
import dev.informer.cache.ResourceEventHandler;
import dev.informer.cache.SharedIndexInformer;
import dev.informer.store.DeletedFinalStateUnknown;
import dev.informer.workqueue.RateLimiter;
import dev.informer.workqueue.RateLimiters;
import dev.informer.workqueue.RateLimitingQueue;
import dev.informer.workqueue.WorkQueue;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One reconcile loop registered with a {@link Manager}: a rate-limited work queue of {@link Request}s
 * fed by informer notifications, and worker threads that run its {@link Reconciler} (controller-runtime's
 * {@code controller.Controller}). Made by {@link Builder#build}; started, gated by leader
 * election and stopped by its manager.
 *
 * <p>Thread-safe.
 */
public interface Controller {

    /**
     * A builder of a controller registered with {@code manager} (controller-runtime's {@code
     * ControllerManagedBy}); {@link Manager#controllerBuilder()} is the same call.
     *
     * @throws NullPointerException if {@code manager} is {@code null}
     */
    static Builder builder(Manager manager) {
        return new Builder(Objects.requireNonNull(manager, "manager"));
    }

    /** The controller's name: its queue's name, its worker threads' prefix, its metrics' label. */
    String name();

    /** How many workers reconcile in parallel. */
    int maxConcurrentReconciles();

    /**
     * Adds {@code request} to the queue, as an event would (controller-runtime's channel source): it is
     * reconciled once the controller runs, at most once more if it is queued already. Ignored after
     * the controller stopped.
     */
    void enqueue(Request request);

    /** How many requests wait in the queue (not counting those being reconciled). */
    int queueLength();

    /** How many workers are reconciling right now. */
    int activeWorkers();

    /**
     * Wires one {@link Reconciler} to what it watches (controller-runtime's {@code builder.Builder}),
     * for a {@link Manager}. Made by {@link Controller#builder(Manager)} or {@link
     * Manager#controllerBuilder()}; {@link #build(Reconciler)} registers the controller with the
     * manager, which starts it.
     *
     * <ul>
     *   <li>{@link #forResource} (exactly once): each notification of the object enqueues the object's own
     *       request.</li>
     *   <li>{@link #owns} (any number): each notification of an owned object enqueues its controlling
     *       owner, the {@code ownerReferences} entry with {@code controller: true} whose group and kind are
     *       the for-resource's (the version may differ, as in controller-runtime).</li>
     *   <li>{@link #watches} (any number): a {@link RequestMapper} decides.</li>
     * </ul>
     *
     * <p>Each watch takes {@link InformerOptions} (namespace, label and field selectors: the manager's
     * shared informer for those options is used) and {@link EventPredicate}s; {@link #withEventFilter}
     * adds predicates to every watch. Creates, updates (both the old and the new object's requests, for
     * {@code owns} and {@code watches}) and deletes enqueue, a delete also when the informer only saw a
     * tombstone ({@link DeletedFinalStateUnknown}: its last known state is used).
     *
     * <p>Defaults: name the for-resource's kind in lower case; one worker ({@code
     * maxConcurrentReconciles}, as controller-runtime); {@link RateLimiters#defaultControllerRateLimiter}
     * on the manager's clock; no reconcile timeout. Not thread-safe; use once.
     */
    final class Builder extends ControllerSettingsBuilderBase {

        private static final Logger LOG = LoggerFactory.getLogger(Controller.class);

        private final Manager manager;
        private final List<WatchSpec<?>> watches = new ArrayList<>();
        private final List<EventPredicate<? super KubernetesObject>> globalPredicates = new ArrayList<>();
        private @Nullable ResourceType<?> forType;
        private boolean built;

        /** One watched resource: its informer options, predicates and how objects become requests. */
        private record WatchSpec<T extends KubernetesObject>(
                ResourceType<T> type,
                InformerOptions options,
                List<EventPredicate<? super T>> predicates,
                String role,
                Function<ResourceType<?>, RequestMapper<? super T>> mapperFactory,
                boolean enqueueOldOnUpdate) {}

        private Builder(Manager manager) {
            this.manager = manager;
            from(ControllerSettings.DEFAULTS);
        }

        /** {@link #forResource(ResourceType, InformerOptions, EventPredicate[])} with every object, no predicate. */
        public <T extends KubernetesObject> Builder forResource(ResourceType<T> type) {
            return forResource(type, InformerOptions.ALL);
        }

        /**
         * The resource this controller reconciles: each notification that passes {@code predicates}
         * enqueues the object's own request.
         *
         * @throws IllegalStateException if called twice
         */
        @SafeVarargs
        @SuppressWarnings("varargs") // predicates are only copied into an immutable list
        public final <T extends KubernetesObject> Builder forResource(
                ResourceType<T> type, InformerOptions options, EventPredicate<? super T>... predicates) {
            Objects.requireNonNull(type, "type");
            if (forType != null) {
                throw new IllegalStateException("forResource was already called with " + forType.plural()
                        + "; a controller reconciles one resource");
            }
            forType = type;
            return watch(type, options, predicates, "for", owner -> obj -> List.of(Request.of(obj)), false);
        }

        /**
         * A resource this controller creates and owns: each notification of such an object enqueues its
         * controlling owner of the {@link #forResource} type (none when it has no such owner).
         */
        @SafeVarargs
        @SuppressWarnings("varargs") // predicates are only copied into an immutable list
        public final <T extends KubernetesObject> Builder owns(
                ResourceType<T> type, InformerOptions options, EventPredicate<? super T>... predicates) {
            return watch(type, options, predicates, "owns", owner -> controllerOwnerOf(owner), true);
        }

        /** {@link #owns(ResourceType, InformerOptions, EventPredicate[])} with every object, no predicate. */
        public <T extends KubernetesObject> Builder owns(ResourceType<T> type) {
            return owns(type, InformerOptions.ALL);
        }

        /** {@link #watches(ResourceType, InformerOptions, RequestMapper, EventPredicate[])} with every object. */
        public <T extends KubernetesObject> Builder watches(ResourceType<T> type, RequestMapper<? super T> mapper) {
            return watches(type, InformerOptions.ALL, mapper);
        }

        /** Any resource: {@code mapper} turns each notification that passes {@code predicates} into requests. */
        @SafeVarargs
        @SuppressWarnings("varargs") // predicates are only copied into an immutable list
        public final <T extends KubernetesObject> Builder watches(
                ResourceType<T> type,
                InformerOptions options,
                RequestMapper<? super T> mapper,
                EventPredicate<? super T>... predicates) {
            Objects.requireNonNull(mapper, "mapper");
            return watch(type, options, predicates, "watches", owner -> mapper, true);
        }

        /** Adds one watch; {@code predicates} are copied. */
        private <T extends KubernetesObject> Builder watch(
                ResourceType<T> type,
                InformerOptions options,
                EventPredicate<? super T>[] predicates,
                String role,
                Function<ResourceType<?>, RequestMapper<? super T>> mapperFactory,
                boolean enqueueOldOnUpdate) {
            Objects.requireNonNull(type, "type");
            watches.add(new WatchSpec<T>(type, options, List.of(predicates), role, mapperFactory, enqueueOldOnUpdate));
            return this;
        }

        /** A predicate every watch of this controller applies (controller-runtime's {@code WithEventFilter}). */
        public Builder withEventFilter(EventPredicate<? super KubernetesObject> predicate) {
            globalPredicates.add(Objects.requireNonNull(predicate, "predicate"));
            return this;
        }

        /**
         * Builds the controller, registers its event handlers with the manager's informers and the
         * controller with the manager.
         *
         * @throws IllegalStateException if {@link #forResource} was not called, the name is taken, the
         *                               manager has started, or this builder was used already
         */
        public Controller build(Reconciler<Request> reconciler) {
            Objects.requireNonNull(reconciler, "reconciler");
            if (built) {
                throw new IllegalStateException("this controller builder was used already");
            }
            if (forType == null) {
                throw new IllegalStateException("a controller needs forResource(type): the resource it reconciles");
            }
            built = true;
            ControllerSettings settings = settings();
            String name = settings.name();
            String controllerName = name != null ? name : forType.kind().toLowerCase(Locale.ROOT);
            ManagerSettings defaults = manager.settings();
            RateLimiter<? super Request> rateLimiter = settings.rateLimiter();
            RateLimitingQueue<Request> queue = WorkQueue.<Request>builder()
                    .name(controllerName)
                    .clock(defaults.clock())
                    .metricsProvider(defaults.workQueueMetrics())
                    .rateLimiter(
                            rateLimiter != null
                                    ? rateLimiter
                                    : RateLimiters.defaultControllerRateLimiter(defaults.clock()))
                    .buildRateLimiting();
            DefaultController controller = new DefaultController(
                    controllerName,
                    reconciler,
                    queue,
                    settings.maxConcurrentReconciles(),
                    settings.reconcileTimeout(),
                    defaults.clock(),
                    defaults.workerThreads(controllerName),
                    defaults.controllerMetrics());
            manager.register(controller);
            for (WatchSpec<?> watch : watches) {
                wire(controller, watch);
            }
            return controller;
        }

        private <T extends KubernetesObject> void wire(DefaultController controller, WatchSpec<T> watch) {
            SharedIndexInformer<T> informer = manager.informerFactory().informerFor(watch.type(), watch.options());
            manager.track(informer);
            List<EventPredicate<? super T>> predicates = new ArrayList<>(watch.predicates());
            predicates.addAll(globalPredicates);
            RequestMapper<? super T> mapper = watch.mapperFactory().apply(forType);
            String handlerName = "controller/" + controller.name() + "/" + watch.role() + "/"
                    + watch.type().plural();
            informer.addEventHandler(
                    new EnqueueingHandler<>(
                            handlerName, controller::enqueue, mapper, predicates, watch.enqueueOldOnUpdate()),
                    HandlerOptions.builder().name(handlerName).build());
        }

        private static <T extends KubernetesObject> RequestMapper<T> controllerOwnerOf(ResourceType<?> ownerType) {
            return object -> {
                OwnerReference ref = OwnerReferences.controllerOf(object).orElse(null);
                if (ref == null
                        || !ownerType.kind().equals(ref.kind())
                        || !ownerType.group().equals(OwnerReferences.groupOf(ref.apiVersion()))
                        || ref.name() == null
                        || ref.name().isEmpty()) {
                    return List.of();
                }
                String namespace = ownerType.namespaced() ? object.namespace() : "";
                return List.of(new Request(namespace == null ? "" : namespace, ref.name()));
            };
        }

        /** The handler each watch registers: predicates, then the mapper, then the queue. */
        record EnqueueingHandler<T extends KubernetesObject>(
                String name,
                Consumer<Request> queue,
                RequestMapper<? super T> mapper,
                List<EventPredicate<? super T>> predicates,
                boolean enqueueOldOnUpdate)
                implements ResourceEventHandler<T> {

            @Override
            public void onAdd(T obj, boolean isInInitialList) {
                for (EventPredicate<? super T> p : predicates) {
                    if (!p.create(obj)) {
                        return;
                    }
                }
                enqueue(List.of(obj));
            }

            @Override
            public void onUpdate(T oldObj, T newObj) {
                for (EventPredicate<? super T> p : predicates) {
                    if (!p.update(oldObj, newObj)) {
                        return;
                    }
                }
                enqueue(enqueueOldOnUpdate ? List.of(oldObj, newObj) : List.of(newObj));
            }

            @Override
            @SuppressWarnings("unchecked")
            public void onDelete(Object objOrTombstone) {
                Object last = objOrTombstone instanceof DeletedFinalStateUnknown<?> tombstone
                        ? tombstone.obj()
                        : objOrTombstone;
                if (!(last instanceof KubernetesObject)) {
                    LOG.warn(
                            "{}: a delete without the object's last state ({}); nothing enqueued",
                            name,
                            objOrTombstone);
                    return;
                }
                T obj = (T) last;
                for (EventPredicate<? super T> p : predicates) {
                    if (!p.delete(obj)) {
                        return;
                    }
                }
                enqueue(List.of(obj));
            }

            private void enqueue(List<T> objects) {
                Set<Request> requests = new LinkedHashSet<>();
                for (T obj : objects) {
                    try {
                        Collection<Request> mapped = mapper.map(obj);
                        if (mapped != null) {
                            requests.addAll(mapped);
                        }
                    } catch (RuntimeException e) {
                        LOG.warn(
                                "{}: mapping {} to requests failed, nothing enqueued: {}",
                                name,
                                obj.namespace() + "/" + obj.name(),
                                e.toString());
                        LOG.debug("{}: mapping failed", name, e);
                    }
                }
                requests.forEach(queue);
            }

            @Override
            public String toString() {
                return name;
            }
        }
    }
}
