package dev.informer.testing.internal;

import dev.informer.testing.ResourceDefinition;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Server-side apply's field ownership, as kube-apiserver's field manager keeps it in
 * {@code metadata.managedFields} ({@code FieldsV1}): creates, updates and patches give their
 * manager (operation {@code Update}) the fields they set or change; an apply (operation
 * {@code Apply}) owns exactly the fields of its configuration, and fails with 409 Conflict when it
 * would change a field another manager owns, unless forced (then it takes the field over).
 *
 * <p>Paths are lists of {@code FieldsV1} keys: {@code f:<field>}, {@code k:<json of the merge
 * key>} for items of keyed lists, {@code v:<json>} for items of set-like scalar lists, and
 * {@code .} for a keyed item itself. Which lists are keyed comes from the strategic merge
 * schema of the built-in kinds; every other list is atomic (owned as a whole). Stateless.
 *
 * <p>Fields an applier stops applying are removed unless another manager owns them too. Not
 * emulated: maps and structs are not told apart (no {@code .} entry for maps); no version
 * conversion of managed fields.
 */
final class FieldManager {
    static final String APPLY = "Apply";
    static final String UPDATE = "Update";

    /** Metadata fields nobody owns (kube's strip set). */
    private static final Set<String> UNOWNED_META = Set.of(
            "name",
            "namespace",
            "generateName",
            "uid",
            "resourceVersion",
            "generation",
            "creationTimestamp",
            "deletionTimestamp",
            "deletionGracePeriodSeconds",
            "managedFields",
            "selfLink");

    /** Who writes, and how. */
    record Write(String manager, boolean apply, boolean force) {}

    /** One managedFields entry. */
    private record Entry(
            String manager,
            String operation,
            @Nullable String subresource,
            @Nullable String apiVersion,
            @Nullable String time,
            Set<List<String>> fields) {

        boolean sameOwner(String m, String op, @Nullable String sub) {
            return manager.equals(m) && operation.equals(op) && Objects.equals(subresource, sub);
        }
    }

    private FieldManager() {}

    /**
     * Records a create: the manager owns every field of the object (an apply's create: the
     * fields of its configuration).
     */
    static void onCreate(ResourceDefinition def, ObjectNode obj, Write w, @Nullable ObjectNode applied, String now) {
        Set<List<String>> fields = fieldsOf(def, w.apply() ? applied : obj, false);
        List<Entry> entries = new ArrayList<>();
        if (!fields.isEmpty()) {
            entries.add(new Entry(w.manager(), w.apply() ? APPLY : UPDATE, null, def.apiVersion(), now, fields));
        }
        write(obj, entries);
    }

