package dev.informer.store;

import java.util.Map;

/** A small immutable API-object stand-in for the store tests. */
record TestObject(
        String namespace, String name, String resourceVersion, String uid, Map<String, String> labels, int value)
        implements ObjectMetaAccessor {

    /** A cluster-scoped object: its key is its name. */
    static TestObject of(String name, int value) {
        return new TestObject(null, name, String.valueOf(value), "uid-" + name, Map.of(), value);
    }

    static TestObject of(String namespace, String name, int value) {
        return new TestObject(namespace, name, String.valueOf(value), "uid-" + name, Map.of(), value);
    }

    TestObject withLabels(Map<String, String> newLabels) {
        return new TestObject(namespace, name, resourceVersion, uid, newLabels, value);
    }

    TestObject withValue(int newValue) {
        return new TestObject(namespace, name, String.valueOf(newValue), uid, labels, newValue);
    }

    TestObject withUid(String newUid) {
        return new TestObject(namespace, name, resourceVersion, newUid, labels, value);
    }
}
