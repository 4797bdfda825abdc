/**
 * Fakes for tests of watch consumers.
 */
@NullMarked
package dev.informer.watch.testing;

import org.jspecify.annotations.NullMarked;
