package dev.informer.codegen;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.TypeParameterElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;
import org.jspecify.annotations.Nullable;

/**
 * Writes {@code <Record>BuilderBase} for every record annotated {@link GenerateBuilder}: one field
 * and one setter per record component, {@code from(record)} for {@code toBuilder()}, and {@code
 * build()}. The record's nested {@code Builder} extends it.
 *
 * <p>Per component type:
 *
 * <ul>
 *   <li>{@code List<E>}: {@code name(List)} replaces ({@code null} clears), {@code addSingular(E)}
 *       appends;
 *   <li>{@code Map<K, V>}: {@code name(Map)} replaces, {@code singular(K, V)} puts one entry
 *       ({@code labels} gives {@code label}; a name not ending in {@code s} keeps its name);
 *   <li>{@code JsonNode}: the setter keeps a deep copy;
 *   <li>the {@code unknownFields} map: {@code unknownField(name, value)} sets (a {@code null}
 *       value removes) a deep copy, {@code unknownFields(Map)} replaces with deep copies;
 *   <li>anything else: a plain setter.
 * </ul>
 *
 * <p>Nullness: a scalar setter's parameter is {@code @Nullable} when the component is (JSpecify's
 * {@code @Nullable}, or any annotation of that simple name); list, map and unknown-field setters
 * take {@code null}; the builder's scalar fields are {@code @Nullable} (unset). Types are written
 * fully qualified with the annotation next to the simple name ({@code java.lang.@Nullable
 * String}). A record nested in a class is referred to through it ({@code Outer.Inner}); its base
 * is still {@code InnerBuilderBase}, top-level in the package.
 *
 * <p>Options and services ({@link GenerateBuilder#checked()}, {@link GenerateBuilder#builder()}):
 * setters refuse {@code null} for components that are not {@code @Nullable} or are marked {@link
 * GenerateBuilder.NullUntilSet}, and pass the value through the record's {@code check<Name>(value)}
 * or the {@code (value, name)} method a {@link GenerateBuilder.Check} names; a service's builder
 * gets {@code settings()} instead of {@code build()}. A generic record's base has its type
 * variables.
 *
 * <p>Setter javadoc comes from the record's {@code @param} tags (the base has no imports: a link
 * there names a type of the package or is fully qualified). Builders are not thread-safe;
 * {@code build()} may be called more than once and each object is independent of the builder (the
 * record's canonical constructor makes the defensive copies).
 */
@SupportedAnnotationTypes("dev.informer.codegen.GenerateBuilder")
public final class BuilderProcessor extends CodegenProcessor {

    private static final String UNKNOWN_FIELDS = "unknownFields";
    private static final String JSON_NODE = "tools.jackson.databind.JsonNode";
    private static final String NULLABLE = "org.jspecify.annotations.Nullable";
    private static final String NULL_UNTIL_SET = GenerateBuilder.NullUntilSet.class.getCanonicalName();
    private static final String CHECK = GenerateBuilder.Check.class.getCanonicalName();

    // Records whose component types did not exist yet (another processor writes them this round):
    // retried in the next round, by name.
    private final Set<String> deferred = new LinkedHashSet<>();

