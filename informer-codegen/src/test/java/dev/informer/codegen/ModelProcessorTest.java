package dev.informer.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The model processor, run by javac (with the builder processor) on small specs. */
class ModelProcessorTest {

    // What the generated records use from the model package: the same names as dev.informer.api's.
    private static final Map<String, String> SUPPORT = Map.of(
            "p/package-info.java",
            """
            @dev.informer.codegen.GenerateModel("widgets.yaml")
            package p;
            """,
            "p/KubernetesObject.java",
            """
            package p;

            public interface KubernetesObject {
                String apiVersion();

                String kind();

                Object metadata();
            }
            """,
            "p/internal/Interner.java",
            """
            package p.internal;

            public final class Interner {
                public static String intern(String s) {
                    return s == null ? null : s.intern();
                }
            }
            """,
            "p/internal/Immutables.java",
            """
            package p.internal;

            import java.util.*;

            public final class Immutables {
                public static <T> List<T> list(List<T> l) {
                    return l == null ? List.of() : List.copyOf(l);
                }

                public static <V> Map<String, V> map(Map<String, V> m) {
                    return m == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(m));
                }

                public static Map<String, String> internedMap(Map<String, String> m) {
                    return map(m);
                }

                public static <V> Map<String, V> unknownFields(Map<String, V> m) {
                    return map(m);
                }
            }
            """);

    private static final String WIDGETS =
            """
            # Two records: metadata and an object with a kind.
            Meta:
              doc: "The metadata of a widget."
              fields:
                name: {type: String, doc: "the name"}
                labels: {type: "Map<String, String>", intern: true, doc: "labels for selection"}
            Widget:
              doc: "A widget ({@code example/v1 Widget}).\\n\\n<p>Second paragraph."
              apiVersion: "example/v1"
              kind: "Widget"
              fields:
                apiVersion: {type: String, doc: "the API version"}
                kind: {type: String, doc: "the kind"}
                metadata: {type: Meta, doc: "the metadata"}
                size: {type: Integer, doc: "how large it is"}
                parts: {type: "List<String>", doc: "the parts, in order"}
            """;

    @TempDir
    Path dir;

    private record Compiled(boolean success, List<String> errors) {}

    private Compiled compile(String spec, boolean giveModelDir) throws IOException {
        return compile(spec, giveModelDir, Map.of());
    }