    /**
     * Records an update or patch of {@code old} into {@code next}, or an apply of {@code applied}.
     * Nothing changes when the object did not (so a no-op write stays a no-op).
     *
     * @throws Refusal 409 Conflict when an unforced apply would change fields other managers
     *                     own
     */
    static void onUpdate(
            ResourceDefinition def,
            ObjectNode old,
            ObjectNode next,
            Write w,
            @Nullable ObjectNode applied,
            boolean status,
            String now) {
        JsonNode given = Json.requireMetadata(next).get("managedFields");
        List<Entry> entries;
        if (!w.apply()
                && given != null
                && !given.isNull()
                && !given.equals(Json.requireMetadata(old).get("managedFields"))) {
            return; // an update that sets managedFields itself (e.g. [] to reset them) wins, as in kube
        }
        entries = read(Json.metadata(old));
        Json.requireMetadata(next).remove("managedFields");
        ObjectNode oldBare = old.deepCopy();
        Json.requireMetadata(oldBare).remove("managedFields");
        String sub = status ? "status" : null;
        if (w.apply()) {
            Set<List<String>> fields = fieldsOf(def, applied, status);
            List<String[]> conflicts = new ArrayList<>();
            for (Entry e : entries) {
                if (e.sameOwner(w.manager(), APPLY, sub)) {
                    continue;
                }
                for (List<String> p : e.fields()) {
                    if (fields.contains(p) && !Objects.equals(valueAt(applied, p), valueAt(oldBare, p))) {
                        conflicts.add(new String[] {describe(e), pathString(p)});
                    }
                }
            }
            if (!conflicts.isEmpty() && !w.force()) {
                throw conflict(conflicts);
            }
            List<Entry> out = new ArrayList<>();
            boolean found = false;
            for (Entry e : entries) {
                if (e.sameOwner(w.manager(), APPLY, sub)) {
                    found = true;
                    String time = e.fields().equals(fields) && !changed(oldBare, next) ? e.time() : now;
                    out.add(new Entry(e.manager(), APPLY, sub, def.apiVersion(), time, fields));
                } else if (w.force()) {
                    Set<List<String>> kept = new LinkedHashSet<>(e.fields());
                    for (List<String> p : e.fields()) {
                        if (fields.contains(p) && !Objects.equals(valueAt(applied, p), valueAt(oldBare, p))) {
                            kept.remove(p);
                        }
                    }
                    out.add(new Entry(e.manager(), e.operation(), e.subresource(), e.apiVersion(), e.time(), kept));
                } else {
                    out.add(e);
                }
            }
            if (!found) {
                out.add(new Entry(w.manager(), APPLY, sub, def.apiVersion(), now, fields));
            }
            // Fields this manager applied before and no longer applies go, unless someone else
            // owns them too.
            Set<List<String>> dropped = new LinkedHashSet<>();
            for (Entry e : entries) {
                if (e.sameOwner(w.manager(), APPLY, sub)) {
                    dropped.addAll(e.fields());
                }
            }
            dropped.removeAll(fields);
            for (Entry e : out) {
                if (e.sameOwner(w.manager(), APPLY, sub)) {
                    continue;
                }
                dropped.removeAll(e.fields());
                // A list item stays while anyone owns something inside it.
                dropped.removeIf(d -> d.get(d.size() - 1).equals(".")
                        && e.fields().stream()
                                .anyMatch(f -> f.size() >= d.size()
                                        && f.subList(0, d.size() - 1).equals(d.subList(0, d.size() - 1))));
            }
            dropped.removeIf(d -> d.get(d.size() - 1).equals(".")
                    && fields.stream()
                            .anyMatch(f -> f.size() >= d.size()
                                    && f.subList(0, d.size() - 1).equals(d.subList(0, d.size() - 1))));
            List<List<String>> deepestFirst = new ArrayList<>(dropped);
            deepestFirst.sort((x, y) -> Integer.compare(y.size(), x.size()));
            for (List<String> p : deepestFirst) {
                removeAt(next, p);
            }
            write(next, prune(out));
            return;
        }
        if (!changed(oldBare, next)) {
            restore(next, old);
            return;
        }
        Set<List<String>> before = fieldsOf(def, oldBare, status);
        Set<List<String>> after = fieldsOf(def, next, status);
        Set<List<String>> touched = new LinkedHashSet<>();
        for (List<String> p : after) {
            if (!before.contains(p) || !Objects.equals(valueAt(next, p), valueAt(oldBare, p))) {
                touched.add(p);
            }
        }
        List<Entry> out = new ArrayList<>();
        boolean found = false;
        for (Entry e : entries) {
            Set<List<String>> kept = new LinkedHashSet<>();
            for (List<String> p : e.fields()) {
                if (after.contains(p) || !before.contains(p)) {
                    kept.add(p); // removed fields lose their owners
                }
            }
            if (e.sameOwner(w.manager(), UPDATE, sub)) {
                found = true;
                kept.addAll(touched);
                out.add(new Entry(e.manager(), UPDATE, sub, def.apiVersion(), now, kept));
            } else {
                kept.removeAll(touched);
                out.add(new Entry(e.manager(), e.operation(), e.subresource(), e.apiVersion(), e.time(), kept));
            }
        }
        if (!found && !touched.isEmpty()) {
            out.add(new Entry(w.manager(), UPDATE, sub, def.apiVersion(), now, touched));
        }
        write(next, prune(out));
    }

    private static void restore(ObjectNode next, ObjectNode old) {
        JsonNode mf = Json.requireMetadata(old).get("managedFields");
        if (mf != null) {
            Json.requireMetadata(next).set("managedFields", mf.deepCopy());
        }
    }

    private static boolean changed(ObjectNode oldBare, ObjectNode next) {
        ObjectNode a = oldBare.deepCopy();
        ObjectNode b = next.deepCopy();
        for (ObjectNode o : List.of(a, b)) {
            ObjectNode m = Json.requireMetadata(o);
            m.remove("managedFields");
            m.remove("resourceVersion");
            m.remove("generation");
        }
        return !a.equals(b);
    }

    private static List<Entry> prune(List<Entry> entries) {
        List<Entry> out = new ArrayList<>();
        for (Entry e : entries) {
            if (!e.fields().isEmpty()) {
                out.add(e);
            }
        }
        return out;
    }

    // ---------------------------------------------------------------- conflicts

    private static String describe(Entry e) {
        String s = "\"" + e.manager() + "\"";
        if (e.subresource() != null) {
            s += " with subresource \"" + e.subresource() + "\"";
        }
        if (UPDATE.equals(e.operation())) {
            s += " using " + e.apiVersion() + (e.time() == null ? "" : " at " + e.time());
        }
        return s;
    }

