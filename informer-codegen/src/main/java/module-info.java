/**
 * The build-time annotation processor that writes the model's records from its spec ({@code @GenerateModel}) and their
 * builders ({@code @GenerateBuilder}).
 * Used only while compiling informer-core ({@code requires static}); never at run time.
 */
module dev.informer.codegen {
    requires transitive java.compiler;
    requires static org.jspecify;
    requires tools.jackson.databind;
    requires tools.jackson.dataformat.yaml;

    exports dev.informer.codegen;

    provides javax.annotation.processing.Processor with
            dev.informer.codegen.BuilderProcessor,
            dev.informer.codegen.ModelProcessor;
}
