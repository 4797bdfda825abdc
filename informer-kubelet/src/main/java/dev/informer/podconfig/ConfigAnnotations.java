package dev.informer.podconfig;

import dev.informer.api.ObjectMeta;
import dev.informer.api.Pod;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The annotations the kubelet puts on pods it learns from its sources, and the predicates built on
 * them. Stateless and thread-safe.
 */
public final class ConfigAnnotations {

    /** The source a pod came from ({@link ConfigSources}). */
    public static final String SOURCE = "kubernetes.io/config.source";
    /** On a static pod: the hash of its manifest (equal to its generated UID). */
    public static final String HASH = "kubernetes.io/config.hash";
    /** On a mirror pod: the config hash (UID) of the static pod it mirrors. */
    public static final String MIRROR = "kubernetes.io/config.mirror";
    /** When the pod config first saw the pod (RFC 3339 with nanoseconds). */
    public static final String SEEN = "kubernetes.io/config.seen";

    /** Annotations the kubelet manages itself: ignored when deciding whether a pod changed. */
    static final Set<String> LOCAL = Set.of(SOURCE, MIRROR, SEEN);

    private ConfigAnnotations() {}

    /** Whether {@code key} is one of the kubelet's own annotations (source, mirror, seen). */
    public static boolean isLocal(String key) {
        return SOURCE.equals(key) || MIRROR.equals(key) || SEEN.equals(key);
    }

    /** The source annotation of {@code pod}, or {@code null}. */
    public static @Nullable String source(Pod pod) {
        return annotations(pod).get(SOURCE);
    }

    /**
     * Whether {@code pod} is a static pod: its source annotation names a source other than the API
     * server (the kubelet's {@code IsStaticPod}).
     */
    public static boolean isStaticPod(Pod pod) {
        String source = source(pod);
        return source != null && !source.equals(ConfigSources.API);
    }

    /** Whether {@code pod} is a mirror pod (it carries the {@link #MIRROR} annotation). */
    public static boolean isMirrorPod(Pod pod) {
        return annotations(pod).containsKey(MIRROR);
    }

    /** The kubelet's full name of a pod: {@code name_namespace}. */
    public static String fullName(Pod pod) {
        ObjectMeta meta = pod.metadata();
        String name = meta == null || meta.name() == null ? "" : meta.name();
        String namespace = meta == null || meta.namespace() == null ? "" : meta.namespace();
        return name + "_" + namespace;
    }

    static Map<String, String> annotations(Pod pod) {
        ObjectMeta meta = pod.metadata();
        return meta == null ? Map.of() : meta.annotations();
    }
}
