package dev.informer.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The processor, run by javac on small records. */
class BuilderProcessorTest {

    private static final String THING =
            """
            package p;

            import dev.informer.codegen.GenerateBuilder;
            import java.util.List;
            import java.util.Map;

            /**
             * A thing.
             *
             * @param name the name, see {@link #labels()}
             * @param addresses where it is
             * @param labels labels,
             *     for selection.
             */
            @GenerateBuilder
            public record Thing(String name, List<String> addresses, Map<String, String> labels) {
                public Thing {
                    addresses = List.copyOf(addresses);
                    labels = Map.copyOf(labels);
                }

                public static Builder builder() {
                    return new Builder();
                }

                public Builder toBuilder() {
                    return new Builder().from(this);
                }

                public static final class Builder extends ThingBuilderBase {
                    private Builder() {}
                }
            }
            """;

    @TempDir
    Path dir;

    private record Compiled(boolean success, String diagnostics) {}

    private Compiled compile(String className, String source) throws IOException {
        Path src = dir.resolve("src/p/" + className + ".java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, source, StandardCharsets.UTF_8);
        Files.createDirectories(dir.resolve("out"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8)) {
            JavaCompiler.CompilationTask task = javac.getTask(
                    new StringWriter(),
                    files,
                    diagnostics,
                    List.of(
                            "-d",
                            dir.resolve("out").toString(),
                            "-s",
                            dir.resolve("out").toString(),
                            "-classpath",
                            System.getProperty("java.class.path")),
                    null,
                    files.getJavaFileObjects(src));
            task.setProcessors(List.of(new BuilderProcessor()));
            boolean success = task.call();
            return new Compiled(success, diagnostics.getDiagnostics().toString());
        }
    }

    @Test
    void generatedBuilderSetsReplacesAndAppends() throws Exception {
        Compiled compiled = compile("Thing", THING);
        assertTrue(compiled.success(), compiled.diagnostics());

        try (URLClassLoader loader = new URLClassLoader(
                new URL[] {dir.resolve("out").toUri().toURL()}, getClass().getClassLoader())) {
            Class<?> thing = loader.loadClass("p.Thing");
            Object builder = thing.getMethod("builder").invoke(null);
            Class<?> builderType = builder.getClass();
            call(builderType, builder, "name", String.class, "a");
            call(builderType, builder, "addresses", List.class, List.of("x"));
            call(builderType, builder, "addAddress", String.class, "y");
            call(builderType, builder, "labels", Map.class, Map.of("k", "v"));
            Method label = builderType.getMethod("label", String.class, String.class);
            label.invoke(builder, "k2", "v2");
            Object built = builderType.getMethod("build").invoke(builder);

            assertEquals("a", thing.getMethod("name").invoke(built));
            assertEquals(List.of("x", "y"), thing.getMethod("addresses").invoke(built));
            assertEquals(Map.of("k", "v", "k2", "v2"), thing.getMethod("labels").invoke(built));
            Object copy = thing.getMethod("toBuilder").invoke(built);
            assertEquals(built, copy.getClass().getMethod("build").invoke(copy));
            call(builderType, copy, "labels", Map.class, null);
            Object cleared = copy.getClass().getMethod("build").invoke(copy);
            assertEquals(Map.of(), thing.getMethod("labels").invoke(cleared));
        }
    }

    @Test
    void setterJavadocComesFromTheRecordsParamTags() throws IOException {
        assertTrue(compile("Thing", THING).success());

        String generated = Files.readString(dir.resolve("out/p/ThingBuilderBase.java"));

        assertTrue(generated.contains("/** Sets {@code name}: the name, see {@link Thing#labels()}. */"), generated);
        assertTrue(
                generated.contains("/** Replaces {@code labels}: labels, for selection ({@code null} clears it). */"),
                generated);
        assertTrue(generated.contains("/** Appends one element to {@code addresses}. */"), generated);
    }

    @Test
    void annotationOnAClassIsAnErrorNamingTheRule() throws IOException {
        Compiled compiled = compile(
                "NotARecord", "package p;\n@dev.informer.codegen.GenerateBuilder\npublic class NotARecord {}\n");

        assertFalse(compiled.success());
        assertTrue(compiled.diagnostics().contains("@GenerateBuilder is for records only"), compiled.diagnostics());
    }

    @Test
    void singularNamesOfListsAndMaps() {
        assertEquals("label", BuilderProcessor.singular("labels"));
        assertEquals("address", BuilderProcessor.singular("addresses"));
        assertEquals("containerStatus", BuilderProcessor.singular("containerStatuses"));
        assertEquals("category", BuilderProcessor.singular("categories"));
        assertEquals("podIP", BuilderProcessor.singular("podIPs"));
        assertEquals("ingress", BuilderProcessor.singular("ingress"));
        assertEquals("status", BuilderProcessor.singular("status"));
    }

    private static void call(Class<?> type, Object target, String name, Class<?> parameter, Object value)
            throws ReflectiveOperationException {
        type.getMethod(name, parameter).invoke(target, value);
    }
}
