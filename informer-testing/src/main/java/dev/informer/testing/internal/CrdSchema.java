package dev.informer.testing.internal;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The structural schema of one served version of a CustomResourceDefinition
 * ({@code spec.versions[*].schema.openAPIV3Schema}), applied to custom resources the way
 * kube-apiserver's apiextensions code does on create and update: unknown fields are pruned (unless
 * {@code x-kubernetes-preserve-unknown-fields}), {@code default}s are filled in, then the object is
 * validated for {@code type}, {@code nullable}, {@code required}, {@code enum}, {@code pattern},
 * {@code minimum}/{@code maximum} (and their exclusive forms), {@code minLength}/{@code maxLength},
 * {@code minItems}/{@code maxItems}, {@code items}, {@code properties} and
 * {@code additionalProperties}. Field paths and messages follow kube's ({@code spec.replicas:
 * Invalid value: -1: spec.replicas in body should be greater than or equal to 0}).
 *
 * <p>{@code apiVersion}, {@code kind} and {@code metadata} at the root are never pruned nor
 * validated here (the server's object rules own them). CEL rules ({@code x-kubernetes-validations})
 * are not evaluated. Immutable and thread-safe (the schema tree is never modified; compiled
 * patterns are cached in a concurrent map).
 */
final class CrdSchema {
    private static final Set<String> ROOT_META = Set.of("apiVersion", "kind", "metadata");

    private final JsonNode root;
    private final Map<String, Pattern> patterns = new ConcurrentHashMap<>();

    /** @param root the openAPIV3Schema object (the caller must not modify it afterwards) */
    CrdSchema(JsonNode root) {
        this.root = root;
    }

    /** The schema as given in the CRD. */
    JsonNode root() {
        return root;
    }

    /** Prunes unknown fields and applies defaults, in place. */
    void pruneAndDefault(ObjectNode obj) {
        prune(obj, root, true);
        applyDefaults(obj, root);
    }

    /** The violations of the schema, in field order; empty when the object is valid. */
    List<Refusal.Cause> validate(ObjectNode obj) {
        List<Refusal.Cause> causes = new ArrayList<>();
        validateObjectFields(obj, root, "", causes, true);
        return causes;
    }

    /**
     * The fields pruning would drop, as kube names them for {@code fieldValidation}
     * ({@code spec.color}, {@code spec.items[0].x}), in document order.
     */
    List<String> unknownFields(JsonNode obj) {
        List<String> out = new ArrayList<>();
        collectUnknown(obj, root, "", true, out);
        return out;
    }

    /** The schema of field {@code name}: its property, else an object additionalProperties, else null. */
    private static @Nullable JsonNode fieldSchema(JsonNode props, @Nullable JsonNode additional, String name) {
        JsonNode sub = props.get(name);
        return sub == null && additional != null && additional.isObject() ? additional : sub;
    }

    private static void collectUnknown(JsonNode value, JsonNode schema, String path, boolean atRoot, List<String> out) {
        if (value instanceof ObjectNode o) {
            JsonNode props = schema.path("properties");
            JsonNode additional = schema.get("additionalProperties");
            boolean keepUnknown =
                    preserves(schema) || (additional != null && additional.isBoolean() && additional.asBoolean());
            for (Map.Entry<String, JsonNode> e : o.properties()) {
                if (atRoot && ROOT_META.contains(e.getKey())) {
                    continue;
                }
                JsonNode sub = fieldSchema(props, additional, e.getKey());
                if (sub != null) {
                    collectUnknown(e.getValue(), sub, child(path, e.getKey()), false, out);
                } else if (!keepUnknown) {
                    out.add(child(path, e.getKey()));
                }
            }
        } else if (value instanceof ArrayNode a) {
            JsonNode items = schema.get("items");
            if (items != null && items.isObject()) {
                for (int i = 0; i < a.size(); i++) {
                    collectUnknown(a.get(i), items, path + "[" + i + "]", false, out);
                }
            }
        }
    }

    // ---------------------------------------------------------------- pruning

    private static boolean preserves(JsonNode schema) {
        return schema.path("x-kubernetes-preserve-unknown-fields").asBoolean(false);
    }

    private static void prune(JsonNode value, JsonNode schema, boolean atRoot) {
        if (schema == null || schema.isMissingNode() || value == null) {
            return;
        }
        if (value instanceof ObjectNode o) {
            JsonNode props = schema.path("properties");
            JsonNode additional = schema.get("additionalProperties");
            boolean keepUnknown =
                    preserves(schema) || (additional != null && additional.isBoolean() && additional.asBoolean());
            Iterator<Map.Entry<String, JsonNode>> it = o.properties().iterator();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                if (atRoot && ROOT_META.contains(e.getKey())) {
                    continue;
                }
                JsonNode sub = props.get(e.getKey());
                if (sub != null) {
                    prune(e.getValue(), sub, false);
                } else if (additional != null && additional.isObject()) {
                    prune(e.getValue(), additional, false);
                } else if (!keepUnknown) {
                    it.remove();
                }
            }
        } else if (value instanceof ArrayNode a) {
            JsonNode items = schema.get("items");
            if (items != null && items.isObject()) {
                for (JsonNode el : a) {
                    prune(el, items, false);
                }
            }
        }
    }

    // ---------------------------------------------------------------- defaulting

    private static void applyDefaults(JsonNode value, JsonNode schema) {
        if (value instanceof ObjectNode o) {
            JsonNode props = schema.path("properties");
            for (Map.Entry<String, JsonNode> p : props.properties()) {
                JsonNode def = p.getValue().get("default");
                JsonNode current = o.get(p.getKey());
                boolean nullable = p.getValue().path("nullable").asBoolean(false);
                if (def != null && (current == null || (current.isNull() && !nullable))) {
                    o.set(p.getKey(), def.deepCopy());
                }
            }
            JsonNode additional = schema.get("additionalProperties");
            for (Map.Entry<String, JsonNode> e : o.properties()) {
                JsonNode sub = props.get(e.getKey());
                if (sub == null && additional != null && additional.isObject()) {
                    sub = additional;
                }
                if (sub != null) {
                    applyDefaults(e.getValue(), sub);
                }
            }
        } else if (value instanceof ArrayNode a) {
            JsonNode items = schema.get("items");
            if (items != null && items.isObject()) {
                for (JsonNode el : a) {
                    applyDefaults(el, items);
                }
            }
        }
    }

    // ---------------------------------------------------------------- validation

    private void validate(JsonNode value, JsonNode schema, String path, List<Refusal.Cause> out) {
        if (value.isNull()) {
            if (!schema.path("nullable").asBoolean(false) && schema.has("type")) {
                out.add(typeInvalid(path, value, schema.path("type").asString()));
            }
            return;
        }
        String type = schema.path("type").asString("");
        boolean intOrString = schema.path("x-kubernetes-int-or-string").asBoolean(false);
        if (intOrString) {
            if (!value.isIntegralNumber() && !value.isString()) {
                out.add(typeInvalid(path, value, "integer,string"));
                return;
            }
        } else if (!type.isEmpty() && !hasType(value, type)) {
            out.add(typeInvalid(path, value, type));
            return;
        }
        JsonNode en = schema.get("enum");
        if (en != null && en.isArray() && !contains(en, value)) {
            List<String> supported = new ArrayList<>();
            for (JsonNode e : en) {
                supported.add(e.isString() ? quote(e.asString()) : e.toString());
            }
            out.add(new Refusal.Cause(
                    "FieldValueNotSupported",
                    "Unsupported value: " + render(value) + ": supported values: " + String.join(", ", supported),
                    path));
        }
        if (value.isString()) {
            validateString(value.asString(), schema, path, out);
        } else if (value.isNumber()) {
            validateNumber(value, schema, path, out);
        } else if (value instanceof ArrayNode a) {
            validateArray(a, schema, path, out);
        } else if (value instanceof ObjectNode o) {
            validateObjectFields(o, schema, path, out, false);
        }
    }

    private void validateObjectFields(
            ObjectNode o, JsonNode schema, String path, List<Refusal.Cause> out, boolean atRoot) {
        JsonNode required = schema.get("required");
        if (required != null && required.isArray()) {
            for (JsonNode r : required) {
                String name = r.asString();
                if (!(atRoot && ROOT_META.contains(name)) && !o.has(name)) {
                    out.add(new Refusal.Cause("FieldValueRequired", "Required value", child(path, name)));
                }
            }
        }
        JsonNode props = schema.path("properties");
        JsonNode additional = schema.get("additionalProperties");
        for (Map.Entry<String, JsonNode> e : o.properties()) {
            if (atRoot && ROOT_META.contains(e.getKey())) {
                continue;
            }
            JsonNode sub = fieldSchema(props, additional, e.getKey());
            if (sub != null) {
                validate(e.getValue(), sub, child(path, e.getKey()), out);
            }
        }
    }

    private void validateString(String s, JsonNode schema, String path, List<Refusal.Cause> out) {
        int length = s.codePointCount(0, s.length());
        JsonNode max = schema.get("maxLength");
        if (max != null && max.isNumber() && length > max.asLong()) {
            out.add(new Refusal.Cause(
                    "FieldValueTooLong", "Too long: may not be more than " + max.asLong() + " bytes", path));
        }
        JsonNode min = schema.get("minLength");
        if (min != null && min.isNumber() && length < min.asLong()) {
            out.add(invalid(path, quote(s), path + " in body should be at least " + min.asLong() + " chars long"));
        }
        JsonNode pattern = schema.get("pattern");
        if (pattern != null && pattern.isString()) {
            Pattern p = compiled(pattern.asString());
            if (p != null && !p.matcher(s).find()) {
                out.add(invalid(path, quote(s), path + " in body should match '" + pattern.asString() + "'"));
            }
        }
    }

    private @Nullable Pattern compiled(String regex) {
        try {
            return patterns.computeIfAbsent(regex, Pattern::compile);
        } catch (PatternSyntaxException e) {
            return null; // refused when the CRD was created; never here
        }
    }

    private static void validateNumber(JsonNode n, JsonNode schema, String path, List<Refusal.Cause> out) {
        BigDecimal v = n.decimalValue();
        JsonNode max = schema.get("maximum");
        if (max != null && max.isNumber()) {
            boolean exclusive = schema.path("exclusiveMaximum").asBoolean(false);
            int c = v.compareTo(max.decimalValue());
            if (exclusive ? c >= 0 : c > 0) {
                out.add(invalid(
                        path,
                        n.toString(),
                        path + " in body should be less than " + (exclusive ? "" : "or equal to ") + number(max)));
            }
        }
        JsonNode min = schema.get("minimum");
        if (min != null && min.isNumber()) {
            boolean exclusive = schema.path("exclusiveMinimum").asBoolean(false);
            int c = v.compareTo(min.decimalValue());
            if (exclusive ? c <= 0 : c < 0) {
                out.add(invalid(
                        path,
                        n.toString(),
                        path + " in body should be greater than " + (exclusive ? "" : "or equal to ") + number(min)));
            }
        }
    }

    private void validateArray(ArrayNode a, JsonNode schema, String path, List<Refusal.Cause> out) {
        JsonNode max = schema.get("maxItems");
        if (max != null && max.isNumber() && a.size() > max.asLong()) {
            out.add(new Refusal.Cause(
                    "FieldValueTooMany",
                    "Too many: " + a.size() + ": must have at most " + max.asLong() + " items",
                    path));
        }
        JsonNode min = schema.get("minItems");
        if (min != null && min.isNumber() && a.size() < min.asLong()) {
            out.add(invalid(path, "array", path + " in body should have at least " + min.asLong() + " items"));
        }
        JsonNode items = schema.get("items");
        if (items != null && items.isObject()) {
            for (int i = 0; i < a.size(); i++) {
                validate(a.get(i), items, path + "[" + i + "]", out);
            }
        }
    }

    private static boolean hasType(JsonNode v, String type) {
        return switch (type) {
            case "object" -> v.isObject();
            case "array" -> v.isArray();
            case "string" -> v.isString();
            case "integer" ->
                v.isIntegralNumber()
                        || (v.isNumber()
                                && v.decimalValue().stripTrailingZeros().scale() <= 0);
            case "number" -> v.isNumber();
            case "boolean" -> v.isBoolean();
            default -> true;
        };
    }

    private static boolean contains(JsonNode en, JsonNode value) {
        for (JsonNode e : en) {
            if (e.equals(value)
                    || (e.isNumber() && value.isNumber() && e.decimalValue().compareTo(value.decimalValue()) == 0)) {
                return true;
            }
        }
        return false;
    }

    private static Refusal.Cause typeInvalid(String path, JsonNode value, String type) {
        return new Refusal.Cause(
                "FieldValueTypeInvalid",
                "Invalid value: " + render(value) + ": " + path + " in body must be of type " + type + ": "
                        + quote(actualType(value)),
                path);
    }

    private static Refusal.Cause invalid(String path, String renderedValue, String detail) {
        return new Refusal.Cause("FieldValueInvalid", "Invalid value: " + renderedValue + ": " + detail, path);
    }

    /** A value as kube's field errors print it: strings quoted, scalars as is, else the type name. */
    private static String render(JsonNode v) {
        if (v.isString()) {
            return quote(v.asString());
        }
        if (v.isNumber() || v.isBoolean()) {
            return v.toString();
        }
        return quote(actualType(v));
    }

    /** The OpenAPI type name of a value, as kube-openapi reports it. */
    private static String actualType(JsonNode v) {
        return v.isIntegralNumber() ? "integer" : JsonValues.typeName(v);
    }

    private static String number(JsonNode n) {
        BigDecimal d = n.decimalValue().stripTrailingZeros();
        return d.scale() <= 0 ? d.toBigInteger().toString() : d.toPlainString();
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static String child(String path, String name) {
        return path.isEmpty() ? name : path + "." + name;
    }
}
