package dev.informer.podconfig;

import dev.informer.api.Pod;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.BufferedSource;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The http source; see {@link HttpSource.Builder}. */
final class DefaultHttpSource implements HttpSource {

    private static final Logger LOG = LoggerFactory.getLogger(HttpSource.class);

    private final String url;
    private final Request request;
    private final OkHttpClient client;
    private final SourceChannel<PodUpdate> channel;
    private final StaticPodDecoder decoder;
    private final PeriodicLoop loop;
    private final long maxManifestBytes;
    private final Consumer<? super InvalidManifestException> listener;
    // Loop thread only: the fingerprint of the last body (good or bad) and its problem, if bad.
    private @Nullable String lastFingerprint;
    private @Nullable InvalidManifestException lastProblem;
    private int failureLogs;

    DefaultHttpSource(HttpSource.Builder builder, ThreadFactory threadFactory) {
        this.url = builder.url.toString();
        Request.Builder request = new Request.Builder().url(url).get();
        for (Map.Entry<String, List<String>> header : builder.headers.entrySet()) {
            for (String value : header.getValue()) {
                request.addHeader(header.getKey(), value);
            }
        }
        this.request = request.build();
        OkHttpClient base = builder.client != null ? builder.client : new OkHttpClient();
        this.client = base.newBuilder().callTimeout(builder.timeout).build();
        this.channel = builder.channel;
        this.decoder = new StaticPodDecoder(builder.nodeName, ConfigSources.HTTP);
        this.maxManifestBytes = builder.maxManifestBytes;
        this.listener = builder.listener;
        this.loop = new PeriodicLoop(
                "http source " + url, this::pollOnce, builder.threads.clock(), builder.period, threadFactory);
    }

    @Override
    public String name() {
        return ConfigSources.HTTP;
    }

    @Override
    public void start() {
        loop.start();
    }

    private void pollOnce() throws InterruptedException {
        try {
            extract();
            if (failureLogs > 0) {
                LOG.info("Read pods from {} successfully again", url);
                failureLogs = 0;
            }
        } catch (IOException e) {
            // The first few failures are enough to make the point; then only at debug level.
            if (failureLogs < 3) {
                LOG.warn("Failed to read pods from {}; keeping the last good set: {}", url, e.getMessage());
            } else if (failureLogs == 3) {
                LOG.warn(
                        "Failed to read pods from {} again; further failures are logged at debug level: {}",
                        url,
                        e.getMessage());
            } else {
                LOG.debug("Failed to read pods from {}: {}", url, e.getMessage());
            }
            failureLogs++;
        }
    }

    private void extract() throws IOException, InterruptedException {
        byte[] data;
        try (Response response = client.newCall(request).execute()) {
            if (response.code() != 200) {
                // An error page is not read: it could be as large as anything.
                throw new IOException(url + " answered HTTP " + response.code() + " " + response.message());
            }
            ResponseBody body = response.body();
            long declared = body.contentLength();
            if (declared > maxManifestBytes) {
                invalid(Manifests.tooLarge(url, declared + " bytes", maxManifestBytes), "length:" + declared);
                return;
            }
            // At most cap + 1 bytes are buffered, whatever the server sends.
            BufferedSource source = body.source();
            if (source.request(maxManifestBytes + 1)) {
                invalid(
                        Manifests.tooLarge(url, "more than " + maxManifestBytes + " bytes", maxManifestBytes),
                        "unbounded");
                return;
            }
            data = source.getBuffer().readByteArray();
        }
        if (data.length == 0) {
            // An empty answer still marks the source as seen.
            channel.send(PodUpdate.set(ConfigSources.HTTP, List.of()));
            throw new IOException("zero-length data received from " + url);
        }
        String fingerprint = Manifests.fingerprint(data);
        if (fingerprint.equals(lastFingerprint)) {
            if (lastProblem != null) {
                LOG.debug("Still skipping {}", lastProblem.getMessage());
            }
            return;
        }
        List<Pod> pods;
        try {
            pods = decoder.decodePodOrList(data, url);
        } catch (InvalidManifestException e) {
            invalid(e, fingerprint);
            return;
        }
        lastFingerprint = fingerprint;
        if (lastProblem != null) {
            LOG.info("The manifest at {} is valid again", url);
            lastProblem = null;
        }
        channel.send(PodUpdate.set(ConfigSources.HTTP, pods));
    }

    /**
     * Reports a body that cannot be used, once per content (WARN and the listener), and keeps the
     * last good set.
     */
    private void invalid(InvalidManifestException problem, String fingerprint) {
        boolean repeat = lastProblem != null
                && fingerprint.equals(lastFingerprint)
                && problem.reason().equals(lastProblem.reason());
        lastFingerprint = fingerprint;
        lastProblem = problem;
        if (repeat) {
            LOG.debug("Still skipping {}", problem.getMessage());
            return;
        }
        LOG.warn("Skipping {} (the last good set stays in force)", problem.getMessage());
        if (problem.getCause() != null) {
            LOG.debug("Skipped {}", url, problem.getCause());
        }
        Manifests.notify(listener, problem);
    }

    @Override
    public void close() {
        loop.close();
    }
}
