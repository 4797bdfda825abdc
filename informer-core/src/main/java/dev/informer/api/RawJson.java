package dev.informer.api;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonEncoding;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonGeneratorBase;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * A JSON value kept as its compact UTF-8 text, for the fields the library never interprets and users
 * rarely read ({@code metadata.managedFields}, {@code spec.volumes}).
 *
 * <p>Why: a {@link JsonNode} tree of a Pod's {@code managedFields} retains about 7 KB for 1 KB of JSON
 * (a map per nested object); the bytes retain the 1 KB. Decoding captures the value's tokens straight
 * from the parser into bytes (no tree); writing copies the bytes to the output unchanged (a
 * read-then-write round trip is byte-identical for this value); {@link #node()} parses a tree on
 * demand.
 *
 * <p>Immutable and thread-safe. {@link #node()} returns a fresh tree on every call, owned by the
 * caller (mutating it does not change this value); it is not cached, so read it once if you need it
 * often. {@link #equals(Object)} and {@link #hashCode()} compare the bytes: two values are equal when
 * their compact JSON text is the same (so {@code {"a":1,"b":2}} and {@code {"b":2,"a":1}} differ,
 * as their wire form does). A JSON {@code null} field reads as a {@code null} {@code RawJson}, never
 * as a {@code RawJson} of {@code null}.
 */
@JsonSerialize(using = RawJson.Writer.class)
@JsonDeserialize(using = RawJson.Reader.class)
public final class RawJson {

    private final byte[] json;
    private int hash;

    private RawJson(byte[] json) {
        this.json = json;
    }

    /**
     * The compact JSON of {@code node}.
     *
     * @throws NullPointerException if {@code node} is {@code null} (a Java {@code null}; a JSON
     *     {@code null} node is allowed)
     */
    public static RawJson of(JsonNode node) {
        Objects.requireNonNull(node, "node");
        return new RawJson(ApiJson.mapper().writeValueAsBytes(node));
    }

    /**
     * Parses {@code json} (any JSON value) and keeps its compact form.
     *
     * @throws NullPointerException if {@code json} is {@code null}
     * @throws ApiJsonException     if {@code json} is not one well-formed JSON value
     */
    public static RawJson parse(String json) {
        Objects.requireNonNull(json, "json");
        try (JsonParser parser = ApiJson.mapper().createParser(json)) {
            if (parser.nextToken() == null) {
                throw new ApiJsonException("cannot read RawJson: no JSON value in \"" + json + "\"", null);
            }
            RawJson value = capture(parser);
            if (parser.nextToken() != null) {
                throw new ApiJsonException("cannot read RawJson: more than one JSON value in \"" + json + "\"", null);
            }
            return value;
        } catch (ApiJsonException e) {
            throw e;
        } catch (JacksonException e) {
            throw new ApiJsonException("cannot read RawJson from \"" + json + "\": " + e.getOriginalMessage(), e);
        }
    }

    /** The value as a new tree, owned by the caller. Parses the bytes on every call. */
    public JsonNode node() {
        return ApiJson.mapper().readTree(json);
    }

    /** The compact UTF-8 JSON text (a copy). */
    public byte[] bytes() {
        return json.clone();
    }

    /** The length of the compact UTF-8 JSON text in bytes. */
    public int length() {
        return json.length;
    }

    /** The compact JSON text. */
    @Override
    public String toString() {
        return new String(json, StandardCharsets.UTF_8);
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o == this || (o instanceof RawJson other && Arrays.equals(json, other.json));
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = Arrays.hashCode(json);
            hash = h;
        }
        return h;
    }

    /** Copies the value at the parser's current token (and its children) into a compact RawJson. */
    static RawJson capture(JsonParser parser) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(128);
        try (JsonGenerator generator = ApiJson.mapper()
                .tokenStreamFactory()
                .createGenerator(ObjectWriteContext.empty(), out, JsonEncoding.UTF8)) {
            generator.copyCurrentStructureExact(parser);
        }
        return new RawJson(out.toByteArray());
    }

    /** Jackson serializer: the bytes as they are into a JSON generator, token by token elsewhere. */
    static final class Writer extends ValueSerializer<RawJson> {
        @Override
        public void serialize(RawJson value, JsonGenerator gen, SerializationContext ctxt) {
            if (gen instanceof JsonGeneratorBase && gen.getPrettyPrinter() == null) {
                gen.writeRawValue(value.toString());
                return;
            }
            // A token buffer (valueToTree, convertValue), a pretty printer or another format: copy the
            // tokens so the receiver sees a structure, not an opaque raw string.
            try (JsonParser parser =
                    ApiJson.mapper().tokenStreamFactory().createParser(ObjectReadContext.empty(), value.json)) {
                parser.nextToken();
                gen.copyCurrentStructureExact(parser);
            }
        }
    }

    /** Jackson deserializer: captures the value's tokens into bytes (no tree). */
    static final class Reader extends ValueDeserializer<RawJson> {
        @Override
        public RawJson deserialize(JsonParser p, DeserializationContext ctxt) {
            if (p.currentToken() == JsonToken.PROPERTY_NAME) {
                p.nextToken();
            }
            return capture(p);
        }
    }
}
