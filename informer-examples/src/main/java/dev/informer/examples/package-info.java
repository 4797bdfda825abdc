/**
 * The examples jar's entry point, {@link dev.informer.examples.Main}, and one sub-package per
 * feature: {@code controller}, {@code webapp}, {@code demo}, {@code watch}, {@code serve}, {@code
 * nodeagent}; {@code cli} for what the commands share and {@code runtime} for what the two
 * controllers share.
 *
 * <p>Example code, not a library API: its public types are public only so that the examples'
 * packages can share them.
 */
package dev.informer.examples;
