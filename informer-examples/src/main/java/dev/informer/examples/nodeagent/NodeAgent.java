package dev.informer.examples.nodeagent;

import dev.informer.api.ObjectMeta;
import dev.informer.api.Pod;
import dev.informer.client.ResourceClient;
import dev.informer.client.StatusException;
import dev.informer.examples.demo.SamplePods;
import dev.informer.podconfig.ChannelClosedException;
import dev.informer.podconfig.ConfigAnnotations;
import dev.informer.podconfig.PodConfig;
import dev.informer.podconfig.PodUpdate;
import dev.informer.podstatus.StatusManager;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A toy kubelet for one node, on the library's pod config and status manager: it takes every
 * merged {@link PodUpdate}, prints it as one line, and acts on it as a kubelet would (without
 * running containers):
 * <ul>
 *   <li>a pod that is added or updated "runs": its status becomes Running and Ready through the
 *       {@link StatusManager};</li>
 *   <li>a static pod (from a manifest file or URL) gets a mirror pod on the API server, which is
 *       deleted again when the static pod goes away;</li>
 *   <li>mirror pods coming back through the API source are only printed.</li>
 * </ul>
 *
 * <p>The printed line is {@code pod update: OPERATION source=SOURCE pods=[ns/name, ...]}. Not
 * thread-safe: {@link #run()} consumes on the calling thread until the pod config is closed.
 */
final class NodeAgent {

    private static final Logger LOG = LoggerFactory.getLogger(NodeAgent.class);

    private final PodConfig config;
    private final StatusManager statuses;
    private final ResourceClient<Pod> pods;
    private final PrintWriter out;

    NodeAgent(PodConfig config, StatusManager statuses, ResourceClient<Pod> pods, PrintWriter out) {
        this.config = Objects.requireNonNull(config, "config");
        this.statuses = Objects.requireNonNull(statuses, "statuses");
        this.pods = Objects.requireNonNull(pods, "pods");
        this.out = Objects.requireNonNull(out, "out");
    }

    /**
     * Handles merged updates until the pod config is closed and drained.
     *
     * @throws InterruptedException if interrupted while waiting for an update
     */
    void run() throws InterruptedException {
        try {
            while (true) {
                handle(config.take());
            }
        } catch (ChannelClosedException closed) {
            LOG.debug("pod config closed: node agent stops");
        }
    }

    /** Prints {@code update} and acts on it. */
    void handle(PodUpdate update) {
        synchronized (out) {
            out.println(describe(update));
            out.flush();
        }
        for (Pod pod : update.pods()) {
            try {
                switch (update.operation()) {
                    case ADD, UPDATE, RECONCILE, SET -> run(pod);
                    case REMOVE, DELETE -> stop(pod);
                }
            } catch (RuntimeException e) {
                // One line per failure; the stack trace only at debug level. The other pods go on.
                LOG.warn("node agent could not act on {} of pod {}: {}", update.operation(), key(pod), e.toString());
                LOG.debug("node agent could not act on {} of pod {}", update.operation(), key(pod), e);
            }
        }
    }

    /** The printed form of an update. */
    static String describe(PodUpdate update) {
        List<String> keys = new ArrayList<>();
        for (Pod pod : update.pods()) {
            keys.add(key(pod));
        }
        return "pod update: " + update.operation() + " source=" + update.source() + " pods=" + keys;
    }

    private void run(Pod pod) {
        if (ConfigAnnotations.isMirrorPod(pod)) {
            return; // the mirror of a static pod we run: its status is written through the static pod
        }
        if (pod.metadata() != null && pod.metadata().deletionTimestamp() != null) {
            stop(pod);
            return;
        }
        if (ConfigAnnotations.isStaticPod(pod)) {
            ensureMirrorPod(pod);
        }
        statuses.setPodStatus(pod, SamplePods.runningStatus(true));
    }

    private void stop(Pod pod) {
        if (ConfigAnnotations.isMirrorPod(pod)) {
            return;
        }
        statuses.terminatePod(pod);
        if (ConfigAnnotations.isStaticPod(pod)) {
            try {
                pods.inNamespace(pod.namespace()).delete(pod.name());
                LOG.info("deleted mirror pod {}", key(pod));
            } catch (StatusException e) {
                if (!e.isNotFound()) {
                    throw e;
                }
            }
        }
    }

    // As the kubelet: a static pod is made visible on the API server as a mirror pod naming its UID.
    private void ensureMirrorPod(Pod pod) {
        Map<String, String> annotations = new LinkedHashMap<>(pod.metadata().annotations());
        annotations.put(ConfigAnnotations.MIRROR, pod.uid());
        Pod mirror = Pod.builder()
                .metadata(ObjectMeta.builder()
                        .name(pod.name())
                        .namespace(pod.namespace())
                        .labels(pod.metadata().labels())
                        .annotations(annotations)
                        .build())
                .spec(pod.spec())
                .build();
        try {
            pods.inNamespace(pod.namespace()).create(mirror);
            LOG.info("created mirror pod {}", key(pod));
        } catch (StatusException e) {
            if (!e.isAlreadyExists()) {
                throw e;
            }
        }
    }

    private static String key(Pod pod) {
        String namespace = pod.namespace();
        return (namespace == null || namespace.isEmpty() ? "default" : namespace) + "/" + pod.name();
    }
}
