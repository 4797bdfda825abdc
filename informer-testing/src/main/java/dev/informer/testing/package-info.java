/**
 * The embedded in-memory Kubernetes API server: {@link dev.informer.testing.EmbeddedApiServer} and
 * its builder, the {@link dev.informer.testing.ResourceDefinition}s it serves, fault injection
 * ({@link dev.informer.testing.ServerFaults}), the {@link dev.informer.testing.ApiStatusException}
 * of its direct calls, and test helpers ({@link dev.informer.testing.Await}, {@link
 * dev.informer.testing.Kubectl}). Parameters and return values are non-null unless annotated
 * {@code @Nullable}.
 */
@NullMarked
package dev.informer.testing;

import org.jspecify.annotations.NullMarked;
