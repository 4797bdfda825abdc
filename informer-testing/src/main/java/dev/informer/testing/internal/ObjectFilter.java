package dev.informer.testing.internal;

import dev.informer.labels.LabelSelector;
import dev.informer.labels.SelectorException;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The label and field selectors of one list or watch request. Immutable and thread-safe.
 */
final class ObjectFilter {
    static final ObjectFilter EVERYTHING = new ObjectFilter(null, null);

    private final @Nullable LabelSelector labels;
    private final @Nullable FieldSelector fields;

    private ObjectFilter(@Nullable LabelSelector labels, @Nullable FieldSelector fields) {
        this.labels = labels;
        this.fields = fields;
    }

    /**
     * Parses the request's selectors.
     *
     * @throws Refusal 400 BadRequest with the parser's message on bad syntax or an unsupported
     *                     field
     */
    static ObjectFilter of(@Nullable String labelSelector, @Nullable String fieldSelector, String plural) {
        if (labelSelector == null && fieldSelector == null) {
            return EVERYTHING;
        }
        try {
            LabelSelector l = labelSelector == null ? null : LabelSelector.parse(labelSelector);
            FieldSelector f = fieldSelector == null ? null : FieldSelector.parse(fieldSelector, plural);
            return new ObjectFilter(l, f);
        } catch (SelectorException e) {
            throw Refusal.badRequest(Objects.requireNonNullElse(e.getMessage(), "invalid selector"));
        }
    }

    boolean isEverything() {
        return labels == null && fields == null;
    }

    boolean matches(JsonNode object) {
        if (labels != null && !labels.isEmpty()) {
            JsonNode labelsNode = object.path("metadata").path("labels");
            boolean matched = labels.matchesLookup(key -> {
                JsonNode value = labelsNode.get(key);
                return value == null || value.isNull() ? null : value.asString();
            });
            if (!matched) {
                return false;
            }
        }
        return fields == null || fields.matches(object);
    }
}
