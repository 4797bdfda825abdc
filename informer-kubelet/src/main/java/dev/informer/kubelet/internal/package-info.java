/**
 * Helpers shared by the kubelet's packages ({@code podconfig} and {@code podstatus}); not exported.
 */
@NullMarked
package dev.informer.kubelet.internal;

import org.jspecify.annotations.NullMarked;
