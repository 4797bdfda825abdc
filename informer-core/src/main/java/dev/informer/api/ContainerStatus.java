package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.informer.api.internal.Immutables;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The observed state of one container of a {@link Pod}.
 *
 * <p>Immutable value, safe to share between threads. Collection fields are never {@code null}
 * (absent and empty are the same on the wire, as with Go's {@code omitempty}) and are written
 * only when not empty; scalar fields are boxed and {@code null} when absent, so a read-then-write
 * round trip reproduces the input. Fields this model does not know are kept in {@link
 * #unknownFields()} and written back unchanged. The {@link JsonNode} values it holds are owned by
 * this object: do not mutate them (the builder copies what it is given).
 *
 * @param name the container's name
 * @param state the current state
 * @param lastState the last termination state
 * @param ready whether the container passes its readiness probe
 * @param restartCount how many times the container has restarted
 * @param image the image the container runs
 * @param imageID the image's ID
 * @param containerID the runtime's container ID, e.g. containerd://...
 * @param started whether the container has passed its startup probe
 * @param unknownFields the fields this model does not know, in wire order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ContainerStatus(
        String name,
        ContainerState state,
        ContainerState lastState,
        Boolean ready,
        Integer restartCount,
        String image,
        String imageID,
        String containerID,
        Boolean started,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields) {

    /** Copies collections into unmodifiable ones ({@code null} becomes empty). */
    public ContainerStatus {
        unknownFields = Immutables.unknownFields(unknownFields);
    }

    /** An empty builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding a copy of this object's fields. */
    public Builder toBuilder() {
        Builder builder = new Builder();
        builder.name = name;
        builder.state = state;
        builder.lastState = lastState;
        builder.ready = ready;
        builder.restartCount = restartCount;
        builder.image = image;
        builder.imageID = imageID;
        builder.containerID = containerID;
        builder.started = started;
        builder.unknownFields.putAll(unknownFields);
        return builder;
    }

    /**
     * Builds a {@link ContainerStatus}. Not thread-safe; {@link #build()} may be called more than
     * once and each object it returns is independent of the builder.
     */
    public static final class Builder {
        private String name;
        private ContainerState state;
        private ContainerState lastState;
        private Boolean ready;
        private Integer restartCount;
        private String image;
        private String imageID;
        private String containerID;
        private Boolean started;
        private final Map<String, JsonNode> unknownFields = new LinkedHashMap<>();

        private Builder() {}

        /** Sets {@code name}: the container's name. */
        public Builder name(String name) {
            this.name = name;
            return this;
        }

        /** Sets {@code state}: the current state. */
        public Builder state(ContainerState state) {
            this.state = state;
            return this;
        }

        /** Sets {@code lastState}: the last termination state. */
        public Builder lastState(ContainerState lastState) {
            this.lastState = lastState;
            return this;
        }

        /** Sets {@code ready}: whether the container passes its readiness probe. */
        public Builder ready(Boolean ready) {
            this.ready = ready;
            return this;
        }

        /** Sets {@code restartCount}: how many times the container has restarted. */
        public Builder restartCount(Integer restartCount) {
            this.restartCount = restartCount;
            return this;
        }

        /** Sets {@code image}: the image the container runs. */
        public Builder image(String image) {
            this.image = image;
            return this;
        }

        /** Sets {@code imageID}: the image's ID. */
        public Builder imageID(String imageID) {
            this.imageID = imageID;
            return this;
        }

        /** Sets {@code containerID}: the runtime's container ID, e.g. containerd://.... */
        public Builder containerID(String containerID) {
            this.containerID = containerID;
            return this;
        }

        /** Sets {@code started}: whether the container has passed its startup probe. */
        public Builder started(Boolean started) {
            this.started = started;
            return this;
        }

        /**
         * Sets (or with {@code null} removes) one unknown field; a deep copy of {@code value} is
         * kept.
         */
        public Builder unknownField(String name, JsonNode value) {
            if (value == null) {
                unknownFields.remove(name);
            } else {
                unknownFields.put(name, value.deepCopy());
            }
            return this;
        }

        /**
         * Replaces all unknown fields with deep copies of {@code fields} ({@code null} clears
         * them).
         */
        public Builder unknownFields(Map<String, JsonNode> fields) {
            unknownFields.clear();
            unknownFields.putAll(Immutables.deepCopy(fields));
            return this;
        }

        /** The object. */
        public ContainerStatus build() {
            return new ContainerStatus(
                    name, state, lastState, ready, restartCount, image, imageID, containerID, started, unknownFields);
        }
    }
}
