package dev.informer.testing.internal;

import static dev.informer.testing.internal.TestJson.assertJson;
import static dev.informer.testing.internal.TestJson.assertPatchFails;
import static dev.informer.testing.internal.TestJson.json;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Behaviour of {@link Patches#strategicMergePatch}; the directive and ordering cases are ported
 * from apimachinery's strategicpatch/patch_test.go onto real Pod fields (its {@code mergingList}
 * is {@code containers}, {@code mergingIntList} is {@code finalizers}, {@code nonMergingList} is
 * {@code tolerations}, {@code simpleMap} is {@code labels}, the retainKeys list is
 * {@code volumes}).
 */
class StrategicMergePatchTest {

    /** A Pod with the given spec (JSON object text) merged with the given patch spec. */
    private static JsonNode patchPodSpec(String spec, String patchSpec) {
        JsonNode pod = json("{'apiVersion':'v1','kind':'Pod','metadata':{'name':'p'},'spec':" + spec + "}");
        return Patches.strategicMergePatch(pod, json("{'spec':" + patchSpec + "}"))
                .get("spec");
    }

    /** {@code target} merged with {@code patch} (both JSON text, single-quoted). */
    private static JsonNode merge(String target, String patch) {
        return Patches.strategicMergePatch(json(target), json(patch));
    }

    private static JsonNode patchPod(String pod, String patch) {
        return Patches.strategicMergePatch(json("{'apiVersion':'v1','kind':'Pod'," + pod + "}"), json(patch));
    }

    @Test
    void mapsMergeRecursivelyAndNullDeletes() {
        JsonNode result = patchPod(
                "'metadata':{'name':'p','labels':{'a':'1','b':'2'}}",
                "{'metadata':{'labels':{'a':'9','b':null,'c':'3'},'annotations':{'x':'y'}}}");
        assertJson(
                "{'apiVersion':'v1','kind':'Pod','metadata':{'name':'p',"
                        + "'labels':{'a':'9','c':'3'},'annotations':{'x':'y'}}}",
                result);
    }

    @Test
    void containersMergeByName() {
        assertJson(
                "{'containers':[{'name':'a','image':'a:2','ports':[{'containerPort':80}]},"
                        + "{'name':'b','image':'b:1'}]}",
                patchPodSpec(
                        "{'containers':[{'name':'a','image':'a:1','ports':[{'containerPort':80}]},"
                                + "{'name':'b','image':'b:1'}]}",
                        "{'containers':[{'name':'a','image':'a:2'}]}"));
    }

    @Test
    void newListElementsGoBeforeTheRemainingServerElements() {
        assertJson(
                "{'containers':[{'name':'c'},{'name':'a'},{'name':'b'}]}",
                patchPodSpec("{'containers':[{'name':'a'},{'name':'b'}]}", "{'containers':[{'name':'c'}]}"));
        assertJson(
                "{'containers':[{'name':'a'},{'name':'b','image':'x'},{'name':'d'}," + "{'name':'c'}]}",
                patchPodSpec(
                        "{'containers':[{'name':'a'},{'name':'b'},{'name':'c'}]}",
                        "{'containers':[{'name':'b','image':'x'},{'name':'d'}]}"));
    }

    @Test
    void patchOrderWinsForTheElementsItNames() {
        assertJson(
                "{'containers':[{'name':'3','image':'c'},{'name':'1','image':'a'},"
                        + "{'name':'2','image':'b','args':['x']}]}",
                patchPodSpec(
                        "{'containers':[{'name':'1'},{'name':'2','image':'b'},{'name':'3'}]}",
                        "{'containers':[{'name':'3','image':'c'},{'name':'1','image':'a'},"
                                + "{'name':'2','args':['x']}]}"));
        assertJson(
                "{'containers':[{'name':'2','image':'b'},{'name':'3','image':'c'}," + "{'name':'1','image':'a'}]}",
                patchPodSpec(
                        "{'containers':[{'name':'1'},{'name':'2','image':'b'},{'name':'3'}]}",
                        "{'containers':[{'name':'3','image':'c'},{'name':'1','image':'a'}]}"));
    }

