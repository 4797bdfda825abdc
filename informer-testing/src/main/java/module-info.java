/**
 * The embedded in-memory Kubernetes API server ({@code EmbeddedApiServer}) for tests, demos and
 * benchmarks. Only {@code dev.informer.testing} is exported; the server's engine in {@code
 * dev.informer.testing.internal} is not: no sibling module needs it.
 */
module dev.informer.testing {
    requires static dev.informer.codegen; // @GenerateBuilder, source retention
    requires transitive dev.informer.store; // ApiStatusException extends its InformerException
    requires transitive org.jspecify;
    requires org.slf4j;
    requires tools.jackson.databind;
    requires jdk.httpserver;

    exports dev.informer.testing;
}
