package dev.informer.testing.internal;

import com.sun.net.httpserver.Headers;
import dev.informer.testing.ResourceDefinition;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Renders {@code meta.k8s.io/v1 Table} answers for clients that ask for them in {@code Accept}
 * (kubectl's human-readable get): pods get kubectl's usual columns (NAME, READY, STATUS,
 * RESTARTS, AGE, and IP/NODE at priority 1), every other resource NAME and AGE. Stateless and
 * thread-safe.
 */
final class TableWriter {
    static final String CONTENT_TYPE = "application/json";

    private record Column(String name, String type, String format, int priority) {}

    private static final List<Column> POD_COLUMNS = List.of(
            new Column("Name", "string", "name", 0),
            new Column("Ready", "string", "", 0),
            new Column("Status", "string", "", 0),
            new Column("Restarts", "string", "", 0),
            new Column("Age", "string", "", 0),
            new Column("IP", "string", "", 1),
            new Column("Node", "string", "", 1));
    private static final List<Column> GENERIC_COLUMNS =
            List.of(new Column("Name", "string", "name", 0), new Column("Age", "string", "", 0));

    /** Whether the request's Accept header asks for a Table. */
    boolean wantsTable(Headers headers) {
        List<String> accept = headers.get("Accept");
        if (accept == null) {
            return false;
        }
        for (String a : accept) {
            if (a.contains("as=Table")) {
                return true;
            }
        }
        return false;
    }

    /** A Table of a list page. */
    byte[] table(ResourceDefinition def, ResourceStore.ListResult r, Instant now, String includeObject) {
        ObjectNode t = header(def, r.resourceVersion());
        if (r.continueToken() != null) {
            Json.metadata(t).put("continue", r.continueToken());
        }
        ArrayNode rows = t.putArray("rows");
        for (ObjectVersion v : r.items()) {
            rows.add(row(def, v.object, now, includeObject));
        }
        return Json.bytes(t);
    }

    /** A Table of one object (get answers and watch events). */
    byte[] table(ResourceDefinition def, ObjectVersion v, Instant now) {
        ObjectNode t = header(def, v.rv);
        t.putArray("rows").add(row(def, v.object, now, "Metadata"));
        return Json.bytes(t);
    }

    private static boolean isPods(ResourceDefinition def) {
        return def.group().isEmpty() && def.plural().equals("pods");
    }

    private ObjectNode header(ResourceDefinition def, long rv) {
        ObjectNode t = Json.object();
        t.put("kind", "Table");
        t.put("apiVersion", "meta.k8s.io/v1");
        t.putObject("metadata").put("resourceVersion", Long.toString(rv));
        ArrayNode cols = t.putArray("columnDefinitions");
        for (Column c : isPods(def) ? POD_COLUMNS : GENERIC_COLUMNS) {
            ObjectNode o = cols.addObject();
            o.put("name", c.name());
            o.put("type", c.type());
            o.put("format", c.format());
            o.put("description", "");
            o.put("priority", c.priority());
        }
        return t;
    }

    private ObjectNode row(ResourceDefinition def, ObjectNode obj, Instant now, String includeObject) {
        ObjectNode row = Json.object();
        ArrayNode cells = row.putArray("cells");
        cells.add(Json.meta(obj, "name"));
        String age = age(Json.meta(obj, "creationTimestamp"), now);
        if (isPods(def)) {
            JsonNode spec = obj.path("spec");
            JsonNode status = obj.path("status");
            int containers = spec.path("containers").size();
            int ready = 0;
            long restarts = 0;
            String waitingReason = null;
            for (JsonNode cs : status.path("containerStatuses")) {
                if (cs.path("ready").asBoolean(false)) {
                    ready++;
                }
                restarts += cs.path("restartCount").asLong(0);
                String r = Json.text(cs.path("state").path("waiting"), "reason");
                if (r != null) {
                    waitingReason = r;
                }
            }
            String phase = Json.text(status, "reason");
            if (phase == null) {
                phase = waitingReason != null ? waitingReason : Json.text(status, "phase");
            }
            if (ObjectRules.isTerminating(obj)) {
                phase = "Terminating";
            }
            cells.add(ready + "/" + containers);
            cells.add(phase == null ? "Unknown" : phase);
            cells.add(Long.toString(restarts));
            cells.add(age);
            String ip = Json.text(status, "podIP");
            String node = Json.text(spec, "nodeName");
            cells.add(ip == null ? "<none>" : ip);
            cells.add(node == null ? "<none>" : node);
        } else {
            cells.add(age);
        }
        switch (includeObject) {
            case "None" -> {}
            case "Object" -> row.set("object", obj);
            default -> {
                ObjectNode partial = row.putObject("object");
                partial.put("kind", "PartialObjectMetadata");
                partial.put("apiVersion", "meta.k8s.io/v1");
                partial.set("metadata", obj.get("metadata"));
            }
        }
        return row;
    }

    /** kubectl's human duration (apimachinery duration.HumanDuration). */
    static String age(String creationTimestamp, Instant now) {
        if (creationTimestamp == null) {
            return "<unknown>";
        }
        Duration d;
        try {
            d = Duration.between(Instant.parse(creationTimestamp), now);
        } catch (DateTimeParseException e) {
            return "<invalid>";
        }
        long seconds = d.getSeconds();
        if (seconds < -1) {
            return "<invalid>";
        } else if (seconds < 0) {
            return "0s";
        } else if (seconds < 60 * 2) {
            return seconds + "s";
        }
        long minutes = seconds / 60;
        if (minutes < 10) {
            long s = seconds % 60;
            return s == 0 ? minutes + "m" : minutes + "m" + s + "s";
        } else if (minutes < 60 * 3) {
            return minutes + "m";
        }
        long hours = minutes / 60;
        if (hours < 8) {
            long m = minutes % 60;
            return m == 0 ? hours + "h" : hours + "h" + m + "m";
        } else if (hours < 48) {
            return hours + "h";
        } else if (hours < 24 * 8) {
            long h = hours % 24;
            return h == 0 ? hours / 24 + "d" : hours / 24 + "d" + h + "h";
        } else if (hours < 24 * 365 * 2) {
            return hours / 24 + "d";
        } else if (hours < 24 * 365 * 8) {
            long dy = (hours / 24) % 365;
            return dy == 0 ? hours / 24 / 365 + "y" : hours / 24 / 365 + "y" + dy + "d";
        }
        return hours / 24 / 365 + "y";
    }
}
