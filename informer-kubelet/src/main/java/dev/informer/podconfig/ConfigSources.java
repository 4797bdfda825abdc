package dev.informer.podconfig;

/** The kubelet's names of pod config sources (the value of {@link ConfigAnnotations#SOURCE}). */
public final class ConfigSources {

    /** Pods from manifest files. */
    public static final String FILE = "file";
    /** Pods from a manifest URL. */
    public static final String HTTP = "http";
    /** Pods bound to the node on the API server. */
    public static final String API = "api";
    /** Merged updates of all sources ({@link PodConfig#sync()}). */
    public static final String ALL = "*";

    private ConfigSources() {}
}
