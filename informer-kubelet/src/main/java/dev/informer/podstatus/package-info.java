/**
 * The kubelet's status manager: caches each pod's status and syncs it to the API server,
 * with retries on the injected clock (see docs/podconfig.md).
 */
package dev.informer.podstatus;
