package dev.informer.api;

/**
 * A resource's REST identity ({@code schema.GroupVersionResource}): group ({@code ""} for the core
 * group), version and plural resource name, e.g. ({@code "apps"}, {@code "v1"}, {@code
 * "deployments"}). Immutable value.
 *
 * @param group    the API group, {@code ""} for the core group; never {@code null}
 * @param version  the version, e.g. {@code "v1"}; never {@code null} or empty
 * @param resource the plural resource name, e.g. {@code "pods"}; never {@code null} or empty
 */
public record GroupVersionResource(String group, String version, String resource) {

    /**
     * @throws NullPointerException     if a component is {@code null}
     * @throws IllegalArgumentException if {@code version} or {@code resource} is empty
     */
    public GroupVersionResource {
        GroupVersions.check("GroupVersionResource", group, version, "resource", resource);
    }

    /** {@code group/version}, or {@code version} for the core group. */
    public String groupVersion() {
        return GroupVersions.join(group, version);
    }

    /** {@code resource.version.group} like kubectl prints it, e.g. {@code deployments.v1.apps}. */
    @Override
    public String toString() {
        return group.isEmpty() ? resource + "." + version : resource + "." + version + "." + group;
    }
}
