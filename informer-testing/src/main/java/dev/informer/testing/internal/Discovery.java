package dev.informer.testing.internal;

import dev.informer.testing.ResourceDefinition;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The discovery documents (legacy, non-aggregated): {@code /version}, {@code /api},
 * {@code /api/v1}, {@code /apis}, {@code /apis/{group}}, {@code /apis/{group}/{version}} and the
 * root path list, built on each request from the registry (which CRDs change while the server
 * runs). Thread-safe.
 */
final class Discovery {
    /** The Kubernetes version the server claims (kubectl v1.32 is within its skew). */
    static final String MAJOR = "1";

    static final String MINOR = "32";

    private final ResourceRegistry registry;
    private final String serverAddress;

    Discovery(ResourceRegistry registry, String serverAddress) {
        this.registry = registry;
        this.serverAddress = serverAddress;
    }

    ObjectNode version() {
        ObjectNode v = Json.object();
        v.put("major", MAJOR);
        v.put("minor", MINOR);
        v.put("gitVersion", "v" + MAJOR + "." + MINOR + ".0-embedded");
        v.put("gitCommit", "0000000000000000000000000000000000000000");
        v.put("gitTreeState", "clean");
        v.put("buildDate", "2025-01-01T00:00:00Z");
        v.put("goVersion", "java" + Runtime.version().feature());
        v.put("compiler", "embedded");
        v.put("platform", "jvm");
        return v;
    }

    ObjectNode rootPaths() {
        ObjectNode root = Json.object();
        ArrayNode paths = root.putArray("paths");
        paths.add("/api");
        paths.add("/api/v1");
        paths.add("/apis");
        for (String g : registry.groups()) {
            if (g.isEmpty()) {
                continue;
            }
            paths.add("/apis/" + g);
            for (String v : registry.versions(g)) {
                paths.add("/apis/" + g + "/" + v);
            }
        }
        paths.add("/healthz");
        paths.add("/livez");
        paths.add("/readyz");
        paths.add("/version");
        return root;
    }

    ObjectNode apiVersions() {
        ObjectNode o = Json.object();
        o.put("kind", "APIVersions");
        ArrayNode versions = o.putArray("versions");
        for (String v : registry.versions("")) {
            versions.add(v);
        }
        ObjectNode addr = o.putArray("serverAddressByClientCIDRs").addObject();
        addr.put("clientCIDR", "0.0.0.0/0");
        addr.put("serverAddress", serverAddress);
        return o;
    }

    ObjectNode apiGroupList() {
        ObjectNode o = Json.object();
        o.put("kind", "APIGroupList");
        o.put("apiVersion", "v1");
        ArrayNode groups = o.putArray("groups");
        for (String g : registry.groups()) {
            List<String> vs = registry.versions(g);
            if (!g.isEmpty() && !vs.isEmpty()) {
                groups.add(groupBody(g, vs));
            }
        }
        return o;
    }

    /** {@code /apis/{group}}, or null when the group is not served. */
    @Nullable
    ObjectNode apiGroup(String group) {
        List<String> vs = registry.versions(group);
        if (group.isEmpty() || vs.isEmpty()) {
            return null;
        }
        ObjectNode o = Json.object();
        o.put("kind", "APIGroup");
        o.put("apiVersion", "v1");
        o.setAll(groupBody(group, vs));
        return o;
    }

    private ObjectNode groupBody(String group, List<String> vs) {
        ObjectNode g = Json.object();
        g.put("name", group);
        ArrayNode versions = g.putArray("versions");
        for (String v : vs) {
            ObjectNode gv = versions.addObject();
            gv.put("groupVersion", group + "/" + v);
            gv.put("version", v);
        }
        ObjectNode preferred = g.putObject("preferredVersion");
        preferred.put("groupVersion", group + "/" + vs.get(0));
        preferred.put("version", vs.get(0));
        return g;
    }

    /** {@code /api/v1} or {@code /apis/{group}/{version}}, or null when not served. */
    @Nullable
    ObjectNode apiResourceList(String group, String version) {
        List<ResourceDefinition> defs = registry.resources(group, version);
        if (defs.isEmpty()) {
            return null;
        }
        ObjectNode o = Json.object();
        o.put("kind", "APIResourceList");
        o.put("apiVersion", "v1");
        o.put("groupVersion", group.isEmpty() ? version : group + "/" + version);
        ArrayNode resources = o.putArray("resources");
        for (ResourceDefinition d : defs) {
            ObjectNode r = resources.addObject();
            r.put("name", d.plural());
            r.put("singularName", d.singular());
            r.put("namespaced", d.namespaced());
            r.put("kind", d.kind());
            Json.putStrings(r, "verbs", d.verbs());
            if (!d.shortNames().isEmpty()) {
                Json.putStrings(r, "shortNames", d.shortNames());
            }
            List<String> categories = new ArrayList<>(registry.categories(d));
            for (String c : KindStrategies.categories(d)) {
                if (!categories.contains(c)) {
                    categories.add(c);
                }
            }
            if (!categories.isEmpty()) {
                Json.putStrings(r, "categories", categories);
            }
            List<String> subresources = new java.util.ArrayList<>(d.subresources());
            if (registry.extras(d).map(e -> e.scale() != null).orElse(false)) {
                subresources.add("scale");
            }
            for (String sub : subresources) {
                ObjectNode s = resources.addObject();
                s.put("name", d.plural() + "/" + sub);
                s.put("singularName", "");
                s.put("namespaced", d.namespaced());
                if (sub.equals("scale")) {
                    s.put("group", ScaleSubresource.GROUP);
                    s.put("version", ScaleSubresource.VERSION);
                    s.put("kind", ScaleSubresource.KIND);
                } else {
                    s.put("kind", d.kind());
                }
                ArrayNode sv = s.putArray("verbs");
                sv.add("get");
                sv.add("patch");
                sv.add("update");
            }
        }
        return o;
    }
}
