/**
 * The API object model: {@link dev.informer.api.ObjectMeta} and friends, typed objects ({@link
 * dev.informer.api.Pod}, {@link dev.informer.api.Node}, {@link dev.informer.api.Lease}, ...),
 * {@link dev.informer.api.GenericObject} for any resource, {@link dev.informer.api.ResourceType}
 * descriptors, the JSON configuration {@link dev.informer.api.ApiJson} and the streaming watch
 * decoder factory {@code dev.informer.client.WatchDecoders} (in the client).
 *
 * <p>Every value type here is immutable and safe to share between threads; builders are not
 * thread-safe. Typed objects keep the fields they do not model and write them back unchanged.
 * {@code docs/model.md} describes the rules.
 */
@NullMarked
@GenerateModel("api.yaml")
package dev.informer.api;

import dev.informer.codegen.GenerateModel;
import org.jspecify.annotations.NullMarked;
