/**
 * Implementation details of {@code dev.informer.api}: the streaming watch decoder, metadata
 * readers, defensive-copy helpers. Not API: may change without notice.
 */
package dev.informer.api.internal;
