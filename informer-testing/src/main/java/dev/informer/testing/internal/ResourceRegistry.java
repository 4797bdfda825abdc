package dev.informer.testing.internal;

import dev.informer.testing.ResourceDefinition;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The resources a server serves, fixed at start. Immutable and thread-safe.
 */
public final class ResourceRegistry {
    private final List<ResourceDefinition> all;
    /** group -> version -> plural -> definition, in registration order. */
    private final Map<String, Map<String, Map<String, ResourceDefinition>>> byGroup;

    /**
     * @throws IllegalArgumentException when two definitions share group, version and plural, or a
     *                                  group/version pair mixes with a clashing kind
     */
    public ResourceRegistry(List<ResourceDefinition> definitions) {
        Map<String, Map<String, Map<String, ResourceDefinition>>> g = new LinkedHashMap<>();
        for (ResourceDefinition d : definitions) {
            Map<String, ResourceDefinition> plurals = g.computeIfAbsent(d.group(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(d.version(), k -> new LinkedHashMap<>());
            if (plurals.containsKey(d.plural())) {
                throw new IllegalArgumentException(
                        "resource " + d.plural() + " in " + d.apiVersion() + " is registered twice");
            }
            for (ResourceDefinition other : plurals.values()) {
                if (other.kind().equals(d.kind())) {
                    throw new IllegalArgumentException("kind " + d.kind() + " in " + d.apiVersion()
                            + " is served by both " + other.plural() + " and " + d.plural());
                }
            }
            plurals.put(d.plural(), d);
        }
        this.all = List.copyOf(definitions);
        this.byGroup = g;
    }

    public List<ResourceDefinition> all() {
        return all;
    }

    /** The groups in registration order ("" first when built-ins are present). */
    public List<String> groups() {
        return new ArrayList<>(byGroup.keySet());
    }

    /** The versions of a group in registration order (the first is preferred). */
    public List<String> versions(String group) {
        Map<String, Map<String, ResourceDefinition>> v = byGroup.get(group);
        return v == null ? List.of() : new ArrayList<>(v.keySet());
    }

    /** The resources of one group/version. */
    public List<ResourceDefinition> resources(String group, String version) {
        Map<String, Map<String, ResourceDefinition>> v = byGroup.get(group);
        Map<String, ResourceDefinition> p = v == null ? null : v.get(version);
        return p == null ? List.of() : List.copyOf(p.values());
    }

    /** The resource at group/version/plural. */
    public Optional<ResourceDefinition> find(String group, String version, String plural) {
        Map<String, Map<String, ResourceDefinition>> v = byGroup.get(group);
        Map<String, ResourceDefinition> p = v == null ? null : v.get(version);
        return Optional.ofNullable(p == null ? null : p.get(plural));
    }

    /**
     * Resolves a name the way kubectl does: plural, singular, short name or kind
     * (case-insensitive), optionally qualified by group ({@code leases.coordination.k8s.io}); a
     * name the core group shares with another ({@code events}) means the core one.
     *
     * @throws IllegalArgumentException when nothing or more than one resource matches
     */
    public ResourceDefinition resolve(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        List<ResourceDefinition> hits = new ArrayList<>();
        for (ResourceDefinition d : all) {
            List<String> names = new ArrayList<>();
            names.add(d.plural());
            names.add(d.singular());
            names.add(d.kind().toLowerCase(Locale.ROOT));
            names.addAll(d.shortNames());
            for (String candidate : names) {
                if (n.equals(candidate) || (!d.group().isEmpty() && n.equals(candidate + "." + d.group()))) {
                    hits.add(d);
                    break;
                }
            }
        }
        if (hits.isEmpty()) {
            throw new IllegalArgumentException("no resource named '" + name + "' is registered; known: "
                    + Collections.unmodifiableList(
                            all.stream().map(ResourceDefinition::qualifiedName).toList()));
        }
        if (hits.size() > 1) {
            // As kubectl does, the core group wins a name several groups share (events, ev).
            List<ResourceDefinition> core =
                    hits.stream().filter(d -> d.group().isEmpty()).toList();
            if (core.size() == 1) {
                return core.get(0);
            }
            throw new IllegalArgumentException("resource name '" + name + "' is ambiguous: "
                    + hits.stream().map(ResourceDefinition::qualifiedName).toList()
                    + "; qualify it with its group");
        }
        return hits.get(0);
    }
}