    @Test
    void finalizersMergeAsAnOrderedSet() {
        assertJson(
                "{'metadata':{'finalizers':['f1','f2','f3']}}",
                Patches.strategicMergePatch(
                        json("{'metadata':{'finalizers':['f1','f2']}}"),
                        json("{'metadata':{'finalizers':['f2','f3']}}")));
        assertJson(
                "{'metadata':{'finalizers':['c','a','b']}}",
                Patches.strategicMergePatch(
                        json("{'metadata':{'finalizers':['a','b','c']}}"),
                        json("{'metadata':{'finalizers':['c','a','b']}}")));
        assertJson(
                "{'metadata':{'finalizers':['b','c','a']}}",
                Patches.strategicMergePatch(
                        json("{'metadata':{'finalizers':['a','b','c']}}"),
                        json("{'metadata':{'finalizers':['c','a']}}")));
    }

    @Test
    void deleteFromPrimitiveListRemovesScalars() {
        assertJson(
                "{'metadata':{'finalizers':['d','b']}}",
                Patches.strategicMergePatch(
                        json("{'metadata':{'finalizers':['a','b','c']}}"),
                        json("{'metadata':{'$deleteFromPrimitiveList/finalizers':['a','c','zzz'],"
                                + "'finalizers':['d']}}")));
        assertJson(
                "{'metadata':{'name':'x'}}",
                Patches.strategicMergePatch(
                        json("{'metadata':{'name':'x'}}"),
                        json("{'metadata':{'$deleteFromPrimitiveList/finalizers':['a']}}")));
    }

    @Test
    void malformedDeleteFromPrimitiveListIsABadRequest() {
        assertPatchFails(
                400,
                () -> Patches.strategicMergePatch(
                        json("{'metadata':{'finalizers':['a']}}"),
                        json("{'metadata':{'$deleteFromPrimitiveListfinalizers':['a']}}")),
                "invalid patch format of primitive list");
        assertPatchFails(
                400,
                () -> Patches.strategicMergePatch(
                        json("{'metadata':{'finalizers':['a']}}"),
                        json("{'metadata':{'$deleteFromPrimitiveList/finalizers':'a'}}")),
                "invalid patch format of primitive list",
                "metadata");
    }

    @Test
    void deleteDirectiveRemovesEveryElementWithTheKey() {
        assertJson(
                "{'containers':[{'name':'2','image':'a'}]}",
                patchPodSpec(
                        "{'containers':[{'name':'1'},{'name':'1'},{'name':'2','image':'a'},"
                                + "{'name':'3'},{'name':'3'}]}",
                        "{'containers':[{'name':'1','$patch':'delete'},{'name':'3','$patch':'delete'}]}"));
        assertJson(
                "{'containers':[{'name':'a'}]}",
                patchPodSpec("{'containers':[{'name':'a'}]}", "{'containers':[{'name':'gone','$patch':'delete'}]}"));
    }

    @Test
    void replaceDirectiveInAListMakesThePatchTheWholeList() {
        assertJson(
                "{'containers':[]}",
                patchPodSpec("{'containers':[{'name':'1'},{'name':'2'}]}", "{'containers':[{'$patch':'replace'}]}"));
        assertJson(
                "{'containers':[{'name':'x','image':'i'}]}",
                patchPodSpec(
                        "{'containers':[{'name':'1'},{'name':'2'}]}",
                        "{'containers':[{'name':'x','image':'i','args':null},{'$patch':'replace'}]}"));
    }

    @Test
    void emptyMergeListsStayEmpty() {
        assertJson("{'containers':[]}", patchPodSpec("{'containers':[]}", "{'containers':[]}"));
        assertJson("{'containers':[{'name':'a'}]}", patchPodSpec("{'containers':[{'name':'a'}]}", "{'containers':[]}"));
    }

