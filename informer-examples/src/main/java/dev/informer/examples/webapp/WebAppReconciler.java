package dev.informer.examples.webapp;

import dev.informer.api.Condition;
import dev.informer.api.Container;
import dev.informer.api.ContainerPort;
import dev.informer.api.Deployment;
import dev.informer.api.DeploymentSpec;
import dev.informer.api.GenericObject;
import dev.informer.api.LabelSelector;
import dev.informer.api.ObjectMeta;
import dev.informer.api.PodSpec;
import dev.informer.api.PodTemplateSpec;
import dev.informer.api.ResourceType;
import dev.informer.api.Service;
import dev.informer.api.ServicePort;
import dev.informer.api.ServiceSpec;
import dev.informer.cache.CancellationToken;
import dev.informer.cache.Lister;
import dev.informer.client.KubernetesClient;
import dev.informer.client.StatusException;
import dev.informer.clock.Clock;
import dev.informer.controller.Finalizers;
import dev.informer.controller.OwnerReferences;
import dev.informer.controller.Reconciler;
import dev.informer.controller.Request;
import dev.informer.controller.Result;
import dev.informer.controller.Retry;
import dev.informer.controller.ServerSideApply;
import dev.informer.record.EventRecorder;
import dev.informer.record.EventSeverity;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Brings one WebApp's world in line: its Deployment and Service (same name and namespace, controlled
 * by the WebApp) exist with the spec's image, replicas and port; {@code status.readyReplicas} and the
 * {@code Ready} condition follow the Deployment; a WebApp being deleted has its Deployment and
 * Service deleted before its finalizer {@value #FINALIZER} is removed.
 *
 * <p>Reads come from the informers' caches (listers), writes go through the client: Deployment and
 * Service by server-side apply with the field manager {@value WebApps#FIELD_MANAGER}, the status by
 * the status subresource, the finalizer by update inside {@link Retry#retryOnConflict}. Every change
 * is recorded as an Event on the WebApp ({@code Created}, {@code Scaled}, {@code Updated}, {@code
 * CleanedUp}; a Warning {@code InvalidSpec}). Thread-safe and idempotent (a reconcile with nothing to
 * change writes nothing).
 */
public final class WebAppReconciler implements Reconciler<Request> {

    /** The finalizer that makes a deleted WebApp wait for its cleanup. */
    public static final String FINALIZER = "example.dev/cleanup";

    /** The condition type in the WebApp's status. */
    public static final String READY = "Ready";

    /** The label that selects a WebApp's pods. */
    public static final String NAME_LABEL = "app.kubernetes.io/name";

    private static final String MANAGED_BY_LABEL = "app.kubernetes.io/managed-by";

    private final KubernetesClient client;
    private final Lister<GenericObject> webApps;
    private final Lister<Deployment> deployments;
    private final Lister<Service> services;
    private final EventRecorder recorder;
    private final Clock clock;

    /** A reconciler reading the three caches and writing through {@code client}; events go to {@code recorder}. */
    public WebAppReconciler(
            KubernetesClient client,
            Lister<GenericObject> webApps,
            Lister<Deployment> deployments,
            Lister<Service> services,
            EventRecorder recorder,
            Clock clock) {
        this.client = Objects.requireNonNull(client, "client");
        this.webApps = Objects.requireNonNull(webApps, "webApps");
        this.deployments = Objects.requireNonNull(deployments, "deployments");
        this.services = Objects.requireNonNull(services, "services");
        this.recorder = Objects.requireNonNull(recorder, "recorder");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public Result reconcile(Request request, CancellationToken cancellation) throws InterruptedException {
        String key = request.namespace() + "/" + request.name();
        Optional<GenericObject> cached = webApps.get(key);
        if (cached.isEmpty()) {
            return Result.done(); // gone: the garbage collector removes whatever it still owned
        }
        GenericObject webApp = cached.get();
        if (Finalizers.isBeingDeleted(webApp)) {
            if (Finalizers.has(webApp, FINALIZER)) {
                cleanUp(webApp);
            }
            return Result.done();
        }
        if (!Finalizers.has(webApp, FINALIZER)) {
            webApp = updateWebApp(request, app -> Finalizers.add(app, FINALIZER));
        }
        WebAppSpec spec = webApp.spec(WebAppSpec.class);
        Optional<String> invalid = validate(spec);
        if (invalid.isPresent()) {
            recorder.event(webApp, EventSeverity.WARNING, "InvalidSpec", invalid.get());
            return Result.done(); // nothing to do until the spec changes
        }
        Deployment deployment = reconcileDeployment(webApp, spec);
        reconcileService(webApp, spec);
        return updateStatus(webApp, spec, deployment);
    }

    private static Optional<String> validate(WebAppSpec spec) {
        if (spec == null || spec.image() == null || spec.image().isBlank()) {
            return Optional.of("spec.image is required");
        }
        if (spec.replicasOrDefault() < 0) {
            return Optional.of("spec.replicas must not be negative: " + spec.replicas());
        }
        if (spec.portOrDefault() < 1 || spec.portOrDefault() > 65535) {
            return Optional.of("spec.port must be 1..65535: " + spec.port());
        }
        return Optional.empty();
    }

    private Deployment reconcileDeployment(GenericObject webApp, WebAppSpec spec) {
        String key = webApp.namespace() + "/" + webApp.name();
        Optional<Deployment> current = deployments.get(key);
        if (current.isPresent() && matches(current.get(), spec)) {
            return current.get();
        }
        Deployment desired = OwnerReferences.setControllerReference(webApp, desiredDeployment(webApp, spec));
        Deployment applied = ServerSideApply.apply(
                client.resource(ResourceType.DEPLOYMENTS).inNamespace(webApp.namespace()),
                desired,
                WebApps.FIELD_MANAGER);
        if (current.isEmpty()) {
            recorder.eventf(
                    webApp,
                    EventSeverity.NORMAL,
                    "Created",
                    "created Deployment %s with %d replicas of %s",
                    key,
                    spec.replicasOrDefault(),
                    spec.image());
        } else if (!Objects.equals(replicas(current.get()), spec.replicasOrDefault())) {
            recorder.eventf(
                    webApp,
                    EventSeverity.NORMAL,
                    "Scaled",
                    "scaled Deployment %s from %d to %d replicas",
                    key,
                    replicas(current.get()),
                    spec.replicasOrDefault());
        } else {
            recorder.eventf(webApp, EventSeverity.NORMAL, "Updated", "updated Deployment %s to %s", key, spec.image());
        }
        return applied;
    }

    private void reconcileService(GenericObject webApp, WebAppSpec spec) {
        String key = webApp.namespace() + "/" + webApp.name();
        Optional<Service> current = services.get(key);
        if (current.isPresent() && servicePort(current.get()) == spec.portOrDefault()) {
            return;
        }
        Service desired = OwnerReferences.setControllerReference(webApp, desiredService(webApp, spec));
        ServerSideApply.apply(
                client.resource(ResourceType.SERVICES).inNamespace(webApp.namespace()), desired, WebApps.FIELD_MANAGER);
        recorder.eventf(
                webApp,
                EventSeverity.NORMAL,
                current.isEmpty() ? "Created" : "Updated",
                "%s Service %s on port %d",
                current.isEmpty() ? "created" : "updated",
                key,
                spec.portOrDefault());
    }

    private Result updateStatus(GenericObject webApp, WebAppSpec spec, Deployment deployment) {
        int ready = deployment.status() == null || deployment.status().readyReplicas() == null
                ? 0
                : deployment.status().readyReplicas();
        boolean allReady = ready >= spec.replicasOrDefault();
        WebAppStatus current = webApp.status(WebAppStatus.class);
        Optional<Condition> currentReady = current == null ? Optional.empty() : current.condition(READY);
        String conditionStatus = allReady ? "True" : "False";
        if (current != null
                && Objects.equals(current.readyReplicas(), ready)
                && currentReady
                        .map(c -> conditionStatus.equals(c.status())
                                && Objects.equals(
                                        c.observedGeneration(),
                                        webApp.metadata().generation()))
                        .orElse(false)) {
            return Result.done();
        }
        String since = currentReady
                .filter(c -> conditionStatus.equals(c.status()))
                .map(Condition::lastTransitionTime)
                .orElseGet(() -> clock.now().truncatedTo(ChronoUnit.SECONDS).toString());
        Condition condition = Condition.builder()
                .type(READY)
                .status(conditionStatus)
                .observedGeneration(webApp.metadata().generation())
                .lastTransitionTime(since)
                .reason(allReady ? "ReplicasReady" : "ReplicasNotReady")
                .message(ready + "/" + spec.replicasOrDefault() + " replicas ready")
                .build();
        try {
            client.resource(WebApps.WEBAPPS)
                    .inNamespace(webApp.namespace())
                    .updateStatus(webApp.withStatus(new WebAppStatus(ready, List.of(condition))));
        } catch (StatusException e) {
            if (e.isConflict()) {
                return Result.requeue(); // a newer WebApp is on its way through the cache
            }
            throw e;
        }
        return Result.done();
    }

    private void cleanUp(GenericObject webApp) throws InterruptedException {
        String key = webApp.namespace() + "/" + webApp.name();
        deleteIfPresent(() -> client.resource(ResourceType.DEPLOYMENTS)
                .inNamespace(webApp.namespace())
                .delete(webApp.name()));
        deleteIfPresent(() -> client.resource(ResourceType.SERVICES)
                .inNamespace(webApp.namespace())
                .delete(webApp.name()));
        recorder.eventf(webApp, EventSeverity.NORMAL, "CleanedUp", "deleted Deployment and Service %s", key);
        try {
            updateWebApp(new Request(webApp.namespace(), webApp.name()), app -> Finalizers.remove(app, FINALIZER));
        } catch (StatusException e) {
            // Already gone: an earlier reconcile removed the finalizer and the cache has not seen the
            // deletion yet (controller-runtime's IgnoreNotFound). Nothing is left to do.
            if (!e.isNotFound()) {
                throw e;
            }
        }
    }

    private static void deleteIfPresent(Runnable delete) {
        try {
            delete.run();
        } catch (StatusException e) {
            if (!e.isNotFound()) {
                throw e;
            }
        }
    }

    /** Reads the WebApp from the server, changes it, updates it; again on a conflict. */
    private GenericObject updateWebApp(Request request, java.util.function.UnaryOperator<GenericObject> change)
            throws InterruptedException {
        var webAppClient = client.resource(WebApps.WEBAPPS).inNamespace(request.namespace());
        return Retry.retryOnConflict(Retry.DEFAULT_RETRY, clock, () -> {
            GenericObject fresh = webAppClient.get(request.name());
            GenericObject changed = change.apply(fresh);
            return changed == fresh ? fresh : webAppClient.update(changed);
        });
    }

    /** The name, namespace and labels of both objects a WebApp wants: its own name, managed by WebApps. */
    private static ObjectMeta desiredMetadata(GenericObject webApp) {
        return ObjectMeta.builder()
                .name(webApp.name())
                .namespace(webApp.namespace())
                .labels(Map.of(NAME_LABEL, webApp.name(), MANAGED_BY_LABEL, WebApps.FIELD_MANAGER))
                .build();
    }

    /** The Deployment a WebApp wants (without the owner reference). */
    static Deployment desiredDeployment(GenericObject webApp, WebAppSpec spec) {
        Map<String, String> selector = Map.of(NAME_LABEL, webApp.name());
        return Deployment.builder()
                .metadata(desiredMetadata(webApp))
                .spec(DeploymentSpec.builder()
                        .replicas(spec.replicasOrDefault())
                        .selector(LabelSelector.builder().matchLabels(selector).build())
                        .template(PodTemplateSpec.builder()
                                .metadata(ObjectMeta.builder().labels(selector).build())
                                .spec(PodSpec.builder()
                                        .containers(List.of(Container.builder()
                                                .name("web")
                                                .image(spec.image())
                                                .ports(List.of(ContainerPort.builder()
                                                        .name("http")
                                                        .containerPort(spec.portOrDefault())
                                                        .build()))
                                                .build()))
                                        .build())
                                .build())
                        .build())
                .build();
    }

    /** The Service a WebApp wants (without the owner reference). */
    static Service desiredService(GenericObject webApp, WebAppSpec spec) {
        return Service.builder()
                .metadata(desiredMetadata(webApp))
                .spec(ServiceSpec.builder()
                        .selector(Map.of(NAME_LABEL, webApp.name()))
                        .ports(List.of(ServicePort.builder()
                                .name("http")
                                .port(spec.portOrDefault())
                                .build()))
                        .build())
                .build();
    }

    private static boolean matches(Deployment deployment, WebAppSpec spec) {
        return Objects.equals(replicas(deployment), spec.replicasOrDefault())
                && spec.image().equals(image(deployment))
                && Objects.equals(containerPort(deployment), spec.portOrDefault());
    }

    private static Integer replicas(Deployment deployment) {
        return deployment.spec() == null ? null : deployment.spec().replicas();
    }

    private static Optional<Container> container(Deployment deployment) {
        if (deployment.spec() == null
                || deployment.spec().template() == null
                || deployment.spec().template().spec() == null
                || deployment.spec().template().spec().containers() == null
                || deployment.spec().template().spec().containers().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(deployment.spec().template().spec().containers().get(0));
    }

    private static String image(Deployment deployment) {
        return container(deployment).map(Container::image).orElse(null);
    }

    private static Integer containerPort(Deployment deployment) {
        return container(deployment)
                .map(Container::ports)
                .filter(ports -> ports != null && !ports.isEmpty())
                .map(ports -> ports.get(0).containerPort())
                .orElse(null);
    }

    private static int servicePort(Service service) {
        if (service.spec() == null
                || service.spec().ports() == null
                || service.spec().ports().isEmpty()) {
            return -1;
        }
        Integer port = service.spec().ports().get(0).port();
        return port == null ? -1 : port;
    }
}
