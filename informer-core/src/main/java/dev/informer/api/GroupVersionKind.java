package dev.informer.api;

import java.util.Objects;

/**
 * A type's identity ({@code schema.GroupVersionKind}): group ({@code ""} for the core group),
 * version and kind, e.g. ({@code "coordination.k8s.io"}, {@code "v1"}, {@code "Lease"}). Immutable
 * value.
 *
 * @param group   the API group, {@code ""} for the core group; never {@code null}
 * @param version the version; never {@code null} or empty
 * @param kind    the kind; never {@code null} or empty
 */
public record GroupVersionKind(String group, String version, String kind) {

    /**
     * @throws NullPointerException     if a component is {@code null}
     * @throws IllegalArgumentException if {@code version} or {@code kind} is empty
     */
    public GroupVersionKind {
        GroupVersions.check("GroupVersionKind", group, version, "kind", kind);
    }

    /**
     * The group/version/kind of an object's {@code apiVersion} and {@code kind}.
     *
     * @throws IllegalArgumentException if {@code apiVersion} has more than one {@code '/'} or is empty
     */
    public static GroupVersionKind of(String apiVersion, String kind) {
        Objects.requireNonNull(apiVersion, "apiVersion");
        int slash = apiVersion.indexOf('/');
        if (slash < 0) {
            return new GroupVersionKind("", apiVersion, kind);
        }
        if (apiVersion.indexOf('/', slash + 1) >= 0) {
            throw new IllegalArgumentException("malformed apiVersion \"" + apiVersion + "\": more than one '/'");
        }
        return new GroupVersionKind(apiVersion.substring(0, slash), apiVersion.substring(slash + 1), kind);
    }

    /** {@code group/version}, or {@code version} for the core group: the objects' {@code apiVersion}. */
    public String apiVersion() {
        return GroupVersions.join(group, version);
    }
}
