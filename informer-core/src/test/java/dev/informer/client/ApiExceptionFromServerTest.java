package dev.informer.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ConfigMap;
import dev.informer.api.ObjectMeta;
import dev.informer.api.ResourceType;
import dev.informer.errors.InformerException;
import dev.informer.testsupport.ServerAndClient;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * A refusal of the (embedded) API server reaches the caller as an {@link ApiException} under the
 * project's root {@link InformerException}, carrying the HTTP code and the server's own Status.
 */
class ApiExceptionFromServerTest {

    @AutoClose
    private static final ServerAndClient api = ServerAndClient.start();

    private static ResourceClient<ConfigMap> configMaps() {
        return api.client().resource(ResourceType.CONFIGMAPS).inNamespace("default");
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
