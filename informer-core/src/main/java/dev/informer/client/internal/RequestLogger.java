package dev.informer.client.internal;

import dev.informer.clock.Clock;
import java.io.IOException;
import java.util.function.Consumer;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.Response;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs each HTTP exchange at debug level as {@code METHOD URL -> CODE (N ms)}, or
 * {@code METHOD URL failed: problem}. Only the method, URL (path and query: names, selectors, resource
 * versions) and status are written: headers and bodies, where tokens, passwords, keys and certificates
 * travel, never are. The lines go to a sink (SLF4J at debug by default) that tests replace.
 *
 * <p>Thread-safe.
 */
final class RequestLogger implements Interceptor {

    private static final Logger log = LoggerFactory.getLogger("dev.informer.client.http");

    private final Consumer<String> sink;
    private final boolean enabled;
    private final Clock clock;

    private RequestLogger(Consumer<String> sink, boolean enabled, Clock clock) {
        this.sink = sink;
        this.enabled = enabled;
        this.clock = clock;
    }

    /** Logs to SLF4J's {@code dev.informer.client.http} logger at debug, when that level is enabled. */
    static RequestLogger toSlf4j(Clock clock) {
        return new RequestLogger(log::debug, log.isDebugEnabled(), clock);
    }

    /** Logs every line to {@code sink} (tests). */
    static RequestLogger to(Consumer<String> sink, Clock clock) {
        return new RequestLogger(sink, true, clock);
    }

    @Override
    public Response intercept(Chain chain) throws IOException {
        Request request = chain.request();
        if (!enabled) {
            return chain.proceed(request);
        }
        long start = clock.nanoTime();
        Response response;
        try {
            response = chain.proceed(request);
        } catch (IOException | RuntimeException e) {
            sink.accept(request.method() + " " + request.url() + " failed: "
                    + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()));
            throw e;
        }
        long millis = (clock.nanoTime() - start) / 1_000_000;
        sink.accept(request.method() + " " + request.url() + " -> " + response.code() + " (" + millis + " ms)");
        return response;
    }
}