    @Test
    void replaceAndDeleteDirectivesOnMaps() {
        JsonNode pod = json("{'metadata':{'name':'p','labels':{'key1':'1','key2':'1'}}}");
        assertJson(
                "{'metadata':{'name':'p','labels':{}}}",
                Patches.strategicMergePatch(pod, json("{'metadata':{'labels':{'$patch':'delete'}}}")));
        assertJson(
                "{'metadata':{'name':'p','labels':{'key3':'3'}}}",
                Patches.strategicMergePatch(
                        pod, json("{'metadata':{'labels':{'$patch':'replace','key3':'3','key4':null}}}")));
        assertJson("{}", Patches.strategicMergePatch(pod, json("{'$patch':'replace'}")));
        assertJson("{'other':'a'}", Patches.strategicMergePatch(pod, json("{'other':'a','$patch':'replace'}")));
        assertJson("{}", Patches.strategicMergePatch(pod, json("{'$patch':'delete'}")));
    }

    @Test
    void mergeDirectiveIsTheExplicitDefault() {
        assertJson(
                "{'metadata':{'name':'p','labels':{'a':'1','b':'2'}}}",
                Patches.strategicMergePatch(
                        json("{'metadata':{'name':'p','labels':{'a':'1'}}}"),
                        json("{'metadata':{'labels':{'$patch':'merge','b':'2'}}}")));
        assertJson(
                "{'containers':[{'name':'a','image':'x'},{'name':'b'}]}",
                patchPodSpec(
                        "{'containers':[{'name':'a'},{'name':'b'}]}",
                        "{'containers':[{'name':'a','image':'x','$patch':'merge'},{'$patch':'merge'}]}"));
    }

    @Test
    void unknownDirectivesAreBadRequests() {
        assertPatchFails(
                400,
                () -> Patches.strategicMergePatch(json("{'metadata':{}}"), json("{'metadata':{'$patch':'explode'}}")),
                "unknown patch type: explode",
                "metadata");
        assertPatchFails(
                400,
                () -> patchPodSpec("{'containers':[{'name':'a'}]}", "{'containers':[{'name':'a','$patch':'explode'}]}"),
                "unknown patch type: explode",
                "spec.containers");
    }

    @Test
    void nonMergingListsAreReplaced() {
        assertJson(
                "{'tolerations':[{'key':'b'}],'containers':[{'name':'a','args':['z']}]}",
                patchPodSpec(
                        "{'tolerations':[{'key':'a'}],'containers':[{'name':'a','args':['x','y']}]}",
                        "{'tolerations':[{'key':'b'}],'containers':[{'name':'a','args':['z']}]}"));
    }

    @Test
    void keyedListsUseTheirKubernetesMergeKeys() {
        assertJson(
                "{'containers':[{'name':'c','ports':[{'containerPort':80,'name':'http',"
                        + "'protocol':'TCP'},{'containerPort':443}],'env':[{'name':'A','value':'2'},"
                        + "{'name':'B','value':'1'}],'volumeMounts':[{'name':'v2','mountPath':'/data'}]}],"
                        + "'volumes':[{'name':'v2'},{'name':'v1','emptyDir':{}}],"
                        + "'imagePullSecrets':[{'name':'s2'},{'name':'s1'}]}",
                patchPodSpec(
                        "{'containers':[{'name':'c','ports':[{'containerPort':80,'name':'http'}],"
                                + "'env':[{'name':'A','value':'1'},{'name':'B','value':'1'}],"
                                + "'volumeMounts':[{'name':'v1','mountPath':'/data'}]}],"
                                + "'volumes':[{'name':'v1','emptyDir':{}}],'imagePullSecrets':[{'name':'s1'}]}",
                        "{'containers':[{'name':'c','ports':[{'containerPort':80,'protocol':'TCP'},"
                                + "{'containerPort':443}],'env':[{'name':'A','value':'2'}],"
                                + "'volumeMounts':[{'name':'v2','mountPath':'/data'}]}],"
                                + "'volumes':[{'name':'v2'}],'imagePullSecrets':[{'name':'s2'}]}"));
    }

