package dev.informer.watch;

import dev.informer.store.ObjectMetaAccessor;
import java.util.Map;

/** A minimal API object for watch tests: a name and a resource version. */
record TestObject(String name, String resourceVersion) implements ObjectMetaAccessor {

    static TestObject at(int resourceVersion) {
        return new TestObject("obj-" + resourceVersion, Integer.toString(resourceVersion));
    }

    static TestObject named(String name, int resourceVersion) {
        return new TestObject(name, Integer.toString(resourceVersion));
    }

    @Override
    public String namespace() {
        return "default";
    }

    @Override
    public String uid() {
        return null;
    }

    @Override
    public Map<String, String> labels() {
        return Map.of();
    }
}
