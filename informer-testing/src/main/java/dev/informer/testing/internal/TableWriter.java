package dev.informer.testing.internal;

import com.sun.net.httpserver.Headers;
import dev.informer.testing.ResourceDefinition;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Renders {@code meta.k8s.io/v1 Table} answers for clients that ask for them in {@code Accept}
 * (kubectl's human-readable get): pods get kubectl's usual columns (NAME, READY, STATUS,
 * RESTARTS, AGE, and IP/NODE at priority 1); services, deployments, replicasets, statefulsets,
 * daemonsets and jobs get the columns kube's printers give them (TYPE, CLUSTER-IP, ...; READY,
 * UP-TO-DATE, ...); every other resource NAME and AGE. Stateless and thread-safe.
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

    /** A kind's columns between Name and Age, as kube-apiserver's printers name them. */
    private record KindColumn(String name, Function<JsonNode, String> cell) {}

    private static final Map<String, List<KindColumn>> KIND_COLUMNS = Map.of(
            "/services",
            List.of(
                    new KindColumn("Type", o -> text(o.path("spec"), "type", "ClusterIP")),
                    new KindColumn("Cluster-IP", o -> text(o.path("spec"), "clusterIP", "<none>")),
                    new KindColumn("External-IP", TableWriter::externalIps),
                    new KindColumn("Port(s)", TableWriter::servicePorts)),
            "apps/deployments",
            List.of(
                    new KindColumn("Ready", o -> count(o, "readyReplicas") + "/" + desired(o)),
                    new KindColumn("Up-to-date", o -> count(o, "updatedReplicas")),
                    new KindColumn("Available", o -> count(o, "availableReplicas"))),
            "apps/replicasets",
            List.of(
                    new KindColumn("Desired", TableWriter::desired),
                    new KindColumn("Current", o -> count(o, "replicas")),
                    new KindColumn("Ready", o -> count(o, "readyReplicas"))),
            "apps/statefulsets",
            List.of(new KindColumn("Ready", o -> count(o, "readyReplicas") + "/" + desired(o))),
            "apps/daemonsets",
            List.of(
                    new KindColumn("Desired", o -> count(o, "desiredNumberScheduled")),
                    new KindColumn("Current", o -> count(o, "currentNumberScheduled")),
                    new KindColumn("Ready", o -> count(o, "numberReady")),
                    new KindColumn("Up-to-date", o -> count(o, "updatedNumberScheduled")),
                    new KindColumn("Available", o -> count(o, "numberAvailable"))),
            "batch/jobs",
            List.of(new KindColumn(
                    "Completions",
                    o -> count(o, "succeeded") + "/"
                            + o.path("spec").path("completions").asInt(1))));

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
            Json.requireMetadata(t).put("continue", r.continueToken());
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

    private static String kindId(ResourceDefinition def) {
        return def.group() + "/" + def.plural();
    }

    private static List<Column> columns(ResourceDefinition def) {
        if (isPods(def)) {
            return POD_COLUMNS;
        }
        List<KindColumn> extra = KIND_COLUMNS.get(kindId(def));
        if (extra == null) {
            return GENERIC_COLUMNS;
        }
        List<Column> cols = new ArrayList<>();
        cols.add(GENERIC_COLUMNS.get(0));
        for (KindColumn c : extra) {
            cols.add(new Column(c.name(), "string", "", 0));
        }
        cols.add(GENERIC_COLUMNS.get(1));
        return cols;
    }

    private static String text(JsonNode node, String field, String fallback) {
        String v = Json.text(node, field);
        return v == null || v.isEmpty() ? fallback : v;
    }

    private static String count(JsonNode obj, String statusField) {
        return Integer.toString(obj.path("status").path(statusField).asInt(0));
    }

    private static String desired(JsonNode obj) {
        return Integer.toString(obj.path("spec").path("replicas").asInt(1));
    }

    // kubectl's External-IP column: spec.externalIPs, then each load-balancer ingress's ip, else its
    // hostname (an ingress with neither adds nothing); none: <pending> for a LoadBalancer, <none> else.
    static String externalIps(JsonNode svc) {
        List<String> ips = new ArrayList<>();
        svc.path("spec").path("externalIPs").forEach(ip -> addIfPresent(ips, ip.isString() ? ip.asString() : null));
        svc.path("status").path("loadBalancer").path("ingress").forEach(i -> {
            String ip = Json.text(i, "ip");
            addIfPresent(ips, ip != null && !ip.isEmpty() ? ip : Json.text(i, "hostname"));
        });
        if (!ips.isEmpty()) {
            return String.join(",", ips);
        }
        return "LoadBalancer".equals(Json.text(svc.path("spec"), "type")) ? "<pending>" : "<none>";
    }

    private static void addIfPresent(List<String> values, @Nullable String value) {
        if (value != null && !value.isEmpty()) {
            values.add(value);
        }
    }

    private static String servicePorts(JsonNode svc) {
        List<String> ports = new ArrayList<>();
        for (JsonNode p : svc.path("spec").path("ports")) {
            String port = p.path("port").asString();
            if (p.path("nodePort").isIntegralNumber()) {
                port += ":" + p.path("nodePort").asInt();
            }
            ports.add(port + "/" + text(p, "protocol", "TCP"));
        }
        return ports.isEmpty() ? "<none>" : String.join(",", ports);
    }

    private ObjectNode header(ResourceDefinition def, long rv) {
        ObjectNode t = Json.object();
        t.put("kind", "Table");
        t.put("apiVersion", "meta.k8s.io/v1");
        t.putObject("metadata").put("resourceVersion", Long.toString(rv));
        ArrayNode cols = t.putArray("columnDefinitions");
        for (Column c : columns(def)) {
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
            for (KindColumn c : KIND_COLUMNS.getOrDefault(kindId(def), List.of())) {
                cells.add(c.cell().apply(obj));
            }
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
    static String age(@Nullable String creationTimestamp, Instant now) {
        if (creationTimestamp == null) {
            return "<unknown>";
        }
        Duration d;
        try {
            d = Duration.between(Instant.parse(creationTimestamp), now);
        } catch (DateTimeParseException e) {
            return "<invalid>";
        }
        long seconds = d.toSeconds();
        if (seconds < -1) {
            return "<invalid>";
        } else if (seconds < 0) {
            return "0s";
        } else if (seconds < 60 * 2) {
            return seconds + "s";
        }
        long minutes = seconds / 60;
        if (minutes < 10) {
            return twoUnits(minutes, "m", seconds % 60, "s");
        } else if (minutes < 60 * 3) {
            return minutes + "m";
        }
        long hours = minutes / 60;
        if (hours < 8) {
            return twoUnits(hours, "h", minutes % 60, "m");
        } else if (hours < 48) {
            return hours + "h";
        } else if (hours < 24 * 8) {
            return twoUnits(hours / 24, "d", hours % 24, "h");
        } else if (hours < 24 * 365 * 2) {
            return hours / 24 + "d";
        } else if (hours < 24 * 365 * 8) {
            return twoUnits(hours / 24 / 365, "y", (hours / 24) % 365, "d");
        }
        return hours / 24 / 365 + "y";
    }

    /** {@code 5m} when {@code minor} is 0, else {@code 5m30s}. */
    private static String twoUnits(long major, String majorUnit, long minor, String minorUnit) {
        return minor == 0 ? major + majorUnit : major + majorUnit + minor + minorUnit;
    }
}
