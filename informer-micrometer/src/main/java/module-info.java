/**
 * Micrometer meters for the informer stack: work queue, informer, reflector, leader election and
 * controller metrics. Micrometer is an automatic module ({@code micrometer.core}).
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module dev.informer.micrometer {
    requires transitive dev.informer.core;
    requires transitive dev.informer.controller;
    requires transitive micrometer.core;

    exports dev.informer.micrometer;
}
