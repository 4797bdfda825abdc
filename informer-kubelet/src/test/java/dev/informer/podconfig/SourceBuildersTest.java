package dev.informer.podconfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The checks the file and HTTP source builders share (node name, period, manifest cap), each naming the
 * source it is about.
 */
class SourceBuildersTest {

    private static final URI URL = URI.create("http://127.0.0.1:1/pods");
    private final RecordingChannel channel = new RecordingChannel(ConfigSources.FILE);

    @Test
    void anEmptyNodeNameIsRefusedNamingTheSource() {
        IllegalArgumentException file =
                assertThrows(IllegalArgumentException.class, () -> FileSource.builder(Path.of("pods"), "", channel));
        IllegalArgumentException http =
                assertThrows(IllegalArgumentException.class, () -> HttpSource.builder(URL, "", channel));

        assertEquals("the file source needs a node name", file.getMessage());
        assertEquals("the http source needs a node name", http.getMessage());
    }

    @Test
    void aPeriodOrTimeoutThatIsNotPositiveIsRefusedNamingTheSource() {
        FileSource.Builder file = FileSource.builder(Path.of("pods"), "node-1", channel);
        HttpSource.Builder http = HttpSource.builder(URL, "node-1", channel);

        assertEquals(
                "file source period must be positive: PT0S",
                assertThrows(IllegalArgumentException.class, () -> file.period(Duration.ZERO))
                        .getMessage());
        assertEquals(
                "http source period must be positive: PT-1S",
                assertThrows(IllegalArgumentException.class, () -> http.period(Duration.ofSeconds(-1)))
                        .getMessage());
        assertEquals(
                "http source timeout must be positive: PT0S",
                assertThrows(IllegalArgumentException.class, () -> http.timeout(Duration.ZERO))
                        .getMessage());
    }

    @Test
    void aManifestCapOutsideOneByteToOneGibibyteIsRefusedByBothSources() {
        assertThrows(IllegalArgumentException.class, () -> FileSource.builder(Path.of("pods"), "node-1", channel)
                .maxManifestBytes(0));
        assertThrows(IllegalArgumentException.class, () -> HttpSource.builder(URL, "node-1", channel)
                .maxManifestBytes((1L << 30) + 1));
    }

    @Test
    void aNullNodeNameOrChannelIsRefusedByName() {
        assertEquals(
                "nodeName",
                assertThrows(NullPointerException.class, () -> FileSource.builder(Path.of("pods"), null, channel))
                        .getMessage());
        assertEquals(
                "channel",
                assertThrows(NullPointerException.class, () -> HttpSource.builder(URL, "node-1", null))
                        .getMessage());
    }
}
