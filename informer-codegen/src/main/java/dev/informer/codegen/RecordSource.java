package dev.informer.codegen;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The Java source of one model record: the record with its components and their JSON annotations,
 * the canonical constructor that makes collections unmodifiable and interns repeated strings,
 * {@code API_VERSION}/{@code KIND} for objects, {@code builder()}, {@code toBuilder()} and the
 * nested {@code Builder} over the {@link BuilderProcessor}'s base. docs/model.md states the rules
 * the source follows. Stateless.
 */
final class RecordSource {

    private static final int WIDTH = 100;
    private static final Pattern PARAGRAPH = Pattern.compile("\\n\\s*\\n");
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final String NOTE = "<p>Immutable value, safe to share between threads. Collection fields are never"
            + " {@code null} (absent and empty are the same on the wire, as with Go's {@code omitempty}) and are"
            + " written only when not empty; scalar fields are boxed and {@code null} when absent, so a"
            + " read-then-write round trip reproduces the input. Fields this model does not know are kept in"
            + " {@link #unknownFields()} and written back unchanged. The {@link JsonNode} values it holds are"
            + " owned by this object: do not mutate them (the builder copies what it is given).";

    private RecordSource() {}

    static String of(String pkg, String specFile, ModelSpec.Type type) {
        boolean anyList = false;
        boolean anyScalar = false;
        boolean anyInterner = type.isObject();
        boolean anyIntern = type.isObject();
        for (ModelSpec.Field f : type.fields()) {
            anyList |= f.isList();
            anyScalar |= !f.isCollection();
            anyInterner |= f.intern() && !f.isMap();
            anyIntern |= f.intern();
        }
        TreeSet<String> imports = new TreeSet<>(List.of(
                "com.fasterxml.jackson.annotation.JsonAnyGetter",
                "com.fasterxml.jackson.annotation.JsonAnySetter",
                "com.fasterxml.jackson.annotation.JsonInclude",
                pkg + ".internal.Immutables",
                "dev.informer.codegen.GenerateBuilder",
                "java.util.Map",
                "tools.jackson.databind.JsonNode"));
        if (anyInterner) {
            imports.add(pkg + ".internal.Interner");
        }
        if (anyList) {
            imports.add("java.util.List");
        }
        if (anyScalar) {
            imports.add("org.jspecify.annotations.Nullable");
        }
        List<String> implemented = new ArrayList<>();
        if (type.isObject()) {
            implemented.add("KubernetesObject");
        }
        for (String t : type.implementsTypes()) {
            int dot = t.lastIndexOf('.');
            if (dot >= 0) {
                imports.add(t);
            }
            implemented.add(t.substring(dot + 1));
        }

        StringBuilder out = new StringBuilder();
        out.append("// Written by ")
                .append(ModelProcessor.class.getName())
                .append(" from ")
                .append(specFile)
                .append(": edit the spec, not this file.\n");
        out.append("package ").append(pkg).append(";\n\n");
        for (String i : imports) {
            out.append("import ").append(i).append(";\n");
        }
        out.append("\n/**\n");
        for (String paragraph : PARAGRAPH.split(type.doc(), -1)) {
            javadoc(out, "", paragraph);
            out.append(" *\n");
        }
        javadoc(out, "", NOTE);
        out.append(" *\n");
        for (ModelSpec.Field f : type.fields()) {
            javadoc(out, "", "@param " + f.name() + " " + f.doc());
        }
        out.append(" * @param unknownFields the fields this model does not know, in wire order\n */\n");
        out.append("@JsonInclude(JsonInclude.Include.NON_NULL)\n@GenerateBuilder\n");
        out.append("public record ").append(type.name()).append("(\n");
        for (ModelSpec.Field f : type.fields()) {
            out.append("        ")
                    .append(f.isCollection() ? "@JsonInclude(JsonInclude.Include.NON_EMPTY) " : "@Nullable ")
                    .append(f.type())
                    .append(' ')
                    .append(f.name())
                    .append(",\n");
        }
        out.append("        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields)");
        if (!implemented.isEmpty()) {
            out.append("\n        implements ").append(String.join(", ", implemented));
        }
        out.append(" {\n\n");
        if (type.isObject()) {
            out.append("    /** The API version of this type. */\n    public static final String API_VERSION = ")
                    .append(literal(Objects.requireNonNull(type.apiVersion())))
                    .append(";\n    /** The kind of this type. */\n    public static final String KIND = ")
                    .append(literal(Objects.requireNonNull(type.kind())))
                    .append(";\n\n");
        }
        out.append("    /** Copies collections into unmodifiable ones ({@code null} becomes empty)")
                .append(anyIntern ? "; shares repeated strings. */\n" : ". */\n");
        out.append("    public ").append(type.name()).append(" {\n");
        for (ModelSpec.Field f : type.fields()) {
            String normalize = normalizer(type, f);
            if (normalize != null) {
                out.append("        ")
                        .append(f.name())
                        .append(" = ")
                        .append(normalize)
                        .append('(')
                        .append(f.name())
                        .append(");\n");
            }
        }
        out.append("        unknownFields = Immutables.unknownFields(unknownFields);\n    }\n\n");
        if (type.isObject()) {
            out.append(
                    """
                        /**
                         * A builder with {@code apiVersion} and {@code kind} preset to {@value #API_VERSION} / {@value
                         * #KIND}.
                         */
                        public static Builder builder() {
                            return new Builder().apiVersion(API_VERSION).kind(KIND);
                        }

                    """);
        } else {
            out.append(
                    """
                        /** An empty builder. */
                        public static Builder builder() {
                            return new Builder();
                        }

                    """);
        }
        out.append(
                """
                    /** A builder holding a copy of this object's fields. */
                    public Builder toBuilder() {
                        return new Builder().from(this);
                    }

                """);
        out.append("    /**\n");
        javadoc(
                out,
                "    ",
                "Builds a {@link " + type.name() + "}. Not thread-safe; {@code build()} may be called more than once"
                        + " and each object it returns is independent of the builder. The setters are generated"
                        + " from the record components (docs/model.md, \"Builders\").");
        out.append("     */\n    public static final class Builder extends ")
                .append(type.name())
                .append("BuilderBase {\n        private Builder() {}\n    }\n}\n");
        return out.toString();
    }

    private static @Nullable String normalizer(ModelSpec.Type type, ModelSpec.Field f) {
        if (f.isList()) {
            return "Immutables.list";
        }
        if (f.isMap()) {
            return f.intern() ? "Immutables.internedMap" : "Immutables.map";
        }
        boolean typeField =
                type.isObject() && (f.name().equals("apiVersion") || f.name().equals("kind"));
        return f.intern() || typeField ? "Interner.intern" : null;
    }

    /** Appends {@code text} as javadoc lines of at most {@value #WIDTH} columns. */
    private static void javadoc(StringBuilder out, String indent, String text) {
        String prefix = indent + " * ";
        StringBuilder line = new StringBuilder(prefix);
        for (String word : WHITESPACE.split(text.strip(), -1)) {
            if (line.length() > prefix.length() && line.length() + 1 + word.length() > WIDTH) {
                out.append(line).append('\n');
                line.setLength(0);
                line.append(prefix);
            }
            if (line.length() > prefix.length()) {
                line.append(' ');
            }
            line.append(word);
        }
        out.append(line).append('\n');
    }

    private static String literal(String value) {
        return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
