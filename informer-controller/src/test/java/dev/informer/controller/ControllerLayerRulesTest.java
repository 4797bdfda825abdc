package dev.informer.controller;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/**
 * Structure rules of informer-controller's main code, as informer-core's {@code LayerRulesTest} states
 * them below this module.
 */
class ControllerLayerRulesTest {

    private static final JavaClasses MAIN_CLASSES = new ClassFileImporter()
            // Main classes only, whatever the build directory is called (CI also builds in target-jdk25/).
            .withImportOption(location -> !location.contains("/test-classes/"))
            .importPackages("dev.informer.controller");

    @Test
    void importsTheMainClassesOfTheController() {
        if (!MAIN_CLASSES.contain(Manager.class)) {
            throw new AssertionError("the controller's main classes were not imported; the rules would pass vacuously");
        }
    }

    /** One builder style (docs/architecture.md): a controller is built by {@code Controller.Builder}. */
    @Test
    void noPublicTopLevelControllerClassIsABuilder() {
        noClasses()
                .that()
                .areTopLevelClasses()
                .and()
                .arePublic()
                .should()
                .haveSimpleNameEndingWith("Builder")
                .because("a builder is the nested Builder of the type it builds, made by its static builder(...)")
                .check(MAIN_CLASSES);
    }
}
