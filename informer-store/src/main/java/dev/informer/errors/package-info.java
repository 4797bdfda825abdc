/**
 * The project's exception root, {@link dev.informer.errors.InformerException}. It lives in the lowest
 * module so that every module, the engine included, can extend it; nothing in this package depends on
 * anything else of the project.
 */
package dev.informer.errors;
