package dev.informer.testing.internal;

import dev.informer.testing.ResourceDefinition;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The resources a server serves: the ones given at start, plus the custom resources that
 * CustomResourceDefinitions install and remove while the server runs.
 *
 * <p>Thread-safe and copy-on-write: every read works on one immutable snapshot (a volatile read,
 * no lock); {@link #replaceCustom} and {@link #removeCustom} build a new snapshot under a lock and
 * publish it at once, so a reader never sees half of a CRD's versions.
 */
public final class ResourceRegistry {
    /** What the registry knows of a resource beyond its definition (CRD-served ones only). */
    record Extras(String crdName, List<String> categories, @Nullable CrdSchema schema, @Nullable CrdScale scale) {
        Extras {
            categories = List.copyOf(categories);
        }
    }

    /** One immutable state of the registry. */
    private record Snapshot(
            List<ResourceDefinition> all,
            Map<String, Map<String, Map<String, ResourceDefinition>>> byGroup,
            Map<ResourceDefinition, Extras> extras) {}

    private final Set<ResourceDefinition> builtIns = Set.copyOf(ResourceDefinition.builtIns());
    private final Object writeLock = new Object();
    private volatile Snapshot snap;

    /**
     * Creates the registry of {@code definitions}, in their order.
     *
     * @throws IllegalArgumentException when two definitions share group, version and plural, or a
     *                                  group/version pair mixes with a clashing kind
     */
    public ResourceRegistry(List<ResourceDefinition> definitions) {
        this.snap = build(definitions, Map.of());
    }

    private static Snapshot build(List<ResourceDefinition> definitions, Map<ResourceDefinition, Extras> extras) {
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
        return new Snapshot(List.copyOf(definitions), g, Map.copyOf(extras));
    }

    public List<ResourceDefinition> all() {
        return snap.all();
    }

    /** The groups in registration order ("" first when built-ins are present). */
    public List<String> groups() {
        return new ArrayList<>(snap.byGroup().keySet());
    }

    /** The versions of a group in registration order (the first is preferred). */
    public List<String> versions(String group) {
        Map<String, Map<String, ResourceDefinition>> v = snap.byGroup().get(group);
        return v == null ? List.of() : new ArrayList<>(v.keySet());
    }

    /** The resources of one group/version. */
    public List<ResourceDefinition> resources(String group, String version) {
        Map<String, Map<String, ResourceDefinition>> v = snap.byGroup().get(group);
        Map<String, ResourceDefinition> p = v == null ? null : v.get(version);
        return p == null ? List.of() : List.copyOf(p.values());
    }

    /** The resource at group/version/plural. */
    public Optional<ResourceDefinition> find(String group, String version, String plural) {
        Map<String, Map<String, ResourceDefinition>> v = snap.byGroup().get(group);
        Map<String, ResourceDefinition> p = v == null ? null : v.get(version);
        return Optional.ofNullable(p == null ? null : p.get(plural));
    }

    /**
     * Whether {@code def} is a custom resource (registered by the test or installed by a CRD, not
     * one of {@link ResourceDefinition#builtIns()}): strategic merge patches are refused for it.
     */
    boolean isCustom(ResourceDefinition def) {
        return !builtIns.contains(def);
    }

    /** Whether any CRD serves a resource now. */
    boolean hasExtras() {
        return !snap.extras().isEmpty();
    }

    /** The CRD-derived extras of a served resource, if a CRD installed it. */
    Optional<Extras> extras(ResourceDefinition def) {
        return Optional.ofNullable(snap.extras().get(def));
    }

    /** The discovery categories of a resource ({@code all} for pods, a CRD's declared ones). */
    List<String> categories(ResourceDefinition def) {
        Extras e = snap.extras().get(def);
        if (e != null) {
            return e.categories();
        }
        if (def.equals(ResourceDefinition.PODS)) {
            return List.of("all");
        }
        if (def.equals(ResourceDefinition.CUSTOM_RESOURCE_DEFINITIONS)) {
            return List.of("api-extensions");
        }
        return List.of();
    }

    /**
     * Replaces what CRD {@code crdName} serves with {@code defs} (its served versions).
     *
     * @return the definitions it served before (now gone or replaced)
     * @throws IllegalArgumentException when a definition clashes with a resource served otherwise
     */
    List<ResourceDefinition> replaceCustom(String crdName, Map<ResourceDefinition, Extras> defs) {
        synchronized (writeLock) {
            Snapshot s = snap;
            List<ResourceDefinition> before = new ArrayList<>();
            List<ResourceDefinition> next = new ArrayList<>();
            Map<ResourceDefinition, Extras> extras = new LinkedHashMap<>();
            for (ResourceDefinition d : s.all()) {
                Extras e = s.extras().get(d);
                if (e != null && e.crdName().equals(crdName)) {
                    before.add(d);
                    continue;
                }
                next.add(d);
                if (e != null) {
                    extras.put(d, e);
                }
            }
            next.addAll(defs.keySet());
            extras.putAll(defs);
            snap = build(next, extras);
            return before;
        }
    }

    /** Stops serving what CRD {@code crdName} installed; returns the removed definitions. */
    List<ResourceDefinition> removeCustom(String crdName) {
        return replaceCustom(crdName, Map.of());
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
        List<ResourceDefinition> all = snap.all();
        List<ResourceDefinition> hits = new ArrayList<>();
        Set<String> seenResources = new HashSet<>();
        for (ResourceDefinition d : all) {
            List<String> names = new ArrayList<>();
            names.add(d.plural());
            names.add(d.singular());
            names.add(d.kind().toLowerCase(Locale.ROOT));
            names.addAll(d.shortNames());
            for (String candidate : names) {
                if (n.equals(candidate) || (!d.group().isEmpty() && n.equals(candidate + "." + d.group()))) {
                    // Several versions of one resource: the first (preferred) one answers.
                    if (seenResources.add(d.qualifiedName())) {
                        hits.add(d);
                    }
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
