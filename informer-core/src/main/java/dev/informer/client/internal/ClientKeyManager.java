package dev.informer.client.internal;

import java.net.Socket;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedKeyManager;
import org.jspecify.annotations.Nullable;

/**
 * Presents the client certificate, which may be replaced at run time (an exec plugin's certificate
 * rotates): each TLS handshake uses the pair current at that moment. Like Go's
 * {@code GetClientCertificate}, the certificate is offered whatever CA names the server lists, so a
 * server that does not list its client CA still receives it.
 *
 * <p>Thread-safe: {@link #update} publishes a new pair atomically.
 */
public final class ClientKeyManager extends X509ExtendedKeyManager {

    private static final String ALIAS = "client";

    @SuppressWarnings("ArrayRecordComponent") // a private holder, never compared or hashed
    private record Pair(X509Certificate[] chain, PrivateKey key) {}

    private volatile @Nullable Pair pair;

    /** Holds {@code chain} and {@code key}, or nothing when the chain is empty. */
    public ClientKeyManager(List<X509Certificate> chain, @Nullable PrivateKey key) {
        update(chain, key);
    }

    /** Replaces the certificate (an empty chain or {@code null} key removes it). */
    public void update(@Nullable List<X509Certificate> chain, @Nullable PrivateKey key) {
        this.pair = chain == null || chain.isEmpty() || key == null
                ? null
                : new Pair(chain.toArray(new X509Certificate[0]), key);
    }

    /** Whether a certificate is currently held. */
    public boolean hasCertificate() {
        return pair != null;
    }

    @Override
    public @Nullable String chooseClientAlias(String[] keyTypes, Principal[] issuers, Socket socket) {
        return pair == null ? null : ALIAS;
    }

    @Override
    public @Nullable String chooseEngineClientAlias(String[] keyTypes, Principal[] issuers, SSLEngine engine) {
        return pair == null ? null : ALIAS;
    }

    @Override
    public X509Certificate @Nullable [] getCertificateChain(String alias) {
        Pair current = pair;
        return current == null || !ALIAS.equals(alias) ? null : current.chain().clone();
    }

    @Override
    public @Nullable PrivateKey getPrivateKey(String alias) {
        Pair current = pair;
        return current == null || !ALIAS.equals(alias) ? null : current.key();
    }

    @Override
    public String @Nullable [] getClientAliases(String keyType, Principal[] issuers) {
        return pair == null ? null : new String[] {ALIAS};
    }

    @Override
    public String @Nullable [] getServerAliases(String keyType, Principal[] issuers) {
        return null;
    }

    @Override
    public @Nullable String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
        return null;
    }
}
