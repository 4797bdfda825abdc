package dev.informer.testing.internal;

import dev.informer.labels.SelectorException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * A parsed Kubernetes field selector with the syntax of apimachinery's {@code fields.ParseSelector}
 * and the per-resource field support of kube-apiserver.
 *
 * <p>Syntax: comma-separated terms that must all hold, each {@code field=value},
 * {@code field==value} or {@code field!=value}. In a value, {@code \,}, {@code \=} and
 * {@code \\} stand for a literal comma, equals sign and backslash; any other escape, or an
 * unescaped {@code ,}/{@code =} inside a value, is an error. A field that is absent from an object
 * has the empty value, so {@code spec.nodeName=} selects unscheduled pods.
 *
 * <p>Supported fields: {@code metadata.name} and {@code metadata.namespace} for every resource,
 * plus, keyed by the resource's plural (as kube-apiserver's field label conversions are):
 * <ul>
 *   <li>{@code pods}: {@code spec.nodeName}, {@code spec.restartPolicy}, {@code
 *       spec.schedulerName}, {@code spec.serviceAccountName}, {@code spec.hostNetwork} ({@code
 *       "true"}/{@code "false"}), {@code status.phase}, {@code status.podIP} (the first of
 *       {@code status.podIPs}), {@code status.nominatedNodeName};
 *   <li>{@code events}: {@code involvedObject.kind}, {@code .namespace}, {@code .name}, {@code
 *       .uid}, {@code .apiVersion}, {@code .resourceVersion}, {@code .fieldPath}, {@code reason},
 *       {@code reportingComponent}, {@code source} ({@code source.component}), {@code type};
 *   <li>{@code secrets}: {@code type};
 *   <li>{@code nodes}: {@code spec.unschedulable} ({@code "true"}/{@code "false"});
 *   <li>{@code namespaces}: {@code status.phase};
 *   <li>{@code replicasets}, {@code replicationcontrollers}: {@code status.replicas} ({@code "0"}
 *       when absent);
 *   <li>{@code jobs}: {@code status.successful} ({@code "0"} when absent).
 * </ul>
 * Any other field is rejected as the real server rejects it: {@code field label not supported:
 * <field>} (a 400). Custom resources support only the {@code metadata} fields.
 *
 * <p>Immutable and thread-safe; {@link #matches} reads the tree without copying it. {@link
 * #toString()} is the canonical form (terms sorted, values escaped, {@code ==} written as
 * {@code =}).
 */
public final class FieldSelector {
    private static final FieldSelector EVERYTHING = new FieldSelector(new Term[0]);

    private static final Map<String, Function<JsonNode, String>> COMMON = Map.of(
            "metadata.name", path("metadata", "name"),
            "metadata.namespace", path("metadata", "namespace"));

    private static final Map<String, Map<String, Function<JsonNode, String>>> BY_RESOURCE = buildResourceFields();

    private final Term[] terms;
    private final String canonical;

