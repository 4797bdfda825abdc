package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.JacksonIOException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.json.JsonMapper;

/**
 * The library's one JSON configuration (Jackson 3) and the reads and writes built on it.
 *
 * <p>The rules: reads never fail on unknown fields (the model's own types keep them in their
 * {@code unknownFields}, so a read-then-write round trip drops nothing; a user's class that does not
 * keep them simply ignores them, as Go's decoder does); {@code null} properties are not written;
 * properties are written in declaration order ({@code apiVersion, kind, metadata, spec, status}),
 * not alphabetically; a JSON {@code null} for a primitive reads as its default.
 *
 * <p>Thread-safe: Jackson 3 mappers are immutable. The stream methods read one value and close the
 * stream. Failures: {@link IOException} when the stream fails, {@link ApiJsonException} (naming the
 * class, position and path) when the JSON is malformed or does not bind.
 */
public final class ApiJson {

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .disable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .changeDefaultPropertyInclusion(inclusion -> inclusion.withValueInclusion(JsonInclude.Include.NON_NULL))
            .build();

    private ApiJson() {}

    /**
     * The configured mapper. Immutable; derive a variant with {@code mapper().rebuild()...build()}
     * (a variant should keep the rules above, or round trips may lose fields).
     */
    public static JsonMapper mapper() {
        return MAPPER;
    }

    /** The Jackson type of {@code ObjectList<T>} for {@code itemType}. */
    public static JavaType listType(Class<?> itemType) {
        return MAPPER.getTypeFactory().constructParametricType(ObjectList.class, itemType);
    }

    /**
     * Reads one object of {@code type} from {@code in}, then closes it.
     *
     * @throws IOException      if the stream fails
     * @throws ApiJsonException if the JSON is malformed, is {@code null} or does not bind to
     *     {@code type}'s class
     */
    public static <T> T readObject(InputStream in, ResourceType<T> type) throws IOException {
        return readValue(in, type.type());
    }

    /**
     * Reads one object of {@code type} from {@code json}.
     *
     * @throws ApiJsonException if the JSON is malformed, is {@code null} or does not bind to
     *     {@code type}'s class
     */
    public static <T> T readObject(byte[] json, ResourceType<T> type) {
        return readValue(json, type.type());
    }

    /**
     * Reads one object of {@code type} from {@code json}.
     *
     * @throws ApiJsonException if the JSON is malformed, is {@code null} or does not bind to
     *     {@code type}'s class
     */
    public static <T> T readObject(String json, ResourceType<T> type) {
        return readValue(json, type.type());
    }

    /**
     * Reads a list response ({@code <Kind>List}) of {@code type} from {@code in}, then closes it.
     *
     * @throws IOException      if the stream fails
     * @throws ApiJsonException if the JSON is malformed, is {@code null} or an item does not bind
     */
    public static <T> ObjectList<T> readList(InputStream in, ResourceType<T> type) throws IOException {
        Objects.requireNonNull(in, "in");
        ObjectReader reader = MAPPER.readerFor(listType(type.type()));
        try {
            return present(
                    reader.readValue(in), type.listKind() + " of " + type.type().getName());
        } catch (JacksonException e) {
            throw translate(e, type.listKind() + " of " + type.type().getName());
        }
    }

    /**
     * Reads a list response ({@code <Kind>List}) of {@code type} from {@code json}.
     *
     * @throws ApiJsonException if the JSON is malformed, is {@code null} or an item does not bind
     */
    public static <T> ObjectList<T> readList(byte[] json, ResourceType<T> type) {
        Objects.requireNonNull(json, "json");
        ObjectReader reader = MAPPER.readerFor(listType(type.type()));
        try {
            return present(
                    reader.readValue(json),
                    type.listKind() + " of " + type.type().getName());
        } catch (JacksonException e) {
            throw bindFailure(e, type.listKind() + " of " + type.type().getName());
        }
    }

    /**
     * Reads one value of {@code type} (for example a {@link Status}) from {@code in}, then closes it.
     *
     * @throws IOException      if the stream fails
     * @throws ApiJsonException if the JSON is malformed, is {@code null} or does not bind to {@code type}
     */
    public static <T> T readValue(InputStream in, Class<T> type) throws IOException {
        Objects.requireNonNull(in, "in");
        try {
            return present(MAPPER.readValue(in, type), type.getName());
        } catch (JacksonException e) {
            throw translate(e, type.getName());
        }
    }

