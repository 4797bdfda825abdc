/**
 * {@link dev.informer.clock.testing.FakeClock}, a manually advanced clock for tests.
 */
@NullMarked
package dev.informer.clock.testing;

import org.jspecify.annotations.NullMarked;