    /** Made by javac through {@code -processor}. */
    public BuilderProcessor() {}

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        List<TypeElement> records = new ArrayList<>();
        for (String name : deferred) {
            TypeElement again = processingEnv.getElementUtils().getTypeElement(name);
            if (again != null) {
                records.add(again);
            }
        }
        deferred.clear();
        for (TypeElement annotation : annotations) {
            for (Element element : round.getElementsAnnotatedWith(annotation)) {
                if (element.getKind() != ElementKind.RECORD) {
                    error("@GenerateBuilder is for records only", element);
                } else {
                    records.add((TypeElement) element);
                }
            }
        }
        for (TypeElement record : records) {
            if (record.getRecordComponents().stream().anyMatch(c -> unresolved(c.asType()))) {
                // A component's type is written by a processor this round (a record of the model
                // spec): its name is not known yet. javac runs another round for the new sources.
                if (round.processingOver()) {
                    error(
                            "@GenerateBuilder: a component type of " + record.getQualifiedName() + " does not exist",
                            record);
                } else {
                    deferred.add(record.getQualifiedName().toString());
                }
                continue;
            }
            try {
                write(record);
            } catch (IOException e) {
                error("cannot write the builder: " + e, record);
            }
        }
        // Claims nothing: another processor may also read @GenerateBuilder.
        return false;
    }

    // Whether type, or a type argument or element type of it, is not (yet) known to javac.
    private static boolean unresolved(TypeMirror type) {
        if (type.getKind() == TypeKind.ERROR) {
            return true;
        }
        if (type instanceof DeclaredType declared) {
            return declared.getTypeArguments().stream().anyMatch(BuilderProcessor::unresolved);
        }
        if (type instanceof ArrayType array) {
            return unresolved(array.getComponentType());
        }
        return false;
    }

    private void write(TypeElement record) throws IOException {
        String pkg = processingEnv
                .getElementUtils()
                .getPackageOf(record)
                .getQualifiedName()
                .toString();
        // A nested record is named by its canonical name (Outer.Inner): its simple name is not in
        // scope in the top-level base class.
        String recordName = record.getQualifiedName().toString().substring(pkg.isEmpty() ? 0 : pkg.length() + 1);
        String typeVars = typeVariables(record, false);
        String recordType = recordName + typeVars;
        String baseName = record.getSimpleName() + "BuilderBase";
        Options options = options(record);
        String builder = options.builder().isEmpty() ? recordName + ".Builder" + typeVars : options.builder();
        Map<String, String> docs = paramDocs(processingEnv.getElementUtils().getDocComment(record), recordName);
        List<Component> components = new ArrayList<>();
        for (RecordComponentElement rc : record.getRecordComponents()) {
            String name = rc.getSimpleName().toString();
            components.add(new Component(
                    name,
                    rc.asType(),
                    isNullable(rc),
                    hasAnnotation(rc, NULL_UNTIL_SET),
                    options.checked(),
                    options.checked() ? checkMethod(record, rc) : null));
        }

        StringBuilder out = new StringBuilder();
        out.append("package ").append(pkg).append(";\n\n");
        out.append("/** The generated part of {@link ").append(erase(builder)).append("}: do not edit. */\n");
        out.append("@javax.annotation.processing.Generated(\"")
                .append(BuilderProcessor.class.getName())
                .append("\")\n");
        out.append("abstract class ")
                .append(baseName)
                .append(typeVariables(record, true))
                .append(" {\n");
        for (Component c : components) {
            if (c.isList()) {
                out.append("    private final java.util.List<")
                        .append(c.arg(0))
                        .append("> ")
                        .append(c.name)
                        .append(" = new java.util.ArrayList<>();\n");
            } else if (c.isMap()) {
                out.append("    private final java.util.Map<")
                        .append(c.arg(0))
                        .append(", ")
                        .append(c.arg(1))
                        .append("> ")
                        .append(c.name)
                        .append(" = new java.util.LinkedHashMap<>();\n");
            } else {
                // Unset until its setter is called, whatever the component's own nullness.
                out.append("    private ")
                        .append(c.source(!c.type.getKind().isPrimitive()))
                        .append(' ')
                        .append(c.name)
                        .append(";\n");
            }
        }
        out.append("\n    ").append(baseName).append("() {}\n\n");
        out.append("    @SuppressWarnings(\"unchecked\")\n");
        out.append("    private ").append(builder).append(" self() {\n");
        out.append("        return (").append(builder).append(") this;\n    }\n\n");

        out.append(
                "    /** Copies the fields of {@code source}; its JSON nodes are immutable, so they are shared. */\n");
        out.append("    final ")
                .append(builder)
                .append(" from(")
                .append(recordType)
                .append(" source) {\n");
        for (Component c : components) {
            if (c.isList() || c.isMap()) {
                out.append("        this.")
                        .append(c.name)
                        .append(".clear();\n        this.")
                        .append(c.name)
                        .append(c.isList() ? ".addAll(source." : ".putAll(source.")
                        .append(c.name)
                        .append("());\n");
            } else {
                out.append("        this.")
                        .append(c.name)
                        .append(" = source.")
                        .append(c.name)
                        .append("();\n");
            }
        }
        out.append("        return self();\n    }\n");

        for (Component c : components) {
            String doc = docs.getOrDefault(c.name, "");
            String what = doc.isEmpty() ? "" : ": " + doc;
            if (c.name.equals(UNKNOWN_FIELDS) && c.isMap() && !options.checked()) {
                unknownFieldSetters(out, builder);
            } else if (c.isList() || c.isMap()) {
                collectionSetters(out, builder, c, what, options.checked());
            } else {
                scalarSetter(out, builder, recordName, c, what);
            }
        }

        String made = "new " + recordName + (typeVars.isEmpty() ? "" : "<>") + "(";
        for (int i = 0; i < components.size(); i++) {
            made += (i == 0 ? "" : ", ") + components.get(i).name;
        }
        made += ")";
        if (options.builder().isEmpty()) {
            out.append("\n    /** A new {@link ").append(recordName).append("} of the fields set so far. */\n");
            out.append("    public ").append(recordType).append(" build() {\n");
        } else {
            out.append("\n    /** A new {@link ")
                    .append(recordName)
                    .append("} of the fields set so far, for the builder's own {@code build()}. */\n");
            out.append("    final ").append(recordType).append(" settings() {\n");
        }
        out.append("        return ").append(made).append(";\n    }\n}\n");

        try (Writer writer = processingEnv
                .getFiler()
                .createSourceFile(pkg + "." + baseName, record)
                .openWriter()) {
            writer.write(out.toString());
        }
    }

    private void scalarSetter(StringBuilder out, String builder, String recordName, Component c, String what) {
        // A JsonNode is mutable: the builder keeps a deep copy.
        boolean copy = c.isJsonNode();
        String value = c.name;
        boolean refusesNull = ((c.checked() && !c.nullable) || c.nullUntilSet)
                && !c.type.getKind().isPrimitive();
        boolean nullableParameter = c.nullable && !c.nullUntilSet;
        if (refusesNull) {
            value = "java.util.Objects.requireNonNull(" + value + ", \"" + c.name + "\")";
        }
        if (copy) {
            value = nullableParameter ? c.name + " == null ? null : " + c.name + ".deepCopy()" : value + ".deepCopy()";
        }
        if (c.check != null) {
            boolean named = c.check.getParameters().size() == 2;
            value = recordName + "." + c.check.getSimpleName() + "(" + value + (named ? ", \"" + c.name + "\"" : "")
                    + ")";
        }
        String doc = "Sets {@code " + c.name + "}" + what + (copy ? "; a deep copy is kept." : ".");
        method(
                out,
                doc + throwsTags(c),
                builder,
                c.name,
                c.source(nullableParameter) + " " + c.name,
                "this." + c.name + " = " + value + ";");
    }

    private void collectionSetters(StringBuilder out, String builder, Component c, String what, boolean checked) {
        String all = c.isList() ? ".addAll(" : ".putAll(";
        if (checked) {
            String each = c.isList()
                    ? c.name + ".forEach(e -> java.util.Objects.requireNonNull(e, \"" + c.name + " element\"));"
                    : c.name + ".forEach((k, v) -> {\n            java.util.Objects.requireNonNull(k, \"" + c.name
                            + " key\");\n            java.util.Objects.requireNonNull(v, \"" + c.name
                            + " value\");\n        });";
            method(
                    out,
                    "Replaces {@code " + c.name + "}" + what + ".",
                    builder,
                    c.name,
                    c.source(false) + " " + c.name,
                    "java.util.Objects.requireNonNull(" + c.name + ", \"" + c.name + "\");\n        " + each
                            + "\n        this." + c.name + ".clear();\n        this." + c.name + all + c.name + ");");
        } else {
            method(
                    out,
                    "Replaces {@code " + c.name + "}" + what + " ({@code null} clears it).",
                    builder,
                    c.name,
                    c.source(true) + " " + c.name,
                    "this." + c.name + ".clear();\n        if (" + c.name + " != null) {\n            this." + c.name
                            + all + c.name + ");\n        }");
        }
        oneElementSetter(out, builder, c, checked);
    }

    // The method that checks a component of a checked record: the one @Check names (static, value
    // and name), else check<Name> (static, one parameter), else none.
    private @Nullable ExecutableElement checkMethod(TypeElement record, RecordComponentElement rc) {
        String named = null;
        for (AnnotationMirror mirror : rc.getAnnotationMirrors()) {
            if (((TypeElement) mirror.getAnnotationType().asElement())
                    .getQualifiedName()
                    .contentEquals(CHECK)) {
                for (AnnotationValue v : mirror.getElementValues().values()) {
                    named = String.valueOf(v.getValue());
                }
            }
        }
        String name =
                named != null ? named : "check" + capitalize(rc.getSimpleName().toString());
        int parameters = named != null ? 2 : 1;
        for (Element member : record.getEnclosedElements()) {
            if (member.getKind() == ElementKind.METHOD
                    && member.getSimpleName().contentEquals(name)
                    && member.getModifiers().contains(Modifier.STATIC)
                    && ((ExecutableElement) member).getParameters().size() == parameters) {
                return (ExecutableElement) member;
            }
        }
        if (named != null) {
            error(
                    "@GenerateBuilder.Check(\"" + named + "\") on " + record.getSimpleName() + "." + rc.getSimpleName()
                            + ": the record has no static method " + named + "(value, String name)",
                    rc);
        }
        return null;
    }

    // The @throws tags of the component's check method, as javadoc lines to append.
    private String throwsTags(Component c) {
        if (c.check == null) {
            return "";
        }
        String comment = processingEnv.getElementUtils().getDocComment(c.check);
        if (comment == null) {
            return "";
        }
        List<String> tags = new ArrayList<>();
        StringBuilder current = null;
        for (String line : comment.split("\n", -1)) {
            String trimmed = line.trim();
            if (trimmed.startsWith("@")) {
                if (current != null) {
                    tags.add(current.toString().trim());
                }
                current = trimmed.startsWith("@throws ") ? new StringBuilder(trimmed) : null;
            } else if (current != null) {
                current.append(' ').append(trimmed);
            }
        }
        if (current != null) {
            tags.add(current.toString().trim());
        }
        return tags.isEmpty() ? "" : "\n     *\n     * " + String.join("\n     * ", tags);
    }

    private Options options(TypeElement record) {
        String builder = "";
        boolean checked = false;
        for (AnnotationMirror mirror : record.getAnnotationMirrors()) {
            TypeElement type = (TypeElement) mirror.getAnnotationType().asElement();
            if (!type.getQualifiedName().contentEquals(GenerateBuilder.class.getName())) {
                continue;
            }
            for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e :
                    mirror.getElementValues().entrySet()) {
                String key = e.getKey().getSimpleName().toString();
                if (key.equals("builder")) {
                    builder = String.valueOf(e.getValue().getValue()).trim();
                } else if (key.equals("checked")) {
                    checked = Boolean.TRUE.equals(e.getValue().getValue());
                }
            }
        }
        return new Options(builder, checked);
    }

    private record Options(String builder, boolean checked) {}

    // "<T>" (declaration: "<T extends Comparable<T>>") of a generic record; "" otherwise.
    private static String typeVariables(TypeElement record, boolean declaration) {
        List<? extends TypeParameterElement> params = record.getTypeParameters();
        if (params.isEmpty()) {
            return "";
        }
        StringBuilder text = new StringBuilder("<");
        for (int i = 0; i < params.size(); i++) {
            TypeParameterElement param = params.get(i);
            text.append(i == 0 ? "" : ", ").append(param.getSimpleName());
            if (declaration) {
                List<String> bounds = new ArrayList<>();
                for (TypeMirror bound : param.getBounds()) {
                    String b = source(bound, false);
                    if (!b.equals("java.lang.Object")) {
                        bounds.add(b);
                    }
                }
                if (!bounds.isEmpty()) {
                    text.append(" extends ").append(String.join(" & ", bounds));
                }
            }
        }
        return text.append('>').toString();
    }

    // "WorkQueue.Builder<T>" -> "WorkQueue.Builder", for a {@link}.
    private static String erase(String type) {
        int lt = type.indexOf('<');
        return lt < 0 ? type : type.substring(0, lt);
    }

    // addFinalizer(String) for a list, label(String, String) for a map.
    private static void oneElementSetter(StringBuilder out, String builder, Component c, boolean checked) {
        if (c.isList()) {
            String one = singular(c.name);
            String value = checked ? "java.util.Objects.requireNonNull(" + one + ", \"" + one + "\")" : one;
            method(
                    out,
                    "Appends one element to {@code " + c.name + "}.",
                    builder,
                    "add" + capitalize(one),
                    c.arg(0) + " " + one,
                    "this." + c.name + ".add(" + value + ");");
        } else {
            String key = checked ? "java.util.Objects.requireNonNull(key, \"key\")" : "key";
            String value = checked ? "java.util.Objects.requireNonNull(value, \"value\")" : "value";
            method(
                    out,
                    "Sets one entry of {@code " + c.name + "}.",
                    builder,
                    c.name.endsWith("s") ? singular(c.name) : c.name,
                    c.arg(0) + " key, " + c.arg(1) + " value",
                    "this." + c.name + ".put(" + key + ", " + value + ");");
        }
    }

    private static void unknownFieldSetters(StringBuilder out, String builder) {
        method(
                out,
                "Sets (or with {@code null} removes) one unknown field; a deep copy of {@code value} is kept.",
                builder,
                "unknownField",
                "String name, " + nullable(JSON_NODE) + " value",
                "if (value == null) {\n            unknownFields.remove(name);\n        } else {\n"
                        + "            unknownFields.put(name, value.deepCopy());\n        }");
        method(
                out,
                "Replaces all unknown fields with deep copies of {@code fields} ({@code null} clears them).",
                builder,
                UNKNOWN_FIELDS,
                nullable("java.util.Map") + "<String, " + JSON_NODE + "> fields",
                "unknownFields.clear();\n        if (fields != null) {\n            fields.forEach((name, value) ->"
                        + " unknownFields.put(name, value == null ? null : value.deepCopy()));\n        }");
    }

    // Not final: javac then writes public bridges of these methods into the public nested Builder,
    // so reflection (getMethod(...).invoke) works from any package, not only direct calls.
    private static void method(StringBuilder out, String doc, String returns, String name, String params, String body) {
        if (doc.contains("\n")) {
            out.append("\n    /**\n     * ").append(doc).append("\n     */\n");
        } else {
            out.append("\n    /** ").append(doc).append(" */\n");
        }
        out.append("    public ")
                .append(returns)
                .append(' ')
                .append(name)
                .append('(')
                .append(params);
        out.append(") {\n        ").append(body).append("\n        return self();\n    }\n");
    }

    /**
     * {@code labels} → {@code label}, {@code addresses} → {@code address}, {@code statuses} →
     * {@code status}, {@code categories} → {@code category}; a name ending in {@code ss} or {@code us}
     * ({@code ingress}, {@code status}) is already singular.
     */
    static String singular(String plural) {
        if (plural.endsWith("ss") || plural.endsWith("us")) {
            return plural;
        }
        if (plural.endsWith("sses") || plural.endsWith("uses") || plural.endsWith("xes")) {
            return plural.substring(0, plural.length() - 2);
        }
        if (plural.endsWith("ies")) {
            return plural.substring(0, plural.length() - 3) + "y";
        }
        if (plural.endsWith("s")) {
            return plural.substring(0, plural.length() - 1);
        }
        return plural;
    }

    private static String capitalize(String name) {
        return name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1);
    }

    // The @param texts of the record's javadoc, one line each, "#member" links made absolute.
    private static Map<String, String> paramDocs(String comment, String recordName) {
        Map<String, String> docs = new LinkedHashMap<>();
        if (comment == null) {
            return docs;
        }
        String current = null;
        StringBuilder text = new StringBuilder();
        for (String line : comment.split("\n", -1)) {
            String trimmed = line.trim();
            if (trimmed.startsWith("@")) {
                if (current != null) {
                    docs.put(current, clean(text.toString(), recordName));
                }
                current = null;
                text.setLength(0);
                if (trimmed.startsWith("@param ")) {
                    String rest = trimmed.substring("@param ".length()).trim();
                    int space = rest.indexOf(' ');
                    current = space < 0 ? rest : rest.substring(0, space);
                    text.append(space < 0 ? "" : rest.substring(space + 1));
                }
            } else if (current != null) {
                text.append(' ').append(trimmed);
            }
        }
        if (current != null) {
            docs.put(current, clean(text.toString(), recordName));
        }
        return docs;
    }

    private static String clean(String text, String recordName) {
        String one = text.trim().replaceAll("\\s+", " ");
        while (one.endsWith(".")) {
            one = one.substring(0, one.length() - 1);
        }
        return one.replace("{@link #", "{@link " + recordName + "#")
                .replace("{@linkplain #", "{@linkplain " + recordName + "#");
    }

    // A component is nullable when its type, its accessor's return type or the component itself
    // carries an annotation named Nullable (JSpecify's, or any other).
    private static boolean isNullable(RecordComponentElement rc) {
        List<AnnotationMirror> annotations = new ArrayList<>(rc.asType().getAnnotationMirrors());
        annotations.addAll(rc.getAnnotationMirrors());
        ExecutableElement accessor = rc.getAccessor();
        if (accessor != null) {
            annotations.addAll(accessor.getReturnType().getAnnotationMirrors());
        }
        for (AnnotationMirror annotation : annotations) {
            if (annotation.getAnnotationType().asElement().getSimpleName().contentEquals("Nullable")) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasAnnotation(RecordComponentElement rc, String qualifiedName) {
        return rc.getAnnotationMirrors().stream()
                .anyMatch(a -> ((TypeElement) a.getAnnotationType().asElement())
                        .getQualifiedName()
                        .contentEquals(qualifiedName));
    }

    // java.util.Map -> java.util.@Nullable Map: a type-use annotation goes next to the simple name.
    private static String nullable(String qualifiedName) {
        int dot = qualifiedName.lastIndexOf('.');
        return qualifiedName.substring(0, dot + 1) + "@" + NULLABLE + " " + qualifiedName.substring(dot + 1);
    }

    // The type as source text, without the annotations it was declared with (javac's toString()
    // would put a type-use annotation before a qualified name, which does not compile).
    private static String source(TypeMirror type, boolean nullable) {
        String annotation = "@" + NULLABLE + " ";
        return switch (type.getKind()) {
            case DECLARED -> {
                DeclaredType declared = (DeclaredType) type;
                String name =
                        ((TypeElement) declared.asElement()).getQualifiedName().toString();
                StringBuilder text = new StringBuilder(nullable ? nullable(name) : name);
                List<? extends TypeMirror> args = declared.getTypeArguments();
                for (int i = 0; i < args.size(); i++) {
                    text.append(i == 0 ? "<" : ", ").append(source(args.get(i), false));
                }
                yield args.isEmpty() ? text.toString() : text.append('>').toString();
            }
            case ARRAY ->
                source(((ArrayType) type).getComponentType(), false) + (nullable ? " " + annotation : "") + "[]";
            case WILDCARD -> wildcard((WildcardType) type);
            case TYPEVAR ->
                (nullable ? annotation : "") + ((TypeVariable) type).asElement().getSimpleName();
            default -> type.getKind().isPrimitive() ? type.getKind().name().toLowerCase(Locale.ROOT) : type.toString();
        };
    }

    private static String wildcard(WildcardType wildcard) {
        TypeMirror upper = wildcard.getExtendsBound();
        if (upper != null) {
            return "? extends " + source(upper, false);
        }
        TypeMirror lower = wildcard.getSuperBound();
        return lower == null ? "?" : "? super " + source(lower, false);
    }

    private static final class Component {
        final String name;
        final TypeMirror type;
        final boolean nullable;
        final boolean nullUntilSet;
        final @Nullable ExecutableElement check;
        private final boolean checked;

        Component(
                String name,
                TypeMirror type,
                boolean nullable,
                boolean nullUntilSet,
                boolean checked,
                @Nullable ExecutableElement check) {
            this.name = name;
            this.type = type;
            this.nullable = nullable;
            this.nullUntilSet = nullUntilSet;
            this.checked = checked;
            this.check = check;
        }

        boolean checked() {
            return checked;
        }

        boolean isList() {
            return erasure().equals("java.util.List");
        }

        boolean isMap() {
            return erasure().equals("java.util.Map");
        }

        boolean isJsonNode() {
            return erasure().equals(JSON_NODE);
        }

        String source(boolean asNullable) {
            return BuilderProcessor.source(type, asNullable && !type.getKind().isPrimitive());
        }

        String arg(int i) {
            return BuilderProcessor.source(
                    ((DeclaredType) type).getTypeArguments().get(i), false);
        }

        private String erasure() {
            if (type.getKind() != TypeKind.DECLARED) {
                return type.getKind().name();
            }
            return ((TypeElement) ((DeclaredType) type).asElement())
                    .getQualifiedName()
                    .toString();
        }
    }
}
