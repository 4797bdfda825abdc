package dev.informer.client.internal;

import okhttp3.Call;
import okhttp3.Connection;
import okhttp3.EventListener;

/**
 * How far one HTTP call got, so that a timeout can be reported for what it was: no connection within
 * the connect timeout, or a server that accepted the connection and then said nothing. Attached to a
 * request as its tag and filled by {@link #LISTENER}; written by OkHttp's call thread, read by the
 * caller after the call failed (volatile).
 */
final class CallProgress {

    /** Records progress into the {@link CallProgress} tag of each call's request, when it has one. Stateless. */
    static final EventListener LISTENER = new EventListener() {
        @Override
        public void connectionAcquired(Call call, Connection connection) {
            CallProgress progress = call.request().tag(CallProgress.class);
            if (progress != null) {
                progress.connected = true;
            }
        }
    };

    private volatile boolean connected;

    /** Whether a connection to the server (or proxy) was established for the call. */
    boolean connected() {
        return connected;
    }
}