    private FieldSelector(Term[] terms) {
        this.terms = terms;
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < terms.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(terms[i].field).append(terms[i].negated ? "!=" : "=");
            appendEscaped(sb, terms[i].value);
        }
        this.canonical = sb.toString();
    }

    /** The selector that matches every object (what an absent or empty selector means). */
    public static FieldSelector everything() {
        return EVERYTHING;
    }

    /**
     * Parses {@code selector} for objects of the resource named by its plural ({@code pods},
     * {@code events}, ...; {@code null} allows only the {@code metadata} fields). {@code null} or
     * empty input selects everything.
     *
     * @throws SelectorException when a term has no operator ({@code invalid selector: ...}), a value
     *     has a bad escape or an unescaped {@code ,}/{@code =}, or the field is not supported for the
     *     resource ({@code field label not supported: <field>})
     */
    public static FieldSelector parse(@Nullable String selector, @Nullable String resourcePlural) {
        if (selector == null || selector.isEmpty()) {
            return EVERYTHING;
        }
        List<String> parts = splitTerms(selector);
        Collections.sort(parts);
        Map<String, Function<JsonNode, String>> fields =
                resourcePlural == null ? Map.of() : BY_RESOURCE.getOrDefault(resourcePlural, Map.of());
        List<Term> terms = new ArrayList<>(parts.size());
        for (String part : parts) {
            if (part.isEmpty()) {
                continue;
            }
            Term term = parseTerm(selector, part, fields);
            terms.add(term);
        }
        return terms.isEmpty() ? EVERYTHING : new FieldSelector(terms.toArray(new Term[0]));
    }

    /** True when this selector has no terms and so matches everything. */
    public boolean isEmpty() {
        return terms.length == 0;
    }

    /** True when every term holds for {@code object}, a Kubernetes object held as a JSON tree. */
    public boolean matches(JsonNode object) {
        for (Term term : terms) {
            boolean equal = term.value.equals(term.extractor.apply(object));
            if (equal == term.negated) {
                return false;
            }
        }
        return true;
    }

    /** The canonical form, e.g. {@code metadata.namespace!=kube-system,spec.nodeName=node-1}. */
    @Override
    public String toString() {
        return canonical;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FieldSelector other && canonical.equals(other.canonical);
    }

    @Override
    public int hashCode() {
        return canonical.hashCode();
    }

    private static final class Term {
        final String field;
        final boolean negated;
        final String value;
        final Function<JsonNode, String> extractor;

        Term(String field, boolean negated, String value, Function<JsonNode, String> extractor) {
            this.field = field;
            this.negated = negated;
            this.value = value;
            this.extractor = extractor;
        }
    }

    private static Term parseTerm(String selector, String part, Map<String, Function<JsonNode, String>> fields) {
        // The first operator occurrence splits the term; "!=" and "==" are tried before "=" at each
        // position so that "a==b" does not leave "=b" as the value.
        for (int i = 0; i < part.length(); i++) {
            String op;
            if (part.startsWith("!=", i)) {
                op = "!=";
            } else if (part.startsWith("==", i)) {
                op = "==";
            } else if (part.charAt(i) == '=') {
                op = "=";
            } else {
                continue;
            }
            String field = part.substring(0, i);
            String value = unescapeValue(part.substring(i + op.length()));
            Function<JsonNode, String> extractor = COMMON.get(field);
            if (extractor == null) {
                extractor = fields.get(field);
            }
            if (extractor == null) {
                throw new SelectorException("field label not supported: " + field);
            }
            return new Term(field, op.equals("!="), value, extractor);
        }
        throw new SelectorException("invalid selector: '" + selector + "'; can't understand '" + part + "'");
    }

    /** Splits on commas that are not escaped; the escapes stay in the terms. */
    private static List<String> splitTerms(String selector) {
        List<String> terms = new ArrayList<>(2);
        int start = 0;
        boolean escaped = false;
        for (int i = 0; i < selector.length(); i++) {
            char c = selector.charAt(i);
            if (escaped) {
                escaped = false;
            } else if (c == '\\') {
                escaped = true;
            } else if (c == ',') {
                terms.add(selector.substring(start, i));
                start = i + 1;
            }
        }
        terms.add(selector.substring(start));
        return terms;
    }

    private static String unescapeValue(String value) {
        if (value.indexOf('\\') < 0 && value.indexOf(',') < 0 && value.indexOf('=') < 0) {
            return value;
        }
        StringBuilder sb = new StringBuilder(value.length());
        boolean escaped = false;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (escaped) {
                if (c != '\\' && c != ',' && c != '=') {
                    throw new SelectorException("invalid field selector: invalid escape sequence: \\" + c);
                }
                sb.append(c);
                escaped = false;
            } else if (c == '\\') {
                escaped = true;
            } else if (c == ',' || c == '=') {
                throw new SelectorException("invalid field selector: unescaped character in value: " + c);
            } else {
                sb.append(c);
            }
        }
        if (escaped) {
            throw new SelectorException("invalid field selector: invalid escape sequence: \\");
        }
        return sb.toString();
    }

    private static void appendEscaped(StringBuilder sb, String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\\' || c == ',' || c == '=') {
                sb.append('\\');
            }
            sb.append(c);
        }
    }

    private static Map<String, Map<String, Function<JsonNode, String>>> buildResourceFields() {
        Map<String, Map<String, Function<JsonNode, String>>> all = new HashMap<>();

        Map<String, Function<JsonNode, String>> pods = new HashMap<>();
        pods.put("spec.nodeName", path("spec", "nodeName"));
        pods.put("spec.restartPolicy", path("spec", "restartPolicy"));
        pods.put("spec.schedulerName", path("spec", "schedulerName"));
        pods.put("spec.serviceAccountName", path("spec", "serviceAccountName"));
        pods.put("spec.hostNetwork", bool("spec", "hostNetwork"));
        pods.put("status.phase", path("status", "phase"));
        pods.put("status.podIP", FieldSelector::podIp);
        pods.put("status.nominatedNodeName", path("status", "nominatedNodeName"));
        all.put("pods", Map.copyOf(pods));

        Map<String, Function<JsonNode, String>> events = new HashMap<>();
        for (String f : List.of("kind", "namespace", "name", "uid", "apiVersion", "resourceVersion", "fieldPath")) {
            events.put("involvedObject." + f, path("involvedObject", f));
        }
        events.put("reason", path("reason"));
        events.put("reportingComponent", path("reportingComponent"));
        events.put("source", path("source", "component"));
        events.put("type", path("type"));
        all.put("events", Map.copyOf(events));

        all.put("secrets", Map.of("type", path("type")));
        all.put("nodes", Map.of("spec.unschedulable", bool("spec", "unschedulable")));
        all.put("namespaces", Map.of("status.phase", path("status", "phase")));
        all.put("replicasets", Map.of("status.replicas", integer("status", "replicas")));
        all.put("replicationcontrollers", Map.of("status.replicas", integer("status", "replicas")));
        all.put("jobs", Map.of("status.successful", integer("status", "successful")));
        return Map.copyOf(all);
    }

    /** The pod's primary IP: the first {@code status.podIPs} entry, as the API server computes it. */
    private static String podIp(@Nullable JsonNode pod) {
        JsonNode ips = pod == null ? null : pod.path("status").path("podIPs");
        if (ips != null && ips.isArray() && ips.size() > 0) {
            return render(ips.get(0).path("ip"));
        }
        return pod == null ? "" : render(pod.path("status").path("podIP"));
    }

    private static Function<JsonNode, String> path(String... segments) {
        return object -> {
            JsonNode node = object;
            for (String s : segments) {
                if (node == null) {
                    return "";
                }
                node = node.get(s);
            }
            return render(node);
        };
    }

    /** A boolean field that defaults to false, rendered as Go's strconv.FormatBool does. */
    private static Function<JsonNode, String> bool(String... segments) {
        Function<JsonNode, String> raw = path(segments);
        return object -> {
            String v = raw.apply(object);
            return v.isEmpty() ? "false" : v;
        };
    }

    /** An integer field that defaults to 0, rendered as Go's strconv.Itoa does. */
    private static Function<JsonNode, String> integer(String... segments) {
        Function<JsonNode, String> raw = path(segments);
        return object -> {
            String v = raw.apply(object);
            return v.isEmpty() ? "0" : v;
        };
    }

    private static String render(@Nullable JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return "";
        }
        return node.isString() ? node.stringValue() : node.isValueNode() ? node.asString() : node.toString();
    }
}
