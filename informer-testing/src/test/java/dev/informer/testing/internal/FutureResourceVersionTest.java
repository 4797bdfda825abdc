package dev.informer.testing.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.testing.ResourceDefinition;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class FutureResourceVersionTest {
    private final ApiServerEngine engine = new ApiServerEngine(
            ResourceDefinition.builtIns(),
            100,
            Duration.ofSeconds(75),
            Duration.ofSeconds(60),
            Clock.systemUTC(),
            System::nanoTime,
            1,
            1000,
            Duration.ofSeconds(20));
    private final DirectAccess direct = new DirectAccess(engine);
    private final ResourceStore pods =
            engine.store(engine.registry().find("", "v1", "pods").orElseThrow());

    @Test
    void listForAFutureResourceVersionAnswersOnceAWriteReachesIt() throws Exception {
        long wanted = engine.currentRv() + 1;
        ListQuery o = ListQuery.parse(
                Map.of("resourceVersion", Long.toString(wanted), "resourceVersionMatch", "NotOlderThan"), false);
        CompletableFuture<ResourceStore.ListResult> list =
                CompletableFuture.supplyAsync(() -> pods.list("default", ObjectFilter.EVERYTHING, o));
        assertTrue(
                engine.awaitResourceVersionWaiters(1, Duration.ofSeconds(10)),
                "the list did not wait for the resourceVersion");
        direct.create(
                "pods",
                "default",
                "{\"metadata\":{\"name\":\"p\"},\"spec\":{\"containers\":[{\"name\":\"c\",\"image\":\"i\"}]}}");
        ResourceStore.ListResult result = list.get(10, TimeUnit.SECONDS);
        assertEquals(wanted, result.resourceVersion());
        assertEquals(1, result.items().size());
    }

    @Test
    void watchForAFutureResourceVersionStartsOnceAWriteReachesIt() throws Exception {
        long wanted = engine.currentRv() + 1;
        ListQuery o = ListQuery.parse(Map.of("watch", "true", "resourceVersion", Long.toString(wanted)), false);
        CompletableFuture<ServedWatch> watch =
                CompletableFuture.supplyAsync(() -> pods.openWatch("default", ObjectFilter.EVERYTHING, o));
        assertTrue(
                engine.awaitResourceVersionWaiters(1, Duration.ofSeconds(10)),
                "the watch did not wait for the resourceVersion");
        direct.create("configmaps", "default", "{\"metadata\":{\"name\":\"c\"}}");
        ServedWatch session = watch.get(10, TimeUnit.SECONDS);
        session.finished();
    }
}
