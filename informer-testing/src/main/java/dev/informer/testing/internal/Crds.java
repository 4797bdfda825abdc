package dev.informer.testing.internal;

import dev.informer.testing.ResourceDefinition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * CustomResourceDefinitions: what kube-apiserver's apiextensions server does, synchronously.
 *
 * <ul>
 *   <li>{@link #admit} validates a CRD like kube (422 Invalid with kube's field paths), fills in
 *       its defaults and sets its status (conditions {@code NamesAccepted} and
 *       {@code Established}, {@code acceptedNames}, {@code storedVersions}); for a custom
 *       resource, it prunes, defaults and validates the object against its version's structural
 *       schema ({@link CrdSchema}).
 *   <li>{@link #committed} installs or updates what a stored CRD serves: every served version
 *       becomes a resource in the registry (discovery, OpenAPI, every verb) with its own store.
 *   <li>{@link #removing} runs when a CRD is deleted: the resource leaves the registry, its
 *       objects are deleted (watchers see DELETED) and its watches end.
 * </ul>
 *
 * <p>The store calls these while it holds the CRD store's lock, which serializes every CRD change;
 * they take a custom resource store's lock inside it, never the other way round. Thread-safe.
 */
final class Crds {
    private static final Logger LOG = LoggerFactory.getLogger(Crds.class);
    private static final Pattern DNS1123_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
    private static final Pattern DNS1035_LABEL = Pattern.compile("[a-z]([-a-z0-9]*[a-z0-9])?");
    private static final Pattern DNS1123_SUBDOMAIN =
            Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
    private static final Pattern KIND = Pattern.compile("[A-Z][A-Za-z0-9]*");
    private static final Pattern KUBE_VERSION = Pattern.compile("v(\\d+)(?:(alpha|beta)(\\d+))?");
    private static final Pattern REPLICAS_PATH = Pattern.compile("(\\.[A-Za-z0-9_-]+)+");

    private final ApiServerEngine engine;

    Crds(ApiServerEngine engine) {
        this.engine = engine;
    }

    static boolean isCrd(ResourceDefinition def) {
        return def.plural().equals(ResourceDefinition.CUSTOM_RESOURCE_DEFINITIONS.plural())
                && def.group().equals(ResourceDefinition.CUSTOM_RESOURCE_DEFINITIONS.group());
    }

    // ---------------------------------------------------------------- admission

    /**
     * Shapes and checks an object about to be stored ({@code old} is null on create).
     *
     * @return the object to store (the same tree, changed in place)
     * @throws Refusal 422 Invalid
     */
    ObjectNode admit(ResourceDefinition def, ObjectNode obj, @Nullable ObjectNode old) {
        if (isCrd(def)) {
            admitCrd(obj, old);
            return obj;
        }
        ResourceRegistry registry = engine.registry();
        if (!registry.hasExtras()) {
            return obj; // no CRD installed: nothing to enforce (the common, hot path)
        }
        Optional<ResourceRegistry.Extras> extras = registry.extras(def);
        CrdSchema schema = extras.map(ResourceRegistry.Extras::schema).orElse(null);
        if (schema != null) {
            schema.pruneAndDefault(obj);
            List<Refusal.Cause> causes = schema.validate(obj);
            if (!causes.isEmpty()) {
                throw Refusal.invalid(def.kind(), def.group(), Json.meta(obj, "name"), causes);
            }
        }
        return obj;
    }

    private void admitCrd(ObjectNode crd, @Nullable ObjectNode old) {
        String name = Json.meta(crd, "name");
        applyCrdDefaults(crd);
        List<Refusal.Cause> causes = validateCrd(crd, name);
        if (old != null) {
            String oldScope = old.path("spec").path("scope").asString("");
            String scope = crd.path("spec").path("scope").asString("");
            if (!oldScope.equals(scope)) {
                causes.add(new Refusal.Cause(
                        "FieldValueInvalid", "Invalid value: \"" + scope + "\": field is immutable", "spec.scope"));
            }
        }
        if (!causes.isEmpty()) {
            throw Refusal.invalid(
                    ResourceDefinition.CUSTOM_RESOURCE_DEFINITIONS.kind(),
                    ResourceDefinition.CUSTOM_RESOURCE_DEFINITIONS.group(),
                    name,
                    causes);
        }
        setStatus(crd, old, nameConflict(crd, name));
    }

    private static void applyCrdDefaults(ObjectNode crd) {
        JsonNode spec = crd.get("spec");
        if (!(spec instanceof ObjectNode s)) {
            return;
        }
        if (s.get("names") instanceof ObjectNode names) {
            String kind = names.path("kind").asString("");
            if (!kind.isEmpty()) {
                if (names.path("singular").asString("").isEmpty()) {
                    names.put("singular", kind.toLowerCase(Locale.ROOT));
                }
                if (names.path("listKind").asString("").isEmpty()) {
                    names.put("listKind", kind + "List");
                }
            }
        }
        if (!s.has("conversion")) {
            s.putObject("conversion").put("strategy", "None");
        }
    }

    private static List<Refusal.Cause> validateCrd(ObjectNode crd, @Nullable String name) {
        List<Refusal.Cause> out = new ArrayList<>();
        JsonNode spec = crd.path("spec");
        String group = spec.path("group").asString("");
        JsonNode names = spec.path("names");
        String plural = names.path("plural").asString("");
        if (!spec.isObject()) {
            out.add(required("spec", ""));
            return out;
        }
        if (!plural.isEmpty() && !group.isEmpty() && !(plural + "." + group).equals(name)) {
            out.add(invalid("metadata.name", quote(name), "must be spec.names.plural+\".\"+spec.group"));
        }
        if (group.isEmpty()) {
            out.add(required("spec.group", ""));
        } else if (!DNS1123_SUBDOMAIN.matcher(group).matches() || group.length() > 253) {
            out.add(
                    invalid(
                            "spec.group",
                            quote(group),
                            "a lowercase RFC 1123 subdomain must consist of lower case"
                                    + " alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character"));
        } else if (!group.contains(".")) {
            out.add(invalid("spec.group", quote(group), "should be a domain with at least one dot"));
        }
        String scope = spec.path("scope").asString("");
        if (scope.isEmpty()) {
            out.add(required("spec.scope", ""));
        } else if (!scope.equals("Cluster") && !scope.equals("Namespaced")) {
            out.add(new Refusal.Cause(
                    "FieldValueNotSupported",
                    "Unsupported value: " + quote(scope) + ": supported values: \"Cluster\", \"Namespaced\"",
                    "spec.scope"));
        }
        validateNames(names, out);
        validateVersions(spec.path("versions"), out);
        String strategy = spec.path("conversion").path("strategy").asString("None");
        if (!strategy.equals("None") && !strategy.equals("Webhook")) {
            out.add(new Refusal.Cause(
                    "FieldValueNotSupported",
                    "Unsupported value: " + quote(strategy) + ": supported values: \"None\", \"Webhook\"",
                    "spec.conversion.strategy"));
        }
        return out;
    }

    private static void validateNames(JsonNode names, List<Refusal.Cause> out) {
        for (String f : List.of("plural", "singular")) {
            String v = names.path(f).asString("");
            if (v.isEmpty()) {
                out.add(required("spec.names." + f, ""));
            } else if (!DNS1123_LABEL.matcher(v).matches()) {
                out.add(invalid("spec.names." + f, quote(v), dns1123LabelMessage()));
            }
        }
        String kind = names.path("kind").asString("");
        if (kind.isEmpty()) {
            out.add(required("spec.names.kind", ""));
        } else if (!KIND.matcher(kind).matches()) {
            out.add(invalid(
                    "spec.names.kind",
                    quote(kind),
                    "the embedded API server requires an UpperCamelCase kind: [A-Z][A-Za-z0-9]*"));
        }
        String listKind = names.path("listKind").asString("");
        if (!kind.isEmpty() && !listKind.equals(kind + "List")) {
            out.add(invalid(
                    "spec.names.listKind",
                    quote(listKind),
                    "the embedded API server serves lists as " + kind + "List only"));
        }
        for (String f : List.of("shortNames", "categories")) {
            JsonNode list = names.path(f);
            for (int i = 0; i < list.size(); i++) {
                String v = list.get(i).asString("");
                if (!DNS1123_LABEL.matcher(v).matches()) {
                    out.add(invalid("spec.names." + f + "[" + i + "]", quote(v), dns1123LabelMessage()));
                }
            }
        }
    }

    private static void validateVersions(JsonNode versions, List<Refusal.Cause> out) {
        if (!versions.isArray() || versions.isEmpty()) {
            out.add(required("spec.versions", "must have exactly one version marked as storage version"));
            return;
        }
        Set<String> seen = new HashSet<>();
        List<String> storage = new ArrayList<>();
        List<String> all = new ArrayList<>();
        for (int i = 0; i < versions.size(); i++) {
            JsonNode v = versions.get(i);
            String path = "spec.versions[" + i + "]";
            String vn = v.path("name").asString("");
            all.add(vn);
            if (vn.isEmpty()) {
                out.add(required(path + ".name", ""));
            } else if (!DNS1035_LABEL.matcher(vn).matches() || vn.length() > 63) {
                out.add(invalid(
                        path + ".name",
                        quote(vn),
                        "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an"
                                + " alphabetic character, and end with an alphanumeric character (e.g. 'my-name', "
                                + " or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')"));
            } else if (!seen.add(vn)) {
                out.add(new Refusal.Cause("FieldValueDuplicate", "Duplicate value: " + quote(vn), path + ".name"));
            }
            if (v.path("storage").asBoolean(false)) {
                storage.add(vn);
            }
            JsonNode schema = v.path("schema").path("openAPIV3Schema");
            String schemaPath = path + ".schema.openAPIV3Schema";
            if (!schema.isObject()) {
                out.add(required(schemaPath, "schemas are required"));
            } else {
                String type = schema.path("type").asString("");
                if (type.isEmpty()) {
                    out.add(required(schemaPath + ".type", "must not be empty at the root"));
                } else if (!type.equals("object")) {
                    out.add(invalid(schemaPath + ".type", quote(type), "must be object at the root"));
                }
                validateStructural(schema, schemaPath, out);
            }
            JsonNode scale = v.path("subresources").path("scale");
            if (scale.isObject()) {
                String sub = path + ".subresources.scale";
                checkReplicasPath(scale, "specReplicasPath", ".spec", sub, true, out);
                checkReplicasPath(scale, "statusReplicasPath", ".status", sub, true, out);
                checkReplicasPath(scale, "labelSelectorPath", "", sub, false, out);
            }
        }
        if (storage.size() != 1) {
            out.add(invalid(
                    "spec.versions",
                    "[" + String.join(" ", all) + "]",
                    "must have exactly one version marked as storage version"));
        }
    }

    private static void checkReplicasPath(
            JsonNode scale, String field, String under, String path, boolean required, List<Refusal.Cause> out) {
        String p = scale.path(field).asString("");
        if (p.isEmpty()) {
            if (required) {
                out.add(required(path + "." + field, ""));
            }
            return;
        }
        if (!REPLICAS_PATH.matcher(p).matches() || !p.startsWith(under.isEmpty() ? "." : under + ".")) {
            out.add(invalid(
                    path + "." + field,
                    quote(p),
                    under.isEmpty()
                            ? "should be a json path under either .spec or .status"
                            : "should be a json path under " + under));
        }
    }

    /** Every specified field has a type (or preserves unknown fields / is int-or-string). */
    private static void validateStructural(JsonNode schema, String path, List<Refusal.Cause> out) {
        JsonNode pattern = schema.get("pattern");
        if (pattern != null && pattern.isString()) {
            try {
                Pattern.compile(pattern.asString());
            } catch (PatternSyntaxException e) {
                out.add(invalid(
                        path + ".pattern",
                        quote(pattern.asString()),
                        "must be a valid regular expression, but isn't: " + e.getDescription()));
            }
        }
        for (Map.Entry<String, JsonNode> p : schema.path("properties").properties()) {
            String child = path + ".properties[" + p.getKey() + "]";
            JsonNode s = p.getValue();
            if (s.path("type").asString("").isEmpty()
                    && !s.path("x-kubernetes-int-or-string").asBoolean(false)
                    && !s.path("x-kubernetes-preserve-unknown-fields").asBoolean(false)) {
                out.add(required(child + ".type", "must not be empty for specified object fields"));
            }
            validateStructural(s, child, out);
        }
        JsonNode items = schema.get("items");
        if (items != null && items.isObject()) {
            if (items.path("type").asString("").isEmpty()
                    && !items.path("x-kubernetes-int-or-string").asBoolean(false)
                    && !items.path("x-kubernetes-preserve-unknown-fields").asBoolean(false)) {
                out.add(required(path + ".items.type", "must not be empty for specified array items"));
            }
            validateStructural(items, path + ".items", out);
        }
        JsonNode additional = schema.get("additionalProperties");
        if (additional != null && additional.isObject()) {
            validateStructural(additional, path + ".additionalProperties", out);
        }
    }

    /** Why the CRD's names cannot be served (another resource serves them), or null. */
    private @Nullable String nameConflict(ObjectNode crd, @Nullable String name) {
        JsonNode spec = crd.path("spec");
        String group = spec.path("group").asString();
        String plural = spec.path("names").path("plural").asString();
        String kind = spec.path("names").path("kind").asString();
        ResourceRegistry registry = engine.registry();
        for (JsonNode v : spec.path("versions")) {
            String version = v.path("name").asString();
            for (ResourceDefinition other : registry.resources(group, version)) {
                boolean mine = registry.extras(other)
                        .map(e -> e.crdName().equals(name))
                        .orElse(false);
                if (mine) {
                    continue;
                }
                if (other.plural().equals(plural)) {
                    return "\"" + plural + "\" is already in use";
                }
                if (other.kind().equals(kind)) {
                    return "\"" + kind + "\" is already in use";
                }
            }
        }
        return null;
    }

    private void setStatus(ObjectNode crd, @Nullable ObjectNode old, @Nullable String conflict) {
        ObjectNode status = crd.putObject("status");
        JsonNode names = crd.path("spec").path("names");
        Instant now = engine.now();
        ArrayNode conditions = status.putArray("conditions");
        JsonNode oldConditions = old == null ? null : old.path("status").path("conditions");
        boolean accepted = conflict == null;
        conditions.add(condition(
                "NamesAccepted",
                accepted,
                accepted ? "NoConflicts" : "NameConflict",
                conflict == null ? "no conflicts found" : conflict,
                oldConditions,
                now));
        conditions.add(condition(
                "Established",
                accepted,
                accepted ? "InitialNamesAccepted" : "NotAccepted",
                accepted ? "the initial names have been accepted" : "not all names are accepted",
                oldConditions,
                now));
        if (accepted) {
            status.set("acceptedNames", names.deepCopy());
        } else if (old != null && old.path("status").has("acceptedNames")) {
            status.set("acceptedNames", old.path("status").get("acceptedNames").deepCopy());
        } else {
            status.putObject("acceptedNames").put("plural", "").put("kind", "");
        }
        Set<String> stored = new java.util.LinkedHashSet<>();
        if (old != null) {
            for (JsonNode v : old.path("status").path("storedVersions")) {
                stored.add(v.asString());
            }
        }
        for (JsonNode v : crd.path("spec").path("versions")) {
            if (v.path("storage").asBoolean(false)) {
                stored.add(v.path("name").asString());
            }
        }
        Json.putStrings(status, "storedVersions", stored);
    }

    private static ObjectNode condition(
            String type, boolean ok, String reason, String message, @Nullable JsonNode oldConditions, Instant now) {
        ObjectNode c = Json.object();
        c.put("type", type);
        String statusText = ok ? "True" : "False";
        c.put("status", statusText);
        String time = ObjectRules.timestamp(now);
        if (oldConditions != null) {
            for (JsonNode o : oldConditions) {
                if (type.equals(o.path("type").asString())
                        && statusText.equals(o.path("status").asString())) {
                    time = o.path("lastTransitionTime").asString(time);
                }
            }
        }
        c.put("lastTransitionTime", time);
        c.put("reason", reason);
        c.put("message", message);
        return c;
    }

    // ---------------------------------------------------------------- serving

    /** After a write is stored: a CRD (created or changed) is served as it now says. */
    void committed(ResourceDefinition def, ObjectVersion v) {
        if (!isCrd(def) || v.deleted) {
            return;
        }
        String name = v.name();
        boolean accepted = false;
        for (JsonNode c : v.object.path("status").path("conditions")) {
            if ("NamesAccepted".equals(c.path("type").asString())
                    && "True".equals(c.path("status").asString())) {
                accepted = true;
            }
        }
        Map<ResourceDefinition, ResourceRegistry.Extras> served = accepted ? served(v.object, name) : Map.of();
        List<ResourceDefinition> before;
        try {
            before = engine.registry().replaceCustom(name, served);
        } catch (IllegalArgumentException e) {
            LOG.warn("CustomResourceDefinition {} is stored but not served: {}", name, e.getMessage());
            return;
        }
        for (ResourceDefinition d : served.keySet()) {
            engine.installStore(d);
        }
        for (ResourceDefinition gone : before) {
            boolean stillServed = served.keySet().stream()
                    .anyMatch(d ->
                            d.version().equals(gone.version()) && d.plural().equals(gone.plural()));
            if (!stillServed) {
                retire(gone);
            }
        }
        LOG.debug("CustomResourceDefinition {} serves {}", name, served.keySet());
    }

    /** Before a CRD is removed from storage: its resources stop being served, its objects go. */
    void removing(ResourceDefinition def, ObjectVersion old) {
        if (!isCrd(def)) {
            return;
        }
        for (ResourceDefinition d : engine.registry().removeCustom(old.name())) {
            retire(d);
        }
    }

    private void retire(ResourceDefinition d) {
        ResourceStore store = engine.removeStore(d);
        if (store != null) {
            store.retire();
        }
    }

    /** The resource definitions and extras of every served version, preferred version first. */
    private static Map<ResourceDefinition, ResourceRegistry.Extras> served(ObjectNode crd, String name) {
        JsonNode spec = crd.path("spec");
        JsonNode names = spec.path("names");
        List<String> shortNames = strings(names.path("shortNames"));
        List<String> categories = strings(names.path("categories"));
        List<JsonNode> versions = new ArrayList<>();
        spec.path("versions").forEach(versions::add);
        versions.sort(Comparator.comparing(v -> v.path("name").asString(), Crds::compareVersions));
        Map<ResourceDefinition, ResourceRegistry.Extras> out = new LinkedHashMap<>();
        for (JsonNode v : versions) {
            if (!v.path("served").asBoolean(false)) {
                continue;
            }
            List<String> subresources = new ArrayList<>();
            JsonNode subs = v.path("subresources");
            if (subs.path("status").isObject()) {
                subresources.add("status");
            }
            CrdScale scale = null;
            if (subs.path("scale").isObject()) {
                JsonNode s = subs.path("scale");
                String selector = s.path("labelSelectorPath").asString("");
                scale = new CrdScale(
                        s.path("specReplicasPath").asString(),
                        s.path("statusReplicasPath").asString(),
                        selector.isEmpty() ? null : selector);
            }
            ResourceDefinition d = new ResourceDefinition(
                    spec.path("group").asString(),
                    v.path("name").asString(),
                    names.path("plural").asString(),
                    names.path("singular").asString(),
                    names.path("kind").asString(),
                    "Namespaced".equals(spec.path("scope").asString()),
                    shortNames,
                    subresources,
                    ResourceDefinition.ALL_VERBS);
            JsonNode schema = v.path("schema").path("openAPIV3Schema").deepCopy();
            out.put(d, new ResourceRegistry.Extras(name, categories, new CrdSchema(schema), scale));
        }
        return out;
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        for (JsonNode n : array) {
            out.add(n.asString());
        }
        return out;
    }

    /**
     * Kubernetes' version priority (higher first): GA before beta before alpha, higher numbers
     * first; versions that are not Kubernetes-like sort last, alphabetically.
     */
    static int compareVersions(String a, String b) {
        Matcher ma = KUBE_VERSION.matcher(a);
        Matcher mb = KUBE_VERSION.matcher(b);
        boolean ka = ma.matches();
        boolean kb = mb.matches();
        if (!ka || !kb) {
            return ka ? -1 : kb ? 1 : a.compareTo(b);
        }
        int stageA = stage(ma.group(2));
        int stageB = stage(mb.group(2));
        if (stageA != stageB) {
            return Integer.compare(stageB, stageA);
        }
        int major = Long.compare(Long.parseLong(mb.group(1)), Long.parseLong(ma.group(1)));
        if (major != 0) {
            return major;
        }
        return ma.group(3) == null ? 0 : Long.compare(Long.parseLong(mb.group(3)), Long.parseLong(ma.group(3)));
    }

    private static int stage(@Nullable String s) {
        return s == null ? 2 : s.equals("beta") ? 1 : 0;
    }

    // ---------------------------------------------------------------- warnings

    /**
     * What the embedded server ignores in a CRD, one line each, for {@code Warning} headers on
     * CRD writes.
     */
    static List<String> warnings(JsonNode crd) {
        List<String> out = new ArrayList<>();
        String name = Json.meta(crd, "name");
        JsonNode spec = crd.path("spec");
        int served = 0;
        for (JsonNode v : spec.path("versions")) {
            if (v.path("served").asBoolean(false)) {
                served++;
            }
            if (mentions(v.path("schema"), "x-kubernetes-validations")) {
                out.add("CustomResourceDefinition " + name + ": x-kubernetes-validations (CEL rules) of version "
                        + v.path("name").asString() + " are not evaluated by the embedded API server");
            }
            if (v.has("additionalPrinterColumns")) {
                out.add("CustomResourceDefinition " + name + ": additionalPrinterColumns of version "
                        + v.path("name").asString() + " are not shown by the embedded API server (tables list"
                        + " NAME and AGE)");
            }
        }
        if ("Webhook".equals(spec.path("conversion").path("strategy").asString())) {
            out.add("CustomResourceDefinition " + name
                    + ": the conversion webhook is not called by the embedded API server");
        }
        if (served > 1) {
            out.add("CustomResourceDefinition " + name + ": the embedded API server keeps the objects of each"
                    + " served version apart (no conversion between versions)");
        }
        return out;
    }

    private static boolean mentions(JsonNode node, String field) {
        if (node.isObject()) {
            if (node.has(field)) {
                return true;
            }
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                if (mentions(e.getValue(), field)) {
                    return true;
                }
            }
        } else if (node.isArray()) {
            for (JsonNode n : node) {
                if (mentions(n, field)) {
                    return true;
                }
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- helpers

    private static String dns1123LabelMessage() {
        return "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must"
                + " start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for"
                + " validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
    }

    private static Refusal.Cause required(String field, String detail) {
        return new Refusal.Cause(
                "FieldValueRequired", detail.isEmpty() ? "Required value" : "Required value: " + detail, field);
    }

    private static Refusal.Cause invalid(String field, String renderedValue, String detail) {
        return new Refusal.Cause("FieldValueInvalid", "Invalid value: " + renderedValue + ": " + detail, field);
    }

    private static String quote(@Nullable String s) {
        return "\"" + (s == null ? "" : s.replace("\\", "\\\\").replace("\"", "\\\"")) + "\"";
    }
}
