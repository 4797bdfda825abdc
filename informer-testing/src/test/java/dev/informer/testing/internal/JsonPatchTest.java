package dev.informer.testing.internal;

import static dev.informer.testing.internal.TestJson.assertJson;
import static dev.informer.testing.internal.TestJson.assertPatchFails;
import static dev.informer.testing.internal.TestJson.json;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** Behaviour of {@link Patches#jsonPatch}: RFC 6902, with RFC 6902 appendix A ported. */
class JsonPatchTest {

    private static JsonNode patch(String target, String operations) {
        return Patches.jsonPatch(json(target), json(operations));
    }

    /** RFC 6902 appendix A's examples that apply (A.9, A.12 and A.15 fail, below), and a few more. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            textBlock =
                    """
            A.1 add creates an object member        | {'foo':'bar'}                   | [{'op':'add','path':'/baz','value':'qux'}]         | {'baz':'qux','foo':'bar'}
            A.2 add inserts before the index        | {'foo':['bar','baz']}           | [{'op':'add','path':'/foo/1','value':'qux'}]       | {'foo':['bar','qux','baz']}
            A.3 remove deletes an object member     | {'baz':'qux','foo':'bar'}       | [{'op':'remove','path':'/baz'}]                    | {'foo':'bar'}
            A.4 remove shifts the array             | {'foo':['bar','qux','baz']}     | [{'op':'remove','path':'/foo/1'}]                  | {'foo':['bar','baz']}
            A.5 replace changes a value             | {'baz':'qux','foo':'bar'}       | [{'op':'replace','path':'/baz','value':'boo'}]     | {'baz':'boo','foo':'bar'}
            A.6 move takes a value to a member      | {'foo':{'bar':'baz','waldo':'fred'},'qux':{'corge':'grault'}} | [{'op':'move','from':'/foo/waldo','path':'/qux/thud'}] | {'foo':{'bar':'baz'},'qux':{'corge':'grault','thud':'fred'}}
            A.7 move reorders array elements        | {'foo':['all','grass','cows','eat']} | [{'op':'move','from':'/foo/1','path':'/foo/3'}] | {'foo':['all','cows','eat','grass']}
            A.8 passing tests change nothing        | {'baz':'qux','foo':['a',2,'c']} | [{'op':'test','path':'/baz','value':'qux'},{'op':'test','path':'/foo/1','value':2}] | {'baz':'qux','foo':['a',2,'c']}
            A.10 add creates nested objects         | {'foo':'bar'}                   | [{'op':'add','path':'/child','value':{'grandchild':{}}}] | {'foo':'bar','child':{'grandchild':{}}}
            A.11 unknown members are ignored        | {'foo':'bar'}                   | [{'op':'add','path':'/baz','value':'qux','xyz':123}] | {'foo':'bar','baz':'qux'}
            A.14 ~01 decodes to ~1                  | {'/':9,'~1':10}                 | [{'op':'test','path':'/~01','value':10}]           | {'/':9,'~1':10}
            A.14 ~1 decodes to /                    | {'/':9,'~1':10}                 | [{'op':'replace','path':'/~1','value':8}]          | {'/':8,'~1':10}
            A.16 dash appends an array as one value | {'foo':['bar']}                 | [{'op':'add','path':'/foo/-','value':['abc','def']}] | {'foo':['bar',['abc','def']]}
            numbers compare by value, members in any order | {'a':1,'b':{'x':1,'y':[1.5]}} | [{'op':'test','path':'/a','value':1.0},{'op':'test','path':'/b','value':{'y':[1.50],'x':1}}] | {'a':1,'b':{'x':1,'y':[1.5]}}
            the empty pointer replaces the document | {'old':true}                    | [{'op':'replace','path':'','value':{'new':true}}]  | {'new':true}
            the empty pointer adds the document     | {'old':true}                    | [{'op':'add','path':'','value':[1]}]               | [1]
            the empty pointer tests the document    | {'old':true}                    | [{'op':'test','path':'','value':{'old':true}}]     | {'old':true}
            add to the end index appends            | [1,2]                           | [{'op':'add','path':'/2','value':3}]               | [1,2,3]
            """)
    void examplesApply(String example, String target, String operations, String expected) {
        assertJson(expected, patch(target, operations));
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

    // The messages quote pointers with double quotes, so the table quotes nothing.
    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            textBlock =
                    """
            A.12 adding under a missing parent | {'foo':'bar'}   | [{'op':'add','path':'/baz/bat','value':'qux'}] | "/baz/bat" does not exist
            A.15 strings never equal numbers   | {'/':9,'~1':10} | [{'op':'test','path':'/~01','value':'10'}]     | test failed
            the whole document cannot go       | {'a':1}         | [{'op':'remove','path':''}]                    | whole document
            """)
    void failingExamplesAreUnprocessable(String example, String target, String operations, String fragment) {
        assertPatchFails(422, () -> patch(target, operations), fragment);
    }

    @Test
    void copyDuplicatesAValueIndependently() {
        JsonNode result = patch(
                "{'a':{'b':[1]}}",
                "[{'op':'copy','from':'/a','path':'/c'}," + "{'op':'add','path':'/c/b/-','value':2}]");
        assertJson("{'a':{'b':[1]},'c':{'b':[1,2]}}", result);
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

    @ParameterizedTest(name = "{0} in {1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            textBlock =
                    """
            [{'op':'remove','path':'a'}]      | {'a':1}     | JSON pointer
            [{'op':'remove','path':'/~2'}]    | {'a':1}     | escape
            [{'op':'remove','path':'/a~'}]    | {'a':1}     | escape
            [{'op':'remove','path':'/a/01'}]  | {'a':[1,2]} | leading zeros
            [{'op':'remove','path':'/a/-1'}]  | {'a':[1,2]} | non-negative
            """)
    void malformedPointersAreUnprocessable(String operations, String target, String fragment) {
        assertPatchFails(422, () -> patch(target, operations), fragment);
    }

    // The messages quote pointers with double quotes, so the table quotes nothing.
    @ParameterizedTest(name = "{0} in {1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            textBlock =
                    """
            [{'op':'remove','path':'/b'}]             | {'a':1}   | "/b" does not exist
            [{'op':'replace','path':'/b','value':2}]   | {'a':1}   | "/b" does not exist
            [{'op':'replace','path':'/a/1','value':2}] | {'a':[1]} | out of bounds
            [{'op':'add','path':'/a/2','value':2}]     | {'a':[1]} | out of bounds
            [{'op':'remove','path':'/a/-'}]            | {'a':[1]} | '-'
            [{'op':'test','path':'/b','value':1}]      | {'a':1}   | does not exist
            [{'op':'add','path':'/a/b','value':1}]     | {'a':1}   | parent is a number
            [{'op':'test','path':'/a/b','value':1}]    | {'a':1}   | does not exist
            """)
    void missingTargetsAreUnprocessable(String operations, String target, String fragment) {
        assertPatchFails(422, () -> patch(target, operations), fragment);
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
