package dev.informer.controller;

import dev.informer.api.ApiJson;
import dev.informer.api.KubernetesObject;
import dev.informer.api.ObjectMeta;
import java.util.function.UnaryOperator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Copies an immutable model object with changed metadata, through its JSON form. */
final class ObjectCopies {

    private ObjectCopies() {}

    /**
     * A copy of {@code object} whose metadata is {@code change} applied to its metadata (an empty one
     * when it has none), of the same class.
     *
     * @throws IllegalArgumentException if the object's class does not read back from its JSON
     */
    @SuppressWarnings("unchecked")
    static <T extends KubernetesObject> T withMetadata(T object, UnaryOperator<ObjectMeta> change) {
        ObjectMeta current = object.metadata() != null
                ? object.metadata()
                : ObjectMeta.builder().build();
        ObjectMeta changed = change.apply(current);
        JsonNode tree = ApiJson.mapper().valueToTree(object);
        if (!(tree instanceof ObjectNode node)) {
            throw new IllegalArgumentException(object.getClass().getName() + " does not write a JSON object");
        }
        node.set("metadata", ApiJson.mapper().valueToTree(changed));
        return (T) ApiJson.mapper().treeToValue(node, object.getClass());
    }
}
