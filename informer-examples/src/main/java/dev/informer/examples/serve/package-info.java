/**
 * The {@code serve} command: the embedded API server, seeded with the demo's workload, on a local
 * port.
 *
 * <p>Example code, not a library API: its public types are public only so that the examples'
 * packages can share them.
 */
package dev.informer.examples.serve;
