/**
 * Threading utilities shared by every component that starts threads (informers, work queues, pod
 * config sources, the status manager, leader election): {@link dev.informer.concurrent.ThreadFactories}
 * makes the default daemon or virtual-thread factories that those components accept as an injected
 * {@link java.util.concurrent.ThreadFactory}. It lives apart from {@code dev.informer.cache} so that
 * lower layers (the work queues) need not depend on the informer package for their default threads.
 */
@NullMarked
package dev.informer.concurrent;

import org.jspecify.annotations.NullMarked;
