/**
 * Implementation of the HTTP client (OkHttp, authentication, TLS, watch decoding). Not a public API.
 */
@NullMarked
package dev.informer.client.internal;

import org.jspecify.annotations.NullMarked;
