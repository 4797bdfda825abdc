/**
 * Micrometer metrics for the library under client-go's and controller-runtime's metric names
 * (entry point {@link dev.informer.micrometer.InformerMeters}; the names in {@link
 * dev.informer.micrometer.MetricNames}). The core does not depend on this module.
 */
@NullMarked
package dev.informer.micrometer;

import org.jspecify.annotations.NullMarked;
