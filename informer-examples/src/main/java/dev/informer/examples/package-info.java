/**
 * The examples jar's entry point, {@link dev.informer.examples.Main}, and one sub-package per
 * feature: {@code controller}, {@code demo}, {@code watch}, {@code serve}, {@code nodeagent}, and
 * {@code cli} for what the commands share.
 *
 * <p>Example code, not a library API: its public types are public only so that the examples'
 * packages can share them.
 */
package dev.informer.examples;
