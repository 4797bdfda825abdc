package dev.informer.testing.internal;

import static dev.informer.testing.internal.TestJson.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.labels.SelectorException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/** Behaviour of {@link FieldSelector}: apimachinery's syntax, kube-apiserver's field support. */
class FieldSelectorTest {
    private static final JsonNode SCHEDULED_POD = json("{'kind':'Pod','metadata':{'name':'web-1',"
            + "'namespace':'prod'},'spec':{'nodeName':'node-a','restartPolicy':'Always',"
            + "'schedulerName':'default-scheduler','serviceAccountName':'builder','hostNetwork':true},"
            + "'status':{'phase':'Running','podIP':'10.0.0.9','podIPs':[{'ip':'10.0.0.7'},"
            + "{'ip':'fd00::7'}],'nominatedNodeName':'node-b'}}");
    private static final JsonNode PENDING_POD = json(
            "{'kind':'Pod','metadata':{'name':'web-2','namespace':'dev'},'spec':{}," + "'status':{'phase':'Pending'}}");

    private static boolean matches(String selector, String resource, JsonNode object) {
        return FieldSelector.parse(selector, resource).matches(object);
    }

    @Test
    void nullAndEmptySelectEverything() {
        assertSame(FieldSelector.everything(), FieldSelector.parse(null, "pods"));
        assertSame(FieldSelector.everything(), FieldSelector.parse("", "pods"));
        assertTrue(FieldSelector.parse(",,", "pods").isEmpty());
        assertTrue(FieldSelector.everything().matches(SCHEDULED_POD));
        assertEquals("", FieldSelector.everything().toString());
    }

    @Test
    void metadataFieldsWorkForEveryResource() {
        assertTrue(matches("metadata.name=web-1", "pods", SCHEDULED_POD));
        assertTrue(matches("metadata.name==web-1", "pods", SCHEDULED_POD));
        assertFalse(matches("metadata.name=web-2", "pods", SCHEDULED_POD));
        assertTrue(matches("metadata.name!=web-2", "pods", SCHEDULED_POD));
        assertTrue(matches("metadata.namespace=prod", "pods", SCHEDULED_POD));
        JsonNode cm = json("{'metadata':{'name':'cfg','namespace':'a'}}");
        assertTrue(matches("metadata.name=cfg,metadata.namespace=a", "configmaps", cm));
        assertTrue(matches("metadata.name=cfg", "widgets.example.com", cm));
        assertTrue(matches("metadata.name=cfg", null, cm));
    }

    @Test
    void allTermsMustHold() {
        assertTrue(matches("metadata.namespace=prod,spec.nodeName=node-a", "pods", SCHEDULED_POD));
        assertFalse(matches("metadata.namespace=prod,spec.nodeName=node-b", "pods", SCHEDULED_POD));
        assertFalse(matches("metadata.namespace=dev,spec.nodeName=node-a", "pods", SCHEDULED_POD));
    }

    @Test
    void absentFieldsHaveTheEmptyValue() {
        assertTrue(matches("spec.nodeName=", "pods", PENDING_POD));
        assertFalse(matches("spec.nodeName=", "pods", SCHEDULED_POD));
        assertTrue(matches("spec.nodeName!=", "pods", SCHEDULED_POD));
        JsonNode node = json("{'kind':'Node','metadata':{'name':'n1'}}");
        assertTrue(matches("metadata.namespace=", "nodes", node));
        assertTrue(matches("metadata.name=", "pods", json("{}")));
    }

    @Test
    void podFieldsMatchTheApiServersSelectableFields() {
        assertTrue(matches("spec.restartPolicy=Always", "pods", SCHEDULED_POD));
        assertTrue(matches("spec.schedulerName=default-scheduler", "pods", SCHEDULED_POD));
        assertTrue(matches("spec.serviceAccountName=builder", "pods", SCHEDULED_POD));
        assertTrue(matches("spec.hostNetwork=true", "pods", SCHEDULED_POD));
        assertTrue(matches("spec.hostNetwork=false", "pods", PENDING_POD));
        assertTrue(matches("status.phase=Running", "pods", SCHEDULED_POD));
        assertTrue(matches("status.phase!=Running", "pods", PENDING_POD));
        assertTrue(matches("status.nominatedNodeName=node-b", "pods", SCHEDULED_POD));
    }

    @Test
    void podIpIsTheFirstOfPodIpsFallingBackToPodIp() {
        assertTrue(matches("status.podIP=10.0.0.7", "pods", SCHEDULED_POD));
        assertFalse(matches("status.podIP=10.0.0.9", "pods", SCHEDULED_POD));
        assertTrue(matches("status.podIP=10.1.1.1", "pods", json("{'status':{'podIP':'10.1.1.1'}}")));
        assertTrue(matches("status.podIP=", "pods", PENDING_POD));
    }

