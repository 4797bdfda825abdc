package dev.informer.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.informer.api.ResourceType;
import dev.informer.cache.InformerOptions;
import dev.informer.cache.SharedIndexInformer;
import dev.informer.testsupport.ServerAndClient;
import java.time.Duration;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/** The factory's builder: its generated setters keep their checks, and a built factory is independent of it. */
class SharedInformerFactoryBuilderTest {

    @AutoClose
    private final ServerAndClient api = ServerAndClient.start();

    @Test
    void aBuiltFactoryKeepsTheNamespaceItWasBuiltWithWhenTheBuilderChangesLater() {
        SharedInformerFactory.Builder builder =
                SharedInformerFactory.builder(api.client()).namespace("team-a");
        try (SharedInformerFactory factory = builder.build()) {
            builder.namespace("team-b").stopGracePeriod(Duration.ofSeconds(1));

            SharedIndexInformer<?> pods = factory.informerFor(ResourceType.PODS);

            assertSame(pods, factory.informerFor(ResourceType.PODS, InformerOptions.inNamespace("team-a")));
        }
    }

    @Test
    void generatedSettersRefuseBadValuesWithTheMessagesOfTheHandWrittenOnes() {
        SharedInformerFactory.Builder builder = SharedInformerFactory.builder(api.client());

        assertEquals(
                "defaultResync must not be negative: PT-1S",
                assertThrows(IllegalArgumentException.class, () -> builder.defaultResync(Duration.ofSeconds(-1)))
                        .getMessage());
        assertEquals(
                "stopGracePeriod must not be negative: PT-1S",
                assertThrows(IllegalArgumentException.class, () -> builder.stopGracePeriod(Duration.ofSeconds(-1)))
                        .getMessage());
        assertEquals(
                "reflectorOptions",
                assertThrows(NullPointerException.class, () -> builder.reflectorOptions(null))
                        .getMessage());
    }

    @Test
    void theSettingsRecordRefusesWhatTheSettersRefuse() {
        SharedInformerFactorySettings defaults =
                SharedInformerFactory.builder(api.client()).settings();

        assertEquals(
                "stopGracePeriod must not be negative: PT-1S",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> new SharedInformerFactorySettings(
                                        defaults.defaultResync(),
                                        defaults.namespace(),
                                        defaults.clock(),
                                        defaults.dispatchMode(),
                                        defaults.reflectorOptions(),
                                        Duration.ofSeconds(-1),
                                        defaults.informerMetricsProvider()))
                        .getMessage());
    }
}