    private Compiled compile(String spec, boolean giveModelDir, Map<String, String> more) throws IOException {
        Path src = dir.resolve("src");
        List<Path> sources = new ArrayList<>();
        Map<String, String> all = new java.util.HashMap<>(SUPPORT);
        all.putAll(more);
        for (Map.Entry<String, String> e : all.entrySet()) {
            Path file = src.resolve(e.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, e.getValue(), StandardCharsets.UTF_8);
            sources.add(file);
        }
        Path model = dir.resolve("model");
        Files.createDirectories(model);
        Files.writeString(model.resolve("widgets.yaml"), spec, StandardCharsets.UTF_8);
        Path out = dir.resolve("out");
        Files.createDirectories(out);
        List<String> options = new ArrayList<>(List.of(
                "-d", out.toString(), "-s", out.toString(), "-classpath", System.getProperty("java.class.path")));
        if (giveModelDir) {
            options.add("-A" + ModelProcessor.MODEL_DIR + "=" + model);
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8)) {
            JavaCompiler.CompilationTask task = javac.getTask(
                    new StringWriter(), files, diagnostics, options, null, files.getJavaFileObjectsFromPaths(sources));
            task.setProcessors(List.of(new ModelProcessor(), new BuilderProcessor()));
            boolean success = task.call();
            List<String> errors = new ArrayList<>();
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                if (d.getKind() == Diagnostic.Kind.ERROR) {
                    errors.add(d.getMessage(null));
                }
            }
            return new Compiled(success, errors);
        }
    }

    @Test
    void specRecordsCompileWithTheirBuildersAndObjectsGetTheirTypeConstants() throws Exception {
        Compiled compiled = compile(WIDGETS, true);
        assertTrue(compiled.success(), compiled.errors().toString());
        try (URLClassLoader loader = new URLClassLoader(
                new URL[] {dir.resolve("out").toUri().toURL()}, getClass().getClassLoader())) {
            Class<?> widget = loader.loadClass("p.Widget");
            assertEquals("example/v1", widget.getField("API_VERSION").get(null));
            assertEquals("Widget", widget.getField("KIND").get(null));
            assertTrue(loader.loadClass("p.KubernetesObject").isAssignableFrom(widget));

            Object builder = widget.getMethod("builder").invoke(null);
            Class<?> builderType = builder.getClass();
            Method size = builderType.getMethod("size", Integer.class);
            size.setAccessible(true);
            size.invoke(builder, 3);
            Method addPart = builderType.getMethod("addPart", String.class);
            addPart.setAccessible(true);
            addPart.invoke(builder, "a");
            Method build = builderType.getMethod("build");
            build.setAccessible(true);
            Object built = build.invoke(builder);
            assertEquals("example/v1", widget.getMethod("apiVersion").invoke(built), "builder() presets the type");
            assertEquals("Widget", widget.getMethod("kind").invoke(built));
            assertEquals(3, widget.getMethod("size").invoke(built));
            List<?> parts = (List<?>) widget.getMethod("parts").invoke(built);
            assertEquals(List.of("a"), parts);
            assertThrows(UnsupportedOperationException.class, () -> parts.clear(), "collections are unmodifiable");
            assertEquals(Map.of(), widget.getMethod("unknownFields").invoke(built), "null unknown fields become empty");
        }
    }

    @Test
    void aHandWrittenRecordMayUseSpecRecordsAndStillGetsItsBuilder() throws Exception {
        // The builder processor meets Box in the first round, before the model processor's Meta
        // exists: it waits for the next round instead of writing an unknown type.
        String box =
                """
                package p;

                @dev.informer.codegen.GenerateBuilder
                public record Box(Meta meta, java.util.List<Meta> more) {
                    public static Builder builder() {
                        return new Builder();
                    }

                    public static final class Builder extends BoxBuilderBase {
                        private Builder() {}
                    }
                }
                """;
        Compiled compiled = compile(WIDGETS, true, Map.of("p/Box.java", box));
        assertTrue(compiled.success(), compiled.errors().toString());
        String base = Files.readString(dir.resolve("out/p/BoxBuilderBase.java"));
        assertTrue(base.contains("p.Meta meta"), base);
        assertTrue(base.contains("java.util.List<p.Meta> more"), base);
    }

    @Test
    void specDocsBecomeTheRecordsJavadocAndTheSettersDocs() throws IOException {
        assertTrue(compile(WIDGETS, true).success());
        String record = Files.readString(dir.resolve("out/p/Widget.java"));
        assertTrue(record.startsWith("// Written by dev.informer.codegen.ModelProcessor from widgets.yaml"), record);
        assertTrue(record.contains(" * A widget ({@code example/v1 Widget}).\n *\n * <p>Second paragraph.\n"), record);
        assertTrue(record.contains(" * @param parts the parts, in order\n"), record);
        assertTrue(record.contains("@Nullable Integer size,"), record);
        assertTrue(record.contains("@JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> parts,"), record);
        String meta = Files.readString(dir.resolve("out/p/Meta.java"));
        assertTrue(meta.contains("labels = Immutables.internedMap(labels);"), meta);
        assertFalse(meta.contains("implements"), "only objects with a kind are KubernetesObjects");
        String base = Files.readString(dir.resolve("out/p/WidgetBuilderBase.java"));
        assertTrue(base.contains("Sets {@code size}: how large it is."), base);
    }

    @Test
    void aMistakeInTheSpecIsOneCompileErrorNamingTheFileTheRecordAndTheKey() throws IOException {
        Compiled compiled = compile(WIDGETS.replace("size: {type: Integer,", "size: {tpye: Integer,"), true);
        assertFalse(compiled.success());
        assertEquals(1, compiled.errors().size(), compiled.errors().toString());
        String error = compiled.errors().get(0);
        assertTrue(
                error.contains("widgets.yaml: Widget.fields.size: unknown key tpye (known: doc, intern, type)"), error);
        assertFalse(error.contains("\n"), "one line: " + error);
    }

    @Test
    void withoutTheModelDirectoryOptionTheErrorSaysWhichOptionToGive() throws IOException {
        Compiled compiled = compile(WIDGETS, false);
        assertFalse(compiled.success());
        assertEquals(
                List.of("@GenerateModel(\"widgets.yaml\"): give javac -Ainformer.modelDir=<the spec's directory>"),
                compiled.errors());
    }

    @Test
    void specRulesAreCheckedWithOneLineNamingTheKey() {
        assertSpecError(
                "Widget: {doc: d, apiVersion: v1, fields: {a: {type: String, doc: x}}}",
                "f.yaml: Widget: apiVersion and kind go together");
        assertSpecError(
                "Widget: {doc: d, apiVersion: v1, kind: W, fields: {apiVersion: {type: String, doc: x}, kind: {type: String, doc: x}}}",
                "f.yaml: Widget.fields: an object with a kind needs the field metadata");
        assertSpecError(
                "W: {doc: d, fields: {n: {type: Integer, intern: true, doc: x}}}",
                "f.yaml: W.fields.n.intern: only a String");
        assertSpecError(
                "W: {doc: d, fields: {unknownFields: {type: String, doc: x}}}",
                "unknownFields is added to every record");
        assertSpecError(
                "W: {doc: d, fields: {n: {type: \"Set<String>\", doc: x}}}",
                "f.yaml: W.fields.n.type: expected a type name");
        assertSpecError("W: {doc: d, fields: {n: {type: String}}}", "f.yaml: W.fields.n: missing doc");
        assertSpecError(
                "W: {doc: \"a */ b\", fields: {n: {type: String, doc: x}}}", "f.yaml: W.doc: must not contain */");
        assertSpecError("W: {doc: d, fields: {}}", "f.yaml: W.fields: expected a mapping");
        assertSpecError(
                "w: {doc: d, fields: {n: {type: String, doc: x}}}",
                "f.yaml: w: a record name must be a Java type name");
        assertSpecError(
                "W: {doc: d, fields: {n: {type: String, doc: x}}}\nW: {doc: e, fields: {n: {type: String, doc: x}}}",
                "f.yaml: not valid YAML: Duplicate Object property \"W\"");
        assertSpecError("[1, 2]", "f.yaml: expected a mapping of record names to records");
    }

    @Test
    void specKeepsRecordAndFieldOrder() throws Exception {
        List<ModelSpec.Type> types = ModelSpec.parse("f.yaml", WIDGETS);
        assertEquals(
                List.of("Meta", "Widget"),
                types.stream().map(ModelSpec.Type::name).toList());
        assertEquals(
                List.of("apiVersion", "kind", "metadata", "size", "parts"),
                types.get(1).fields().stream().map(ModelSpec.Field::name).toList());
        assertEquals("Map<String, String>", types.get(0).fields().get(1).type());
    }

    private static void assertSpecError(String yaml, String expected) {
        ModelSpec.SpecException e = assertThrows(ModelSpec.SpecException.class, () -> ModelSpec.parse("f.yaml", yaml));
        assertTrue(String.valueOf(e.getMessage()).contains(expected), e.getMessage());
    }
}