    @Test
    void eventFieldsIncludeTheInvolvedObject() {
        JsonNode event = json("{'kind':'Event','metadata':{'name':'e1','namespace':'prod'},"
                + "'involvedObject':{'kind':'Pod','name':'web-1','namespace':'prod','uid':'u-1',"
                + "'apiVersion':'v1','resourceVersion':'42','fieldPath':'spec.containers{app}'},"
                + "'reason':'BackOff','type':'Warning','source':{'component':'kubelet'},"
                + "'reportingComponent':'kubelet'}");
        assertTrue(matches("involvedObject.kind=Pod,involvedObject.name=web-1", "events", event));
        assertTrue(matches("involvedObject.uid=u-1,involvedObject.namespace=prod", "events", event));
        assertTrue(matches("involvedObject.apiVersion=v1,involvedObject.resourceVersion=42", "events", event));
        assertTrue(matches("involvedObject.fieldPath=spec.containers{app}", "events", event));
        assertTrue(matches("reason=BackOff,type=Warning", "events", event));
        assertTrue(matches("source=kubelet,reportingComponent=kubelet", "events", event));
        assertFalse(matches("type=Normal", "events", event));
    }

    @Test
    void secretNodeAndNamespaceFieldsAreSupported() {
        assertTrue(matches("type=kubernetes.io/tls", "secrets", json("{'type':'kubernetes.io/tls'}")));
        assertTrue(matches("spec.unschedulable=false", "nodes", json("{'spec':{}}")));
        assertTrue(matches("spec.unschedulable=true", "nodes", json("{'spec':{'unschedulable':true}}")));
        assertTrue(matches("status.phase=Terminating", "namespaces", json("{'status':{'phase':'Terminating'}}")));
    }

    @Test
    void unsupportedFieldsAreRejectedLikeTheApiServer() {
        SelectorException e =
                assertThrows(SelectorException.class, () -> FieldSelector.parse("spec.nodeName=a", "configmaps"));
        assertEquals("field label not supported: spec.nodeName", e.getMessage());
        e = assertThrows(SelectorException.class, () -> FieldSelector.parse("spec.foo=a", "pods"));
        assertEquals("field label not supported: spec.foo", e.getMessage());
        assertThrows(SelectorException.class, () -> FieldSelector.parse("type=a", null));
        assertThrows(SelectorException.class, () -> FieldSelector.parse("reason=x", "pods"));
        assertThrows(SelectorException.class, () -> FieldSelector.parse("metadata.name =a", "pods"));
    }

    @Test
    void termsWithoutAnOperatorAreRejected() {
        SelectorException e = assertThrows(SelectorException.class, () -> FieldSelector.parse("metadata.name", "pods"));
        assertEquals("invalid selector: 'metadata.name'; can't understand 'metadata.name'", e.getMessage());
    }

    @Test
    void escapedCommasEqualsAndBackslashesAreLiteral() {
        JsonNode odd = json("{'metadata':{'name':'a,b=c\\\\d'}}");
        assertEquals("a,b=c\\d", odd.path("metadata").path("name").stringValue());
        FieldSelector s = FieldSelector.parse("metadata.name=a\\,b\\=c\\\\d", "pods");
        assertTrue(s.matches(odd));
        assertEquals("metadata.name=a\\,b\\=c\\\\d", s.toString());
        assertTrue(FieldSelector.parse("metadata.name!=a\\,b,metadata.namespace=", "pods")
                .matches(odd));
    }

    @ParameterizedTest(name = "[{index}] \"{0}\"")
    @ValueSource(strings = {"metadata.name=a\\x", "metadata.name=a\\", "metadata.name=a=b", "metadata.name=a!=b"})
    void badEscapesAndUnescapedSpecialCharactersAreRejected(String selector) {
        SelectorException e = assertThrows(SelectorException.class, () -> FieldSelector.parse(selector, "pods"));
        assertTrue(e.getMessage().startsWith("invalid field selector: "), e.getMessage());
    }

    @Test
    void canonicalFormSortsTermsAndWritesDoubleEqualsAsEquals() {
        FieldSelector s = FieldSelector.parse("spec.nodeName==n1,metadata.name!=x,", "pods");
        assertEquals("metadata.name!=x,spec.nodeName=n1", s.toString());
        assertEquals(s, FieldSelector.parse("metadata.name!=x,spec.nodeName=n1", "pods"));
        assertEquals(
                s.hashCode(),
                FieldSelector.parse("metadata.name!=x,spec.nodeName=n1", "pods").hashCode());
    }

    @Test
    void notEqualsIsRecognisedBeforeEquals() {
        FieldSelector s = FieldSelector.parse("metadata.name!=web-1", "pods");
        assertFalse(s.matches(SCHEDULED_POD));
        assertTrue(s.matches(PENDING_POD));
    }
}
