package dev.informer.benchmarks;

import com.google.gson.reflect.TypeToken;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.WatchEvent;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.kubernetes.client.openapi.JSON;
import io.kubernetes.client.openapi.models.V1Pod;
import io.kubernetes.client.util.Watch;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import okhttp3.MediaType;
import okhttp3.ResponseBody;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The peers' side of {@link WatchDecodeBenchmark}: the same recorded stream of
 * {@value WatchDecodeBenchmark#EVENTS} pod watch events, decoded to each peer's typed pods the way
 * its watch does it.
 *
 * <ul>
 *   <li>{@code clientJava}: {@code io.kubernetes.client.util.Watch} over an OkHttp
 *       {@code ResponseBody} of the bytes: okio reads each line, its Gson {@code JSON} binds it to
 *       {@code Watch.Response<V1Pod>}.</li>
 *   <li>{@code fabric8}: each line decoded to a String (its HTTP watch hands lines to
 *       {@code onMessage}) and bound by {@code KubernetesSerialization.unmarshal(line, WatchEvent.class)}
 *       (Jackson 3, the object resolved to {@code Pod} by kind), as its watch manager does.</li>
 * </ul>
 * Scores are events per second (one op = one event). One JMH state per benchmark; read-only after
 * setup.
 */
@State(Scope.Benchmark)
public class PeerWatchDecodeBenchmark extends ThroughputBenchmark {

    private static final Type CLIENT_JAVA_WATCH_TYPE = new TypeToken<Watch.Response<V1Pod>>() {}.getType();
    private static final MediaType JSON_MEDIA_TYPE = MediaType.get("application/json");

    @Param({"clientJava", "fabric8"})
    public String impl;

    /** How many events setUp records; only the smoke test lowers it (the scores assume 10,000). */
    int events = WatchDecodeBenchmark.EVENTS;

    byte[] stream;
    private JSON clientJavaJson;
    private KubernetesSerialization fabric8Serialization;

    @Setup
    public void setUp() {
        stream = WatchDecodeBenchmark.recordedStream(events);
        clientJavaJson = new JSON();
        fabric8Serialization = new KubernetesSerialization();
    }

    @Benchmark
    @OperationsPerInvocation(WatchDecodeBenchmark.EVENTS)
    public int watchDecoder(Blackhole blackhole) throws IOException {
        return switch (impl) {
            case "clientJava" -> decodeClientJava(blackhole::consume);
            case "fabric8" -> decodeFabric8(blackhole::consume);
            default -> throw new IllegalStateException(impl);
        };
    }

    /** client-java's watch over the recorded bytes; returns the number of events. */
    int decodeClientJava(Consumer<Watch.Response<V1Pod>> sink) throws IOException {
        int count = 0;
        try (ResponseBody body = ResponseBody.create(stream, JSON_MEDIA_TYPE)) {
            Watch<V1Pod> watch = new RecordedWatch(clientJavaJson, body);
            while (watch.hasNext()) {
                sink.accept(watch.next());
                count++;
            }
        }
        return count;
    }

    /** fabric8's per-line watch event decode; returns the number of events. */
    int decodeFabric8(Consumer<WatchEvent> sink) {
        int count = 0;
        try (BufferedReader lines =
                new BufferedReader(new InputStreamReader(new ByteArrayInputStream(stream), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                WatchEvent event = fabric8Serialization.unmarshal(line, WatchEvent.class);
                if (!(event.getObject() instanceof Pod)) {
                    throw new IllegalStateException(
                            "fabric8 decoded a " + event.getObject().getClass() + ", not a Pod");
                }
                sink.accept(event);
                count++;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return count;
    }

    /** client-java's Watch over a body we already have (its constructor is protected for that). */
    private static final class RecordedWatch extends Watch<V1Pod> {
        RecordedWatch(JSON json, ResponseBody body) {
            super(json, body, CLIENT_JAVA_WATCH_TYPE, null);
        }
    }
}