    @Test
    void mergeKeysCompareNumbersByValue() {
        JsonNode ports = patchPodSpec(
                        "{'containers':[{'name':'c','ports':[{'containerPort':80," + "'name':'http'}]}]}",
                        "{'containers':[{'name':'c','ports':[{'containerPort':80.0," + "'protocol':'TCP'}]}]}")
                .at("/containers/0/ports");
        assertEquals(1, ports.size());
        assertEquals("http", ports.get(0).get("name").stringValue());
        assertEquals("TCP", ports.get(0).get("protocol").stringValue());
        assertEquals(80, ports.get(0).get("containerPort").intValue());
    }

    @Test
    void statusConditionsMergeByType() {
        JsonNode result = patchPod(
                "'status':{'phase':'Pending','conditions':["
                        + "{'type':'PodScheduled','status':'True'},{'type':'Ready','status':'False'}]}",
                "{'status':{'phase':'Running','conditions':[{'type':'Ready','status':'True'}]}}");
        assertJson(
                "{'phase':'Running','conditions':[{'type':'PodScheduled','status':'True'},"
                        + "{'type':'Ready','status':'True'}]}",
                result.get("status"));
    }

    @Test
    void ownerReferencesMergeByUid() {
        assertJson(
                "{'metadata':{'ownerReferences':[{'uid':'1','name':'a','controller':true},"
                        + "{'uid':'2','name':'b'}]}}",
                Patches.strategicMergePatch(
                        json("{'metadata':{'ownerReferences':[" + "{'uid':'1','name':'a'},{'uid':'2','name':'b'}]}}"),
                        json("{'metadata':{'ownerReferences':[{'uid':'1','controller':true}]}}")));
    }

    @Test
    void setElementOrderReordersAMergeList() {
        assertJson(
                "{'containers':[{'name':'c'},{'name':'a','image':'x'},{'name':'b'}]}",
                patchPodSpec(
                        "{'containers':[{'name':'a'},{'name':'b'},{'name':'c'}]}",
                        "{'$setElementOrder/containers':[{'name':'c'},{'name':'a'},{'name':'b'}],"
                                + "'containers':[{'name':'a','image':'x'}]}"));
    }

    @Test
    void setElementOrderMayNameElementsThatDoNotExist() {
        assertJson(
                "{'containers':[{'name':'3','image':'3'},{'name':'1','image':'1'}]}",
                patchPodSpec(
                        "{'containers':[{'name':'1'},{'name':'3'}]}",
                        "{'$setElementOrder/containers':[{'name':'3'},{'name':'2'},{'name':'1'}],"
                                + "'containers':[{'name':'3','image':'3'},{'name':'1','image':'1'}]}"));
        assertJson(
                "{'metadata':{'finalizers':['3','1']}}",
                Patches.strategicMergePatch(
                        json("{'metadata':{'finalizers':['1','3']}}"),
                        json("{'metadata':{'$setElementOrder/finalizers':['3','2','1']}}")));
    }

    @Test
    void setElementOrderInterleavesUnnamedServerElementsByTheirOldPositions() {
        assertJson(
                "{'containers':[{'name':'b'},{'name':'x'},{'name':'a'},{'name':'y'}]}",
                patchPodSpec(
                        "{'containers':[{'name':'x'},{'name':'a'},{'name':'y'}]}",
                        "{'$setElementOrder/containers':[{'name':'b'},{'name':'a'}],"
                                + "'containers':[{'name':'b'}]}"));
    }

    @Test
    void setElementOrderBuildsANewList() {
        assertJson(
                "{'containers':[{'name':'b','image':'1'},{'name':'a','image':'2'}]}",
                patchPodSpec(
                        "{}",
                        "{'$setElementOrder/containers':[{'name':'b'},{'name':'a'}],"
                                + "'containers':[{'name':'b','image':'1'},{'name':'a','image':'2'}]}"));
    }

