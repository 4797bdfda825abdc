package dev.informer.examples.webapp;

import static dev.informer.examples.webapp.WebApps.find;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.CoreEvent;
import dev.informer.api.Deployment;
import dev.informer.api.DeploymentStatus;
import dev.informer.api.GenericObject;
import dev.informer.api.OwnerReference;
import dev.informer.api.ResourceType;
import dev.informer.api.Service;
import dev.informer.client.ClientConfig;
import dev.informer.client.KubernetesClient;
import dev.informer.client.ResourceClient;
import dev.informer.client.StatusException;
import dev.informer.examples.Await;
import dev.informer.testing.EmbeddedApiServer;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The WebApp controller end to end against the embedded API server, which serves its CRD. */
class WebAppEndToEndTest {

    private EmbeddedApiServer server;
    private KubernetesClient client;
    private WebAppController controller;

    @BeforeEach
    void start() throws InterruptedException {
        server = EmbeddedApiServer.builder().start();
        client = KubernetesClient.create(
                ClientConfig.builder().server(server.url()).build());
        assertTrue(WebApps.installCrdIfAbsent(client), "installed on a server without it");
        assertFalse(WebApps.installCrdIfAbsent(client), "left alone when present");
        controller = WebAppController.builder(client).build();
        controller.start();
    }

    @AfterEach
    void stop() {
        controller.close();
        client.close();
        server.close();
    }

    static GenericObject webApp(String namespace, String name, String image, int replicas) {
        return GenericObject.parse("{\"apiVersion\":\"example.dev/v1\",\"kind\":\"WebApp\",\"metadata\":{\"name\":\""
                + name + "\",\"namespace\":\"" + namespace + "\"},\"spec\":{\"image\":\"" + image
                + "\",\"replicas\":" + replicas + "}}");
    }

    private List<String> eventReasons() {
        return client.resource(ResourceType.EVENTS).inNamespace("default").list().items().stream()
                .filter(e -> "WebApp".equals(e.involvedObject().kind())
                        && "shop".equals(e.involvedObject().name()))
                .map(CoreEvent::reason)
                .collect(Collectors.toList());
    }

    @Test
    void createsScalesAndCleansUpTheDeploymentAndServiceOfAWebAppRecordingEvents() throws Exception {
        ResourceClient<GenericObject> webApps = client.resource(WebApps.WEBAPPS).inNamespace("default");
        ResourceClient<Deployment> deployments =
                client.resource(ResourceType.DEPLOYMENTS).inNamespace("default");
        ResourceClient<Service> services =
                client.resource(ResourceType.SERVICES).inNamespace("default");

        GenericObject created = webApps.create(webApp("default", "shop", "nginx:1.27", 2));

        Await.until("the Deployment default/shop with 2 replicas", () -> find(() -> deployments.get("shop"))
                .map(d -> d.spec().replicas() == 2)
                .orElse(false));
        Deployment deployment = deployments.get("shop");
        OwnerReference owner = deployment.metadata().ownerReferences().get(0);
        assertEquals("WebApp", owner.kind());
        assertEquals(created.metadata().uid(), owner.uid());
        assertEquals(Boolean.TRUE, owner.controller());
        assertEquals(
                "nginx:1.27",
                deployment.spec().template().spec().containers().get(0).image());
        Await.until("the Service default/shop on port 8080 (the CRD's default)", () -> find(() -> services.get("shop"))
                .map(s -> s.spec().ports().get(0).port() == 8080)
                .orElse(false));
        assertTrue(webApps.get("shop").metadata().finalizers().contains(WebAppReconciler.FINALIZER));

        // The embedded server runs no deployment controller: report the replicas ready ourselves.
        deployments.updateStatus(deployments.get("shop").toBuilder()
                .status(DeploymentStatus.builder().replicas(2).readyReplicas(2).build())
                .build());
        Await.until("status.readyReplicas 2 and Ready True", () -> {
            WebAppStatus status = webApps.get("shop").status(WebAppStatus.class);
            return status != null
                    && Integer.valueOf(2).equals(status.readyReplicas())
                    && status.condition(WebAppReconciler.READY)
                            .map(c -> "True".equals(c.status()))
                            .orElse(false);
        });

        GenericObject current = webApps.get("shop");
        webApps.update(current.withSpec(new WebAppSpec("nginx:1.27", 3, 8080)));
        Await.until(
                "the Deployment scaled to 3",
                () -> deployments.get("shop").spec().replicas() == 3);
        Await.until("Ready False with 2 of 3 ready", () -> webApps.get("shop")
                .status(WebAppStatus.class)
                .condition(WebAppReconciler.READY)
                .map(c -> "False".equals(c.status()) && "2/3 replicas ready".equals(c.message()))
                .orElse(false));

        webApps.delete("shop");
        Await.until("the WebApp is gone once its finalizer is removed", () -> find(() -> webApps.get("shop"))
                .isEmpty());
        assertTrue(find(() -> deployments.get("shop")).isEmpty(), "the Deployment was deleted by the cleanup");
        assertTrue(find(() -> services.get("shop")).isEmpty(), "the Service was deleted by the cleanup");

        Await.until(
                "Events Created, Scaled and CleanedUp on the WebApp",
                () -> eventReasons().containsAll(List.of("Created", "Scaled", "CleanedUp")),
                () -> eventReasons().toString());
    }

    @Test
    void aWebAppWithoutImageIsRefusedByTheCrdSchema() throws Exception {
        ResourceClient<GenericObject> webApps = client.resource(WebApps.WEBAPPS).inNamespace("default");
        // The CRD requires spec.image: the server refuses such a WebApp outright.
        StatusException refused = org.junit.jupiter.api.Assertions.assertThrows(
                StatusException.class,
                () -> webApps.create(GenericObject.parse(
                        "{\"apiVersion\":\"example.dev/v1\",\"kind\":\"WebApp\",\"metadata\":{\"name\":\"bad\"},"
                                + "\"spec\":{\"replicas\":1}}")));
        assertEquals(422, refused.status().code());
    }
}
