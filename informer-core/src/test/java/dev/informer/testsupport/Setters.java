package dev.informer.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import org.junit.jupiter.api.function.Executable;

/** Checks of a builder's setters (most of them generated): what each refuses at once, with which message. */
public final class Setters {

    private Setters() {}

    /**
     * Each named one-argument setter of {@code builder} throws {@link NullPointerException} with the
     * setter's name as the message when given {@code null}.
     */
    public static void assertEachRefusesNull(Object builder, String... setters) {
        for (String name : setters) {
            Method setter = Arrays.stream(builder.getClass().getMethods())
                    .filter(m -> m.getName().equals(name) && m.getParameterCount() == 1)
                    .filter(m -> !m.getParameterTypes()[0].isPrimitive())
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no one-argument setter " + name));
            InvocationTargetException thrown =
                    assertThrows(InvocationTargetException.class, () -> setter.invoke(builder, (Object) null), name);
            assertEquals(
                    name,
                    assertInstanceOf(NullPointerException.class, thrown.getCause())
                            .getMessage());
        }
    }

    /** {@code setter} throws {@link IllegalArgumentException} with {@code message}. */
    public static void assertRefuses(String message, Executable setter) {
        assertEquals(
                message, assertThrows(IllegalArgumentException.class, setter).getMessage());
    }
}
