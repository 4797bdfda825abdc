package dev.informer.podconfig;

import dev.informer.errors.InformerException;

/**
 * A pod manifest (a file or a URL's body, or one item of a list) that cannot be used: not YAML or
 * JSON, the wrong kind, no name, no containers, a {@code null} list element, above the size cap...
 * The message is one line, {@code ORIGIN: REASON}, where the reason starts with the field path when
 * one field is at fault, as in {@code /etc/kubernetes/manifests/bad.yaml: spec.containers[0]: must
 * not be null}. Sources log it and skip the manifest; the other manifests still apply.
 */
public final class InvalidManifestException extends InformerException {

    private static final long serialVersionUID = 1L;

    private final String origin;
    private final String reason;

    /** A failure of the manifest from {@code origin} (a path or URL) for {@code reason}. */
    public InvalidManifestException(String origin, String reason) {
        super(origin + ": " + reason);
        this.origin = origin;
        this.reason = reason;
    }

    /** As {@link #InvalidManifestException(String, String)}, with the underlying failure. */
    public InvalidManifestException(String origin, String reason, Throwable cause) {
        super(origin + ": " + reason, cause);
        this.origin = origin;
        this.reason = reason;
    }

    /** The file path or URL the manifest came from (with {@code item N} for an item of a list). */
    public String origin() {
        return origin;
    }

    /** Why the manifest cannot be used, without the origin: a field path and a reason, or a reason. */
    public String reason() {
        return reason;
    }
}
