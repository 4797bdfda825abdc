package dev.informer.codegen;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Asks {@link BuilderProcessor} to write {@code <Record>BuilderBase}, the package-private base of
 * the record's builder.
 *
 * <p>By default the builder is the record's nested {@code Builder}: the record declares {@code
 * public static final class Builder extends <Record>BuilderBase} with a private constructor, and
 * {@code toBuilder()} as {@code new Builder().from(this)}; the base's {@code build()} makes the
 * record. With {@link #builder()} set, the builder of something else (a service configured by the
 * record) extends the base instead: it inherits the setters and writes its own {@code build()},
 * which takes the record from the base's package-private {@code settings()}.
 *
 * <p>Source retention: the annotation is not in the class files, so it is no runtime dependency.
 */
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.TYPE)
public @interface GenerateBuilder {

    /**
     * The class that extends the base, as written in the record's package and with the record's
     * type variables, e.g. {@code "LeaderElector.Builder"} or {@code "WorkQueue.Builder<T>"}; empty
     * (the default) for the record's nested {@code Builder}.
     */
    String builder() default "";

    /**
     * Whether the setters check what they are given, for options rather than data: a reference
     * component not annotated {@code @Nullable} refuses {@code null} ({@link NullPointerException}
     * naming the component, as do the elements, keys and values of list and map components), and a
     * component for which the record declares a static {@code check<Name>(value)} method is passed
     * through it: the method throws for a bad value and returns the value to keep. The setter's
     * javadoc takes the method's {@code @throws} tags. Off (the default), as for API objects, whose
     * setters take any value and whose canonical constructor decides.
     */
    boolean checked() default false;

    /**
     * Marks a {@code @Nullable} component whose {@code null} only means "not set yet" (a required
     * setting that {@code build()} checks, or a default chosen when the object is built): its setter
     * takes a non-null parameter and refuses {@code null} ({@link NullPointerException} naming the
     * component), like the setter of a component that is not {@code @Nullable}.
     */
    @Retention(RetentionPolicy.SOURCE)
    @Target(ElementType.RECORD_COMPONENT)
    @interface NullUntilSet {}

    /**
     * Names the record's static method that checks this component, for a rule several components
     * share: {@code @GenerateBuilder.Check("positive") Duration readTimeout} makes the setter keep
     * {@code positive(readTimeout, "readTimeout")}. The method takes the value and the component's
     * name, throws for a bad value (naming it) and returns the value to keep; its {@code @throws}
     * tags go into the setter's javadoc. Only with {@link #checked()}; a component has either this or
     * a {@code check<Name>} method.
     */
    @Retention(RetentionPolicy.SOURCE)
    @Target(ElementType.RECORD_COMPONENT)
    @interface Check {
        /** The name of a static method of the record taking {@code (value, String name)}. */
        String value();
    }
}
