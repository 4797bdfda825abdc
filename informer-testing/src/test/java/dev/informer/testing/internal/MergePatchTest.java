package dev.informer.testing.internal;

import static dev.informer.testing.internal.TestJson.assertJson;
import static dev.informer.testing.internal.TestJson.assertPatchFails;
import static dev.informer.testing.internal.TestJson.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Behaviour of {@link Patches#mergePatch}: RFC 7386 JSON merge patch. */
class MergePatchTest {

    /** RFC 7386 appendix A: original, patch, result. */
    static Stream<Arguments> rfc7386AppendixA() {
        return Stream.of(
                Arguments.of("{'a':'b'}", "{'a':'c'}", "{'a':'c'}"),
                Arguments.of("{'a':'b'}", "{'b':'c'}", "{'a':'b','b':'c'}"),
                Arguments.of("{'a':'b'}", "{'a':null}", "{}"),
                Arguments.of("{'a':'b','b':'c'}", "{'a':null}", "{'b':'c'}"),
                Arguments.of("{'a':['b']}", "{'a':'c'}", "{'a':'c'}"),
                Arguments.of("{'a':'c'}", "{'a':['b']}", "{'a':['b']}"),
                Arguments.of("{'a':{'b':'c'}}", "{'a':{'b':'d','c':null}}", "{'a':{'b':'d'}}"),
                Arguments.of("{'a':[{'b':'c'}]}", "{'a':[1]}", "{'a':[1]}"),
                Arguments.of("['a','b']", "['c','d']", "['c','d']"),
                Arguments.of("{'a':'b'}", "['c']", "['c']"),
                Arguments.of("{'a':'foo'}", "null", "null"),
                Arguments.of("{'a':'foo'}", "'bar'", "'bar'"),
                Arguments.of("{'e':null}", "{'a':1}", "{'e':null,'a':1}"),
                Arguments.of("[1,2]", "{'a':'b','c':null}", "{'a':'b'}"),
                Arguments.of("{}", "{'a':{'bb':{'ccc':null}}}", "{'a':{'bb':{}}}"));
    }

    @ParameterizedTest(name = "[{index}] {0} + {1} = {2}")
    @MethodSource("rfc7386AppendixA")
    void appliesTheRfc7386AppendixExamples(String original, String patch, String result) {
        assertJson(result, Patches.mergePatch(json(original), json(patch)));
    }

    @Test
    void mergesTheRfc7386SectionThreeDocument() {
        JsonNode target = json("{'title':'Goodbye!','author':{'givenName':'John',"
                + "'familyName':'Doe'},'tags':['example','sample'],'content':'This will be unchanged'}");
        JsonNode patch = json("{'title':'Hello!','phoneNumber':'+01-123-456-7890',"
                + "'author':{'familyName':null},'tags':['example']}");
        assertJson(
                "{'title':'Hello!','author':{'givenName':'John'},'tags':['example'],"
                        + "'content':'This will be unchanged','phoneNumber':'+01-123-456-7890'}",
                Patches.mergePatch(target, patch));
    }

    @Test
    void neverMutatesItsInputsAndReturnsAnIndependentTree() {
        JsonNode target = json("{'metadata':{'labels':{'a':'1'}},'spec':{'x':[1]}}");
        JsonNode patch = json("{'metadata':{'labels':{'b':'2','a':null}},'spec':{'y':{'z':1}}}");
        JsonNode targetCopy = target.deepCopy();
        JsonNode patchCopy = patch.deepCopy();
        JsonNode result = Patches.mergePatch(target, patch);
        assertEquals(targetCopy, target);
        assertEquals(patchCopy, patch);
        ((ObjectNode) result.path("spec").path("y")).put("z", 2);
        ((ObjectNode) result.path("metadata")).remove("labels");
        assertEquals(patchCopy, patch);
        assertEquals(targetCopy, target);
    }

    @Test
    void aMissingTargetIsAnEmptyObject() {
        assertJson("{'a':{'b':1}}", Patches.mergePatch(null, json("{'a':{'b':1,'c':null}}")));
    }

    @Test
    void aMissingPatchIsABadRequest() {
        PatchException e = assertPatchFails(400, () -> Patches.mergePatch(json("{}"), null), "merge patch");
        assertTrue(e.reason().equals("BadRequest"));
    }
}
