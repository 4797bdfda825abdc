/**
 * The runnable examples ({@code demo}, {@code controller}, {@code watch}, {@code serve}, {@code
 * node-agent}); a program, not a library, so nothing is exported. The command packages are open to
 * picocli, which reads their annotated fields, and to Jackson, which binds the example models.
 */
module dev.informer.examples {
    requires dev.informer.core;
    requires dev.informer.kubelet;
    requires dev.informer.controller;
    requires dev.informer.micrometer;
    requires dev.informer.testing;
    requires micrometer.registry.prometheus;
    requires info.picocli;
    requires org.slf4j;

    opens dev.informer.examples to
            info.picocli;
    opens dev.informer.examples.cli to
            info.picocli;
    opens dev.informer.examples.controller to
            info.picocli,
            tools.jackson.databind;
    opens dev.informer.examples.demo to
            info.picocli,
            tools.jackson.databind;
    opens dev.informer.examples.nodeagent to
            info.picocli;
    opens dev.informer.examples.serve to
            info.picocli;
    opens dev.informer.examples.watch to
            info.picocli,
            tools.jackson.databind;
    opens dev.informer.examples.webapp to
            info.picocli,
            tools.jackson.databind;
}
