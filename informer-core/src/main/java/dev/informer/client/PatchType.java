package dev.informer.client;

/**
 * The kinds of PATCH the API server accepts, each with its content type.
 */
public enum PatchType {
    /** RFC 7386 JSON merge patch. */
    MERGE("application/merge-patch+json"),
    /** Kubernetes strategic merge patch (lists merged by key; built-in types only). */
    STRATEGIC_MERGE("application/strategic-merge-patch+json"),
    /** RFC 6902 JSON patch (a list of operations). */
    JSON("application/json-patch+json"),
    /** Server-side apply (the body is the intended object; needs a field manager). */
    APPLY("application/apply-patch+yaml");

    private final String contentType;

    PatchType(String contentType) {
        this.contentType = contentType;
    }

    /** The request's {@code Content-Type}. */
    public String contentType() {
        return contentType;
    }
}
