package dev.informer.examples.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.Deployment;
import dev.informer.api.GenericObject;
import dev.informer.api.ObjectReference;
import dev.informer.api.ResourceType;
import dev.informer.api.Service;
import dev.informer.cache.CancellationToken;
import dev.informer.cache.Lister;
import dev.informer.client.ClientConfig;
import dev.informer.client.KubernetesClient;
import dev.informer.client.ResourceClient;
import dev.informer.client.SharedInformerFactory;
import dev.informer.client.StatusException;
import dev.informer.clock.Clock;
import dev.informer.controller.Request;
import dev.informer.controller.Result;
import dev.informer.examples.Await;
import dev.informer.record.EventRecorder;
import dev.informer.record.EventSeverity;
import dev.informer.store.Indexer;
import dev.informer.store.KeyFunctions;
import dev.informer.store.Stores;
import dev.informer.testing.EmbeddedApiServer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link WebAppReconciler} called directly, on real informer caches of the embedded API server. */
class WebAppReconcilerTest {

    /** The Events the reconciler records, in order: "TYPE Reason message". */
    static final class RecordingRecorder implements EventRecorder {
        final List<String> events = new CopyOnWriteArrayList<>();

        @Override
        public void annotatedEvent(
                ObjectReference involved,
                Map<String, String> annotations,
                EventSeverity type,
                String reason,
                String message) {
            events.add(type + " " + reason + " " + message);
        }
    }

    private EmbeddedApiServer server;
    private KubernetesClient client;
    private SharedInformerFactory factory;
    private Lister<GenericObject> webAppCache;
    private Lister<Deployment> deploymentCache;
    private Lister<Service> serviceCache;
    private final RecordingRecorder recorder = new RecordingRecorder();
    private WebAppReconciler reconciler;
    private ResourceClient<GenericObject> webApps;
    private ResourceClient<Deployment> deployments;
    private ResourceClient<Service> services;
    private final CancellationToken token = new CancellationToken();

    @BeforeEach
    void start() throws InterruptedException {
        server = EmbeddedApiServer.builder().start();
        client = KubernetesClient.create(
                ClientConfig.builder().server(server.url()).build());
        WebApps.installCrdIfAbsent(client);
        factory = SharedInformerFactory.builder(client).build();
        webAppCache = factory.listerFor(WebApps.WEBAPPS);
        deploymentCache = factory.listerFor(ResourceType.DEPLOYMENTS);
        serviceCache = factory.listerFor(ResourceType.SERVICES);
        factory.start();
        assertFalse(factory.waitForCacheSync(Duration.ofSeconds(20)).containsValue(false), "caches synced");
        reconciler = new WebAppReconciler(client, webAppCache, deploymentCache, serviceCache, recorder, Clock.system());
        webApps = client.resource(WebApps.WEBAPPS).inNamespace("default");
        deployments = client.resource(ResourceType.DEPLOYMENTS).inNamespace("default");
        services = client.resource(ResourceType.SERVICES).inNamespace("default");
    }

    @AfterEach
    void stop() {
        factory.shutdown();
        client.close();
        server.close();
    }

    private GenericObject createAndCache(String name, int replicas) {
        GenericObject created = webApps.create(WebAppEndToEndTest.webApp("default", name, "nginx:1.27", replicas));
        awaitCached(created);
        return created;
    }

    private void awaitCached(GenericObject object) {
        Await.until("the cache has " + object.name() + " at " + object.resourceVersion(), () -> webAppCache
                .get("default/" + object.name())
                .map(o -> Long.parseLong(o.resourceVersion()) >= Long.parseLong(object.resourceVersion()))
                .orElse(false));
    }

    private Result reconcile(String name) throws Exception {
        return reconciler.reconcile(new Request("default", name), token);
    }

    private static boolean absent(Runnable get) {
        try {
            get.run();
            return false;
        } catch (StatusException e) {
            return e.isNotFound();
        }
    }

    @Test
    void aWebAppThatIsNotCachedIsDoneWithoutWritesOrEvents() throws Exception {
        assertEquals(Result.done(), reconcile("gone"));
        assertTrue(recorder.events.isEmpty());
        assertTrue(deployments.list().items().isEmpty());
    }

