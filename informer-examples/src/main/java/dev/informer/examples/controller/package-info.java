/**
 * The app-pods controller: for every pod label {@code app=<app>} a ConfigMap {@code <app>-pods}
 * listing that app's ready pods (informers, listers, a rate-limited work queue, several workers,
 * leader election), and the {@code controller} command that runs it against a cluster. The example
 * of library usage to read first.
 *
 * <p>Example code, not a library API: its public types are public only so that the examples'
 * packages can share them.
 */
package dev.informer.examples.controller;
