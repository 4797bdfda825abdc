package dev.informer.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Typed access to a custom resource's spec and status through {@link GenericObject}. */
class GenericObjectAccessorsTest {

    /** A user's model of the CronTab spec. */
    record CronTabSpec(String cronSpec, String image, int replicas, boolean suspend, List<Target> targets) {}

    record Target(String name) {}

    record CronTabStatus(String lastRun, Integer replicas) {}

    /** A value Jackson cannot write: its accessor fails. */
    record Unwritable(String value) {
        @Override
        public String value() {
            throw new IllegalStateException("not readable");
        }
    }

    @Test
    void specAndStatusBindToTheUsersTypes() {
        GenericObject cronTab = GenericObject.parse(Fixtures.CRONTAB);

        CronTabSpec spec = cronTab.spec(CronTabSpec.class);
        CronTabStatus status = cronTab.status(CronTabStatus.class);

        assertEquals(
                new CronTabSpec("0 3 * * *", "backup:1", 2, false, List.of(new Target("db"), new Target("files"))),
                spec);
        assertEquals(new CronTabStatus("2024-05-01T03:00:00Z", null), status);
        assertEquals("backup:1", cronTab.spec(JsonNode.class).get("image").stringValue());
    }

    @Test
    void absentOrNullSpecAndStatusAreNull() {
        GenericObject bare = GenericObject.parse(
                "{\"apiVersion\":\"stable.example.com/v1\",\"kind\":\"CronTab\",\"metadata\":{\"name\":\"a\"},"
                        + "\"status\":null}");

        assertNull(bare.spec(CronTabSpec.class));
        assertNull(bare.status(CronTabStatus.class));
    }

    @Test
    void shapeMismatchNamesTheFieldTheObjectAndThePath() {
        GenericObject wrong = GenericObject.parse(Fixtures.CRONTAB).toBuilder()
                .set(Fixtures.tree("\"many\""), "spec", "replicas")
                .build();

        ApiJsonException e = assertThrows(ApiJsonException.class, () -> wrong.spec(CronTabSpec.class));

        assertTrue(e.getMessage().startsWith("cannot read \"spec\" of CronTab batch/nightly as "), e.getMessage());
        assertTrue(e.getMessage().contains(CronTabSpec.class.getName()), e.getMessage());
        assertTrue(e.getMessage().contains("replicas"), e.getMessage());
    }

    @Test
    void withStatusReturnsACopyAndLeavesTheOriginalAlone() {
        GenericObject cronTab = GenericObject.parse(Fixtures.CRONTAB);

        GenericObject updated = cronTab.withStatus(new CronTabStatus("2024-05-02T03:00:00Z", 2));

        assertEquals("2024-05-02T03:00:00Z", updated.getString("status", "lastRun"));
        assertEquals(2L, updated.getLong("status", "replicas"));
        assertEquals("2024-05-01T03:00:00Z", cronTab.getString("status", "lastRun"));
        assertFalse(cronTab.has("status", "replicas"));
        assertEquals(cronTab.metadata(), updated.metadata());
        assertEquals(cronTab.spec(), updated.spec());
    }

    @Test
    void withSpecWritesTheValueAndNullRemovesIt() {
        GenericObject cronTab = GenericObject.parse(Fixtures.CRONTAB);
        CronTabSpec spec = new CronTabSpec("*/5 * * * *", "backup:2", 1, true, List.of());

        GenericObject changed = cronTab.withSpec(spec);
        GenericObject specless = cronTab.withSpec(null);

        assertEquals(spec, changed.spec(CronTabSpec.class));
        assertEquals("backup:1", cronTab.getString("spec", "image"));
        assertFalse(specless.has("spec"));
        assertTrue(specless.has("status"));
    }

    @Test
    void withStatusCopiesAGivenTree() {
        ObjectNode status = (ObjectNode) Fixtures.tree("{\"lastRun\":\"x\"}");

        GenericObject updated = GenericObject.parse(Fixtures.CRONTAB).withStatus(status);
        status.put("lastRun", "mutated");

        assertEquals("x", updated.getString("status", "lastRun"));
    }

    @Test
    void unwritableValueFailsWithTheClassName() {
        GenericObject cronTab = GenericObject.parse(Fixtures.CRONTAB);
        Unwritable unwritable = new Unwritable("x");

        ApiJsonException e = assertThrows(ApiJsonException.class, () -> cronTab.withStatus(unwritable));

        assertTrue(e.getMessage().contains(Unwritable.class.getName()), e.getMessage());
    }
}
