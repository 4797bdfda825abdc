/**
 * The WebApp controller: a custom resource {@code webapps.example.dev} (image, replicas, port) that
 * owns a Deployment and a Service, reports {@code status.readyReplicas} through the status
 * subresource, records Events and cleans up behind a finalizer; built on the reconcile runtime
 * ({@code dev.informer.controller}), plus the {@code webapp} command that runs it.
 *
 * <p>Example code, not a library API: its public types are public only so that the examples'
 * packages can share them.
 */
package dev.informer.examples.webapp;