    @Test
    void setElementOrderMustAgreeWithThePatchListOrder() {
        assertPatchFails(
                400,
                () -> patchPodSpec(
                        "{'containers':[{'name':'1'},{'name':'2'}]}",
                        "{'$setElementOrder/containers':[{'name':'1'},{'name':'2'}],"
                                + "'containers':[{'name':'2','image':'b'},{'name':'1','image':'a'}]}"),
                "doesn't match $setElementOrder list",
                "spec.containers");
        assertPatchFails(
                400,
                () -> patchPodSpec("{'containers':[{'name':'1'}]}", "{'$setElementOrder/containers':{'name':'1'}}"),
                "invalid patch format of setElementOrder list");
        assertPatchFails(
                400,
                () -> patchPodSpec("{'containers':[{'name':'1'}]}", "{'$setElementOrdercontainers':[{'name':'1'}]}"),
                "invalid patch format of setElementOrder list");
    }

    @Test
    void setElementOrderIsIgnoredWhenTheListIsDeleted() {
        assertJson(
                "{}",
                patchPodSpec(
                        "{'containers':[{'name':'1'}]}",
                        "{'$setElementOrder/containers':[{'name':'1'}],'containers':null}"));
    }

    @Test
    void retainKeysClearsUnlistedFieldsOfAVolume() {
        assertJson(
                "{'volumes':[{'name':'v','configMap':{'name':'cm'}},{'name':'w','emptyDir':{}}]}",
                patchPodSpec(
                        "{'volumes':[{'name':'v','emptyDir':{}},{'name':'w','emptyDir':{}}]}",
                        "{'volumes':[{'name':'v','$retainKeys':['name','configMap'],"
                                + "'configMap':{'name':'cm'}}]}"));
    }

    @Test
    void withoutRetainKeysVolumesMergeNormally() {
        assertJson(
                "{'volumes':[{'name':'v','emptyDir':{'medium':'Memory'},'hostPath':{}}]}",
                patchPodSpec(
                        "{'volumes':[{'name':'v','emptyDir':{'medium':'Memory'}}]}",
                        "{'volumes':[{'name':'v','hostPath':{}}]}"));
    }

    @Test
    void retainKeysMustListEveryFieldThePatchSets() {
        assertPatchFails(
                400,
                () -> patchPodSpec(
                        "{'volumes':[{'name':'v','emptyDir':{}}]}",
                        "{'volumes':[{'name':'v','$retainKeys':['name'],'configMap':{'name':'cm'}}]}"),
                "invalid patch format of retainKeys",
                "configMap",
                "spec.volumes[name=v]");
        assertPatchFails(
                400,
                () -> patchPodSpec(
                        "{'volumes':[{'name':'v','emptyDir':{}}]}", "{'volumes':[{'name':'v','$retainKeys':'name'}]}"),
                "invalid patch format of retainKeys");
        assertJson(
                "{'volumes':[{'name':'v'}]}",
                patchPodSpec(
                        "{'volumes':[{'name':'v','emptyDir':{}}]}",
                        "{'volumes':[{'name':'v','$retainKeys':['name'],'configMap':null}]}"));
    }

    @Test
    void listElementsWithoutTheirMergeKeyAreBadRequests() {
        assertPatchFails(
                400,
                () -> patchPodSpec("{'containers':[{'name':'a'}]}", "{'containers':[{'image':'x'}]}"),
                "does not contain declared merge key: name",
                "spec.containers");
        assertPatchFails(
                400,
                () -> patchPodSpec("{'containers':[{'name':'a'}]}", "{'containers':[{'$patch':'delete'}]}"),
                "merge key: name");
    }

    @Test
    void listsOfListsAreUnprocessable() {
        PatchException e = assertPatchFails(
                422, () -> patchPodSpec("{'containers':[{'name':'a'}]}", "{'containers':[['a']]}"), "lists of lists");
        assertEquals("Invalid", e.reason());
    }