    /** kube-apiserver's apply conflict: message and one FieldManagerConflict cause per field. */
    private static Refusal conflict(List<String[]> conflicts) {
        String message;
        if (conflicts.size() == 1) {
            message = "Apply failed with 1 conflict: conflict with " + conflicts.get(0)[0] + ": "
                    + conflicts.get(0)[1];
        } else {
            Map<String, List<String>> byManager = new TreeMap<>();
            for (String[] c : conflicts) {
                byManager.computeIfAbsent(c[0], k -> new ArrayList<>()).add(c[1]);
            }
            List<String> lines = new ArrayList<>();
            for (Map.Entry<String, List<String>> m : byManager.entrySet()) {
                lines.add("conflicts with " + m.getKey() + ":");
                for (String p : m.getValue()) {
                    lines.add("- " + p);
                }
            }
            message = "Apply failed with " + conflicts.size() + " conflicts: " + String.join("\n", lines);
        }
        List<Refusal.Cause> causes = new ArrayList<>();
        for (String[] c : conflicts) {
            causes.add(new Refusal.Cause("FieldManagerConflict", "conflict with " + c[0], c[1]));
        }
        return Refusal.applyConflict(message, causes);
    }

    /** {@code .spec.containers[name="c"].image}: the path as kube prints it. */
    static String pathString(List<String> path) {
        StringBuilder sb = new StringBuilder();
        for (String el : path) {
            if (el.startsWith("f:")) {
                sb.append('.').append(el.substring(2));
            } else if (el.startsWith("v:")) {
                sb.append("[=").append(el.substring(2)).append(']');
            } else if (el.startsWith("k:")) {
                JsonNode key = Json.parse(el.substring(2).getBytes(java.nio.charset.StandardCharsets.UTF_8), "key");
                List<String> parts = new ArrayList<>();
                for (Map.Entry<String, JsonNode> e : key.properties()) {
                    parts.add(e.getKey() + "=" + e.getValue().toString());
                }
                sb.append('[').append(String.join(",", parts)).append(']');
            }
        }
        return sb.toString();
    }

    // ---------------------------------------------------------------- field sets

    /** The owned field paths of an object or configuration. */
    static Set<List<String>> fieldsOf(ResourceDefinition def, @Nullable JsonNode obj, boolean status) {
        Set<List<String>> out = new LinkedHashSet<>();
        if (obj == null || !obj.isObject()) {
            return out;
        }
        StrategicPatchSchema schema = StrategicPatchSchema.forKind(def.apiVersion(), def.kind());
        for (Map.Entry<String, JsonNode> e : obj.properties()) {
            String k = e.getKey();
            if (k.equals("apiVersion") || k.equals("kind")) {
                continue;
            }
            if (status ? !k.equals("status") : k.equals("status") && def.hasStatusSubresource()) {
                continue; // the status subresource owns .status, the main resource everything else
            }
            List<String> p = List.of("f:" + k);
            if (k.equals("metadata") && e.getValue().isObject()) {
                for (Map.Entry<String, JsonNode> m : e.getValue().properties()) {
                    if (!UNOWNED_META.contains(m.getKey())) {
                        walk(
                                append(p, "f:" + m.getKey()),
                                m.getValue(),
                                schema.field("metadata").type.field(m.getKey()),
                                out);
                    }
                }
            } else {
                walk(p, e.getValue(), schema.field(k), out);
            }
        }
        return out;
    }

    private static void walk(List<String> path, JsonNode v, StrategicPatchSchema.Field f, Set<List<String>> out) {
        if (v instanceof ObjectNode o && !o.isEmpty()) {
            for (Map.Entry<String, JsonNode> e : o.properties()) {
                walk(append(path, "f:" + e.getKey()), e.getValue(), f.type.field(e.getKey()), out);
            }
            return;
        }
        if (v instanceof ArrayNode arr && f.mergeList && !arr.isEmpty()) {
            for (JsonNode item : arr) {
                if (f.mergeKey == null) {
                    out.add(append(path, "v:" + item.toString()));
                } else if (item.isObject() && item.has(f.mergeKey)) {
                    ObjectNode key = Json.object();
                    key.set(f.mergeKey, item.get(f.mergeKey));
                    List<String> itemPath = append(path, "k:" + key.toString());
                    out.add(append(itemPath, "."));
                    for (Map.Entry<String, JsonNode> e : item.properties()) {
                        walk(append(itemPath, "f:" + e.getKey()), e.getValue(), f.type.field(e.getKey()), out);
                    }
                } else {
                    out.add(path);
                    return;
                }
            }
            return;
        }
        out.add(path);
    }

    private static List<String> append(List<String> path, String el) {
        List<String> p = new ArrayList<>(path.size() + 1);
        p.addAll(path);
        p.add(el);
        return List.copyOf(p);
    }

