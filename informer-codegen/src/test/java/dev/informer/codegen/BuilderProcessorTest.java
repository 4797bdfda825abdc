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
import java.time.Duration;
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
            """
                    + builderMembers("Thing")
                    + "}\n";

    private static final String NESTED =
            """
            package p;

            import dev.informer.codegen.GenerateBuilder;
            import java.util.List;

            public final class Outer {
                private Outer() {}

                @GenerateBuilder
                public record Inner(String name, List<String> tags) {
            """
                    + builderMembers("Inner")
                    + "}\n}\n";

    private static final String NULLABLE =
            """
            package p;

            import dev.informer.codegen.GenerateBuilder;
            import java.util.List;
            import org.jspecify.annotations.Nullable;

            @GenerateBuilder
            public record Named(String id, @Nullable String name, @Nullable Integer count, List<String> tags) {
            """
                    + builderMembers("Named")
                    + "}\n";

    private static final String TIMING =
            """
            package p;

            import dev.informer.codegen.GenerateBuilder;
            import java.time.Duration;
            import java.util.List;
            import java.util.Map;
            import org.jspecify.annotations.Nullable;

            /**
             * Options.
             *
             * @param period how often
             * @param label a label
             * @param count how many
             * @param tags tags
             * @param limits limits
             * @param owner required, checked by the caller of build()
             * @param timeout how long
             */
            @GenerateBuilder(checked = true)
            public record Timing(
                    Duration period,
                    @Nullable String label,
                    int count,
                    List<String> tags,
                    Map<String, Integer> limits,
                    @GenerateBuilder.NullUntilSet @Nullable String owner,
                    @GenerateBuilder.Check("positive") Duration timeout) {
                /**
                 * A rule two components share.
                 *
                 * @throws IllegalArgumentException if not positive
                 */
                static Duration positive(Duration value, String name) {
                    if (value.isNegative() || value.isZero()) {
                        throw new IllegalArgumentException(name + " must be positive: " + value);
                    }
                    return value;
                }

                /**
                 * Checks a period.
                 *
                 * @throws IllegalArgumentException if {@code period} is negative
                 */
                static Duration checkPeriod(Duration period) {
                    if (period.isNegative()) {
                        throw new IllegalArgumentException("period must not be negative: " + period);
                    }
                    return period;
                }

                static int checkCount(int count) {
                    if (count < 0) {
                        throw new IllegalArgumentException("count must not be negative: " + count);
                    }
                    return count;
                }
            """
                    + builderMembers("Timing")
                    + "}\n";

    // A generic service whose own builder extends the base of its settings record.
    private static final String SERVICE =
            """
            package p;

            import dev.informer.codegen.GenerateBuilder;
            import java.util.List;

            public final class Service<T extends Comparable<T>> {
                final Settings<T> settings;

                private Service(Settings<T> settings) {
                    this.settings = settings;
                }

                public Settings<T> settings() {
                    return settings;
                }

                public static <T extends Comparable<T>> Builder<T> builder() {
                    return new Builder<>();
                }

                /**
                 * The settings.
                 *
                 * @param name the name
                 * @param items the items
                 */
                @GenerateBuilder(builder = "Service.Builder<T>", checked = true)
                public record Settings<T extends Comparable<T>>(String name, List<T> items) {}

                public static final class Builder<T extends Comparable<T>> extends SettingsBuilderBase<T> {
                    private Builder() {
                        name("default");
                    }

                    public Service<T> build() {
                        return new Service<>(settings());
                    }
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

    // Compiles source (the test fails on a compile error) and loads its classes.
    private URLClassLoader compiledLoader(String className, String source) throws IOException {
        Compiled compiled = compile(className, source);
        assertTrue(compiled.success(), compiled.diagnostics());
        return new URLClassLoader(
                new URL[] {dir.resolve("out").toUri().toURL()}, getClass().getClassLoader());
    }

    // Compiles source and reads the base the processor wrote for record recordName.
    private String generatedBase(String recordName, String source) throws IOException {
        Compiled compiled = compile(recordName, source);
        assertTrue(compiled.success(), compiled.diagnostics());
        return Files.readString(dir.resolve("out/p/" + recordName + "BuilderBase.java"));
    }

    @Test
    void generatedBuilderSetsReplacesAndAppends() throws Exception {
        try (URLClassLoader loader = compiledLoader("Thing", THING)) {
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
        String generated = generatedBase("Thing", THING);

        assertContainsAll(
                generated,
                "/** Sets {@code name}: the name, see {@link Thing#labels()}. */",
                "/** Replaces {@code labels}: labels, for selection ({@code null} clears it). */",
                "/** Appends one element to {@code addresses}. */");
    }

    @Test
    void nestedRecordGetsABuilderNamedThroughItsEnclosingClass() throws Exception {
        try (URLClassLoader loader = compiledLoader("Outer", NESTED)) {
            Class<?> inner = loader.loadClass("p.Outer$Inner");
            Object builder = inner.getMethod("builder").invoke(null);
            call(builder.getClass(), builder, "name", String.class, "a");
            call(builder.getClass(), builder, "addTag", String.class, "t");
            Object built = builder.getClass().getMethod("build").invoke(builder);

            assertEquals("a", inner.getMethod("name").invoke(built));
            assertEquals(List.of("t"), inner.getMethod("tags").invoke(built));
        }
    }

    @Test
    void nullableComponentsGiveNullableSettersAndNonNullOnesStayNonNull() throws IOException {
        String generated = generatedBase("Named", NULLABLE);

        // A list setter takes null (it clears); the builder's scalar fields are null until set.
        assertContainsAll(
                generated,
                "name(java.lang.@org.jspecify.annotations.Nullable String name)",
                "count(java.lang.@org.jspecify.annotations.Nullable Integer count)",
                "id(java.lang.String id)",
                "tags(java.util.@org.jspecify.annotations.Nullable List<java.lang.String> tags)",
                "private java.lang.@org.jspecify.annotations.Nullable String id;");
    }

    @Test
    void checkedSettersRefuseNullAndPassTheValueThroughTheRecordsCheck() throws Exception {
        try (URLClassLoader loader = compiledLoader("Timing", TIMING)) {
            Class<?> timing = loader.loadClass("p.Timing");
            Object builder = timing.getMethod("builder").invoke(null);
            Class<?> type = builder.getClass();

            assertThrowsNamed(
                    NullPointerException.class, "period", () -> call(type, builder, "period", Duration.class, null));
            assertThrowsNamed(
                    IllegalArgumentException.class,
                    "period must not be negative: PT-1S",
                    () -> call(type, builder, "period", Duration.class, Duration.ofSeconds(-1)));
            assertThrowsNamed(
                    IllegalArgumentException.class,
                    "count must not be negative: -1",
                    () -> call(type, builder, "count", int.class, -1));
            assertThrowsNamed(
                    NullPointerException.class, "tag", () -> call(type, builder, "addTag", String.class, null));
            assertThrowsNamed(NullPointerException.class, "tags", () -> call(type, builder, "tags", List.class, null));
            assertThrowsNamed(
                    NullPointerException.class,
                    "tags element",
                    () -> call(type, builder, "tags", List.class, java.util.Arrays.asList("a", null)));
            Method limit = type.getMethod("limit", String.class, Integer.class);
            assertThrowsNamed(NullPointerException.class, "value", () -> limit.invoke(builder, "k", null));
            assertThrowsNamed(
                    NullPointerException.class, "owner", () -> call(type, builder, "owner", String.class, null));

            call(type, builder, "period", Duration.class, Duration.ofSeconds(2));
            call(type, builder, "label", String.class, null);
            call(type, builder, "count", int.class, 3);
            call(type, builder, "addTag", String.class, "t");
            limit.invoke(builder, "k", 1);
            Object built = type.getMethod("build").invoke(builder);

            assertEquals(Duration.ofSeconds(2), timing.getMethod("period").invoke(built));
            assertEquals(null, timing.getMethod("label").invoke(built));
            assertEquals(3, timing.getMethod("count").invoke(built));
            assertEquals(List.of("t"), timing.getMethod("tags").invoke(built));
            assertEquals(Map.of("k", 1), timing.getMethod("limits").invoke(built));
            assertEquals(null, timing.getMethod("owner").invoke(built), "null until set");
        }
    }

    @Test
    void checkedSetterJavadocTakesTheChecksThrowsTags() throws IOException {
        String generated = generatedBase("Timing", TIMING);

        assertContainsAll(
                generated,
                "     * Sets {@code period}: how often.\n     *\n"
                        + "     * @throws IllegalArgumentException if {@code period} is negative\n     */",
                "/** Sets {@code count}: how many. */",
                "     * Sets {@code timeout}: how long.\n     *\n"
                        + "     * @throws IllegalArgumentException if not positive\n     */",
                // Refuses null, so the parameter is not @Nullable although the component is.
                "public Timing.Builder owner(java.lang.String owner)",
                "public Timing.Builder label(java.lang.@org.jspecify.annotations.Nullable String label)");
    }

    @Test
    void aCheckNamingAMissingMethodIsAnErrorNamingTheComponent() throws IOException {
        Compiled compiled = compile(
                "Bad",
                "package p;\nimport dev.informer.codegen.GenerateBuilder;\n"
                        + "@GenerateBuilder(checked = true)\npublic record Bad(@GenerateBuilder.Check(\"positive\") int n) {"
                        + builderMembers("Bad") + "}\n");

        assertFalse(compiled.success());
        assertTrue(
                compiled.diagnostics()
                        .contains("@GenerateBuilder.Check(\"positive\") on Bad.n: the record has no static method"
                                + " positive(value, String name)"),
                compiled.diagnostics());
    }

    @Test
    void aServicesBuilderExtendsTheBaseOfItsGenericSettingsAndBuildsItself() throws Exception {
        try (URLClassLoader loader = compiledLoader("Service", SERVICE)) {
            Class<?> service = loader.loadClass("p.Service");
            Object builder = service.getMethod("builder").invoke(null);
            Class<?> type = builder.getClass();
            call(type, builder, "addItem", Comparable.class, "b");
            Object built = type.getMethod("build").invoke(builder);

            Object settings = service.getMethod("settings").invoke(built);
            assertEquals("default", settings.getClass().getMethod("name").invoke(settings));
            assertEquals(List.of("b"), settings.getClass().getMethod("items").invoke(settings));
            // No public build() of the settings record: the service's builder has the only one.
            assertEquals(service, type.getMethod("build").getReturnType());
        }
        String generated = Files.readString(dir.resolve("out/p/SettingsBuilderBase.java"));
        assertContainsAll(
                generated,
                "abstract class SettingsBuilderBase<T extends java.lang.Comparable<T>> {",
                "final Service.Settings<T> settings() {",
                "public Service.Builder<T> addItem(T item)");
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

    // What a record marked @GenerateBuilder declares itself (docs/model.md, "Builders").
    private static String builderMembers(String record) {
        return """
                public static Builder builder() {
                    return new Builder();
                }

                public Builder toBuilder() {
                    return new Builder().from(this);
                }

                public static final class Builder extends %sBuilderBase {
                    private Builder() {}
                }
            """
                .formatted(record);
    }

    private interface Call {
        void run() throws Exception;
    }

    // The call throws expected (directly or as the cause of reflection's wrapper) with that message.
    private static void assertThrowsNamed(Class<? extends Throwable> expected, String message, Call call) {
        Throwable caught = null;
        try {
            call.run();
        } catch (java.lang.reflect.InvocationTargetException e) {
            caught = e.getCause();
        } catch (Exception e) {
            caught = e;
        }
        Throwable thrown = caught;
        assertTrue(expected.isInstance(thrown), () -> "expected " + expected.getSimpleName() + ", got " + thrown);
        assertEquals(message, thrown.getMessage());
    }

    private static void assertContainsAll(String text, String... expected) {
        for (String part : expected) {
            assertTrue(text.contains(part), () -> "no \"" + part + "\" in\n" + text);
        }
    }

    private static void call(Class<?> type, Object target, String name, Class<?> parameter, Object value)
            throws ReflectiveOperationException {
        type.getMethod(name, parameter).invoke(target, value);
    }
}
