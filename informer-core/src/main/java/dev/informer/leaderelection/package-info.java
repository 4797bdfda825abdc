/**
 * Lease-based leader election, a port of client-go's {@code tools/leaderelection}: a set of
 * candidates compete for one {@code coordination.k8s.io/v1} Lease; the holder renews it every
 * retry period and the others take it over only after the lease duration has passed, on their own
 * clock, without seeing the lease change.
 *
 * <p>Entry points: {@link dev.informer.leaderelection.LeaderElector#builder()} and {@link
 * dev.informer.leaderelection.ResourceLock#lease(dev.informer.client.KubernetesClient, String,
 * String, String)}. Like client-go's, this election does not fence: for a short time two
 * processes may both believe they lead (see {@code docs/leaderelection.md}).
 */
@NullMarked
package dev.informer.leaderelection;

import org.jspecify.annotations.NullMarked;
