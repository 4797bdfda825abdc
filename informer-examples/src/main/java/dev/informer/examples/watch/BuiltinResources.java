package dev.informer.examples.watch;

import dev.informer.api.GenericObject;
import dev.informer.api.ResourceType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The resources the {@code watch} command can watch, by plural, singular or short name (as kubectl
 * accepts them). Each is watched as a {@link GenericObject}, so any content the server sends is
 * cached as it came, whatever fields it has. Immutable and thread-safe.
 */
final class BuiltinResources {

    private static final Map<String, ResourceType<GenericObject>> BY_NAME = new LinkedHashMap<>();

    static {
        add(ResourceType.generic("", "v1", "pods", "Pod", true), "pod", "po");
        add(ResourceType.generic("", "v1", "configmaps", "ConfigMap", true), "configmap", "cm");
        add(ResourceType.generic("", "v1", "secrets", "Secret", true), "secret");
        add(ResourceType.generic("", "v1", "events", "Event", true), "event", "ev");
        add(ResourceType.generic("", "v1", "nodes", "Node", false), "node", "no");
        add(ResourceType.generic("", "v1", "namespaces", "Namespace", false), "namespace", "ns");
        add(ResourceType.generic("coordination.k8s.io", "v1", "leases", "Lease", true), "lease");
    }

    private BuiltinResources() {}

    private static void add(ResourceType<GenericObject> type, String... aliases) {
        BY_NAME.put(type.plural(), type);
        for (String alias : aliases) {
            BY_NAME.put(alias, type);
        }
    }

    /** The resource called {@code name} (case-insensitive), if it is one of ours. */
    static Optional<ResourceType<GenericObject>> lookup(String name) {
        return Optional.ofNullable(BY_NAME.get(name.toLowerCase(Locale.ROOT)));
    }

    /** The plural names, for messages. */
    static List<String> plurals() {
        return BY_NAME.values().stream().map(ResourceType::plural).distinct().toList();
    }
}
