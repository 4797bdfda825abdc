package dev.informer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The library modules (informer-store, informer-core, informer-kubelet) as explicit JPMS modules:
 * resolved from a module path made of their classes and their runtime dependencies only, loaded in a
 * layer of their own and run, so a missing {@code requires}, a split package or a wrong export fails
 * here rather than in a user's modular application.
 */
class ModulePathTest {

    /** The class path entries that make up the libraries' module path: ours and their runtime dependencies. */
    private static final List<String> MODULE_PATH_ENTRIES = List.of(
            "informer-store",
            "informer-core",
            "informer-kubelet",
            "slf4j-api",
            "jackson-",
            "okhttp-jvm",
            "okio-jvm",
            "kotlin-stdlib",
            "annotations-",
            "snakeyaml-engine",
            "jspecify");

    private static ModuleLayer libraries() {
        Path[] modulePath = Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.contains("test-classes"))
                .filter(entry -> MODULE_PATH_ENTRIES.stream().anyMatch(entry::contains))
                .map(Path::of)
                .toArray(Path[]::new);
        ModuleFinder finder = ModuleFinder.of(modulePath);
        Configuration configuration =
                ModuleLayer.boot().configuration().resolve(finder, ModuleFinder.of(), Set.of("dev.informer.kubelet"));
        return ModuleLayer.boot().defineModulesWithOneLoader(configuration, ClassLoader.getPlatformClassLoader());
    }

    @Test
    void theLibrariesResolveAsModulesAndRunOnTheModulePath() throws Exception {
        ModuleLayer layer = libraries();
        Module core = layer.findModule("dev.informer.core").orElseThrow();
        assertFalse(core.getDescriptor().isAutomatic(), "informer-core has a module-info");
        assertTrue(layer.findModule("dev.informer.store").isPresent());

        ClassLoader loader = layer.findLoader("dev.informer.core");
        Class<?> clock = loader.loadClass("dev.informer.clock.Clock");
        assertEquals(core, clock.getModule());
        Object system = clock.getMethod("system").invoke(null);
        assertEquals(core, system.getClass().getModule(), "the system clock runs from the module layer");
        clock.getMethod("nanoTime").invoke(system);

        // Jackson binds the model's records through the module's opens.
        Class<?> apiJson = loader.loadClass("dev.informer.api.ApiJson");
        Class<?> objectMeta = loader.loadClass("dev.informer.api.ObjectMeta");
        Object meta = apiJson.getMethod("readValue", String.class, Class.class)
                .invoke(null, "{\"name\":\"web\",\"namespace\":\"team-a\"}", objectMeta);
        assertEquals("web", objectMeta.getMethod("name").invoke(meta));
    }

    @Test
    void internalPackagesAreNotExported() {
        ModuleLayer layer = libraries();
        Set<String> exported = Stream.of("dev.informer.store", "dev.informer.core", "dev.informer.kubelet")
                .map(name -> layer.findModule(name).orElseThrow().getDescriptor())
                .flatMap(descriptor -> descriptor.exports().stream())
                .filter(export -> !export.isQualified())
                .map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet());
        assertTrue(exported.contains("dev.informer.cache"), exported.toString());
        assertTrue(exported.contains("dev.informer.podconfig"), exported.toString());
        assertTrue(exported.stream().noneMatch(pkg -> pkg.endsWith(".internal")), exported.toString());
    }
}
