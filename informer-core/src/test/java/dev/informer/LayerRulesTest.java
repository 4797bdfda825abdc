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
     */
    @Test
    void everyExceptionExtendsTheInformerExceptionRoot() {
        classes()
                .that()
                .areAssignableTo(Throwable.class)
                .and()
                .doNotHaveFullyQualifiedName("dev.informer.client.internal.CredentialIOException")
                .should()
                .beAssignableTo(InformerException.class)
                .check(MAIN_CLASSES);
    }

    @Test
    void errorsPackageDependsOnNothingElseOfTheProject() {
        noClasses()
                .that()
                .resideInAPackage("dev.informer.errors..")
                .should()
                .dependOnClassesThat(
                        resideInAPackage("dev.informer..").and(not(resideInAPackage("dev.informer.errors.."))))
                .check(MAIN_CLASSES);
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
        noClasses()
                .that()
                .resideInAnyPackage("dev.informer.store..", "dev.informer.labels..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(ABOVE_STORE)
                .check(MAIN_CLASSES);
    }

    @Test
    void clockConcurrentAndWorkQueueDependOnlyOnTheEngineBelowThem() {
        noClasses()
                .that()
                .resideInAnyPackage("dev.informer.clock..", "dev.informer.concurrent..", "dev.informer.workqueue..")
                .should()
                .dependOnClassesThat(resideInAPackage("dev.informer..")
                        .and(not(resideInAnyPackage(
                                "dev.informer.clock..",
                                "dev.informer.concurrent..",
                                "dev.informer.workqueue..",
                                "dev.informer.errors..",
                                "dev.informer.store..",
                                "dev.informer.labels.."))))
                .check(MAIN_CLASSES);
    }

    @Test
    void watchEngineDependsOnNeitherTheModelNorTheClient() {
        noClasses()
                .that()
                .resideInAPackage("dev.informer.watch..")
                .should()
                .dependOnClassesThat(resideInAPackage("dev.informer..")
                        .and(not(resideInAnyPackage(
                                "dev.informer.watch..",
                                "dev.informer.clock..",
                                "dev.informer.concurrent..",
                                "dev.informer.errors..",
                                "dev.informer.store..",
                                "dev.informer.labels.."))))
                .check(MAIN_CLASSES);
    }

    @Test
    void cacheEngineDependsOnNeitherTheModelNorTheClient() {
        noClasses()
                .that()
                .resideInAPackage("dev.informer.cache..")
                .should()
                .dependOnClassesThat(resideInAPackage("dev.informer..")
                        .and(not(resideInAnyPackage(
                                "dev.informer.cache..",
                                "dev.informer.watch..",
                                "dev.informer.workqueue..",
                                "dev.informer.clock..",
                                "dev.informer.concurrent..",
                                "dev.informer.errors..",
                                "dev.informer.store..",
                                "dev.informer.labels.."))))
                .check(MAIN_CLASSES);
    }

    @Test
    void modelDependsOnlyOnTheEngine() {
        noClasses()
                .that()
                .resideInAPackage("dev.informer.api..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "dev.informer.cache..",
                        "dev.informer.client..",
                        "dev.informer.health..",
                        "dev.informer.leaderelection..",
                        "dev.informer.record..",
                        "dev.informer.testing..")
                .check(MAIN_CLASSES);
    }

    @Test
    void clientDependsOnlyOnTheModelAndTheEngine() {
        noClasses()
                .that()
                .resideInAPackage("dev.informer.client..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "dev.informer.health..",
                        "dev.informer.leaderelection..",
                        "dev.informer.record..",
                        "dev.informer.testing..")
                .check(MAIN_CLASSES);
    }

    @Test
    void eventRecorderSitsOnTheClientAndTheModelOnly() {
        noClasses()
                .that()
                .resideInAPackage("dev.informer.record..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "dev.informer.cache..",
                        "dev.informer.health..",
                        "dev.informer.leaderelection..",
                        "dev.informer.testing..")
                .check(MAIN_CLASSES);
    }

    @Test
    void embeddedServerDependsOnlyOnTheStore() {
        noClasses()
                .that()
                .resideInAPackage("dev.informer.testing..")
                .should()
                .dependOnClassesThat(resideInAPackage("dev.informer..")
                        .and(not(resideInAnyPackage(
                                "dev.informer.testing..",
                                "dev.informer.errors..",
                                "dev.informer.store..",
                                "dev.informer.labels.."))))
                .check(MAIN_CLASSES);
    }
}
