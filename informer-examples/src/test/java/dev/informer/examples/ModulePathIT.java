package dev.informer.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The examples as a JPMS application: {@code java --module-path <the unshaded examples jar and its
 * runtime dependencies> --module dev.informer.examples/...Main}, so a missing {@code requires}, an
 * {@code opens} that picocli or Jackson needs, or a split package fails here and not in a user's
 * modular application.
 */
class ModulePathIT {

    private static Path property(String name) {
        String value = System.getProperty(name);
        if (value == null) {
            throw new IllegalStateException(
                    "system property " + name + " is not set: run the ITs through Maven (failsafe)");
        }
        return Path.of(value);
    }

    private static List<Path> modulePath() throws IOException {
        List<Path> entries = new ArrayList<>();
        entries.add(property("examples.module.jar"));
        try (Stream<Path> jars = Files.list(property("examples.module.dependencies"))) {
            jars.filter(jar -> jar.toString().endsWith(".jar")).sorted().forEach(entries::add);
        }
        return entries;
    }

    @Test
    void everyLibraryModuleIsExplicitAndExportsNoInternalPackage() throws Exception {
        ModuleFinder finder = ModuleFinder.of(modulePath().toArray(Path[]::new));
        for (String name : List.of(
                "dev.informer.examples",
                "dev.informer.store",
                "dev.informer.core",
                "dev.informer.kubelet",
                "dev.informer.controller",
                "dev.informer.micrometer",
                "dev.informer.testing")) {
            ModuleDescriptor module = finder.find(name)
                    .orElseThrow(() -> new AssertionError(name + " is not on the module path"))
                    .descriptor();
            assertFalse(module.isAutomatic(), name + " has no module-info");
            List<String> openInternals = module.exports().stream()
                    .filter(export -> !export.isQualified() && export.source().endsWith(".internal"))
                    .map(ModuleDescriptor.Exports::source)
                    .toList();
            assertEquals(List.of(), openInternals, name + " exports internal packages to everyone");
        }
    }

    @Test
    void demoRunsOnTheModulePathAndExitsZero() throws Exception {
        String modulePath = modulePath().stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
        try (JarProcess demo = JarProcess.startJava(
                List.of("--module-path", modulePath, "--module", "dev.informer.examples/dev.informer.examples.Main"),
                "demo",
                "--duration",
                "2s",
                "--pods",
                "20",
                "--change-interval",
                "50ms")) {
            assertEquals(0, demo.awaitExit(Duration.ofSeconds(120)), demo.describe());
            String out = String.join("\n", demo.stdout());
            assertTrue(out.contains("synced: 20 pods"), "a sync line" + demo.describe());
            assertTrue(out.contains("ConfigMaps all match their pods"), demo.describe());
            // The WebApp part binds the example's own records with Jackson through the module's opens.
            assertTrue(out.contains("WebApp status: readyReplicas 2, Ready True"), demo.describe());
        }
    }
}
