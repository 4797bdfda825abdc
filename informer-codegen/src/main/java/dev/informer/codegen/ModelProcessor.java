package dev.informer.codegen;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.annotation.processing.SupportedOptions;
import javax.lang.model.element.Element;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;

/**
 * Writes the records of a model spec (YAML) into the package annotated {@link GenerateModel}. The
 * spec is read from the directory given as {@code -Ainformer.modelDir}; each record is written by
 * {@link RecordSource} and carries {@link GenerateBuilder}, so {@link BuilderProcessor} writes its
 * builder base in the next round. A mistake in the spec is one compile error naming the file, the
 * record and the key (docs/model.md, "The model spec").
 */
@SupportedAnnotationTypes("dev.informer.codegen.GenerateModel")
@SupportedOptions(ModelProcessor.MODEL_DIR)
public final class ModelProcessor extends CodegenProcessor {

    /** The processor option naming the directory of the spec files. */
    static final String MODEL_DIR = "informer.modelDir";

    /** Made by javac through {@code -processor}. */
    public ModelProcessor() {}

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        for (Element element : round.getElementsAnnotatedWith(GenerateModel.class)) {
            if (element instanceof PackageElement pkg) {
                generate(pkg, element.getAnnotation(GenerateModel.class).value());
            } else {
                error("@GenerateModel goes on a package (package-info.java)", element);
            }
        }
        // Claims nothing: another processor may also read @GenerateModel.
        return false;
    }

    private void generate(PackageElement pkg, String specFile) {
        String dir = processingEnv.getOptions().get(MODEL_DIR);
        if (dir == null || dir.isBlank()) {
            error("@GenerateModel(\"" + specFile + "\"): give javac -A" + MODEL_DIR + "=<the spec's directory>", pkg);
            return;
        }
        Path path = Path.of(dir).resolve(specFile);
        String yaml;
        try {
            yaml = Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            error("cannot read the model spec " + path + ": " + e, pkg);
            return;
        }
        List<ModelSpec.Type> types;
        try {
            types = ModelSpec.parse(path.toString(), yaml);
        } catch (ModelSpec.SpecException e) {
            error(String.valueOf(e.getMessage()), pkg);
            return;
        }
        String name = pkg.getQualifiedName().toString();
        for (ModelSpec.Type type : types) {
            try (Writer w = processingEnv
                    .getFiler()
                    .createSourceFile(name + "." + type.name(), pkg)
                    .openWriter()) {
                w.write(RecordSource.of(name, specFile, type));
            } catch (IOException e) {
                error("cannot write " + name + "." + type.name() + " from " + path + ": " + e, pkg);
            }
        }
    }
}
