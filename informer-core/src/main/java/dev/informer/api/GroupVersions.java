package dev.informer.api;

import java.util.Objects;

/** What {@link GroupVersionKind}, {@link GroupVersionResource} and {@link ResourceType} share. */
final class GroupVersions {

    private GroupVersions() {}

    /**
     * Checks a group, a version and a third part ({@code kind} or {@code resource}) of {@code type}.
     *
     * @throws NullPointerException if a part is {@code null}
     * @throws IllegalArgumentException if {@code version} or the third part is empty
     */
    static void check(String type, String group, String version, String partName, String part) {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(part, partName);
        if (version.isEmpty() || part.isEmpty()) {
            throw new IllegalArgumentException(type + " needs a version and a " + partName + ", got group=\"" + group
                    + "\" version=\"" + version + "\" " + partName + "=\"" + part + "\"");
        }
    }

    /** {@code group/version}, or {@code version} for the core group ({@code ""}). */
    static String join(String group, String version) {
        return group.isEmpty() ? version : group + "/" + version;
    }
}
