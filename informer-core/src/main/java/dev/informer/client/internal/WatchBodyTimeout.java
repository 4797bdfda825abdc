package dev.informer.client.internal;

import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import okhttp3.Connection;
import okhttp3.Interceptor;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;

/**
 * A network interceptor giving a watch's body its own read timeout once the response headers have
 * arrived: the headers of every request must come within the client's ordinary read timeout (a server
 * that accepts the connection and says nothing is reported quickly), while a healthy watch may then be
 * quiet for much longer. Applies to requests tagged with a {@link Tag}; the socket's timeout is set
 * again for the next exchange on the connection. Stateless; thread-safe.
 */
final class WatchBodyTimeout implements Interceptor {

    /** Marks a watch request and carries its body's read timeout. */
    record Tag(Duration bodyTimeout) {}

    /** {@code request} marked as a watch whose body reads may each wait {@code bodyTimeout}. */
    static Request tag(Request request, Duration bodyTimeout) {
        return request.newBuilder().tag(Tag.class, new Tag(bodyTimeout)).build();
    }

    @Override
    public Response intercept(Chain chain) throws IOException {
        Response response = chain.proceed(chain.request());
        Tag tag = chain.request().tag(Tag.class);
        if (tag == null || !response.isSuccessful()) {
            return response;
        }
        int millis = (int) Math.min(Integer.MAX_VALUE, tag.bodyTimeout().toMillis());
        Connection connection = chain.connection();
        if (connection != null
                && (connection.protocol() == Protocol.HTTP_1_1 || connection.protocol() == Protocol.HTTP_1_0)) {
            // HTTP/1 reads block on the socket itself; HTTP/2 streams only honour the source's timeout.
            Socket socket = connection.socket();
            socket.setSoTimeout(millis);
        }
        response.body().source().timeout().timeout(millis, TimeUnit.MILLISECONDS);
        return response;
    }
}
