/**
 * The build-time annotation processor that writes the model's builders ({@code @GenerateBuilder}).
 * Used only while compiling informer-core ({@code requires static}); never at run time.
 */
module dev.informer.codegen {
    requires transitive java.compiler;
    requires static org.jspecify;

    exports dev.informer.codegen;

    provides javax.annotation.processing.Processor with
            dev.informer.codegen.BuilderProcessor;
}
