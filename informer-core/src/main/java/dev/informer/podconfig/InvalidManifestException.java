package dev.informer.podconfig;

/**
 * A pod manifest (a file or a URL's body, or one item of a list) that cannot be used: not YAML or
 * JSON, the wrong kind, no name, no containers... The message names the origin and the reason.
 * Sources log it and skip the manifest.
 */
public final class InvalidManifestException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String origin;

    /** A failure of the manifest from {@code origin} (a path or URL) for {@code reason}. */
    public InvalidManifestException(String origin, String reason) {
        super("invalid pod manifest " + origin + ": " + reason);
        this.origin = origin;
    }

    /** As {@link #InvalidManifestException(String, String)}, with the underlying failure. */
    public InvalidManifestException(String origin, String reason, Throwable cause) {
        super("invalid pod manifest " + origin + ": " + reason, cause);
        this.origin = origin;
    }

    /** The file path or URL the manifest came from. */
    public String origin() {
        return origin;
    }
}
