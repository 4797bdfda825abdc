/**
 * The {@code node-agent} command: kubelet-style pod config (API server, manifest directory,
 * manifest URL) and status manager for one node.
 *
 * <p>Example code, not a library API: its public types are public only so that the examples'
 * packages can share them.
 */
package dev.informer.examples.nodeagent;
