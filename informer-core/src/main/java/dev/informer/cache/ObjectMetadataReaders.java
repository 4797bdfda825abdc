package dev.informer.cache;

import dev.informer.store.ObjectMetaAccessor;

/**
 * The default metadata adapter of a reflector or informer built without a resource type: the
 * object's own {@link ObjectMetaAccessor}. Informers over a {@code ResourceClient} use the resource
 * type's {@code metadataAccessor()} instead, so every model {@code ResourceType.of} accepts works.
 */
final class ObjectMetadataReaders {

    private ObjectMetadataReaders() {}

    /**
     * @throws IllegalArgumentException naming the class when the object carries no metadata we can read
     */
    static ObjectMetaAccessor self(Object object) {
        if (object instanceof ObjectMetaAccessor accessor) {
            return accessor;
        }
        throw new IllegalArgumentException("cannot read the metadata of "
                + (object == null ? "null" : object.getClass().getName())
                + ": it does not implement ObjectMetaAccessor; configure a metadata accessor "
                + "(ResourceType.metadataAccessor())");
    }

    /** The resource version read through {@code metadata}, "" when unknown. */
    static String resourceVersion(java.util.function.Function<Object, ObjectMetaAccessor> metadata, Object object) {
        ObjectMetaAccessor meta = metadata.apply(object);
        if (meta == null) {
            throw new IllegalArgumentException("the metadata accessor returned null for "
                    + object.getClass().getName());
        }
        String resourceVersion = meta.resourceVersion();
        return resourceVersion == null ? "" : resourceVersion;
    }
}
