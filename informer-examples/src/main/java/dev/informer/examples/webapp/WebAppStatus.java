package dev.informer.examples.webapp;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.informer.api.Condition;
import java.util.List;

/**
 * The {@code status} of a WebApp, written through the status subresource. Immutable.
 *
 * @param readyReplicas the owned Deployment's ready replicas
 * @param conditions    one condition {@code Ready}: True once every desired replica is ready
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WebAppStatus(Integer readyReplicas, List<Condition> conditions) {

    public WebAppStatus {
        conditions = conditions == null ? List.of() : List.copyOf(conditions);
    }

    /** The condition of {@code type}, if present. */
    public java.util.Optional<Condition> condition(String type) {
        return conditions.stream().filter(c -> type.equals(c.type())).findFirst();
    }
}
