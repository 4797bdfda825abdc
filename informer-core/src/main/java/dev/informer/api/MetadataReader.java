package dev.informer.api;

import dev.informer.api.internal.JsonMetadataReader;
import dev.informer.api.internal.ReflectiveMetadataReader;
import dev.informer.store.ObjectMetaAccessor;
import java.util.Map;
import java.util.Objects;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * Reads the metadata (namespace, name, resource version, uid, labels, annotations) of an object of
 * a model the library does not own, so that the store's key functions and indexes, the reflector
 * (resource versions, the streaming list's end bookmark) and the informer work on it ("bring your
 * own model"). {@link ResourceType#metadataAccessor()} turns it into the one metadata adapter every
 * component uses. The library's own types implement {@link ObjectMetaAccessor} and need no reader.
 *
 * <p>Implementations must be thread-safe and side-effect free; the returned view should be a
 * snapshot (the readers made here copy the fields, so a later change to a mutable model object does
 * not change a view already taken).
 *
 * @param <T> the model type
 */
@FunctionalInterface
public interface MetadataReader<T> {

    /**
     * The metadata of {@code object}.
     *
     * @throws IllegalArgumentException if the object has no readable metadata
     */
    ObjectMetaAccessor read(T object);

    /**
     * The reader the library picks for {@code type}: the object itself when {@code type}
     * implements {@link ObjectMetaAccessor}; the JSON path for {@link JsonNode} and {@link Map}
     * models; otherwise {@link #reflective(Class)}.
     *
     * @throws IllegalArgumentException if {@code type} is none of those and has no public {@code
     *     getMetadata()}/{@code metadata()} method or public {@code metadata} field
     */
    @SuppressWarnings("unchecked")
    static <T> MetadataReader<T> defaultFor(Class<T> type) {
        Objects.requireNonNull(type, "type");
        if (ObjectMetaAccessor.class.isAssignableFrom(type)) {
            return object -> (ObjectMetaAccessor) object;
        }
        if (JsonNode.class.isAssignableFrom(type) || Map.class.isAssignableFrom(type)) {
            return viaJson(ApiJson.mapper());
        }
        return reflective(type);
    }

    /**
     * A reader that calls the model's public {@code getMetadata()} (or {@code metadata()}, or the
     * public {@code metadata} field) and then, on the metadata object, {@code getName()}/{@code
     * name()}, {@code getNamespace()}, {@code getResourceVersion()}, {@code getUid()} and {@code
     * getLabels()}. The methods are looked up once per class; a missing one reads as {@code null}
     * (empty labels). Works for fabric8's and the official client's models and for plain records.
     *
     * @throws IllegalArgumentException if {@code type} has no metadata accessor
     */
    static <T> MetadataReader<T> reflective(Class<T> type) {
        return ReflectiveMetadataReader.of(type);
    }

    /**
     * A reader that turns the object into a JSON tree with {@code mapper} and reads {@code
     * metadata.name} and the rest from it. Works for any Jackson-mappable object, including {@link
     * JsonNode} and {@link Map}; for other types it serializes the whole object on every call, so
     * prefer {@link #reflective(Class)} when it applies.
     */
    static <T> MetadataReader<T> viaJson(ObjectMapper mapper) {
        return new JsonMetadataReader<>(mapper);
    }
}
