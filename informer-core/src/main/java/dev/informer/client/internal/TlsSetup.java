package dev.informer.client.internal;

import dev.informer.client.ClientConfig;
import dev.informer.client.ConfigException;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import javax.net.ssl.HostnameVerifier;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import org.jspecify.annotations.Nullable;

/**
 * The TLS side of a client: which server certificates to trust (the configured CAs only, the JDK's
 * defaults, or everything when insecure), which client certificate to present (through a
 * {@link ClientKeyManager} that an exec plugin may update), and how to check the server's name (the
 * URL's host, the configured {@code tls-server-name}, or not at all when insecure). Immutable.
 *
 * @param socketFactory    the factory OkHttp opens TLS sockets with
 * @param trustManager     the trust manager behind it (OkHttp needs it for certificate chain cleaning)
 * @param hostnameVerifier the verifier to install, or {@code null} for OkHttp's default
 */
public record TlsSetup(
        SSLSocketFactory socketFactory, X509TrustManager trustManager, @Nullable HostnameVerifier hostnameVerifier) {

    /**
     * Builds the TLS setup for {@code config}.
     *
     * @throws ConfigException if the JDK cannot build the key or trust store
     */
    public static TlsSetup create(ClientConfig config, ClientKeyManager keyManager) {
        try {
            X509TrustManager trust;
            if (config.insecureSkipTlsVerify()) {
                trust = new InsecureTrustManager();
            } else {
                trust = trustManager(config);
            }
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(new KeyManager[] {keyManager}, new TrustManager[] {trust}, null);
            SSLSocketFactory factory = context.getSocketFactory();
            HostnameVerifier verifier = null;
            String serverName = config.tlsServerName();
            if (config.insecureSkipTlsVerify()) {
                verifier = (host, session) -> true;
            } else if (serverName != null) {
                String expected = serverName;
                factory = new ServerNameSocketFactory(factory, expected);
                // The JDK verified the certificate against tls-server-name during the handshake.
                verifier = (host, session) -> expected.equalsIgnoreCase(peerHost(session));
            }
            return new TlsSetup(factory, trust, verifier);
        } catch (GeneralSecurityException e) {
            throw new ConfigException("cannot set up TLS for " + config.server() + ": " + e.getMessage(), e);
        }
    }

    private static String peerHost(SSLSession session) {
        return session.getPeerHost() == null ? "" : session.getPeerHost();
    }

    private static X509TrustManager trustManager(ClientConfig config) throws GeneralSecurityException {
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        if (config.caCertificates().isEmpty()) {
            factory.init((KeyStore) null);
        } else {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            try {
                store.load(null, null);
            } catch (java.io.IOException e) {
                throw new GeneralSecurityException("cannot create an empty key store", e);
            }
            int index = 0;
            for (X509Certificate certificate : config.caCertificates()) {
                store.setCertificateEntry("ca-" + index++, certificate);
            }
            factory.init(store);
        }
        for (TrustManager manager : factory.getTrustManagers()) {
            if (manager instanceof X509TrustManager x509) {
                return x509;
            }
        }
        throw new GeneralSecurityException("the JDK offers no X509TrustManager");
    }
}
