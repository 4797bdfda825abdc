package dev.informer.codegen;

import javax.annotation.processing.AbstractProcessor;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;

/**
 * What this module's processors share: they accept every source version javac runs (they read only
 * records, packages and javadoc) and report a mistake as one compile error on its element.
 */
abstract class CodegenProcessor extends AbstractProcessor {

    @Override
    public final SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    /** Fails the compile with {@code message} (one line) at {@code element}. */
    final void error(String message, Element element) {
        processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, message, element);
    }
}
