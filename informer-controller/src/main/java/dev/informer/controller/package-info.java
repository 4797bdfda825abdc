/**
 * The reconcile runtime: controller-runtime's controller, builder, predicates and manager on top of
 * this library's shared informers and rate-limited work queues.
 *
 * <p>Entry points: {@link dev.informer.controller.Manager#builder(dev.informer.client.KubernetesClient)}
 * owns the informer factory and the controllers; {@link dev.informer.controller.Manager#controllerBuilder()}
 * wires one {@link dev.informer.controller.Reconciler} to the resources it watches ({@link
 * dev.informer.controller.Controller.Builder#forResource}, {@link
 * dev.informer.controller.Controller.Builder#owns}, {@link dev.informer.controller.Controller.Builder#watches})
 * through {@link dev.informer.controller.EventPredicate}s. The helpers {@link
 * dev.informer.controller.Retry}, {@link dev.informer.controller.Finalizers}, {@link
 * dev.informer.controller.OwnerReferences} and {@link dev.informer.controller.ServerSideApply} are
 * client-go's {@code util/retry} and controller-runtime's {@code controllerutil}. See {@code
 * docs/controller.md}.
 */
@NullMarked
package dev.informer.controller;

import org.jspecify.annotations.NullMarked;
