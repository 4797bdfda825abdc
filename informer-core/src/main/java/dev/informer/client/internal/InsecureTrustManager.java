package dev.informer.client.internal;

import java.net.Socket;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * Trusts every server certificate: {@code insecure-skip-tls-verify: true}. Used only when the user
 * configured exactly that; the connection is then encrypted but not authenticated. Stateless.
 */
final class InsecureTrustManager extends X509ExtendedTrustManager {

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {
        // Not a server.
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {
        // Deliberately trusting: insecure-skip-tls-verify.
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        // Not a server.
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        // Deliberately trusting: insecure-skip-tls-verify.
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) {
        // Not a server.
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) {
        // Deliberately trusting: insecure-skip-tls-verify.
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return new X509Certificate[0];
    }
}
