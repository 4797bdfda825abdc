package dev.informer.podconfig;

import dev.informer.api.ObjectMeta;
import dev.informer.api.Pod;
import java.util.Map;
import java.util.Objects;

/** The kubelet's notion of a meaningful pod change (podsDifferSemantically). Stateless. */
final class PodDiff {

    private PodDiff() {}

    /**
     * Whether {@code ref} changes {@code existing} in spec, labels, deletion timestamp, deletion
     * grace period or a non-local annotation.
     */
    static boolean differSemantically(Pod existing, Pod ref) {
        ObjectMeta em = existing.metadata();
        ObjectMeta rm = ref.metadata();
        if (em == null || rm == null) {
            return (em == null) != (rm == null) || !Objects.equals(existing.spec(), ref.spec());
        }
        return !(Objects.equals(existing.spec(), ref.spec())
                && Objects.equals(em.labels(), rm.labels())
                && Objects.equals(em.deletionTimestamp(), rm.deletionTimestamp())
                && Objects.equals(em.deletionGracePeriodSeconds(), rm.deletionGracePeriodSeconds())
                && annotationsEqualIgnoringLocal(em.annotations(), rm.annotations()));
    }

    /** Whether the two annotation maps are equal once the kubelet's own keys are left out. */
    static boolean annotationsEqualIgnoringLocal(Map<String, String> existing, Map<String, String> candidate) {
        for (Map.Entry<String, String> e : candidate.entrySet()) {
            if (ConfigAnnotations.isLocal(e.getKey())) {
                continue;
            }
            if (!Objects.equals(e.getValue(), existing.get(e.getKey()))) {
                return false;
            }
        }
        for (String key : existing.keySet()) {
            if (!ConfigAnnotations.isLocal(key) && !candidate.containsKey(key)) {
                return false;
            }
        }
        return true;
    }
}
