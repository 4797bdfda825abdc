package dev.informer.codegen;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * A model spec read from YAML: records by name, each with its doc, its optional {@code
 * apiVersion}/{@code kind}, the interfaces it implements and its fields in order. Parsing checks
 * every key; the first mistake is a {@link SpecException} naming the file, the record and the key.
 *
 * <p>Immutable once parsed; not part of any runtime.
 */
final class ModelSpec {

    private static final Pattern NAME = Pattern.compile("[A-Z][A-Za-z0-9]*");
    private static final Pattern FIELD = Pattern.compile("[a-z][A-Za-z0-9]*");
    private static final Pattern QUALIFIED = Pattern.compile("([a-z][a-z0-9_]*\\.)*[A-Z][A-Za-z0-9]*");
    private static final Pattern LIST = Pattern.compile("List<([A-Z][A-Za-z0-9]*)>");
    private static final Pattern MAP = Pattern.compile("Map<String, ?([A-Z][A-Za-z0-9]*)>");
    private static final Set<String> TYPE_KEYS = Set.of("doc", "apiVersion", "kind", "implements", "fields");
    private static final Set<String> FIELD_KEYS = Set.of("type", "doc", "intern");
    static final String UNKNOWN_FIELDS = "unknownFields";

    /** A record of the spec. */
    record Type(
            String name,
            String doc,
            @Nullable String apiVersion,
            @Nullable String kind,
            List<String> implementsTypes,
            List<Field> fields) {

        boolean isObject() {
            return kind != null;
        }
    }

    /** A record component: {@code type} as written ({@code String}, {@code List<Container>}, ...). */
    record Field(String name, String type, String doc, boolean intern) {

        boolean isList() {
            return type.startsWith("List<");
        }

        boolean isMap() {
            return type.startsWith("Map<");
        }

        boolean isCollection() {
            return isList() || isMap();
        }
    }

    /** A mistake in the spec; the message is one line naming the file and the key. */
    static final class SpecException extends Exception {
        private static final long serialVersionUID = 1L;

        SpecException(String message) {
            super(message);
        }
    }

    private ModelSpec() {}

    /** Parses {@code yaml}, read from {@code file} (named in errors). */
    static List<Type> parse(String file, String yaml) throws SpecException {
        JsonNode root;
        try {
            root = YAMLMapper.builder()
                    .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                    .build()
                    .readTree(yaml);
        } catch (JacksonException e) {
            throw new SpecException(file + ": not valid YAML: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject() || root.isEmpty()) {
            throw new SpecException(file + ": expected a mapping of record names to records");
        }
        List<Type> types = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : root.properties()) {
            types.add(type(file, e.getKey(), e.getValue()));
        }
        return List.copyOf(types);
    }

    private static Type type(String file, String name, JsonNode node) throws SpecException {
        String where = file + ": " + name;
        if (!NAME.matcher(name).matches()) {
            throw new SpecException(where + ": a record name must be a Java type name");
        }
        if (!node.isObject()) {
            throw new SpecException(where + ": expected a mapping with doc and fields");
        }
        checkKeys(where, node, TYPE_KEYS);
        String doc = required(where, node, "doc");
        String apiVersion = optional(where, node, "apiVersion");
        String kind = optional(where, node, "kind");
        if ((apiVersion == null) != (kind == null)) {
            throw new SpecException(where + ": apiVersion and kind go together");
        }
        List<String> impl = new ArrayList<>();
        JsonNode implNode = node.get("implements");
        if (implNode != null) {
            if (!implNode.isArray()) {
                throw new SpecException(where + ".implements: expected a list of type names");
            }
            for (JsonNode t : implNode) {
                if (!t.isString() || !QUALIFIED.matcher(t.asString()).matches()) {
                    throw new SpecException(where + ".implements: not a type name: " + t);
                }
                impl.add(t.asString());
            }
        }
        JsonNode fieldsNode = node.get("fields");
        if (fieldsNode == null || !fieldsNode.isObject() || fieldsNode.isEmpty()) {
            throw new SpecException(where + ".fields: expected a mapping of field names to fields");
        }
        List<Field> fields = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (Map.Entry<String, JsonNode> f : fieldsNode.properties()) {
            Field field = field(where + ".fields." + f.getKey(), f.getKey(), f.getValue());
            names.add(field.name());
            fields.add(field);
        }
        if (kind != null) {
            for (String required : List.of("apiVersion", "kind", "metadata")) {
                if (!names.contains(required)) {
                    throw new SpecException(where + ".fields: an object with a kind needs the field " + required);
                }
            }
        }
        return new Type(name, doc, apiVersion, kind, List.copyOf(impl), List.copyOf(fields));
    }

    private static Field field(String where, String name, JsonNode node) throws SpecException {
        if (!FIELD.matcher(name).matches()) {
            throw new SpecException(where + ": a field name must be a Java identifier starting lower-case");
        }
        if (name.equals(UNKNOWN_FIELDS)) {
            throw new SpecException(where + ": unknownFields is added to every record; do not list it");
        }
        if (!node.isObject()) {
            throw new SpecException(where + ": expected {type: ..., doc: ...}");
        }
        checkKeys(where, node, FIELD_KEYS);
        String type = required(where, node, "type");
        Matcher list = LIST.matcher(type);
        Matcher map = MAP.matcher(type);
        if (!NAME.matcher(type).matches() && !list.matches() && !map.matches()) {
            throw new SpecException(where + ".type: expected a type name, List<T> or Map<String, V>, not " + type);
        }
        if (map.matches()) {
            type = "Map<String, " + map.group(1) + ">";
        }
        JsonNode internNode = node.get("intern");
        boolean intern = false;
        if (internNode != null) {
            if (!internNode.isBoolean()) {
                throw new SpecException(where + ".intern: expected true or false");
            }
            intern = internNode.asBoolean();
            if (intern && !type.equals("String") && !type.equals("Map<String, String>")) {
                throw new SpecException(where + ".intern: only a String or a Map<String, String> is interned");
            }
        }
        return new Field(name, type, required(where, node, "doc"), intern);
    }

    private static void checkKeys(String where, JsonNode node, Set<String> allowed) throws SpecException {
        for (String key : node.propertyNames()) {
            if (!allowed.contains(key)) {
                throw new SpecException(
                        where + ": unknown key " + key + " (known: " + String.join(", ", sorted(allowed)) + ")");
            }
        }
    }

    private static List<String> sorted(Set<String> keys) {
        List<String> list = new ArrayList<>(keys);
        list.sort(null);
        return list;
    }

    private static String required(String where, JsonNode node, String key) throws SpecException {
        String text = optional(where, node, key);
        if (text == null) {
            throw new SpecException(where + ": missing " + key);
        }
        return text;
    }

    private static @Nullable String optional(String where, JsonNode node, String key) throws SpecException {
        JsonNode value = node.get(key);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isString() || value.asString().isBlank()) {
            throw new SpecException(where + "." + key + ": expected non-empty text");
        }
        String text = value.asString().strip();
        if (text.contains("*/")) {
            throw new SpecException(where + "." + key + ": must not contain */ (it ends the javadoc)");
        }
        return text;
    }
}
