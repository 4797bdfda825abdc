package dev.informer.podstatus;

import dev.informer.api.ContainerState;
import dev.informer.api.ContainerStateRunning;
import dev.informer.api.ContainerStateTerminated;
import dev.informer.api.ContainerStatus;
import dev.informer.api.PodCondition;
import dev.informer.api.PodStatus;
import dev.informer.api.Timestamps;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** The kubelet's pod status rules (status_manager.go helpers). Stateless. */
final class PodStatuses {

    static final String SUCCEEDED = "Succeeded";
    static final String FAILED = "Failed";
    static final String READY = "Ready";
    static final String CONTAINERS_READY = "ContainersReady";
    static final String DISRUPTION_TARGET = "DisruptionTarget";

    /** Conditions the kubelet owns: it replaces them on the server. */
    static final Set<String> OWNED_BY_KUBELET =
            Set.of("PodScheduled", READY, "Initialized", CONTAINERS_READY, "PodReadyToStartContainers");

    /** The kubelet's MaxPodTerminationMessageLogLength: shared by all containers of a pod. */
    private static final int MAX_TERMINATION_MESSAGE_BYTES = 1024 * 12;

    private PodStatuses() {}

    static boolean isTerminal(@Nullable String phase) {
        return SUCCEEDED.equals(phase) || FAILED.equals(phase);
    }

    static @Nullable PodCondition condition(@Nullable PodStatus status, @Nullable String type) {
        if (status == null) {
            return null;
        }
        for (PodCondition c : status.conditions()) {
            if (Objects.equals(type, c.type())) {
                return c;
            }
        }
        return null;
    }

    /**
     * Whether the two statuses are equal once conditions the kubelet does not own are left out:
     * every owned (or shared) condition of {@code status} must be in {@code old} with the same
     * status, reason and message, and everything but the conditions must be equal.
     */
    static boolean equalByKubelet(PodStatus old, PodStatus status) {
        for (PodCondition c : status.conditions()) {
            if (OWNED_BY_KUBELET.contains(c.type()) || DISRUPTION_TARGET.equals(c.type())) {
                PodCondition oc = condition(old, c.type());
                if (oc == null
                        || !Objects.equals(oc.status(), c.status())
                        || !Objects.equals(oc.message(), c.message())
                        || !Objects.equals(oc.reason(), c.reason())) {
                    return false;
                }
            }
        }
        return old.toBuilder().conditions(status.conditions()).build().equals(status);
    }

    /** Keeps each condition's transition time unless its status changed (then {@code now}). */
    static PodStatus withTransitionTimes(PodStatus status, PodStatus old, Instant now) {
        if (status.conditions().isEmpty()) {
            return status;
        }
        List<PodCondition> conditions = new ArrayList<>(status.conditions().size());
        for (PodCondition c : status.conditions()) {
            PodCondition oc = condition(old, c.type());
            String time = oc != null && Objects.equals(oc.status(), c.status()) && oc.lastTransitionTime() != null
                    ? oc.lastTransitionTime()
                    : Timestamps.format(now);
            conditions.add(
                    Objects.equals(time, c.lastTransitionTime())
                            ? c
                            : c.toBuilder().lastTransitionTime(time).build());
        }
        return status.toBuilder().conditions(conditions).build();
    }

    /**
     * Rounds timestamps down to whole seconds (the API server's precision), trims termination
     * messages to the pod's share, and sorts container statuses by name.
     */
    static PodStatus normalize(PodStatus status, int containerCount) {
        int bytesPerStatus =
                containerCount > 0 ? MAX_TERMINATION_MESSAGE_BYTES / containerCount : MAX_TERMINATION_MESSAGE_BYTES;
        PodStatus.Builder b = status.toBuilder().startTime(seconds(status.startTime()));
        List<PodCondition> conditions = new ArrayList<>(status.conditions().size());
        for (PodCondition c : status.conditions()) {
            conditions.add(c.toBuilder()
                    .lastProbeTime(seconds(c.lastProbeTime()))
                    .lastTransitionTime(seconds(c.lastTransitionTime()))
                    .build());
        }
        b.conditions(conditions);
        b.containerStatuses(normalizeContainers(status.containerStatuses(), bytesPerStatus, true));
        b.initContainerStatuses(normalizeContainers(status.initContainerStatuses(), bytesPerStatus, false));
        PodStatus normalized = b.build();
        return normalized.equals(status) ? status : normalized;
    }

