package dev.informer.codegen;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Asks {@link BuilderProcessor} to write {@code <Record>BuilderBase}, the package-private base of
 * the record's nested {@code Builder}.
 *
 * <p>The record declares {@code public static final class Builder extends <Record>BuilderBase}
 * with a private constructor, and {@code toBuilder()} as {@code new Builder().from(this)}. Source
 * retention: the annotation is not in the class files, so it is no runtime dependency.
 */
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.TYPE)
public @interface GenerateBuilder {}
