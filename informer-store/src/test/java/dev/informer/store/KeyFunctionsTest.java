package dev.informer.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class KeyFunctionsTest {

    private final KeyFunction<Object> key = KeyFunctions.metaNamespaceKey();

    @Test
    void namespacedObjectKeyIsNamespaceSlashName() {
        assertEquals("ns/pod", key.key(TestObject.of("ns", "pod", 1)));
    }

    @Test
    void clusterScopedObjectKeyIsItsName() {
        assertEquals("node", key.key(TestObject.of("node", 1)));
        assertEquals("node", key.key(TestObject.of("", "node", 1)));
    }

    @Test
    void tombstoneIsKeyedByItsOwnKey() {
        assertEquals("ns/gone", key.key(new DeletedFinalStateUnknown<>("ns/gone", null)));
        assertEquals("ns/x", key.key(new DeletedFinalStateUnknown<>("ns/x", TestObject.of("other", "y", 1))));
    }

    @Test
    void objectWithoutMetadataFailsNamingItsClass() {
        KeyException e = assertThrows(KeyException.class, () -> key.key("just a string"));
        assertTrue(e.getMessage().contains("java.lang.String"), e.getMessage());
        assertTrue(e.getMessage().contains("does not implement"), e.getMessage());
    }

    @Test
    void objectWithoutNameFailsNamingItsClass() {
        KeyException e = assertThrows(KeyException.class, () -> key.key(TestObject.of("ns", null, 1)));
        assertTrue(e.getMessage().contains(TestObject.class.getName()), e.getMessage());
        assertTrue(e.getMessage().contains("has no name"), e.getMessage());
        assertThrows(KeyException.class, () -> key.key(TestObject.of("ns", "", 1)));
    }

    @Test
    void nullObjectFails() {
        KeyException e = assertThrows(KeyException.class, () -> key.key(null));
        assertTrue(e.getMessage().contains("null"), e.getMessage());
    }

    @Test
    void accessorKeyFunctionAdaptsForeignModels() {
        record Foreign(String ns, String n) {}
        KeyFunction<Foreign> adapted = KeyFunctions.metaNamespaceKey(
                obj -> obj instanceof Foreign f ? new TestObject(f.ns(), f.n(), null, null, Map.of(), 0) : null);
        assertEquals("a/b", adapted.key(new Foreign("a", "b")));
        assertEquals("b", adapted.key(new Foreign(null, "b")));
        assertEquals("t", adapted.key(new DeletedFinalStateUnknown<>("t", null)));
        KeyException noMeta = assertThrows(KeyException.class, () -> adapted.key(42));
        assertTrue(noMeta.getMessage().contains("java.lang.Integer"), noMeta.getMessage());
        assertTrue(noMeta.getMessage().contains("has no metadata"), noMeta.getMessage());
    }

    @Test
    void failingAccessorBecomesKeyExceptionWithCause() {
        KeyFunction<Object> failing = KeyFunctions.metaNamespaceKey(obj -> {
            throw new IllegalStateException("boom");
        });
        KeyException e = assertThrows(KeyException.class, () -> failing.key(3L));
        assertTrue(e.getMessage().contains("java.lang.Long"), e.getMessage());
        assertEquals("boom", e.getCause().getMessage());
    }

    @Test
    void splitKeyWithNamespace() {
        assertEquals(new ObjectName("ns", "name"), KeyFunctions.splitMetaNamespaceKey("ns/name"));
    }

    @Test
    void splitKeyWithoutNamespace() {
        ObjectName split = KeyFunctions.splitMetaNamespaceKey("name");
        assertEquals("", split.namespace());
        assertEquals("name", split.name());
        assertEquals("name", split.key());
    }

    @Test
    void splitKeyRoundTripsWithKeyFunction() {
        String k = key.key(TestObject.of("ns", "pod", 1));
        assertEquals(k, KeyFunctions.splitMetaNamespaceKey(k).key());
    }

    @Test
    void splitRejectsKeyWithMoreThanOneSlash() {
        KeyException e = assertThrows(KeyException.class, () -> KeyFunctions.splitMetaNamespaceKey("a/b/c"));
        assertTrue(e.getMessage().contains("a/b/c"), e.getMessage());
    }
}
