/**
 * The informer stack's data structures: {@code Store}, {@code Indexer}, the thread-safe indexed store,
 * key and index functions, {@code DeltaFifo}, {@code RealFifo}, {@code UndeltaStore} and
 * apimachinery's label selectors. Depends on nothing but the SLF4J API.
 */
module dev.informer.store {
    requires static dev.informer.codegen; // @GenerateBuilder, source retention
    requires transitive org.slf4j;
    requires transitive org.jspecify;

    exports dev.informer.errors;
    exports dev.informer.labels;
    exports dev.informer.store;
}
