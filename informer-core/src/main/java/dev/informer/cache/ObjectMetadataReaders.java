package dev.informer.cache;

import dev.informer.api.KubernetesObject;
import dev.informer.api.ObjectMeta;
import dev.informer.store.ObjectMetaAccessor;
import java.util.Map;

/** The default ways a reflector reads an event object's resource version and annotations. */
final class ObjectMetadataReaders {

    private ObjectMetadataReaders() {
    }

    /**
     * @throws IllegalArgumentException naming the class when the object carries no metadata we can read
     */
    static String resourceVersion(Object object) {
        if (object instanceof ObjectMetaAccessor accessor) {
            String resourceVersion = accessor.resourceVersion();
            return resourceVersion == null ? "" : resourceVersion;
        }
        throw new IllegalArgumentException("cannot read the resource version of " + object.getClass().getName()
                + ": it does not implement ObjectMetaAccessor; configure a metadata reader");
    }

    static Map<String, String> annotations(Object object) {
        if (object instanceof KubernetesObject kubernetesObject) {
            ObjectMeta meta = kubernetesObject.metadata();
            return meta == null ? Map.of() : meta.annotations();
        }
        return Map.of();
    }
}
