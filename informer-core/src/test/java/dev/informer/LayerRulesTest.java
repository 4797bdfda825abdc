package dev.informer;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.informer.errors.InformerException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layer rules of the main code of informer-store, informer-core and informer-testing (all on this
 * module's test class path): no package cycles, and the engine (store, labels, clock, concurrent,
 * watch, workqueue, cache) below the API model and the client, which binds the model to the engine. A back edge fails the build here, naming the
 * offending classes. {@code docs/architecture.md} describes the layers.
 */
class LayerRulesTest {

    private static final JavaClasses MAIN_CLASSES = new ClassFileImporter()
            // Main classes only, whatever the build directory is called (CI also builds in target-jdk25/).
            .withImportOption(location -> !location.contains("/test-classes/"))
            .importPackages("dev.informer");

    /** Packages outside the store module's two packages. */
    private static final String[] ABOVE_STORE = {
        "dev.informer.api..",
        "dev.informer.cache..",
        "dev.informer.client..",
        "dev.informer.clock..",
        "dev.informer.concurrent..",
        "dev.informer.health..",
        "dev.informer.leaderelection..",
        "dev.informer.record..",
        "dev.informer.testing..",
        "dev.informer.watch..",
        "dev.informer.workqueue.."
    };

    /** The bottom of the engine: the root error types and the store module. */
    private static final String[] ERRORS_AND_STORE = {
        "dev.informer.errors..", "dev.informer.store..", "dev.informer.labels.."
    };

    /** The engine's time and threads. */
    private static final String[] CLOCK_AND_THREADS = {"dev.informer.clock..", "dev.informer.concurrent.."};

    /** The packages of one layer, or of several layers below one. */
    private static String[] packages(String... packages) {
        return packages;
    }

    /** Checks that the classes of {@code layer} use no class of the project outside {@code layer} and {@code below}. */
    private static void assertDependsOnlyOn(String[] layer, String[]... below) {
        String[] allowed = Stream.concat(Stream.of(layer), Stream.of(below).flatMap(Stream::of))
                .toArray(String[]::new);
        noClasses()
                .that()
                .resideInAnyPackage(layer)
                .should()
                .dependOnClassesThat(resideInAPackage("dev.informer..").and(not(resideInAnyPackage(allowed))))
                .check(MAIN_CLASSES);
    }

    /** Checks that the classes of {@code layer} use no class of the {@code forbidden} packages. */
    private static void assertDependsOnNoneOf(String[] layer, String... forbidden) {
        noClasses()
                .that()
                .resideInAnyPackage(layer)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(forbidden)
                .check(MAIN_CLASSES);
    }

    @Test
    void importsTheMainClassesOfStoreCoreAndTheEmbeddedServer() {
        for (String pkg : new String[] {"dev.informer.store", "dev.informer.watch", "dev.informer.api"}) {
            if (!MAIN_CLASSES.containPackage(pkg)) {
                throw new AssertionError(
                        "no classes of " + pkg + " were imported; the rules below would pass vacuously");
            }
        }
    }

    /**
     * Every exception type extends the project's root. The one exception: an {@code IOException} the
     * HTTP client's credential interceptor must throw for OkHttp, unwrapped before it reaches a caller.
     * The build-time processors (informer-codegen) are no library code: their errors are compile
     * errors.
     */
    @Test
    void everyExceptionExtendsTheInformerExceptionRoot() {
        classes()
                .that()
                .areAssignableTo(Throwable.class)
                .and()
                .doNotHaveFullyQualifiedName("dev.informer.client.internal.CredentialIOException")
                .and()
                .resideOutsideOfPackage("dev.informer.codegen..")
                .should()
                .beAssignableTo(InformerException.class)
                .check(MAIN_CLASSES);
    }

    @Test
    void errorsPackageDependsOnNothingElseOfTheProject() {
        assertDependsOnlyOn(packages("dev.informer.errors.."));
    }

    /**
     * One builder style (docs/architecture.md, "Builders: one style"): a builder is the final nested
     * {@code Builder} of the type it builds, made by that type's static {@code builder(...)}, never a
     * top-level {@code *Builder} class. Annotation types (the code generator's {@code @GenerateBuilder})
     * are not builders.
     */
    @Test
    void noPublicTopLevelClassIsABuilder() {
        noClasses()
                .that()
                .areTopLevelClasses()
                .and()
                .arePublic()
                .and()
                .areNotAnnotations()
                .should()
                .haveSimpleNameEndingWith("Builder")
                .because("a builder is the nested Builder of the type it builds, made by its static builder(...)")
                .check(MAIN_CLASSES);
    }

    @Test
    void topLevelPackagesAreFreeOfCycles() {
        slices().matching("dev.informer.(*)..").should().beFreeOfCycles().check(MAIN_CLASSES);
    }

    @Test
    void storeAndLabelsDependOnNothingElseOfTheProject() {
        assertDependsOnNoneOf(packages("dev.informer.store..", "dev.informer.labels.."), ABOVE_STORE);
    }

    @Test
    void clockConcurrentAndWorkQueueDependOnlyOnTheEngineBelowThem() {
        assertDependsOnlyOn(
                packages("dev.informer.clock..", "dev.informer.concurrent..", "dev.informer.workqueue.."),
                ERRORS_AND_STORE);
    }

    @Test
    void watchEngineDependsOnNeitherTheModelNorTheClient() {
        assertDependsOnlyOn(packages("dev.informer.watch.."), CLOCK_AND_THREADS, ERRORS_AND_STORE);
    }

    @Test
    void cacheEngineDependsOnNeitherTheModelNorTheClient() {
        assertDependsOnlyOn(
                packages("dev.informer.cache.."),
                packages("dev.informer.watch..", "dev.informer.workqueue.."),
                CLOCK_AND_THREADS,
                ERRORS_AND_STORE);
    }

    @Test
    void modelDependsOnlyOnTheEngine() {
        assertDependsOnNoneOf(
                packages("dev.informer.api.."),
                "dev.informer.cache..",
                "dev.informer.client..",
                "dev.informer.health..",
                "dev.informer.leaderelection..",
                "dev.informer.record..",
                "dev.informer.testing..");
    }

    @Test
    void clientDependsOnlyOnTheModelAndTheEngine() {
        assertDependsOnNoneOf(
                packages("dev.informer.client.."),
                "dev.informer.health..",
                "dev.informer.leaderelection..",
                "dev.informer.record..",
                "dev.informer.testing..");
    }

    @Test
    void eventRecorderSitsOnTheClientAndTheModelOnly() {
        assertDependsOnNoneOf(
                packages("dev.informer.record.."),
                "dev.informer.cache..",
                "dev.informer.health..",
                "dev.informer.leaderelection..",
                "dev.informer.testing..");
    }

    @Test
    void embeddedServerDependsOnlyOnTheStore() {
        assertDependsOnlyOn(packages("dev.informer.testing.."), ERRORS_AND_STORE);
    }
}
