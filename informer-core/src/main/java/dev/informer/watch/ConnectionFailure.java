package dev.informer.watch;

/**
 * Implemented by exceptions that say no usable answer arrived from the API server (connection
 * refused, TLS failure, timeout, broken stream), as opposed to an error answer ({@link
 * StatusCarrier}). The engine retries such failures with backoff, as client-go's reflector does for
 * {@code IsConnectionRefused}; the client's {@code ApiConnectionException} implements it, so the
 * engine needs no client type to tell them apart.
 */
public interface ConnectionFailure {}
