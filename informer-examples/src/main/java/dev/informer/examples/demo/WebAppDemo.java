package dev.informer.examples.demo;

import static dev.informer.examples.webapp.WebApps.find;

import dev.informer.api.CoreEvent;
import dev.informer.api.Deployment;
import dev.informer.api.DeploymentStatus;
import dev.informer.api.GenericObject;
import dev.informer.api.ResourceType;
import dev.informer.api.Service;
import dev.informer.client.KubernetesClient;
import dev.informer.client.ResourceClient;
import dev.informer.clock.Clock;
import dev.informer.examples.controller.ConsoleReporter;
import dev.informer.examples.webapp.WebAppController;
import dev.informer.examples.webapp.WebAppReconciler;
import dev.informer.examples.webapp.WebAppSpec;
import dev.informer.examples.webapp.WebAppStatus;
import dev.informer.examples.webapp.WebApps;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The demo's second part: the WebApp controller on the same embedded API server. Installs the CRD,
 * creates a WebApp, shows the Deployment and Service it gets, plays the deployment controller (the
 * embedded server runs none) so that {@code status.readyReplicas} follows, scales it, deletes it
 * (the finalizer's cleanup) and lists the Events recorded. Not thread-safe; one run per instance.
 */
final class WebAppDemo {

    static final String NAMESPACE = "default";
    static final String NAME = "storefront";

    private static final Duration STEP_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration POLL = Duration.ofMillis(50);

    private final KubernetesClient client;
    private final ConsoleReporter console;
    private final Clock clock;
    private final ResourceClient<GenericObject> webApps;
    private final ResourceClient<Deployment> deployments;
    private final ResourceClient<Service> services;

    WebAppDemo(KubernetesClient client, ConsoleReporter console, Clock clock) {
        this.client = client;
        this.console = console;
        this.clock = clock;
        this.webApps = client.resource(WebApps.WEBAPPS).inNamespace(NAMESPACE);
        this.deployments = client.resource(ResourceType.DEPLOYMENTS).inNamespace(NAMESPACE);
        this.services = client.resource(ResourceType.SERVICES).inNamespace(NAMESPACE);
    }

    /**
     * Runs the part and prints its lines.
     *
     * @throws IllegalStateException naming the step that did not happen within 30 s
     */
    void run() throws InterruptedException {
        String key = NAMESPACE + "/" + NAME;
        console.plain("");
        console.plain("webapp: a custom resource controller on the same API server (a WebApp owns a Deployment and a"
                + " Service)");
        WebApps.installCrdIfAbsent(client);
        console.plain("  installed CustomResourceDefinition " + WebApps.CRD_NAME);
        try (WebAppController controller =
                WebAppController.builder(client).clock(clock).build()) {
            controller.start();
            webApps.create(GenericObject.parse("{\"apiVersion\":\"example.dev/v1\",\"kind\":\"WebApp\","
                    + "\"metadata\":{\"name\":\"" + NAME + "\",\"namespace\":\"" + NAMESPACE + "\"},"
                    + "\"spec\":{\"image\":\"nginx:1.27\",\"replicas\":2}}"));
            console.plain("  created WebApp " + key + " (image nginx:1.27, 2 replicas, port defaulted by the CRD)");
            await("the Deployment " + key, () -> find(() -> deployments.get(NAME))
                    .isPresent());
            Service service = await("the Service " + key, () -> find(() -> services.get(NAME)))
                    .orElseThrow();
            Deployment deployment = deployments.get(NAME);
            console.plain(String.format(
                    Locale.ROOT,
                    "  the controller created Deployment %s (%d replicas) and Service %s (port %d), owned by the WebApp"
                            + " (finalizer %s)",
                    key,
                    deployment.spec().replicas(),
                    key,
                    service.spec().ports().get(0).port(),
                    WebAppReconciler.FINALIZER));
            reportReady(2);
            await("WebApp status.readyReplicas 2", () -> readyReplicas() == 2);
            console.plain("  the Deployment reports 2 ready replicas (the demo plays the deployment controller);"
                    + " WebApp status: readyReplicas 2, Ready " + readyCondition());

            GenericObject current = webApps.get(NAME);
            webApps.update(current.withSpec(new WebAppSpec(
                    "nginx:1.27", 4, current.spec(WebAppSpec.class).port())));
            await(
                    "the Deployment scaled to 4",
                    () -> deployments.get(NAME).spec().replicas() == 4);
            await("Ready False", () -> "False".equals(readyCondition()));
            console.plain("  scaled WebApp " + key + " to 4 replicas: Deployment " + key
                    + " has 4 replicas; WebApp Ready False (" + readyMessage() + ")");

            webApps.delete(NAME);
            await("the WebApp " + key + " to be removed", () -> find(() -> webApps.get(NAME))
                    .isEmpty());
            boolean cleaned = find(() -> deployments.get(NAME)).isEmpty()
                    && find(() -> services.get(NAME)).isEmpty();
            console.plain("  deleted WebApp " + key + ": the finalizer's cleanup "
                    + (cleaned ? "deleted its Deployment and Service" : "did NOT delete its Deployment and Service")
                    + ", then the WebApp was removed");
            if (!cleaned) {
                throw new IllegalStateException("the WebApp's cleanup left its Deployment or Service behind");
            }
        } // close(): the Events still queued are written
        List<CoreEvent> events = client.resource(ResourceType.EVENTS).inNamespace(NAMESPACE).list().items().stream()
                .filter(e -> e.involvedObject() != null
                        && "WebApp".equals(e.involvedObject().kind())
                        && NAME.equals(e.involvedObject().name()))
                .sorted(Comparator.comparing(e -> String.valueOf(e.metadata().name())))
                .toList();
        console.plain("  events on WebApp " + key + ": " + events.size());
        for (CoreEvent event : events) {
            console.plain(
                    String.format(Locale.ROOT, "    %-8s %-10s %s", event.type(), event.reason(), event.message()));
        }
    }

    private void reportReady(int ready) {
        Deployment deployment = deployments.get(NAME);
        deployments.updateStatus(deployment.toBuilder()
                .status(DeploymentStatus.builder()
                        .replicas(ready)
                        .readyReplicas(ready)
                        .build())
                .build());
    }

    private int readyReplicas() {
        WebAppStatus status = webApps.get(NAME).status(WebAppStatus.class);
        return status == null || status.readyReplicas() == null ? -1 : status.readyReplicas();
    }

    private String readyCondition() {
        return readyConditionField(true);
    }

    private String readyMessage() {
        return readyConditionField(false);
    }

    private String readyConditionField(boolean status) {
        WebAppStatus current = webApps.get(NAME).status(WebAppStatus.class);
        if (current == null) {
            return "unknown";
        }
        return current.condition(WebAppReconciler.READY)
                .map(c -> status ? c.status() : c.message())
                .orElse("unknown");
    }

    private void await(String what, Supplier<Boolean> condition) throws InterruptedException {
        await(what, () -> condition.get() ? Optional.of(Boolean.TRUE) : Optional.<Boolean>empty());
    }

    private <T> Optional<T> await(String what, java.util.concurrent.Callable<Optional<T>> value)
            throws InterruptedException {
        long deadline = clock.nanoTime() + STEP_TIMEOUT.toNanos();
        while (true) {
            Optional<T> result;
            try {
                result = value.call();
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(
                        "the WebApp demo failed waiting for " + what + ": " + e.getMessage(), e);
            }
            if (result.isPresent()) {
                return result;
            }
            if (clock.nanoTime() - deadline >= 0) {
                throw new IllegalStateException(
                        "the WebApp demo: " + what + " did not happen within " + STEP_TIMEOUT.toSeconds() + " s");
            }
            clock.sleep(POLL);
        }
    }
}
