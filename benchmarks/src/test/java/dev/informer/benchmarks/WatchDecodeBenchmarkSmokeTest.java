package dev.informer.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.informer.api.ApiJson;
import dev.informer.api.Pod;
import dev.informer.api.ResourceType;
import dev.informer.client.WatchDecoders;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Blackhole;
import tools.jackson.databind.JsonNode;

/** Runs the watch-decode benchmark methods once and checks what they decode, not how fast. */
class WatchDecodeBenchmarkSmokeTest {

    private static final Blackhole BLACKHOLE = new Blackhole(
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");

    @Test
    void everyVariantDecodesEveryEvent() throws IOException {
        WatchDecodeBenchmark bench = new WatchDecodeBenchmark();
        bench.events = 300;
        bench.setUp();

        assertEquals(300, bench.watchDecoder(BLACKHOLE));
        assertEquals(300, bench.jacksonDatabind(BLACKHOLE));
        assertEquals(300, bench.jacksonReadTree(BLACKHOLE));
    }

    @Test
    void recordedPodsAreRealisticAndDistinct() throws IOException {
        byte[] stream = WatchDecodeBenchmark.recordedStream(2);
        var decoder = WatchDecoders.json(new ByteArrayInputStream(stream), ResourceType.PODS);

        Pod first = decoder.decode().typedObject();
        Pod second = decoder.decode().typedObject();

        assertEquals(2, first.spec().containers().size());
        assertEquals(5, first.status().conditions().size());
        assertEquals(2, first.metadata().managedFields().node().size());
        assertFalse(first.spec().unknownFields().isEmpty(), "fields the model does not know are present");
        assertFalse(first.name().equals(second.name()));
        assertEquals(
                ApiJson.mapper().readTree(ApiJson.write(first)).get("spec"),
                ApiJson.mapper()
                        .readerFor(JsonNode.class)
                        .<JsonNode>readValues(stream)
                        .next()
                        .get("object")
                        .get("spec"));
    }
}
