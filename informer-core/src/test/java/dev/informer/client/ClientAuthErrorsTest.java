package dev.informer.client;

import static dev.informer.client.MockApi.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ResourceType;
import dev.informer.clock.testing.FakeClock;
import dev.informer.testing.EmbeddedApiServer;
import dev.informer.watch.ListOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 401 and 403 name who sent the request: the kubeconfig user, context and file, the service account, or code. */
class ClientAuthErrorsTest {

    @TempDir
    Path dir;

    private EmbeddedApiServer server;
    private Path kubeconfig;
    private KubernetesClient client;

    @BeforeEach
    void start() {
        server = EmbeddedApiServer.builder().start();
        kubeconfig =
                server.kubeconfig(dir.resolve("kubeconfig")).toAbsolutePath().normalize();
        client = KubernetesClient.create(ClientConfig.fromKubeConfig(kubeconfig, "embedded"));
    }

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    private String who() {
        return "user 'embedded' (context 'embedded', kubeconfig " + kubeconfig + ")";
    }

    @Test
    void unauthorizedListNamesTheKubeconfigUserContextFileAndUrl() {
        server.faults().failNext(1, "list", "pods", 401);
        UnauthorizedException e = assertThrows(UnauthorizedException.class, () -> client.resource(ResourceType.PODS)
                .list(ListOptions.NONE));
        String url = server.url() + "/api/v1/namespaces/default/pods";
        assertTrue(
                e.getMessage()
                        .startsWith(
                                "401 Unauthorized from " + url + ": the credentials of " + who() + " were rejected"),
                e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e.isUnauthorized(), "the reason-based helper still holds");
        assertEquals(401, e.code());
        assertEquals("Unauthorized", e.status().reason(), "the server's Status is carried");
        assertEquals(ClientConfig.Origin.kubeConfig(kubeconfig, "embedded", "embedded"), e.origin());
    }

    @Test
    void forbiddenListNamesTheUserTheVerbTheResourceAndTheServersMessage() {
        server.faults().failNext(1, "list", "pods", 403);
        ForbiddenException e = assertThrows(ForbiddenException.class, () -> client.resource(ResourceType.PODS)
                .list(ListOptions.NONE));
        assertTrue(
                e.getMessage()
                        .startsWith("403 Forbidden from " + server.url() + "/api/v1/namespaces/default/pods: " + who()
                                + " may not list pods: " + e.status().message()),
                e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e.isForbidden());
        assertTrue(e instanceof StatusException, "still a StatusException for code that catches those");
    }

    @Test
    void forbiddenWatchAndGetNameTheirVerbs() {
        server.faults().failNext(1, "watch", "pods", 403);
        ForbiddenException watch = assertThrows(ForbiddenException.class, () -> client.resource(ResourceType.PODS)
                .watch(ListOptions.NONE));
        assertTrue(watch.getMessage().contains(who() + " may not watch pods:"), watch.getMessage());

        server.faults().failNext(1, "get", "configmaps", 403);
        ForbiddenException get = assertThrows(ForbiddenException.class, () -> client.resource(ResourceType.CONFIGMAPS)
                .get("settings"));
        assertTrue(get.getMessage().contains(who() + " may not get configmaps \"settings\":"), get.getMessage());
    }

    @Test
    void otherStatusesStayPlainStatusExceptions() {
        server.faults().failNext(1, "list", "pods", 500);
        StatusException e = assertThrows(
                StatusException.class, () -> client.resource(ResourceType.PODS).list(ListOptions.NONE));
        assertFalse(e instanceof UnauthorizedException || e instanceof ForbiddenException);
    }

    @Test
    void inClusterAndCodeConfiguredClientsAreNamedToo() throws IOException {
        try (MockWebServer mock = new MockWebServer()) {
            mock.start();
            mock.enqueue(status(401, "Unauthorized", "Unauthorized"));
            mock.enqueue(status(401, "Unauthorized", "Unauthorized"));
            try (KubernetesClient anonymous =
                    KubernetesClient.create(MockApi.config(mock).build())) {
                UnauthorizedException e = assertThrows(
                        UnauthorizedException.class,
                        () -> anonymous.resource(ResourceType.CONFIGMAPS).get("x"));
                assertTrue(
                        e.getMessage()
                                .endsWith(": the client configured in code sent no credentials, and the server "
                                        + "requires them"),
                        e.getMessage());
            }
            Path sa = Files.createDirectories(dir.resolve("sa"));
            Files.writeString(sa.resolve("token"), "sa-token");
            ConfigEnvironment env = new ConfigEnvironment(
                    Map.of("KUBERNETES_SERVICE_HOST", "127.0.0.1", "KUBERNETES_SERVICE_PORT", "1"),
                    dir,
                    sa,
                    new FakeClock());
            ClientConfig inCluster = ClientConfig.inCluster(env).toBuilder()
                    .server(mock.url("/").toString())
                    .build();
            assertEquals(ClientConfig.Origin.Kind.IN_CLUSTER, inCluster.origin().kind());
            try (KubernetesClient pod = KubernetesClient.create(inCluster)) {
                UnauthorizedException e =
                        assertThrows(UnauthorizedException.class, () -> pod.resource(ResourceType.CONFIGMAPS)
                                .get("x"));
                assertTrue(
                        e.getMessage()
                                .contains("the credentials of the pod's service account (token " + sa.resolve("token")
                                        + ") were rejected"),
                        e.getMessage());
            }
        }
    }
}
