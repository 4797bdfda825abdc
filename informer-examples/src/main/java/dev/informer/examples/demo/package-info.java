/**
 * The {@code demo} command: the app-pods controller against an embedded API server full of sample
 * pods that keep changing.
 *
 * <p>Example code, not a library API: its public types are public only so that the examples'
 * packages can share them.
 */
package dev.informer.examples.demo;
