/**
 * The {@code watch} command: a black-box view of one shared informer as JSON lines.
 *
 * <p>Example code, not a library API: its public types are public only so that the examples'
 * packages can share them.
 */
package dev.informer.examples.watch;