    @Test
    void mixedElementTypesAreBadRequests() {
        assertPatchFails(
                400,
                () -> Patches.strategicMergePatch(
                        json("{'metadata':{'finalizers':['a']}}"), json("{'metadata':{'finalizers':[1]}}")),
                "list element types are not identical",
                "metadata.finalizers");
        assertPatchFails(
                400,
                () -> Patches.strategicMergePatch(
                        json("{'metadata':{'finalizers':['a']}}"), json("{'metadata':{'finalizers':[{'name':'x'}]}}")),
                "metadata.finalizers");
    }

    @Test
    void aPatchThatIsNotAnObjectIsABadRequest() {
        assertPatchFails(
                400, () -> Patches.strategicMergePatch(json("{}"), json("[1]")), "must be a JSON object", "array");
        assertPatchFails(400, () -> Patches.strategicMergePatch(json("{}"), null), "nothing");
    }

    @Test
    void changingAValuesTypeReplacesIt() {
        assertJson(
                "{'nodeSelector':'x','containers':{'name':'a'}}",
                patchPodSpec(
                        "{'nodeSelector':{'a':'b'},'containers':[{'name':'a'}]}",
                        "{'nodeSelector':'x','containers':{'name':'a'}}"));
    }

    @Test
    void newSubtreesAreTakenWithoutNullsOrDirectives() {
        assertJson(
                "{'metadata':{'name':'p','annotations':{'b':'1'}},"
                        + "'spec':{'containers':[{'name':'a','env':[{'name':'E'}]}]}}",
                Patches.strategicMergePatch(
                        json("{'kind':'Pod','metadata':{'name':'p'}}"),
                        json("{'kind':null,'metadata':{'annotations':{'a':null,'b':'1'}},"
                                + "'spec':{'containers':[{'name':'a','image':null,"
                                + "'env':[{'name':'E','value':null},{'name':'F','$patch':'delete'}]}]}}")));
    }

    @Test
    void aMissingTargetIsAnEmptyObject() {
        assertJson("{'a':{'b':1}}", Patches.strategicMergePatch(null, json("{'a':{'b':1,'c':null}}")));
    }

    @Test
    void customResourcesAndUnknownKindsReplaceLists() {
        String target = "{'apiVersion':'example.com/v1','kind':'Pod','spec':{'containers':"
                + "[{'name':'a'},{'name':'b'}]},'metadata':{'finalizers':['x']}}";
        assertJson(
                "{'apiVersion':'example.com/v1','kind':'Pod','spec':{'containers':"
                        + "[{'name':'c'}]},'metadata':{'finalizers':['y','x']}}",
                Patches.strategicMergePatch(
                        json(target), json("{'spec':{'containers':[{'name':'c'}]},'metadata':{'finalizers':['y']}}")));
        assertJson(
                "{'kind':'ConfigMap','data':{'k':'v2','l':'1'},'list':[2]}",
                Patches.strategicMergePatch(
                        json("{'kind':'ConfigMap','data':{'k':'v'},'list':[1]}"),
                        json("{'data':{'k':'v2','l':'1'},'list':[2]}")));
    }

    @Test
    void theKindMayComeFromThePatchOrBeGivenExplicitly() {
        String target = "{'spec':{'containers':[{'name':'a'},{'name':'b'}]}}";
        String patch = "{'spec':{'containers':[{'name':'a','image':'x'}]}}";
        JsonNode merged = json("{'spec':{'containers':[{'name':'a','image':'x'},{'name':'b'}]}}");
        assertEquals(merged, Patches.strategicMergePatch(json(target), json(patch), "v1", "Pod"));
        assertEquals(merged, Patches.strategicMergePatch(json(target), json(patch), null, "Pod"));
        assertJson(
                "{'spec':{'containers':[{'name':'a','image':'x'}]}}",
                Patches.strategicMergePatch(json(target), json(patch)));
        JsonNode fromPatch = Patches.strategicMergePatch(
                json(target), json("{'kind':'Pod','spec':{'containers':[{'name':'a','image':'x'}]}}"));
        assertEquals(merged.get("spec"), fromPatch.get("spec"));
    }

