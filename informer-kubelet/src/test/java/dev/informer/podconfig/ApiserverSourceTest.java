package dev.informer.podconfig;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The apiserver source's hand-over to its channel. */
class ApiserverSourceTest {

    @Test
    void anUpdateAfterThePodConfigClosedIsDroppedRatherThanFailingTheReflectorsStore() {
        // A node agent closing its pod config before its sources: the reflector's store still pushes.
        PodConfig config = PodConfig.builder().build();
        SourceChannel<PodUpdate> channel = config.channel(ConfigSources.API);
        config.close();
        assertDoesNotThrow(() -> DefaultApiserverSource.send(channel, List.of(TestPods.pod("web", "default"))));
    }
}
