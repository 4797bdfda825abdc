/**
 * Build-time code generation for the model of {@code informer-core}: {@link
 * dev.informer.codegen.GenerateBuilder} and its annotation processor. Not a runtime dependency.
 */
@NullMarked
package dev.informer.codegen;

import org.jspecify.annotations.NullMarked;