    @Test
    void theFirstReconcileAddsTheFinalizerAndCreatesTheOwnedDeploymentAndService() throws Exception {
        GenericObject webApp = createAndCache("shop", 3);

        assertEquals(Result.done(), reconcile("shop"));

        assertTrue(webApps.get("shop").metadata().finalizers().contains(WebAppReconciler.FINALIZER));
        Deployment deployment = deployments.get("shop");
        assertEquals(3, deployment.spec().replicas());
        assertEquals(
                webApp.metadata().uid(),
                deployment.metadata().ownerReferences().get(0).uid());
        Service service = services.get("shop");
        assertEquals(8080, service.spec().ports().get(0).port());
        assertEquals(Map.of(WebAppReconciler.NAME_LABEL, "shop"), service.spec().selector());
        assertEquals(
                List.of(
                        "NORMAL Created created Deployment default/shop with 3 replicas of nginx:1.27",
                        "NORMAL Created created Service default/shop on port 8080"),
                recorder.events);
        WebAppStatus status = webApps.get("shop").status(WebAppStatus.class);
        assertEquals(0, status.readyReplicas());
        assertEquals(
                "0/3 replicas ready",
                status.condition(WebAppReconciler.READY).orElseThrow().message());
    }

    @Test
    void aReconcileWithNothingToChangeWritesNothingAndRecordsNoEvent() throws Exception {
        createAndCache("shop", 1);
        reconcile("shop");
        GenericObject afterFirst = webApps.get("shop");
        awaitCached(afterFirst);
        String deploymentVersion = deployments.get("shop").resourceVersion();
        Await.until(
                "the owned objects are cached",
                () -> deploymentCache.get("default/shop").isPresent()
                        && serviceCache.get("default/shop").isPresent());
        recorder.events.clear();

        assertEquals(Result.done(), reconcile("shop"));

        assertEquals(List.of(), recorder.events);
        assertEquals(afterFirst.resourceVersion(), webApps.get("shop").resourceVersion());
        assertEquals(deploymentVersion, deployments.get("shop").resourceVersion());
    }

    @Test
    void aChangedReplicaCountScalesTheDeploymentAndRecordsScaled() throws Exception {
        createAndCache("shop", 1);
        reconcile("shop");
        Await.until(
                "the Deployment is cached",
                () -> deploymentCache.get("default/shop").isPresent());
        GenericObject scaled = webApps.update(webApps.get("shop").withSpec(new WebAppSpec("nginx:1.27", 5, null)));
        awaitCached(scaled);
        recorder.events.clear();

        reconcile("shop");

        assertEquals(5, deployments.get("shop").spec().replicas());
        assertTrue(
                recorder.events.contains("NORMAL Scaled scaled Deployment default/shop from 1 to 5 replicas"),
                recorder.events.toString());
    }

    @Test
    void aWebAppBeingDeletedHasItsDeploymentAndServiceDeletedThenItsFinalizerRemoved() throws Exception {
        createAndCache("shop", 1);
        reconcile("shop");
        webApps.delete("shop"); // the finalizer keeps it, with a deletionTimestamp
        GenericObject deleting = webApps.get("shop");
        assertTrue(deleting.metadata().deletionTimestamp() != null);
        awaitCached(deleting);
        recorder.events.clear();

        assertEquals(Result.done(), reconcile("shop"));

        assertTrue(absent(() -> deployments.get("shop")), "Deployment deleted");
        assertTrue(absent(() -> services.get("shop")), "Service deleted");
        assertTrue(absent(() -> webApps.get("shop")), "the WebApp is gone once the finalizer is removed");
        assertEquals(List.of("NORMAL CleanedUp deleted Deployment and Service default/shop"), recorder.events);
    }

    @Test
    void aCleanupWhoseWebAppIsAlreadyGoneIsDoneWithoutAnError() throws Exception {
        createAndCache("shop", 1);
        reconcile("shop");
        webApps.delete("shop");
        GenericObject deleting = webApps.get("shop");
        awaitCached(deleting);
        assertEquals(Result.done(), reconcile("shop"));
        assertTrue(absent(() -> webApps.get("shop")), "the first cleanup removed the finalizer");

        // A second reconcile from a cache that has not seen the deletion yet (as when the owned
        // Deployment's deletion queues the key again): the WebApp is gone on the server.
        Indexer<GenericObject> stale = Stores.newIndexer(KeyFunctions.metaNamespaceKey(), Map.of());
        stale.add(deleting);
        WebAppReconciler lagging =
                new WebAppReconciler(client, Lister.of(stale), deploymentCache, serviceCache, recorder, Clock.system());
        assertEquals(Result.done(), lagging.reconcile(new Request("default", "shop"), token));
    }

    @Test
    void theDesiredDeploymentSelectsItsOwnTemplateLabelsAndRunsThePort() {
        GenericObject webApp = WebAppEndToEndTest.webApp("default", "shop", "nginx:1.27", 2);
        Deployment deployment = WebAppReconciler.desiredDeployment(webApp, new WebAppSpec("nginx:1.27", 2, 9090));
        assertEquals(
                deployment.spec().selector().matchLabels(),
                deployment.spec().template().metadata().labels());
        assertEquals(
                9090,
                deployment
                        .spec()
                        .template()
                        .spec()
                        .containers()
                        .get(0)
                        .ports()
                        .get(0)
                        .containerPort());
        assertEquals(2, deployment.spec().replicas());
    }
}
