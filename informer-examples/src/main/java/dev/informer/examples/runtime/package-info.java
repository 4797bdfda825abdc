/**
 * What the example controllers ({@code controller/}'s app-pods and {@code webapp/}'s WebApp
 * controller) share on top of the controller runtime ({@code dev.informer.controller}): their
 * builder's common options and how those become a {@link dev.informer.controller.Manager}.
 *
 * <p>Example code, not a library API: its public types are public only so that the examples'
 * packages can share them.
 */
package dev.informer.examples.runtime;
