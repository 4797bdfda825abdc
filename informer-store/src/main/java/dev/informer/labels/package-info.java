/**
 * Apimachinery's label selectors: parsing, matching and the set-based requirements ({@link
 * dev.informer.labels.LabelSelector}). Values are immutable and safe to share between threads.
 */
@NullMarked
package dev.informer.labels;

import org.jspecify.annotations.NullMarked;