    /**
     * Reads one value of {@code type} from {@code json}.
     *
     * @throws ApiJsonException if the JSON is malformed, is {@code null} or does not bind to {@code type}
     */
    public static <T> T readValue(byte[] json, Class<T> type) {
        Objects.requireNonNull(json, "json");
        try {
            return present(MAPPER.readValue(json, type), type.getName());
        } catch (JacksonException e) {
            throw bindFailure(e, type.getName());
        }
    }

    /**
     * Reads one value of {@code type} from {@code json}.
     *
     * @throws ApiJsonException if the JSON is malformed, is {@code null} or does not bind to {@code type}
     */
    public static <T> T readValue(String json, Class<T> type) {
        Objects.requireNonNull(json, "json");
        try {
            return present(MAPPER.readValue(json, type), type.getName());
        } catch (JacksonException e) {
            throw bindFailure(e, type.getName());
        }
    }

    /**
     * {@code value} as UTF-8 JSON bytes.
     *
     * @throws ApiJsonException if Jackson cannot serialize {@code value}'s class
     */
    public static byte[] write(Object value) {
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (JacksonException e) {
            throw writeFailure(e, value);
        }
    }

    /**
     * {@code value} as a JSON string.
     *
     * @throws ApiJsonException if Jackson cannot serialize {@code value}'s class
     */
    public static String writeString(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JacksonException e) {
            throw writeFailure(e, value);
        }
    }

    /**
     * Writes {@code value} as JSON to {@code out}; does not close it.
     *
     * @throws IOException      if the stream fails
     * @throws ApiJsonException if Jackson cannot serialize {@code value}'s class
     */
    public static void write(OutputStream out, Object value) throws IOException {
        Objects.requireNonNull(out, "out");
        try {
            MAPPER.writer().without(StreamWriteFeature.AUTO_CLOSE_TARGET).writeValue(out, value);
        } catch (JacksonIOException e) {
            throw e.getCause();
        } catch (JacksonException e) {
            throw writeFailure(e, value);
        }
    }

    // Binds a part of an object; target names it ("\"spec\" of CronTab ns/name as Spec").
    static <T> T treeToValue(JsonNode node, Class<T> type, String target) {
        try {
            return MAPPER.treeToValue(node, type);
        } catch (JacksonException e) {
            throw bindFailure(e, target);
        }
    }

    // A fresh tree of value (never shared with value when value is itself a tree).
    static JsonNode valueToTree(Object value) {
        if (value instanceof JsonNode node) {
            return node.deepCopy();
        }
        try {
            return MAPPER.valueToTree(value);
        } catch (JacksonException e) {
            throw writeFailure(e, value);
        }
    }

    // Jackson reads the document "null" as null: a caller asked for a value, so that is a failure.
    private static <T> T present(@Nullable T value, String target) {
        if (value == null) {
            throw new ApiJsonException("cannot read " + target + " from JSON: the document is null", null);
        }
        return value;
    }

    private static ApiJsonException writeFailure(JacksonException e, Object value) {
        return new ApiJsonException(
                "cannot write " + (value == null ? "null" : value.getClass().getName()) + " as JSON: "
                        + e.getOriginalMessage(),
                e);
    }

    // The stream variants: an I/O failure stays an IOException, everything else is a bind failure.
    private static ApiJsonException translate(JacksonException e, String target) throws IOException {
        if (e instanceof JacksonIOException io) {
            throw io.getCause();
        }
        return bindFailure(e, target);
    }

    private static ApiJsonException bindFailure(JacksonException e, String target) {
        StringBuilder message = new StringBuilder("cannot read ")
                .append(target)
                .append(" from JSON: ")
                .append(e.getOriginalMessage());
        String path = e.getPathReference();
        if (path != null && !path.isEmpty()) {
            message.append(" (path ").append(path).append(')');
        }
        if (e.getLocation() != null && !TokenStreamLocation.NA.equals(e.getLocation())) {
            message.append(" at line ")
                    .append(e.getLocation().getLineNr())
                    .append(", column ")
                    .append(e.getLocation().getColumnNr());
        }
        return new ApiJsonException(message.toString(), e);
    }
}
