package dev.informer.podconfig;

import dev.informer.api.Pod;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadFactory;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The http source; see {@link HttpSourceBuilder}. */
final class HttpSource implements PodSource {

    private static final Logger LOG = LoggerFactory.getLogger(HttpSource.class);

    private final String url;
    private final Request request;
    private final OkHttpClient client;
    private final SourceChannel<PodUpdate> channel;
    private final StaticPodDecoder decoder;
    private final PeriodicLoop loop;
    // Loop thread only.
    private byte[] lastData;
    private int failureLogs;

    HttpSource(HttpSourceBuilder builder, ThreadFactory threadFactory) {
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
        this.loop = new PeriodicLoop("http source " + url, this::pollOnce, builder.clock, builder.period,
                threadFactory);
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
        } catch (IOException | InvalidManifestException e) {
            // The first few failures are enough to make the point; then only at debug level.
            if (failureLogs < 3) {
                LOG.warn("Failed to read pods from {}; keeping the last good set: {}", url, e.getMessage());
            } else if (failureLogs == 3) {
                LOG.warn("Failed to read pods from {} again; further failures are logged at debug level: {}",
                        url, e.getMessage());
            } else {
                LOG.debug("Failed to read pods from {}: {}", url, e.getMessage());
            }
            failureLogs++;
        }
    }

    private void extract() throws IOException, InvalidManifestException, InterruptedException {
        byte[] data;
        try (Response response = client.newCall(request).execute()) {
            ResponseBody body = response.body();
            data = body.bytes();
            if (response.code() != 200) {
                throw new IOException(url + " answered HTTP " + response.code() + " " + response.message());
            }
        }
        if (data.length == 0) {
            // An empty answer still marks the source as seen.
            channel.send(PodUpdate.set(ConfigSources.HTTP, List.of()));
            throw new IOException("zero-length data received from " + url);
        }
        if (Arrays.equals(data, lastData)) {
            return;
        }
        lastData = data;
        List<Pod> pods = decoder.decodePodOrList(data, url);
        channel.send(PodUpdate.set(ConfigSources.HTTP, pods));
    }

    @Override
    public void close() {
        loop.close();
    }
}
