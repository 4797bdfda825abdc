package dev.informer.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ConfigMap;
import dev.informer.api.ObjectMeta;
import dev.informer.api.ResourceType;
import dev.informer.clock.testing.FakeClock;
import dev.informer.errors.InformerException;
import dev.informer.testing.EmbeddedApiServer;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A refusal of the (embedded) API server reaches the caller as an {@link ApiException} under the
 * project's root {@link InformerException}, carrying the HTTP code and the server's own Status.
 */
class ApiExceptionFromServerTest {

    @TempDir
    static Path dir;

    private static EmbeddedApiServer server;
    private static KubernetesClient client;

    @BeforeAll
    static void start() {
        server = EmbeddedApiServer.builder().start();
        Path kubeconfig = server.kubeconfig(dir.resolve("kubeconfig"));
        ConfigEnvironment env =
                new ConfigEnvironment(Map.of("KUBECONFIG", kubeconfig.toString()), dir, dir, new FakeClock());
        client = KubernetesClient.create(ClientConfig.autoDetect(env));
    }

    @AfterAll
    static void stop() {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
    }

    private static ResourceClient<ConfigMap> configMaps() {
        return client.resource(ResourceType.CONFIGMAPS).inNamespace("default");
    }

    private static ConfigMap configMap(String name) {
        return ConfigMap.builder()
                .metadata(ObjectMeta.builder().name(name).namespace("default").build())
                .data(Map.of("k", "v"))
                .build();
    }

    /** Catches the failure as the root type, as a caller that handles every failure would. */
    private static StatusException refusal(Runnable call) {
        InformerException root = assertThrows(InformerException.class, call::run);
        ApiException api = assertInstanceOf(ApiException.class, root);
        return assertInstanceOf(StatusException.class, api);
    }

    @Test
    void getOfAMissingObjectIsA404CarryingTheServersNotFoundStatus() {
        StatusException e = refusal(() -> configMaps().get("missing"));

        assertEquals(404, e.code());
        assertEquals(404, e.status().code());
        assertEquals("NotFound", e.status().reason());
        assertTrue(e.status().message().contains("missing"), e.status().message());
        assertTrue(e.isNotFound());
    }

    @Test
    void createOfAnExistingNameIsA409CarryingTheServersAlreadyExistsStatus() {
        configMaps().create(configMap("taken"));

        StatusException e = refusal(() -> configMaps().create(configMap("taken")));

        assertEquals(409, e.code());
        assertEquals("AlreadyExists", e.status().reason());
        assertTrue(e.isAlreadyExists());
    }

    @Test
    void createWithAnInvalidNameIsA422CarryingTheServersInvalidStatus() {
        StatusException e = refusal(() -> configMaps().create(configMap("Not_A_DNS_Name")));

        assertEquals(422, e.code());
        assertEquals("Invalid", e.status().reason());
        assertTrue(e.isInvalid());
        assertTrue(e.getMessage().contains("Not_A_DNS_Name"), e.getMessage());
    }
}