    /** Removes what {@code path} names from {@code obj} (nothing when absent). */
    @SuppressWarnings("ReferenceEquality") // identity on purpose: removes that very element, not an equal one
    private static void removeAt(ObjectNode obj, List<String> path) {
        String last = path.get(path.size() - 1);
        List<String> parentPath = path.subList(0, path.size() - 1);
        if (last.equals(".")) {
            if (parentPath.isEmpty()) {
                return;
            }
            JsonNode list = valueAt(obj, parentPath.subList(0, parentPath.size() - 1));
            JsonNode target = valueAt(obj, parentPath);
            if (list instanceof ArrayNode arr && target != null) {
                for (int i = arr.size() - 1; i >= 0; i--) {
                    if (arr.get(i) == target) {
                        arr.remove(i);
                    }
                }
            }
            return;
        }
        JsonNode parent = parentPath.isEmpty() ? obj : valueAt(obj, parentPath);
        if (last.startsWith("f:") && parent instanceof ObjectNode o) {
            o.remove(last.substring(2));
        } else if (last.startsWith("v:") && parent instanceof ArrayNode arr) {
            JsonNode want = Json.parse(last.substring(2).getBytes(java.nio.charset.StandardCharsets.UTF_8), "value");
            for (int i = arr.size() - 1; i >= 0; i--) {
                if (arr.get(i).equals(want)) {
                    arr.remove(i);
                }
            }
        }
    }

    /** The value a path names in {@code obj}, or null when absent ("." and "v:" name presence). */
    static @Nullable JsonNode valueAt(@Nullable JsonNode obj, List<String> path) {
        JsonNode cur = obj;
        for (String el : path) {
            if (cur == null) {
                return null;
            }
            if (el.equals(".")) {
                return cur == null ? null : Json.object();
            }
            if (el.startsWith("f:")) {
                cur = cur.isObject() ? cur.get(el.substring(2)) : null;
            } else if (el.startsWith("v:")) {
                JsonNode want = Json.parse(el.substring(2).getBytes(java.nio.charset.StandardCharsets.UTF_8), "value");
                JsonNode hit = null;
                if (cur.isArray()) {
                    for (JsonNode item : cur) {
                        if (item.equals(want)) {
                            hit = item;
                        }
                    }
                }
                return hit;
            } else if (el.startsWith("k:")) {
                JsonNode key = Json.parse(el.substring(2).getBytes(java.nio.charset.StandardCharsets.UTF_8), "key");
                JsonNode hit = null;
                if (cur.isArray()) {
                    for (JsonNode item : cur) {
                        boolean match = item.isObject();
                        for (Map.Entry<String, JsonNode> k : key.properties()) {
                            match = match && k.getValue().equals(item.get(k.getKey()));
                        }
                        if (match) {
                            hit = item;
                            break;
                        }
                    }
                }
                cur = hit;
            }
        }
        return cur;
    }

    // ---------------------------------------------------------------- managedFields (de)serialization

    private static List<Entry> read(@Nullable ObjectNode meta) {
        List<Entry> out = new ArrayList<>();
        JsonNode mf = meta == null ? null : meta.get("managedFields");
        if (mf == null || !mf.isArray()) {
            return out;
        }
        for (JsonNode e : mf) {
            String manager = Json.text(e, "manager");
            String op = Json.text(e, "operation");
            if (manager == null || op == null) {
                continue;
            }
            Set<List<String>> fields = new LinkedHashSet<>();
            collect(List.of(), e.get("fieldsV1"), fields);
            out.add(new Entry(
                    manager,
                    op,
                    Json.text(e, "subresource"),
                    Json.text(e, "apiVersion"),
                    Json.text(e, "time"),
                    fields));
        }
        return out;
    }

    private static void collect(List<String> prefix, @Nullable JsonNode node, Set<List<String>> out) {
        if (node == null || !node.isObject()) {
            return;
        }
        if (node.isEmpty() && !prefix.isEmpty()) {
            out.add(prefix);
            return;
        }
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            collect(append(prefix, e.getKey()), e.getValue(), out);
        }
    }

    private static void write(ObjectNode obj, List<Entry> entries) {
        ObjectNode meta = Json.requireMetadata(obj);
        if (entries.isEmpty()) {
            meta.remove("managedFields");
            return;
        }
        Json.putObjects(meta, "managedFields", entries, (e, o) -> {
            o.put("manager", e.manager());
            o.put("operation", e.operation());
            o.put("apiVersion", e.apiVersion());
            if (e.time() != null) {
                o.put("time", e.time());
            }
            o.put("fieldsType", "FieldsV1");
            ObjectNode tree = o.putObject("fieldsV1");
            for (List<String> p : e.fields()) {
                ObjectNode cur = tree;
                for (String el : p) {
                    JsonNode child = cur.get(el);
                    cur = child instanceof ObjectNode c ? c : cur.putObject(el);
                }
            }
            if (e.subresource() != null) {
                o.put("subresource", e.subresource());
            }
        });
    }
}
