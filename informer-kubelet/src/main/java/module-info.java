/**
 * The kubelet's pieces on top of the informer stack: pod config (file, HTTP and API server sources
 * merged into one stream of pod updates) and the pod status manager.
 */
module dev.informer.kubelet {
    requires static dev.informer.codegen; // @GenerateBuilder, source retention
    requires transitive dev.informer.core;
    requires transitive okhttp3;
    requires transitive org.jspecify;
    requires tools.jackson.dataformat.yaml;

    exports dev.informer.podconfig;
    exports dev.informer.podstatus;
}