    @Test
    void workloadTemplatesMergeTheirContainers() {
        JsonNode result = merge(
                "{'apiVersion':'apps/v1','kind':'Deployment','spec':{'template':"
                        + "{'metadata':{'labels':{'app':'web'}},'spec':{'containers':[{'name':'web','image':'v1'},"
                        + "{'name':'log','image':'l1'}]}}}}",
                "{'spec':{'template':{'metadata':{'annotations':{'restartedAt':'now'}},"
                        + "'spec':{'containers':[{'name':'web','image':'v2'}]}}}}");
        assertJson(
                "{'metadata':{'labels':{'app':'web'},'annotations':{'restartedAt':'now'}},"
                        + "'spec':{'containers':[{'name':'web','image':'v2'},{'name':'log','image':'l1'}]}}",
                result.path("spec").path("template"));
        JsonNode cronJob = merge(
                "{'apiVersion':'batch/v1','kind':'CronJob','spec':{'jobTemplate':"
                        + "{'spec':{'template':{'spec':{'containers':[{'name':'a'},{'name':'b'}]}}}}}}",
                "{'spec':{'jobTemplate':{'spec':{'template':"
                        + "{'spec':{'containers':[{'name':'a','image':'x'}]}}}}}}");
        assertJson(
                "[{'name':'a','image':'x'},{'name':'b'}]",
                cronJob.at("/spec/jobTemplate/spec/template/spec/containers"));
    }

    @Test
    void nodeAddressesAndConditionsMergeByType() {
        JsonNode node = json("{'apiVersion':'v1','kind':'Node','status':{'addresses':["
                + "{'type':'InternalIP','address':'10.0.0.1'},{'type':'Hostname','address':'n1'}],"
                + "'conditions':[{'type':'Ready','status':'False'}]}}");
        JsonNode result = Patches.strategicMergePatch(
                node,
                json("{'status':{'addresses':["
                        + "{'type':'InternalIP','address':'10.0.0.2'}],'conditions':[{'type':'Ready',"
                        + "'status':'True'},{'type':'MemoryPressure','status':'False'}]}}"));
        assertJson(
                "{'addresses':[{'type':'InternalIP','address':'10.0.0.2'},"
                        + "{'type':'Hostname','address':'n1'}],'conditions':[{'type':'Ready','status':'True'},"
                        + "{'type':'MemoryPressure','status':'False'}]}",
                result.get("status"));
    }

    @Test
    void neverMutatesItsInputsAndReturnsAnIndependentTree() {
        JsonNode target = json("{'kind':'Pod','metadata':{'labels':{'a':'1'}},"
                + "'spec':{'containers':[{'name':'a','env':[{'name':'X','value':'1'}]},{'name':'b'}]}}");
        JsonNode patch = json("{'metadata':{'labels':{'a':null,'b':{'deep':1}}},'spec':{"
                + "'containers':[{'name':'a','env':[{'name':'Y','value':'2'}]},{'name':'c',"
                + "'ports':[{'containerPort':1}]}]}}");
        JsonNode targetCopy = target.deepCopy();
        JsonNode patchCopy = patch.deepCopy();
        JsonNode result = Patches.strategicMergePatch(target, patch);
        assertEquals(targetCopy, target);
        assertEquals(patchCopy, patch);
        ((ObjectNode) result.at("/metadata/labels/b")).put("deep", 2);
        ((ObjectNode) result.at("/spec/containers/0")).put("image", "changed");
        ((ObjectNode) result.at("/spec/containers/1/ports/0")).put("containerPort", 9);
        assertEquals(targetCopy, target);
        assertEquals(patchCopy, patch);
    }

    @Test
    void errorsOnDeepElementsNameTheirPath() {
        assertPatchFails(
                400,
                () -> patchPodSpec(
                        "{'containers':[{'name':'web','env':[{'name':'A'}]}]}",
                        "{'containers':[{'name':'web','env':[{'value':'x'}]}]}"),
                "spec.containers[name=web].env");
    }
}
