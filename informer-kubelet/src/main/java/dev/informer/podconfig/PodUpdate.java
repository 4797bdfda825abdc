package dev.informer.podconfig;

import dev.informer.api.Pod;
import java.util.List;
import java.util.Objects;

/**
 * One message of the pod config pipeline: {@code pods} with the meaning {@code operation}, from
 * {@code source} (a source name such as {@link ConfigSources#FILE}, or {@link ConfigSources#ALL}
 * for a merged snapshot). The kubelet's {@code PodUpdate}.
 *
 * <p>Immutable and thread-safe: the list is copied (pods are themselves immutable values).
 *
 * @param pods the pods, never {@code null}; may be empty
 * @param operation what the update means
 * @param source the name of the source the update is from
 */
public record PodUpdate(List<Pod> pods, PodOperation operation, String source) {

    /**
     * @throws NullPointerException if an argument or one of the pods is {@code null}
     */
    public PodUpdate {
        pods = List.copyOf(pods);
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(source, "source");
    }

    /** An update of {@code pods} from {@code source}. */
    public static PodUpdate of(PodOperation operation, String source, Pod... pods) {
        return new PodUpdate(List.of(pods), operation, source);
    }

    /** A {@link PodOperation#SET} of {@code pods} from {@code source}. */
    public static PodUpdate set(String source, List<Pod> pods) {
        return new PodUpdate(pods, PodOperation.SET, source);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("PodUpdate[")
                .append(operation)
                .append(" from ")
                .append(source)
                .append(':');
        for (Pod pod : pods) {
            text.append(' ').append(ConfigAnnotations.fullName(pod));
        }
        return text.append(']').toString();
    }
}
