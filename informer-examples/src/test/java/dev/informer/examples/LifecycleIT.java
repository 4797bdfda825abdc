package dev.informer.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.testing.Kubectl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finalizers, cascading deletion and namespace termination on {@code serve}, driven by the real
 * kubectl: {@code delete --cascade=background|foreground|orphan}, {@code wait --for=delete} and
 * finalizer patches. Owners are ConfigMaps, dependents ConfigMaps and Pods: the server's garbage
 * collector is kind-agnostic.
 */
class LifecycleIT {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private Kubectl kubectl;
    private Path kubeconfig;
    private JarProcess serve;

    @BeforeEach
    void startServe() throws Exception {
        kubeconfig = dir.resolve("kubeconfig");
        kubectl = KubectlOnPath.require(kubeconfig, dir, "lifecycle semantics");
        serve = JarProcess.start("serve", "--port", "0", "--kubeconfig", kubeconfig.toString());
        serve.awaitLine(l -> l.startsWith("kubeconfig: "), WAIT, "the kubeconfig line");
    }

    @AfterEach
    void stopServe() throws Exception {
        serve.sigterm();
        serve.awaitExit(WAIT);
        serve.close();
    }

    @Test
    void aFinalizerKeepsADeletedObjectUntilItIsRemoved() throws Exception {
        apply(
                "held",
                "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"held\","
                        + "\"finalizers\":[\"example.com/hold\"]},\"data\":{\"k\":\"v\"}}");
        ok("delete", "configmap", "held", "--wait=false");
        assertNotEquals(
                "", ok("get", "configmap", "held", "-o", "jsonpath={.metadata.deletionTimestamp}"), "terminating");
        ok("patch", "configmap", "held", "--type=merge", "-p", "{\"metadata\":{\"finalizers\":null}}");
        assertEquals("", ok("get", "configmap", "held", "--ignore-not-found").strip());
    }

    @Test
    void backgroundCascadeCollectsTheDependents() throws Exception {
        String uid = createOwner("owner");
        createDependents(uid, "owner", false);
        ok("delete", "configmap", "owner"); // kubectl's default: --cascade=background
        ok("wait", "--for=delete", "configmap/dep", "pod/dep-pod", "--timeout=20s");
    }

    @Test
    void foregroundCascadeDeletesTheDependentsBeforeTheOwner() throws Exception {
        String uid = createOwner("owner");
        createDependents(uid, "owner", true);
        // kubectl waits until the owner is gone, which needs its blocking dependents gone first.
        ok("delete", "configmap", "owner", "--cascade=foreground", "--timeout=20s");
        assertEquals("", ok("get", "configmap", "dep", "--ignore-not-found").strip());
        assertEquals("", ok("get", "pod", "dep-pod", "--ignore-not-found").strip());
    }

    @Test
    void orphanCascadeKeepsTheDependentsWithoutTheOwnerReference() throws Exception {
        String uid = createOwner("owner");
        createDependents(uid, "owner", true);
        ok("delete", "configmap", "owner", "--cascade=orphan", "--timeout=20s");
        assertEquals("", ok("get", "configmap", "dep", "-o", "jsonpath={.metadata.ownerReferences}"));
        assertEquals("", ok("get", "pod", "dep-pod", "-o", "jsonpath={.metadata.ownerReferences}"));
    }

    @Test
    void aTerminatingNamespaceRefusesNewContentAndGoesOnceEmpty() throws Exception {
        apply("ns", "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"team\"}}");
        apply(
                "plain",
                "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"plain\","
                        + "\"namespace\":\"team\"}}");
        apply(
                "held",
                "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"held\","
                        + "\"namespace\":\"team\",\"finalizers\":[\"example.com/hold\"]}}");
        ok("delete", "namespace", "team", "--wait=false");
        assertEquals("Terminating", ok("get", "namespace", "team", "-o", "jsonpath={.status.phase}"));
        ok("wait", "--for=delete", "configmap/plain", "-n", "team", "--timeout=20s");

        Path late = write(
                "late",
                "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"late\","
                        + "\"namespace\":\"team\"}}");
        String refused = failing("apply", "-f", late.toString());
        assertTrue(
                refused.contains("unable to create new content in namespace team because it is being terminated"),
                refused);

        ok("patch", "configmap", "held", "-n", "team", "--type=merge", "-p", "{\"metadata\":{\"finalizers\":null}}");
        ok("wait", "--for=delete", "namespace/team", "--timeout=20s");
        assertFalse(ok("get", "namespaces", "-o", "name").contains("namespace/team"));
    }

    @Test
    void serverSideApplyReportsConflictsBetweenFieldManagers() throws Exception {
        Path alice = write(
                "alice",
                "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"shared\"},"
                        + "\"data\":{\"x\":\"1\"}}");
        Path bob = write(
                "bob",
                "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"shared\"},"
                        + "\"data\":{\"x\":\"2\"}}");
        ok("apply", "--server-side", "--field-manager=alice", "-f", alice.toString());
        String refused = failing("apply", "--server-side", "--field-manager=bob", "-f", bob.toString());
        assertTrue(refused.contains("conflict with \"alice\": .data.x"), refused);
        ok("apply", "--server-side", "--field-manager=bob", "--force-conflicts", "-f", bob.toString());
        assertEquals("2", ok("get", "configmap", "shared", "-o", "jsonpath={.data.x}"));
    }

    // ---------------------------------------------------------------- helpers

    private String createOwner(String name) throws Exception {
        apply(name, "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"" + name + "\"}}");
        String uid = ok("get", "configmap", name, "-o", "jsonpath={.metadata.uid}");
        assertFalse(uid.isBlank());
        return uid;
    }

    private void createDependents(String ownerUid, String ownerName, boolean block) throws Exception {
        String ref = "\"ownerReferences\":[{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"name\":\"" + ownerName
                + "\",\"uid\":\"" + ownerUid + "\",\"blockOwnerDeletion\":" + block + "}]";
        apply("dep", "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"dep\"," + ref + "}}");
        apply(
                "dep-pod",
                "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"dep-pod\"," + ref
                        + "},\"spec\":{\"containers\":[{\"name\":\"c\",\"image\":\"busybox\"}]}}");
    }

    private void apply(String file, String json) throws Exception {
        ok("apply", "-f", write(file, json).toString());
    }

    private Path write(String file, String json) throws IOException {
        Path p = dir.resolve(file + ".json");
        Files.writeString(p, json);
        return p;
    }

    private String ok(String... args) throws Exception {
        Kubectl.Result r = kubectl.run(WAIT, args);
        assertEquals(0, r.exit(), "kubectl " + String.join(" ", args) + ":\n" + r.output());
        return r.output();
    }

    private String failing(String... args) throws Exception {
        Kubectl.Result r = kubectl.run(WAIT, args);
        assertNotEquals(0, r.exit(), "kubectl " + String.join(" ", args) + " should fail:\n" + r.output());
        return r.output();
    }
}
