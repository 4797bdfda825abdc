package dev.informer.testing.internal;

import static dev.informer.testing.internal.TestJson.assertJson;
import static dev.informer.testing.internal.TestJson.assertPatchFails;
import static dev.informer.testing.internal.TestJson.json;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Behaviour of {@link Patches#applyPatch}: server-side apply approximated by a strategic merge. */
class ApplyPatchTest {
    private static final String APPLIED = "{'apiVersion':'v1','kind':'Pod','metadata':{'name':'p',"
            + "'labels':{'app':'web'}},'spec':{'containers':[{'name':'web','image':'nginx:2'}]}}";

    @Test
    void applyingToNothingCreatesTheConfiguration() {
        assertJson(APPLIED, Patches.applyPatch(null, json(APPLIED)));
    }

    @Test
    void applyingMergesIntoTheLiveObjectByBuiltInListKeys() {
        JsonNode live = json("{'apiVersion':'v1','kind':'Pod','metadata':{'name':'p','uid':'u1',"
                + "'resourceVersion':'7','labels':{'app':'old','team':'a'}},'spec':{'nodeName':'n1',"
                + "'containers':[{'name':'web','image':'nginx:1','ports':[{'containerPort':80}]},"
                + "{'name':'sidecar','image':'envoy'}]},'status':{'phase':'Running'}}");
        JsonNode liveCopy = live.deepCopy();
        JsonNode result = Patches.applyPatch(live, json(APPLIED));
        assertJson(
                "{'apiVersion':'v1','kind':'Pod','metadata':{'name':'p','uid':'u1',"
                        + "'resourceVersion':'7','labels':{'app':'web','team':'a'}},'spec':{'nodeName':'n1',"
                        + "'containers':[{'name':'web','image':'nginx:2','ports':[{'containerPort':80}]},"
                        + "{'name':'sidecar','image':'envoy'}]},'status':{'phase':'Running'}}",
                result);
        assertEquals(liveCopy, live);
    }

    @Test
    void atomicListsAreReplacedWhole() {
        String replacement = "{'kind':'Pod','spec':{'tolerations':[{'key':'c'}]}}";
        assertJson(
                replacement,
                Patches.applyPatch(
                        json("{'kind':'Pod','spec':{'tolerations':[{'key':'a'},{'key':'b'}]}}"), json(replacement)));
    }

    @Test
    void aConfigurationThatIsNotAnObjectIsABadRequest() {
        assertPatchFails(400, () -> Patches.applyPatch(json("{}"), json("['x']")), "apply configuration", "array");
        assertPatchFails(400, () -> Patches.applyPatch(json("{}"), null), "apply configuration");
    }

    @Test
    void aConfigurationMayNotSetManagedFields() {
        assertPatchFails(
                400,
                () -> Patches.applyPatch(
                        null, json("{'kind':'Pod','metadata':{'name':'p','managedFields':[{'manager':'me'}]}}")),
                "metadata.managedFields must be nil");
        assertJson(
                "{'kind':'Pod','metadata':{'name':'p'}}",
                Patches.applyPatch(null, json("{'kind':'Pod','metadata':{'name':'p','managedFields':null}}")));
    }

    @Test
    void patchExceptionsNameTheirKubernetesReason() {
        assertEquals("BadRequest", new PatchException(400, "x").reason());
        assertEquals("RequestEntityTooLarge", new PatchException(413, "x").reason());
        assertEquals("Invalid", new PatchException(422, "x").reason());
        assertEquals("", new PatchException(500, "x").reason());
        assertEquals(422, new PatchException(422, "x").httpCode());
    }
}
