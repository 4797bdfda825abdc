package dev.informer.examples.demo;

import dev.informer.api.ConfigMap;
import dev.informer.api.Pod;
import dev.informer.examples.controller.AppKey;
import dev.informer.examples.controller.AppPodsReconciler;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Checks the example controller's end state against the pods, independently of its caches: given
 * the pods and ConfigMaps as the server has them, which managed ConfigMaps are missing, stale or
 * left over. Stateless.
 */
final class Convergence {

    private Convergence() {}

    /** The differences between what {@code pods} call for and {@code configMaps}; empty when converged. */
    static List<String> mismatches(List<Pod> pods, List<ConfigMap> configMaps) {
        Map<AppKey, List<Pod>> apps = new TreeMap<>(Comparator.comparing(AppKey::toString));
        for (Pod pod : pods) {
            String app = pod.labels().get(AppPodsReconciler.APP_LABEL);
            if (app != null && !app.isEmpty()) {
                apps.computeIfAbsent(new AppKey(pod.namespace(), app), k -> new ArrayList<>())
                        .add(pod);
            }
        }
        Map<String, ConfigMap> byKey = new HashMap<>();
        for (ConfigMap configMap : configMaps) {
            byKey.put(configMap.namespace() + "/" + configMap.name(), configMap);
        }
        List<String> problems = new ArrayList<>();
        for (Map.Entry<AppKey, List<Pod>> entry : apps.entrySet()) {
            AppKey key = entry.getKey();
            List<Pod> appPods = new ArrayList<>(entry.getValue());
            appPods.sort(Comparator.comparing(Pod::name));
            ConfigMap want = AppPodsReconciler.desiredConfigMap(key, appPods);
            ConfigMap have = byKey.remove(key.namespace() + "/" + key.configMapName());
            if (have == null) {
                problems.add("missing ConfigMap " + key.namespace() + "/" + key.configMapName());
            } else if (!want.data().equals(have.data())) {
                problems.add("ConfigMap " + key.namespace() + "/" + key.configMapName() + " lists "
                        + have.data().get(AppPodsReconciler.READY_COUNT_KEY) + " ready pods, expected "
                        + want.data().get(AppPodsReconciler.READY_COUNT_KEY));
            }
        }
        for (ConfigMap left : byKey.values()) {
            if (AppPodsReconciler.isManaged(left)) {
                problems.add("ConfigMap " + left.namespace() + "/" + left.name() + " should have been deleted");
            }
        }
        return problems;
    }
}
