package dev.informer.testing.internal;

import static dev.informer.testing.internal.TestJson.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.labels.SelectorException;
import org.jspecify.annotations.Nullable;
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

    /** Asserts that every one of {@code selectors} selects {@code object}, an object of {@code resource}. */
    private static void assertSelected(JsonNode object, @Nullable String resource, String... selectors) {
        for (String selector : selectors) {
            assertTrue(FieldSelector.parse(selector, resource).matches(object), selector);
        }
    }

    /** Asserts that none of {@code selectors} selects {@code object}, an object of {@code resource}. */
    private static void assertNotSelected(JsonNode object, @Nullable String resource, String... selectors) {
        for (String selector : selectors) {
            assertFalse(FieldSelector.parse(selector, resource).matches(object), selector);
        }
    }

    /** The message of the exception that parsing {@code selector} for {@code resource} throws. */
    private static String rejection(String selector, @Nullable String resource) {
        return assertThrows(SelectorException.class, () -> FieldSelector.parse(selector, resource))
                .getMessage();
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
        assertSelected(
                SCHEDULED_POD,
                "pods",
                "metadata.name=web-1",
                "metadata.name==web-1",
                "metadata.name!=web-2",
                "metadata.namespace=prod");
        assertNotSelected(SCHEDULED_POD, "pods", "metadata.name=web-2");
        JsonNode cm = json("{'metadata':{'name':'cfg','namespace':'a'}}");
        assertSelected(cm, "configmaps", "metadata.name=cfg,metadata.namespace=a");
        assertSelected(cm, "widgets.example.com", "metadata.name=cfg");
        assertSelected(cm, null, "metadata.name=cfg");
    }

    @Test
    void allTermsMustHold() {
        assertSelected(SCHEDULED_POD, "pods", "metadata.namespace=prod,spec.nodeName=node-a");
        assertNotSelected(
                SCHEDULED_POD,
                "pods",
                "metadata.namespace=prod,spec.nodeName=node-b",
                "metadata.namespace=dev,spec.nodeName=node-a");
    }

    @Test
    void absentFieldsHaveTheEmptyValue() {
        assertSelected(PENDING_POD, "pods", "spec.nodeName=");
        assertNotSelected(SCHEDULED_POD, "pods", "spec.nodeName=");
        assertSelected(SCHEDULED_POD, "pods", "spec.nodeName!=");
        assertSelected(json("{'kind':'Node','metadata':{'name':'n1'}}"), "nodes", "metadata.namespace=");
        assertSelected(json("{}"), "pods", "metadata.name=");
    }

    @Test
    void podFieldsMatchTheApiServersSelectableFields() {
        assertSelected(
                SCHEDULED_POD,
                "pods",
                "spec.restartPolicy=Always",
                "spec.schedulerName=default-scheduler",
                "spec.serviceAccountName=builder",
                "spec.hostNetwork=true",
                "status.phase=Running",
                "status.nominatedNodeName=node-b");
        assertSelected(PENDING_POD, "pods", "spec.hostNetwork=false", "status.phase!=Running");
    }

    @Test
    void podIpIsTheFirstOfPodIpsFallingBackToPodIp() {
        assertSelected(SCHEDULED_POD, "pods", "status.podIP=10.0.0.7");
        assertNotSelected(SCHEDULED_POD, "pods", "status.podIP=10.0.0.9");
        assertSelected(json("{'status':{'podIP':'10.1.1.1'}}"), "pods", "status.podIP=10.1.1.1");
        assertSelected(PENDING_POD, "pods", "status.podIP=");
    }

    @Test
    void eventFieldsIncludeTheInvolvedObject() {
        JsonNode event = json("{'kind':'Event','metadata':{'name':'e1','namespace':'prod'},"
                + "'involvedObject':{'kind':'Pod','name':'web-1','namespace':'prod','uid':'u-1',"
                + "'apiVersion':'v1','resourceVersion':'42','fieldPath':'spec.containers{app}'},"
                + "'reason':'BackOff','type':'Warning','source':{'component':'kubelet'},"
                + "'reportingComponent':'kubelet'}");
        assertSelected(
                event,
                "events",
                "involvedObject.kind=Pod,involvedObject.name=web-1",
                "involvedObject.uid=u-1,involvedObject.namespace=prod",
                "involvedObject.apiVersion=v1,involvedObject.resourceVersion=42",
                "involvedObject.fieldPath=spec.containers{app}",
                "reason=BackOff,type=Warning",
                "source=kubelet,reportingComponent=kubelet");
        assertNotSelected(event, "events", "type=Normal");
    }

    @Test
    void secretNodeAndNamespaceFieldsAreSupported() {
        assertSelected(json("{'type':'kubernetes.io/tls'}"), "secrets", "type=kubernetes.io/tls");
        assertSelected(json("{'spec':{}}"), "nodes", "spec.unschedulable=false");
        assertSelected(json("{'spec':{'unschedulable':true}}"), "nodes", "spec.unschedulable=true");
        assertSelected(json("{'status':{'phase':'Terminating'}}"), "namespaces", "status.phase=Terminating");
    }

    @Test
    void unsupportedFieldsAreRejectedLikeTheApiServer() {
        assertEquals("field label not supported: spec.nodeName", rejection("spec.nodeName=a", "configmaps"));
        assertEquals("field label not supported: spec.foo", rejection("spec.foo=a", "pods"));
        assertEquals("field label not supported: type", rejection("type=a", null));
        assertEquals("field label not supported: reason", rejection("reason=x", "pods"));
        assertEquals("field label not supported: metadata.name ", rejection("metadata.name =a", "pods"));
    }

    @Test
    void termsWithoutAnOperatorAreRejected() {
        assertEquals(
                "invalid selector: 'metadata.name'; can't understand 'metadata.name'",
                rejection("metadata.name", "pods"));
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
        String message = rejection(selector, "pods");
        assertTrue(message.startsWith("invalid field selector: "), message);
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
