package dev.informer.codegen;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Asks {@link ModelProcessor} to write the records of a model spec into the annotated package.
 *
 * <p>Put it on the package ({@code package-info.java}); {@link #value()} names the spec file,
 * found in the directory given to javac as {@code -Ainformer.modelDir=<dir>}. The records it
 * writes carry {@link GenerateBuilder}, so {@link BuilderProcessor} writes their builders in the
 * next round. Source retention: no runtime dependency.
 */
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.PACKAGE)
public @interface GenerateModel {

    /** The spec file's name, relative to {@code -Ainformer.modelDir}, e.g. {@code "api.yaml"}. */
    String value();
}
