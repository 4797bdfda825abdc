package dev.informer.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.informer.testing.Kubectl;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Assumptions;

/** The real kubectl for the ITs: skips the test without it, except on CI (env CI set), where it fails. */
final class KubectlOnPath {
    private KubectlOnPath() {}

    /** A {@link Kubectl} on {@code kubeconfig}, its cache and home in {@code dir}; {@code why} names the tested part. */
    static Kubectl require(Path kubeconfig, Path dir, String why) {
        Path binary = Kubectl.findOnPath().orElse(null);
        if (binary == null && System.getenv("CI") != null) {
            fail("kubectl must be on PATH on CI (" + why + " is tested with the real kubectl)");
        }
        Assumptions.assumeTrue(binary != null, "kubectl is not on PATH");
        return Kubectl.of(binary, kubeconfig, dir);
    }

    /**
     * Runs {@code kubectl args} and returns its output, standard error after standard output; fails the test if it
     * exits non-zero.
     */
    static String ok(Kubectl kubectl, Duration timeout, String... args) throws IOException, InterruptedException {
        Kubectl.Result result = kubectl.run(timeout, args);
        assertEquals(0, result.exit(), "kubectl " + String.join(" ", args) + ":\n" + result.output());
        return result.output();
    }
}
