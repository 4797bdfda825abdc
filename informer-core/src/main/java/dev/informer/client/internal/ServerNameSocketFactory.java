package dev.informer.client.internal;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.util.List;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * Makes every TLS connection speak to {@code serverName} instead of the URL's host
 * ({@code tls-server-name}): the name is sent as SNI, and the JDK's endpoint identification checks the
 * server certificate against it during the handshake. Thread-safe (stateless besides the delegate).
 */
final class ServerNameSocketFactory extends SSLSocketFactory {

    private final SSLSocketFactory delegate;
    private final String serverName;

    ServerNameSocketFactory(SSLSocketFactory delegate, String serverName) {
        this.delegate = delegate;
        this.serverName = serverName;
    }

    @Override
    public Socket createSocket(Socket socket, String host, int port, boolean autoClose) throws IOException {
        return configure(delegate.createSocket(socket, serverName, port, autoClose));
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return configure(delegate.createSocket(host, port));
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return configure(delegate.createSocket(host, port, localHost, localPort));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return configure(delegate.createSocket(host, port));
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
            throws IOException {
        return configure(delegate.createSocket(address, port, localAddress, localPort));
    }

    @Override
    public String[] getDefaultCipherSuites() {
        return delegate.getDefaultCipherSuites();
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return delegate.getSupportedCipherSuites();
    }

    private Socket configure(Socket socket) {
        if (socket instanceof SSLSocket ssl) {
            SSLParameters parameters = ssl.getSSLParameters();
            parameters.setServerNames(List.of(new SNIHostName(serverName)));
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
            ssl.setSSLParameters(parameters);
        }
        return socket;
    }
}
