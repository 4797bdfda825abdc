/**
 * The HTTP client of the API server: configuration, kubeconfig, typed resource clients and informer factories. Parameters and returns are non-null unless annotated {@code @Nullable}.
 */
@NullMarked
package dev.informer.client;

import org.jspecify.annotations.NullMarked;
