package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The committed schema data files are exactly what {@link SchemaGenerator} derives; with
 * {@code -Dschemas.write=true} the test rewrites them instead.
 */
class SchemaFilesTest {
    private static final Path DIR = Path.of("src/main/resources/dev/informer/testing/schemas");

    @Test
    void committedSchemaFilesAreWhatTheGeneratorDerives() throws Exception {
        Map<String, String> generated = SchemaGenerator.generate();
        if (Boolean.getBoolean("schemas.write")) {
            SchemaGenerator.main(new String[] {DIR.toString()});
        }
        for (Map.Entry<String, String> file : generated.entrySet()) {
            assertEquals(
                    file.getValue(),
                    Files.readString(DIR.resolve(file.getKey())),
                    file.getKey() + " differs from what SchemaGenerator derives; regenerate it (see SchemaGenerator)");
        }
        try (var listed = Files.list(DIR)) {
            assertEquals(generated.size(), listed.count(), "one file per group and no other");
        }
    }
}
