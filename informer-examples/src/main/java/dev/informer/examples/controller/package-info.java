/**
 * The app-pods controller: for every pod label {@code app=<app>} a ConfigMap {@code <app>-pods}
 * listing that app's ready pods (on the reconcile runtime {@code dev.informer.controller}: a manager
 * with informers and listers, a controller with its rate-limited queue and workers; leader election),
 * and the {@code controller} command that runs it against a cluster, optionally serving {@code
 * /healthz}, {@code /readyz} and {@code /metrics}. The example
 * of library usage to read first.
 *
 * <p>Example code, not a library API: its public types are public only so that the examples'
 * packages can share them.
 */
package dev.informer.examples.controller;
