package dev.informer.examples.webapp;

import dev.informer.api.CustomResourceDefinition;
import dev.informer.api.GenericObject;
import dev.informer.api.ResourceType;
import dev.informer.client.KubernetesClient;
import dev.informer.client.StatusException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The WebApp custom resource: its resource type, its CRD (shipped in the jar as {@value #CRD_RESOURCE}
 * and under {@code informer-examples/crds/webapp-crd.yaml}) and installing it. Stateless.
 */
public final class WebApps {

    /** The API group. */
    public static final String GROUP = "example.dev";

    /** The CRD's name. */
    public static final String CRD_NAME = "webapps." + GROUP;

    /** The jar resource holding the CRD. */
    public static final String CRD_RESOURCE = "/dev/informer/examples/webapp/webapp-crd.yaml";

    /** {@code example.dev/v1 webapps}, namespaced, as {@link GenericObject}s. */
    public static final ResourceType<GenericObject> WEBAPPS =
            ResourceType.generic(GROUP, "v1", "webapps", "WebApp", true);

    /** The field manager of every write of the controller. */
    public static final String FIELD_MANAGER = "webapp-controller";

    private WebApps() {}

    /** The CRD YAML from the jar. */
    public static String crdYaml() {
        try (InputStream in = WebApps.class.getResourceAsStream(CRD_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the jar lacks " + CRD_RESOURCE);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + CRD_RESOURCE + ": " + e.getMessage(), e);
        }
    }

    /**
     * Installs the CRD when the cluster does not have it (server-side apply with {@value
     * #FIELD_MANAGER}); an installed CRD is left as it is.
     *
     * @return whether it was installed now
     * @throws StatusException when the server refuses to read or create it (e.g. 403 without the RBAC)
     */
    public static boolean installCrdIfAbsent(KubernetesClient client) {
        if (find(() -> client.resource(ResourceType.CUSTOMRESOURCEDEFINITIONS).get(CRD_NAME))
                .isPresent()) {
            return false;
        }
        CustomResourceDefinition installed =
                client.resource(ResourceType.CUSTOMRESOURCEDEFINITIONS).apply(crdYaml(), FIELD_MANAGER, true);
        return installed != null;
    }

    /**
     * What {@code get} reads from the server, or empty when the server answers 404 Not Found.
     *
     * @throws StatusException for any other error status
     */
    public static <T> Optional<T> find(Supplier<T> get) {
        try {
            return Optional.of(get.get());
        } catch (StatusException e) {
            if (e.isNotFound()) {
                return Optional.empty();
            }
            throw e;
        }
    }
}
