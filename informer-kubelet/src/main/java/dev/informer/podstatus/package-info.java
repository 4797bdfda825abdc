/**
 * The kubelet's status manager: caches each pod's status and syncs it to the API server,
 * with retries on the injected clock (see docs/podconfig.md).
 */
@NullMarked
package dev.informer.podstatus;

import org.jspecify.annotations.NullMarked;
