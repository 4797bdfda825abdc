/**
 * The controller runtime on top of the informer stack: reconcilers fed by informers through a rate
 * limited work queue, with leader election and health checks.
 */
module dev.informer.controller {
    requires static dev.informer.codegen; // @GenerateBuilder, source retention
    requires transitive dev.informer.core;
    requires transitive org.jspecify;
    requires org.slf4j;
    requires tools.jackson.databind;

    exports dev.informer.controller;
}
