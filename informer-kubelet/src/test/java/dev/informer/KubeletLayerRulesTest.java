package dev.informer;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.informer.errors.InformerException;
import org.junit.jupiter.api.Test;

/**
 * The layer rules of informer-kubelet's main code against the modules below it (informer-store,
 * informer-core and the embedded server, all on this module's test class path): the kubelet pieces may
 * use the engine, the model and the client, nothing below depends on them, and they hold no package
 * cycle. informer-core's {@code LayerRulesTest} states the rules below this module.
 */
class KubeletLayerRulesTest {

    private static final JavaClasses MAIN_CLASSES = new ClassFileImporter()
            // Main classes only, whatever the build directory is called (CI also builds in target-jdk25/).
            .withImportOption(location -> !location.contains("/test-classes/"))
            .importPackages("dev.informer");

    @Test
    void importsTheMainClassesOfTheKubeletAndOfTheCore() {
        for (String pkg : new String[] {"dev.informer.podconfig", "dev.informer.podstatus", "dev.informer.cache"}) {
            if (!MAIN_CLASSES.containPackage(pkg)) {
                throw new AssertionError(
                        "no classes of " + pkg + " were imported; the rules below would pass vacuously");
            }
        }
    }

    /** Every exception type of the kubelet pieces extends the project's root, as below this module. */
    @Test
    void everyKubeletExceptionExtendsTheInformerExceptionRoot() {
        classes()
                .that()
                .areAssignableTo(Throwable.class)
                .and()
                .resideInAnyPackage("dev.informer.podconfig..", "dev.informer.podstatus..", "dev.informer.kubelet..")
                .should()
                .beAssignableTo(InformerException.class)
                .check(MAIN_CLASSES);
    }

    /** One builder style, as below this module: no public top-level {@code *Builder} class. */
    @Test
    void noPublicTopLevelKubeletClassIsABuilder() {
        noClasses()
                .that()
                .resideInAnyPackage("dev.informer.podconfig..", "dev.informer.podstatus..", "dev.informer.kubelet..")
                .and()
                .areTopLevelClasses()
                .and()
                .arePublic()
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
    void nothingBelowTheKubeletDependsOnIt() {
        noClasses()
                .that()
                .resideOutsideOfPackages(
                        "dev.informer.podconfig..", "dev.informer.podstatus..", "dev.informer.kubelet..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("dev.informer.podconfig..", "dev.informer.podstatus..", "dev.informer.kubelet..")
                .check(MAIN_CLASSES);
    }

    @Test
    void kubeletDoesNotDependOnTheEmbeddedServer() {
        noClasses()
                .that()
                .resideInAnyPackage("dev.informer.podconfig..", "dev.informer.podstatus..", "dev.informer.kubelet..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("dev.informer.testing..")
                .check(MAIN_CLASSES);
    }
}
