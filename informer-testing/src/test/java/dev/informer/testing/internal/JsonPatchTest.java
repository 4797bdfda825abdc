package dev.informer.testing.internal;

import static dev.informer.testing.internal.TestJson.assertJson;
import static dev.informer.testing.internal.TestJson.assertPatchFails;
import static dev.informer.testing.internal.TestJson.json;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** Behaviour of {@link Patches#jsonPatch}: RFC 6902, with RFC 6902 appendix A ported. */
class JsonPatchTest {

    private static JsonNode patch(String target, String operations) {
        return Patches.jsonPatch(json(target), json(operations));
    }

    @Test
    void addCreatesAnObjectMember() { // A.1
        assertJson("{'baz':'qux','foo':'bar'}", patch("{'foo':'bar'}", "[{'op':'add','path':'/baz','value':'qux'}]"));
    }

    @Test
    void addInsertsIntoAnArrayBeforeTheIndex() { // A.2
        assertJson(
                "{'foo':['bar','qux','baz']}",
                patch("{'foo':['bar','baz']}", "[{'op':'add','path':'/foo/1','value':'qux'}]"));
    }

    @Test
    void removeDeletesAnObjectMember() { // A.3
        assertJson("{'foo':'bar'}", patch("{'baz':'qux','foo':'bar'}", "[{'op':'remove','path':'/baz'}]"));
    }

    @Test
    void removeDeletesAnArrayElementAndShiftsTheRest() { // A.4
        assertJson("{'foo':['bar','baz']}", patch("{'foo':['bar','qux','baz']}", "[{'op':'remove','path':'/foo/1'}]"));
    }

    @Test
    void replaceChangesAValue() { // A.5
        assertJson(
                "{'baz':'boo','foo':'bar'}",
                patch("{'baz':'qux','foo':'bar'}", "[{'op':'replace','path':'/baz','value':'boo'}]"));
    }

    @Test
    void moveTakesAValueToAnotherMember() { // A.6
        assertJson(
                "{'foo':{'bar':'baz'},'qux':{'corge':'grault','thud':'fred'}}",
                patch(
                        "{'foo':{'bar':'baz','waldo':'fred'},'qux':{'corge':'grault'}}",
                        "[{'op':'move','from':'/foo/waldo','path':'/qux/thud'}]"));
    }

    @Test
    void moveReordersArrayElements() { // A.7
        assertJson(
                "{'foo':['all','cows','eat','grass']}",
                patch("{'foo':['all','grass','cows','eat']}", "[{'op':'move','from':'/foo/1','path':'/foo/3'}]"));
    }

    @Test
    void passingTestsLeaveTheDocumentUnchanged() { // A.8
        assertJson(
                "{'baz':'qux','foo':['a',2,'c']}",
                patch(
                        "{'baz':'qux','foo':['a',2,'c']}",
                        "[{'op':'test','path':'/baz','value':'qux'},{'op':'test','path':'/foo/1','value':2}]"));
    }

    @Test
    void aFailingTestIsUnprocessable() { // A.9
        assertPatchFails(
                422,
                () -> patch("{'baz':'qux'}", "[{'op':'test','path':'/baz','value':'bar'}]"),
                "operation 0 (test)",
                "test failed",
                "\"/baz\"",
                "\"qux\"");
    }

    @Test
    void addCreatesNestedObjects() { // A.10
        assertJson(
                "{'foo':'bar','child':{'grandchild':{}}}",
                patch("{'foo':'bar'}", "[{'op':'add','path':'/child','value':{'grandchild':{}}}]"));
    }

    @Test
    void unrecognisedOperationMembersAreIgnored() { // A.11
        assertJson(
                "{'foo':'bar','baz':'qux'}",
                patch("{'foo':'bar'}", "[{'op':'add','path':'/baz','value':'qux','xyz':123}]"));
    }

    @Test
    void addingUnderAMissingParentIsUnprocessable() { // A.12
        assertPatchFails(
                422,
                () -> patch("{'foo':'bar'}", "[{'op':'add','path':'/baz/bat','value':'qux'}]"),
                "\"/baz/bat\"",
                "does not exist");
    }

    @Test
    void tildeEscapesDecodeOneThenZero() { // A.14
        assertJson("{'/':9,'~1':10}", patch("{'/':9,'~1':10}", "[{'op':'test','path':'/~01','value':10}]"));
        assertJson("{'/':8,'~1':10}", patch("{'/':9,'~1':10}", "[{'op':'replace','path':'/~1','value':8}]"));
    }

    @Test
    void stringsAndNumbersAreNeverEqual() { // A.15
        assertPatchFails(
                422, () -> patch("{'/':9,'~1':10}", "[{'op':'test','path':'/~01','value':'10'}]"), "test failed");
    }

    @Test
    void dashAppendsAnArrayValueAsOneElement() { // A.16
        assertJson(
                "{'foo':['bar',['abc','def']]}",
                patch("{'foo':['bar']}", "[{'op':'add','path':'/foo/-','value':['abc','def']}]"));
    }

    @Test
    void numbersCompareByValueAndObjectsIgnoreMemberOrder() {
        assertJson(
                "{'a':1,'b':{'x':1,'y':[1.5]}}",
                patch(
                        "{'a':1,'b':{'x':1,'y':[1.5]}}",
                        "[{'op':'test','path':'/a','value':1.0},"
                                + "{'op':'test','path':'/b','value':{'y':[1.50],'x':1}}]"));
    }

    @Test
    void theEmptyPointerAddressesTheWholeDocument() {
        assertJson("{'new':true}", patch("{'old':true}", "[{'op':'replace','path':'','value':{'new':true}}]"));
        assertJson("[1]", patch("{'old':true}", "[{'op':'add','path':'','value':[1]}]"));
        assertJson("{'old':true}", patch("{'old':true}", "[{'op':'test','path':'','value':{'old':true}}]"));
        assertPatchFails(422, () -> patch("{'a':1}", "[{'op':'remove','path':''}]"), "whole document");
    }

    @Test
    void copyDuplicatesAValueIndependently() {
        JsonNode result = patch(
                "{'a':{'b':[1]}}",
                "[{'op':'copy','from':'/a','path':'/c'}," + "{'op':'add','path':'/c/b/-','value':2}]");
        assertJson("{'a':{'b':[1]},'c':{'b':[1,2]}}", result);
    }

    @Test
    void addToTheEndIndexAppends() {
        assertJson("[1,2,3]", patch("[1,2]", "[{'op':'add','path':'/2','value':3}]"));
    }

    @Test
    void operationsApplyInOrderAllOrNothing() {
        JsonNode target = json("{'metadata':{'labels':{'a':'1'}}}");
        JsonNode copy = target.deepCopy();
        assertPatchFails(
                422,
                () -> Patches.jsonPatch(
                        target,
                        json("[{'op':'add','path':'/metadata/labels/b','value':'2'},"
                                + "{'op':'remove','path':'/metadata/labels/zzz'}]")),
                "operation 1 (remove)",
                "\"/metadata/labels/zzz\"");
        assertEquals(copy, target);
        assertJson(
                "{'metadata':{'labels':{'b':'2'}}}",
                Patches.jsonPatch(
                        target,
                        json("[{'op':'add','path':'/metadata/labels/b','value':'2'},"
                                + "{'op':'remove','path':'/metadata/labels/a'}]")));
        assertEquals(copy, target);
    }

    @Test
    void theResultSharesNothingWithThePatch() {
        JsonNode ops = json("[{'op':'add','path':'/v','value':{'x':1}}]");
        JsonNode opsCopy = ops.deepCopy();
        JsonNode result = Patches.jsonPatch(json("{}"), ops);
        ((ObjectNode) result.get("v")).put("x", 2);
        assertEquals(opsCopy, ops);
    }

    @Test
    void documentsThatAreNotArraysOfObjectsAreBadRequests() {
        assertPatchFails(400, () -> patch("{}", "{'op':'add','path':'/a','value':1}"), "array");
        assertPatchFails(400, () -> patch("{}", "[1]"), "operation 0", "object");
        assertPatchFails(400, () -> Patches.jsonPatch(json("{}"), null), "array");
    }

    @Test
    void moreThanTenThousandOperationsIsTooLarge() {
        ArrayNode ops = JsonNodeFactory.instance.arrayNode();
        for (int i = 0; i <= JsonPatch.MAX_OPERATIONS; i++) {
            ops.add(json("{'op':'test','path':'','value':{}}"));
        }
        PatchException e = assertPatchFails(413, () -> Patches.jsonPatch(json("{}"), ops), "10000");
        assertEquals("RequestEntityTooLarge", e.reason());
        ops.remove(0);
        assertJson("{}", Patches.jsonPatch(json("{}"), ops));
    }

    @Test
    void incompleteOrUnknownOperationsAreUnprocessable() {
        assertPatchFails(422, () -> patch("{}", "[{'path':'/a','value':1}]"), "\"op\"");
        assertPatchFails(
                422, () -> patch("{}", "[{'op':'frobnicate','path':'/a'}]"), "frobnicate", "unknown operation");
        assertPatchFails(422, () -> patch("{}", "[{'op':'add','path':'/a'}]"), "\"value\"");
        assertPatchFails(422, () -> patch("{}", "[{'op':'replace','path':'/a'}]"), "\"value\"");
        assertPatchFails(422, () -> patch("{}", "[{'op':'test','path':''}]"), "\"value\"");
        assertPatchFails(422, () -> patch("{}", "[{'op':'add','value':1}]"), "\"path\"");
        assertPatchFails(422, () -> patch("{'a':1}", "[{'op':'move','path':'/b'}]"), "\"from\"");
        assertPatchFails(
                422, () -> patch("{'a':1}", "[{'op':'copy','from':'/x','path':'/b'}]"), "\"/x\"", "does not exist");
        PatchException e = assertPatchFails(422, () -> patch("{}", "[{'op':7,'path':'/a'}]"));
        assertEquals("Invalid", e.reason());
    }

    @Test
    void malformedPointersAreUnprocessable() {
        assertPatchFails(422, () -> patch("{'a':1}", "[{'op':'remove','path':'a'}]"), "JSON pointer");
        assertPatchFails(422, () -> patch("{'a':1}", "[{'op':'remove','path':'/~2'}]"), "escape");
        assertPatchFails(422, () -> patch("{'a':1}", "[{'op':'remove','path':'/a~'}]"), "escape");
        assertPatchFails(422, () -> patch("{'a':[1,2]}", "[{'op':'remove','path':'/a/01'}]"), "leading zeros");
        assertPatchFails(422, () -> patch("{'a':[1,2]}", "[{'op':'remove','path':'/a/-1'}]"), "non-negative");
    }

    @Test
    void missingTargetsAreUnprocessable() {
        assertPatchFails(422, () -> patch("{'a':1}", "[{'op':'remove','path':'/b'}]"), "\"/b\" does not exist");
        assertPatchFails(
                422, () -> patch("{'a':1}", "[{'op':'replace','path':'/b','value':2}]"), "\"/b\" does not exist");
        assertPatchFails(422, () -> patch("{'a':[1]}", "[{'op':'replace','path':'/a/1','value':2}]"), "out of bounds");
        assertPatchFails(422, () -> patch("{'a':[1]}", "[{'op':'add','path':'/a/2','value':2}]"), "out of bounds");
        assertPatchFails(422, () -> patch("{'a':[1]}", "[{'op':'remove','path':'/a/-'}]"), "'-'");
        assertPatchFails(422, () -> patch("{'a':1}", "[{'op':'test','path':'/b','value':1}]"), "does not exist");
        assertPatchFails(422, () -> patch("{'a':1}", "[{'op':'add','path':'/a/b','value':1}]"), "parent is a number");
        assertPatchFails(422, () -> patch("{'a':1}", "[{'op':'test','path':'/a/b','value':1}]"), "does not exist");
    }

    @Test
    void aValueCannotMoveIntoItsOwnChild() {
        assertPatchFails(
                422, () -> patch("{'a':{'b':{}}}", "[{'op':'move','from':'/a','path':'/a/b/c'}]"), "own child");
        assertJson("{'a':{'b':{}}}", patch("{'a':{'b':{}}}", "[{'op':'move','from':'/a','path':'/a'}]"));
        assertJson("{'b':{'c':1},'ab':1}", patch("{'a':{'c':1},'ab':1}", "[{'op':'move','from':'/a','path':'/b'}]"));
    }

    @Test
    void kubernetesStylePatchesEditListsAndMaps() {
        JsonNode result = patch(
                "{'metadata':{'name':'p','labels':{'app':'web'},'annotations':{'example.com/a':'1'}},"
                        + "'spec':{'containers':[{'name':'c','image':'nginx:1'}]}}",
                "[{'op':'test','path':'/metadata/name','value':'p'},"
                        + "{'op':'replace','path':'/spec/containers/0/image','value':'nginx:2'},"
                        + "{'op':'add','path':'/spec/containers/-','value':{'name':'sidecar','image':'busybox'}},"
                        + "{'op':'remove','path':'/metadata/annotations/example.com~1a'},"
                        + "{'op':'add','path':'/metadata/labels/tier','value':'front'}]");
        assertJson(
                "{'metadata':{'name':'p','labels':{'app':'web','tier':'front'},"
                        + "'annotations':{}},'spec':{'containers':[{'name':'c','image':'nginx:2'},"
                        + "{'name':'sidecar','image':'busybox'}]}}",
                result);
    }
}
