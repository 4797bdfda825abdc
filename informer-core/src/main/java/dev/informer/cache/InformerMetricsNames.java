package dev.informer.cache;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * Which informer names and resources hold metrics of which {@link InformerMetricsProvider} (client-go's
 * {@code InformerName} registry): a name and resource pair is claimed at start and released at stop. Thread-safe; providers are
 * held weakly, so a dropped provider frees its names.
 */
final class InformerMetricsNames {

    private static final Map<InformerMetricsProvider, Set<String>> CLAIMED = new WeakHashMap<>();

    private InformerMetricsNames() {}

    /** Claims {@code name} and {@code resource} for {@code provider}; false if another running informer holds them. */
    static boolean claim(InformerMetricsProvider provider, String name, String resource) {
        synchronized (CLAIMED) {
            return CLAIMED.computeIfAbsent(provider, p -> new HashSet<>()).add(name + "\n" + resource);
        }
    }

    /** Releases a name claimed with {@link #claim}. */
    static void release(InformerMetricsProvider provider, String name, String resource) {
        synchronized (CLAIMED) {
            Set<String> names = CLAIMED.get(provider);
            if (names != null) {
                names.remove(name + "\n" + resource);
            }
        }
    }
}
