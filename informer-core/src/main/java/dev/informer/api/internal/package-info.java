/**
 * Implementation details of {@code dev.informer.api}: the streaming watch decoder, metadata
 * readers, defensive-copy helpers. Not API: may change without notice.
 */
@NullMarked
package dev.informer.api.internal;

import org.jspecify.annotations.NullMarked;
