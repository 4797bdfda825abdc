package dev.informer.examples.webapp;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The {@code spec} of a WebApp, bound with {@code GenericObject.spec(WebAppSpec.class)}. Immutable.
 *
 * @param image    the container image (required)
 * @param replicas how many pods (the CRD defaults it to 1)
 * @param port     the container port the Service exposes (the CRD defaults it to 8080)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WebAppSpec(String image, Integer replicas, Integer port) {

    /** The replicas, 1 when absent. */
    public int replicasOrDefault() {
        return replicas == null ? 1 : replicas;
    }

    /** The port, 8080 when absent. */
    public int portOrDefault() {
        return port == null ? 8080 : port;
    }
}
