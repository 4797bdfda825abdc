package dev.informer.client.internal;

import java.net.InetSocketAddress;
import java.net.Proxy;
import okhttp3.Call;
import okhttp3.Connection;
import okhttp3.EventListener;

/**
 * How far one HTTP call got, so that a timeout can be reported for what it was: no TCP connection
 * within the connect timeout, a server that accepted the connection but never completed the TLS
 * handshake, or one that never answered the request. Attached to a request as its tag and filled by
 * {@link #LISTENER}; written by OkHttp's call thread, read by the caller after the call failed
 * (volatile).
 */
final class CallProgress {

    /** The furthest phase a call reached. */
    enum Phase {
        /** Connecting (TCP), or not started. */
        CONNECTING,
        /** TCP connected, TLS handshake under way. */
        HANDSHAKING,
        /** A connection is ready; the request is being sent or its answer awaited. */
        CONNECTED
    }

    /** Records progress into the {@link CallProgress} tag of each call's request, when it has one. Stateless. */
    static final EventListener LISTENER = new EventListener() {
        @Override
        public void secureConnectStart(Call call) {
            advance(call, Phase.HANDSHAKING);
        }

        @Override
        public void connectStart(Call call, InetSocketAddress address, Proxy proxy) {
            advance(call, Phase.CONNECTING);
        }

        @Override
        public void connectionAcquired(Call call, Connection connection) {
            advance(call, Phase.CONNECTED);
        }
    };

    private volatile Phase phase = Phase.CONNECTING;

    private static void advance(Call call, Phase phase) {
        CallProgress progress = call.request().tag(CallProgress.class);
        if (progress != null) {
            progress.phase = phase;
        }
    }

    /** The phase the call was in when it last reported. */
    Phase phase() {
        return phase;
    }
}
