/**
 * The informer engine (clock, concurrent, watch, work queues, Reflector and shared informers), the
 * Kubernetes API model, the HTTP client, leader election, the event recorder and the health server. The {@code internal} packages are not
 * exported: no sibling module needs them. The model's packages are open to Jackson, which binds JSON
 * to its records.
 */
module dev.informer.core {
    requires transitive dev.informer.store;
    requires transitive org.slf4j;
    requires transitive tools.jackson.core;
    requires transitive tools.jackson.databind;
    requires transitive com.fasterxml.jackson.annotation;
    requires tools.jackson.dataformat.yaml;
    requires okhttp3;
    requires transitive org.jspecify;
    requires static dev.informer.codegen;
    requires static java.compiler;
    requires jdk.httpserver;

    exports dev.informer.api;
    exports dev.informer.cache;
    exports dev.informer.client;
    exports dev.informer.clock;
    exports dev.informer.clock.testing;
    exports dev.informer.concurrent;
    exports dev.informer.health;
    exports dev.informer.leaderelection;
    exports dev.informer.record;
    exports dev.informer.watch;
    exports dev.informer.watch.testing;
    exports dev.informer.workqueue;

    opens dev.informer.api to
            tools.jackson.databind;
    opens dev.informer.api.internal to
            tools.jackson.databind;
}
