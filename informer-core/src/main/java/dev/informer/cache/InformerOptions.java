package dev.informer.cache;

import org.jspecify.annotations.Nullable;

/**
 * What one informer over a resource client lists and watches besides its resource type (the client's
 * {@code Informers.builder} and {@code SharedInformerFactory} take it):
 * a namespace ({@code null}: all) and label and field selectors ({@code null}: none). Two requests
 * with equal options share one informer. Immutable value; blank strings are normalized to {@code null}.
 *
 * @param namespace     the namespace, or {@code null} for all namespaces / cluster-scoped resources
 * @param labelSelector a label selector, or {@code null}
 * @param fieldSelector a field selector, or {@code null}
 */
public record InformerOptions(
        @Nullable String namespace, @Nullable String labelSelector, @Nullable String fieldSelector) {

    /** Every object of the resource: no namespace, no selectors. */
    public static final InformerOptions ALL = new InformerOptions(null, null, null);

    public InformerOptions {
        namespace = blankToNull(namespace);
        labelSelector = blankToNull(labelSelector);
        fieldSelector = blankToNull(fieldSelector);
    }

    /** The objects of one namespace. */
    public static InformerOptions inNamespace(String namespace) {
        return new InformerOptions(namespace, null, null);
    }

    /** A copy with {@code labelSelector}. */
    public InformerOptions withLabelSelector(@Nullable String labelSelector) {
        return new InformerOptions(namespace, labelSelector, fieldSelector);
    }

    /** A copy with {@code fieldSelector}. */
    public InformerOptions withFieldSelector(@Nullable String fieldSelector) {
        return new InformerOptions(namespace, labelSelector, fieldSelector);
    }

    private static @Nullable String blankToNull(@Nullable String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
