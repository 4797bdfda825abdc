package dev.informer.examples.demo;

import dev.informer.testing.EmbeddedApiServer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;

/**
 * The demo's pods: seeds the embedded server with sample pods in several namespaces and then changes
 * them the way a busy cluster does (new pods, pods becoming ready or not, relabelled pods, deleted
 * pods, a burst of pods that come and go together). Reproducible for a given seed.
 *
 * <p>Not thread-safe: one thread drives it. It remembers the pods it made, so nothing else should
 * create or delete pods in the demo's namespaces.
 *
 * <p>Example code shared across the examples' packages, not a library API.
 */
public final class DemoWorkload {

    public static final List<String> NAMESPACES = List.of("shop", "payments", "search", "blog");
    static final List<String> APPS = List.of("web", "api", "worker", "cache");
    static final String BURST_APP = "batch";

    private final EmbeddedApiServer server;
    private final Random random;
    private final List<String> namespaces;
    // Pods made by this workload and not deleted, by namespace/name.
    private final Map<String, SamplePod> pods = new LinkedHashMap<>();
    private final List<SamplePod> burst = new ArrayList<>();

    private record SamplePod(String namespace, String name, String app, boolean ready) {
        String key() {
            return namespace + "/" + name;
        }
    }

    public DemoWorkload(EmbeddedApiServer server, long seed, int namespaceCount) {
        this.server = Objects.requireNonNull(server, "server");
        this.random = new Random(seed);
        if (namespaceCount < 1 || namespaceCount > NAMESPACES.size()) {
            throw new IllegalArgumentException("namespaces must be 1.." + NAMESPACES.size() + ": " + namespaceCount);
        }
        this.namespaces = NAMESPACES.subList(0, namespaceCount);
    }

    List<String> namespaces() {
        return namespaces;
    }

    /** Creates the namespaces and {@code count} pods: most with an app label, about 70% ready. */
    public void seed(int count) {
        for (String namespace : namespaces) {
            if (server.get("namespaces", null, namespace).isEmpty()) {
                server.create(
                        "namespaces",
                        null,
                        "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"" + namespace + "\"}}");
            }
        }
        for (int i = 0; i < count; i++) {
            String namespace = namespaces.get(i % namespaces.size());
            String app = random.nextInt(10) == 0 ? null : APPS.get(random.nextInt(APPS.size()));
            create(namespace, app, random.nextInt(10) < 7);
        }
    }

    /** How many pods exist now. */
    int podCount() {
        return pods.size();
    }

    /** Makes one random change and describes it. */
    String step() {
        int dice = random.nextInt(100);
        if (pods.isEmpty() || dice < 22) {
            SamplePod pod = create(pick(namespaces), pick(APPS), false);
            return "created pod " + pod.key() + " (app=" + pod.app() + ", not ready yet)";
        }
        SamplePod pod = pick(new ArrayList<>(pods.values()));
        if (dice < 55) {
            boolean ready = !pod.ready();
            SamplePods.setReady(server, pod.namespace(), pod.name(), ready);
            pods.put(pod.key(), new SamplePod(pod.namespace(), pod.name(), pod.app(), ready));
            return "pod " + pod.key() + (ready ? " became ready" : " is no longer ready");
        }
        if (dice < 75) {
            String app = random.nextInt(5) == 0 ? null : pick(APPS);
            SamplePods.setApp(server, pod.namespace(), pod.name(), app);
            pods.put(pod.key(), new SamplePod(pod.namespace(), pod.name(), app, pod.ready()));
            return "pod " + pod.key() + " relabelled app=" + pod.app() + " -> " + (app == null ? "(none)" : app);
        }
        server.delete("pods", pod.namespace(), pod.name());
        pods.remove(pod.key());
        return "deleted pod " + pod.key();
    }

    /** The namespace of the burst. */
    String burstNamespace() {
        return namespaces.get(0);
    }

    /** Creates {@code count} ready pods of app {@value #BURST_APP} in {@link #burstNamespace()} at once. */
    void burstCreate(int count) {
        for (int i = 0; i < count; i++) {
            burst.add(create(burstNamespace(), BURST_APP, true));
        }
    }

    /** Deletes every pod of the burst at once; returns how many. */
    int burstDelete() {
        int count = 0;
        for (SamplePod pod : burst) {
            if (pods.remove(pod.key()) != null) {
                server.delete("pods", pod.namespace(), pod.name());
                count++;
            }
        }
        burst.clear();
        return count;
    }

    private SamplePod create(String namespace, String app, boolean ready) {
        String name;
        do {
            name = (app == null ? "sidecar" : app) + "-" + suffix();
        } while (pods.containsKey(namespace + "/" + name));
        // Not bound to a node: with no kubelet to confirm, a bound pod would stay "terminating" when deleted.
        SamplePods.create(server, SamplePods.pod(namespace, name, app, null), ready);
        SamplePod pod = new SamplePod(namespace, name, app, ready);
        pods.put(pod.key(), pod);
        return pod;
    }

    private String suffix() {
        String alphabet = "bcdfghjklmnpqrstvwxz2456789";
        StringBuilder s = new StringBuilder(5);
        for (int i = 0; i < 5; i++) {
            s.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return s.toString();
    }

    private <T> T pick(List<T> list) {
        return list.get(random.nextInt(list.size()));
    }
}
