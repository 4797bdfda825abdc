package dev.informer.api.internal;

import dev.informer.api.MetadataReader;
import dev.informer.store.ObjectMetaAccessor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Reads metadata through public accessors: {@code getMetadata()}/{@code metadata()}/the {@code
 * metadata} field on the model, then {@code getName()}/{@code name()} and the rest (labels and
 * annotations included) on the metadata object. Accessors are resolved once per class (the metadata object's accessors per runtime class,
 * through a {@link ClassValue}). Thread-safe.
 */
public final class ReflectiveMetadataReader<T> implements MetadataReader<T> {

    private static final ClassValue<MetaAccessors> META_ACCESSORS = new ClassValue<>() {
        @Override
        protected MetaAccessors computeValue(Class<?> type) {
            return new MetaAccessors(
                    find(type, "name"),
                    find(type, "namespace"),
                    find(type, "resourceVersion"),
                    find(type, "uid"),
                    find(type, "labels"),
                    find(type, "annotations"));
        }
    };

    private final Class<T> type;
    private final Member metadata;

    private ReflectiveMetadataReader(Class<T> type, Member metadata) {
        this.type = type;
        this.metadata = metadata;
    }

    /**
     * A reader for {@code type}.
     *
     * @throws IllegalArgumentException if {@code type} has no public metadata accessor
     */
    public static <T> ReflectiveMetadataReader<T> of(Class<T> type) {
        Objects.requireNonNull(type, "type");
        Member metadata = find(type, "metadata");
        if (metadata == null) {
            throw new IllegalArgumentException(type.getName() + " has no public getMetadata(), metadata() or "
                    + "metadata field: give ResourceType.of a MetadataReader for it");
        }
        return new ReflectiveMetadataReader<>(type, metadata);
    }

    @Override
    public ObjectMetaAccessor read(T object) {
        Objects.requireNonNull(object, "object");
        Object meta = get(metadata, object);
        if (meta == null) {
            throw new IllegalArgumentException("object of " + type.getName() + " has no metadata");
        }
        MetaAccessors accessors = META_ACCESSORS.get(meta.getClass());
        return new ObjectMetaView(
                string(accessors.namespace, meta),
                string(accessors.name, meta),
                string(accessors.resourceVersion, meta),
                string(accessors.uid, meta),
                stringMap(accessors.labels, meta),
                stringMap(accessors.annotations, meta));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> stringMap(@Nullable Member member, Object target) {
        Object value = member == null ? null : get(member, target);
        return value instanceof Map<?, ?> map ? (Map<String, String>) map : Map.of();
    }

    private static @Nullable String string(@Nullable Member member, Object target) {
        if (member == null) {
            return null;
        }
        Object value = get(member, target);
        return value == null ? null : value.toString();
    }

    private static @Nullable Object get(Member member, Object target) {
        try {
            return member instanceof Method method ? method.invoke(target) : ((Field) member).get(target);
        } catch (IllegalAccessException e) {
            throw new IllegalArgumentException(
                    "cannot read " + member + " of " + target.getClass().getName(), e);
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException(
                    member + " of " + target.getClass().getName() + " failed", e.getCause());
        }
    }

    // getX(), then x(), then a public field x; only public, non-static members of public API.
    private static @Nullable Member find(Class<?> type, String property) {
        String getter = "get" + Character.toUpperCase(property.charAt(0)) + property.substring(1);
        for (String name : new String[] {getter, property}) {
            try {
                Method method = type.getMethod(name);
                if (!Modifier.isStatic(method.getModifiers()) && method.getReturnType() != void.class) {
                    return accessible(method);
                }
            } catch (NoSuchMethodException e) {
                // try the next spelling
            }
        }
        try {
            Field field = type.getField(property);
            return Modifier.isStatic(field.getModifiers()) ? null : accessible(field);
        } catch (NoSuchFieldException e) {
            return null;
        }
    }

    // A public member of a non-public class (a record nested in a test, say) needs setAccessible.
    private static <M extends java.lang.reflect.AccessibleObject & Member> M accessible(M member) {
        if (!Modifier.isPublic(member.getDeclaringClass().getModifiers())) {
            member.trySetAccessible();
        }
        return member;
    }

    private record MetaAccessors(
            @Nullable Member name,
            @Nullable Member namespace,
            @Nullable Member resourceVersion,
            @Nullable Member uid,
            @Nullable Member labels,
            @Nullable Member annotations) {}
}