    private static List<ContainerStatus> normalizeContainers(List<ContainerStatus> statuses, int bytes, boolean sort) {
        List<ContainerStatus> out = new ArrayList<>(statuses.size());
        for (ContainerStatus s : statuses) {
            out.add(s.toBuilder()
                    .state(normalizeState(s.state(), bytes))
                    .lastState(normalizeState(s.lastState(), bytes))
                    .build());
        }
        if (sort) {
            // Init containers keep their spec order, which is their run order.
            out.sort(Comparator.comparing(ContainerStatus::name, Comparator.nullsFirst(Comparator.naturalOrder())));
        }
        return out;
    }

    private static @Nullable ContainerState normalizeState(@Nullable ContainerState state, int bytes) {
        if (state == null) {
            return null;
        }
        ContainerState.Builder b = state.toBuilder();
        if (state.running() != null) {
            ContainerStateRunning r = state.running();
            b.running(r.toBuilder().startedAt(seconds(r.startedAt())).build());
        }
        if (state.terminated() != null) {
            ContainerStateTerminated t = state.terminated();
            String message = t.message();
            if (message != null && message.length() > bytes) {
                message = message.substring(0, bytes);
            }
            b.terminated(t.toBuilder()
                    .startedAt(seconds(t.startedAt()))
                    .finishedAt(seconds(t.finishedAt()))
                    .message(message)
                    .build());
        }
        return b.build();
    }

    private static @Nullable String seconds(@Nullable String timestamp) {
        if (timestamp == null) {
            return null;
        }
        try {
            return Timestamps.format(Timestamps.parse(timestamp));
        } catch (IllegalArgumentException e) {
            return timestamp;
        }
    }

    /**
     * Returns an error message if a container of a pod with {@code restartPolicy} (not Always) goes
     * from terminated to not terminated, or {@code null} if the transition is legal.
     */
    static @Nullable String illegalContainerTransition(
            List<ContainerStatus> old, List<ContainerStatus> next, @Nullable String restartPolicy) {
        if (restartPolicy == null || "Always".equals(restartPolicy)) {
            return null;
        }
        for (ContainerStatus o : old) {
            ContainerStateTerminated terminated =
                    o.state() == null ? null : o.state().terminated();
            if (terminated == null) {
                continue;
            }
            if (terminated.exitCode() != null && terminated.exitCode() != 0 && "OnFailure".equals(restartPolicy)) {
                continue;
            }
            for (ContainerStatus n : next) {
                if (Objects.equals(o.name(), n.name())
                        && (n.state() == null || n.state().terminated() == null)) {
                    return "terminated container " + n.name() + " attempted an illegal transition to a "
                            + "non-terminated state";
                }
            }
        }
        return null;
    }

    /**
     * The status to write over {@code server}: conditions the kubelet does not own are kept from the
     * server, owned ones come from {@code desired}; a terminal phase forces Ready and ContainersReady
     * to False.
     */
    static PodStatus mergeForServer(@Nullable PodStatus server, PodStatus desired, Instant now) {
        PodStatus old = server == null ? PodStatus.builder().build() : server;
        List<PodCondition> conditions = new ArrayList<>();
        for (PodCondition c : old.conditions()) {
            if (!OWNED_BY_KUBELET.contains(c.type())) {
                conditions.add(c);
            }
        }
        boolean toTerminal = !isTerminal(old.phase()) && isTerminal(desired.phase());
        for (PodCondition c : desired.conditions()) {
            if (OWNED_BY_KUBELET.contains(c.type())) {
                conditions.add(c);
            } else if (DISRUPTION_TARGET.equals(c.type()) && toTerminal) {
                conditions.removeIf(existing -> DISRUPTION_TARGET.equals(existing.type()));
                conditions.add(c);
            }
        }
        PodStatus merged = desired.toBuilder().conditions(conditions).build();
        if (isTerminal(merged.phase())) {
            merged = notReady(merged, READY, now);
            merged = notReady(merged, CONTAINERS_READY, now);
        }
        return merged;
    }

    // Replaces the very condition instance that condition() found, not an equal one.
    @SuppressWarnings("ReferenceEquality")
    private static PodStatus notReady(PodStatus status, String type, Instant now) {
        PodCondition c = condition(status, type);
        if (c == null || !"True".equals(c.status())) {
            return status;
        }
        String reason = SUCCEEDED.equals(status.phase()) ? "PodCompleted" : "PodFailed";
        List<PodCondition> conditions = new ArrayList<>(status.conditions());
        conditions.replaceAll(existing -> existing == c
                ? c.toBuilder()
                        .status("False")
                        .reason(reason)
                        .lastTransitionTime(Timestamps.format(now))
                        .build()
                : existing);
        return status.toBuilder().conditions(conditions).build();
    }
}
