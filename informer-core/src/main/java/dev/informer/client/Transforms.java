package dev.informer.client;

import dev.informer.api.GenericObject;
import dev.informer.api.ObjectMeta;
import dev.informer.cache.SharedInformer;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ready-made informer transforms ({@link SharedInformer#setTransform}). Stateless; the returned
 * functions are thread-safe.
 */
public final class Transforms {

    private static final Logger log = LoggerFactory.getLogger(Transforms.class);

    private Transforms() {}

    /**
     * Drops {@code metadata.managedFields} (server-side apply bookkeeping, often the largest part of a
     * small object) before objects are cached, as client-go users do with a TransformFunc. Works for
     * the library's record models and {@link GenericObject} (a copy without the field), and for
     * mutable models with {@code getMetadata().setManagedFields(...)} such as fabric8's (changed in
     * place, which the informer allows because it sees each object first). An object that already
     * has no managed fields is returned as is; an object of another shape is returned as is, with a
     * one-time warning per class.
     */
    @SuppressWarnings("unchecked")
    public static <T> UnaryOperator<T> stripManagedFields() {
        return object -> (T) STRIPPERS.get(object.getClass()).strip(object);
    }

    @FunctionalInterface
    private interface Stripper {
        Object strip(Object object) throws Throwable;

        default Object stripSafely(Object object) {
            try {
                return strip(object);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) { // MethodHandle.invoke declares Throwable; only checked ones reach here
                throw new IllegalStateException(
                        "cannot strip managedFields from " + object.getClass().getName(), e);
            }
        }
    }

    private static final ClassValue<SafeStripper> STRIPPERS = new ClassValue<>() {
        @Override
        protected SafeStripper computeValue(Class<?> type) {
            Stripper stripper = stripperFor(type);
            return stripper::stripSafely;
        }
    };

    @FunctionalInterface
    private interface SafeStripper {
        Object strip(Object object);
    }

    private static Stripper stripperFor(Class<?> type) {
        if (GenericObject.class.isAssignableFrom(type)) {
            return object -> {
                GenericObject generic = (GenericObject) object;
                ObjectMeta meta = generic.metadata();
                return meta == null || meta.managedFields() == null
                        ? generic
                        : generic.withMetadata(
                                meta.toBuilder().managedFields(null).build());
            };
        }
        if (type.isRecord()) {
            Stripper record = recordStripper(type);
            if (record != null) {
                return record;
            }
        }
        Stripper mutable = mutableStripper(type);
        if (mutable != null) {
            return mutable;
        }
        log.warn(
                "Transforms.stripManagedFields(): {} has neither an ObjectMeta 'metadata' record component nor "
                        + "getMetadata().setManagedFields(List); its objects are cached unchanged",
                type.getName());
        return object -> object;
    }

    /** A record with an {@code ObjectMeta metadata} component: rebuilt through its canonical constructor. */
    private static @Nullable Stripper recordStripper(Class<?> type) {
        try {
            RecordComponent[] components = type.getRecordComponents();
            int metadataIndex = -1;
            Class<?>[] types = new Class<?>[components.length];
            MethodHandle[] accessors = new MethodHandle[components.length];
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            for (int i = 0; i < components.length; i++) {
                types[i] = components[i].getType();
                accessors[i] = lookup.unreflect(components[i].getAccessor());
                if (components[i].getName().equals("metadata") && components[i].getType() == ObjectMeta.class) {
                    metadataIndex = i;
                }
            }
            if (metadataIndex < 0) {
                return null;
            }
            MethodHandle constructor = lookup.findConstructor(type, MethodType.methodType(void.class, types));
            int index = metadataIndex;
            return object -> {
                ObjectMeta meta = (ObjectMeta) accessors[index].invoke(object);
                if (meta == null || meta.managedFields() == null) {
                    return object;
                }
                Object[] arguments = new Object[accessors.length];
                for (int i = 0; i < accessors.length; i++) {
                    arguments[i] =
                            i == index ? meta.toBuilder().managedFields(null).build() : accessors[i].invoke(object);
                }
                return constructor.invokeWithArguments(arguments);
            };
        } catch (ReflectiveOperationException | SecurityException e) {
            log.debug("cannot rebuild record {} without managedFields", type.getName(), e);
            return null;
        }
    }

    /** A mutable model with {@code getMetadata()} and {@code setManagedFields(List)}: changed in place. */
    private static @Nullable Stripper mutableStripper(Class<?> type) {
        try {
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            java.lang.reflect.Method getMetadata = type.getMethod("getMetadata");
            java.lang.reflect.Method setManagedFields =
                    getMetadata.getReturnType().getMethod("setManagedFields", List.class);
            MethodHandle get = lookup.unreflect(getMetadata);
            MethodHandle set = lookup.unreflect(setManagedFields);
            return object -> {
                Object meta = get.invoke(object);
                if (meta != null) {
                    set.invoke(meta, (List<?>) null);
                }
                return object;
            };
        } catch (ReflectiveOperationException | SecurityException e) {
            return null;
        }
    }
}
