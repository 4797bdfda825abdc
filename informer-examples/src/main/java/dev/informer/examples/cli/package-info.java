/**
 * What the examples' commands share: the {@link dev.informer.examples.cli.Subcommand} base class,
 * connection, namespace and logging options, the duration converter, the sync timeout, termination
 * on SIGTERM/SIGINT and one-line errors.
 *
 * <p>Example code, not a library API: its public types are public only so that the examples'
 * packages can share them.
 */
package dev.informer.examples.cli;
