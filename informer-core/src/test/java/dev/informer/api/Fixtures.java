package dev.informer.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Realistic API server JSON, with fields this model does not know at several levels. */
public final class Fixtures {

    private Fixtures() {}

    public static JsonNode tree(String json) {
        return ApiJson.mapper().readTree(json);
    }

    /** Asserts nothing; returns the JSON the model writes for {@code value}, as a tree. */
    static JsonNode written(Object value) {
        return ApiJson.mapper().readTree(ApiJson.writeString(value));
    }

    /**
     * A copy of {@code node} without the properties whose value is JSON null. The API server treats
     * an explicit null like an absent field, and the model writes neither for a known field; compare
     * without them.
     */
    static JsonNode withoutNulls(JsonNode node) {
        JsonNode copy = node.deepCopy();
        strip(copy);
        return copy;
    }

    private static void strip(JsonNode node) {
        if (node instanceof ObjectNode object) {
            List<String> nulls = new ArrayList<>();
            for (Map.Entry<String, JsonNode> property : object.properties()) {
                if (property.getValue().isNull()) {
                    nulls.add(property.getKey());
                } else {
                    strip(property.getValue());
                }
            }
            object.remove(nulls);
        } else if (node instanceof ArrayNode array) {
            array.forEach(Fixtures::strip);
        }
    }

    /** The test resource {@code dev/informer/api/kinds/<file>}: JSON as a real API server writes it. */
    static String kind(String file) {
        try (InputStream in = Fixtures.class.getResourceAsStream("kinds/" + file)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource kinds/" + file);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static final String POD =
            """
            {
              "kind": "Pod",
              "apiVersion": "v1",
              "metadata": {
                "name": "web-7d4b9c-x2x9z",
                "generateName": "web-7d4b9c-",
                "namespace": "shop",
                "uid": "5b1e2c62-3f0a-4a7e-9d6c-2d0b1f3c9a11",
                "resourceVersion": "482913",
                "generation": 1,
                "creationTimestamp": "2024-05-01T10:00:00Z",
                "labels": {"app": "web", "pod-template-hash": "7d4b9c"},
                "annotations": {"kubectl.kubernetes.io/restartedAt": "2024-05-01T09:59:58Z"},
                "ownerReferences": [{
                  "apiVersion": "apps/v1", "kind": "ReplicaSet", "name": "web-7d4b9c",
                  "uid": "0f6a9a3e-1111-4c1e-8d2a-7e3b2c1d0e9f", "controller": true, "blockOwnerDeletion": true,
                  "futureOwnerField": {"x": 1}
                }],
                "finalizers": ["example.com/cleanup"],
                "managedFields": [{
                  "manager": "kube-controller-manager", "operation": "Update", "apiVersion": "v1",
                  "time": "2024-05-01T10:00:00Z", "fieldsType": "FieldsV1",
                  "fieldsV1": {"f:metadata": {"f:labels": {".": {}, "f:app": {}}}}
                }],
                "futureMetaField": "kept"
              },
              "spec": {
                "volumes": [{"name": "kube-api-access", "projected": {"defaultMode": 420, "sources": [
                  {"serviceAccountToken": {"expirationSeconds": 3607, "path": "token"}}]}}],
                "containers": [{
                  "name": "app", "image": "registry.example/web:1.4.2",
                  "args": ["--port=8080"],
                  "ports": [{"name": "http", "containerPort": 8080, "protocol": "TCP", "futurePortField": true}],
                  "env": [{"name": "MODE", "value": "prod"}],
                  "resources": {"limits": {"cpu": "500m", "memory": "256Mi"}, "requests": {"cpu": "100m",
                    "memory": "128Mi"}, "claims": [{"name": "gpu"}]},
                  "volumeMounts": [{"name": "kube-api-access", "readOnly": true,
                    "mountPath": "/var/run/secrets/kubernetes.io/serviceaccount"}],
                  "terminationMessagePath": "/dev/termination-log",
                  "imagePullPolicy": "IfNotPresent"
                }, {
                  "name": "sidecar", "image": "registry.example/proxy:2.0", "command": ["/proxy"],
                  "resources": {}
                }],
                "restartPolicy": "Always",
                "terminationGracePeriodSeconds": 30,
                "dnsPolicy": "ClusterFirst",
                "serviceAccountName": "default",
                "nodeName": "node-a",
                "securityContext": {"runAsNonRoot": true},
                "schedulerName": "default-scheduler",
                "tolerations": [{"key": "node.kubernetes.io/not-ready", "operator": "Exists",
                  "effect": "NoExecute", "tolerationSeconds": 300}],
                "priority": 0,
                "enableServiceLinks": true
              },
              "status": {
                "phase": "Running",
                "conditions": [
                  {"type": "Initialized", "status": "True", "lastProbeTime": null,
                   "lastTransitionTime": "2024-05-01T10:00:00Z"},
                  {"type": "Ready", "status": "True", "lastProbeTime": null,
                   "lastTransitionTime": "2024-05-01T10:00:05Z", "observedGeneration": 1}
                ],
                "hostIP": "10.0.0.4",
                "hostIPs": [{"ip": "10.0.0.4"}],
                "podIP": "10.244.1.17",
                "podIPs": [{"ip": "10.244.1.17"}, {"ip": "fd00::11"}],
                "startTime": "2024-05-01T10:00:00Z",
                "containerStatuses": [{
                  "name": "app",
                  "state": {"running": {"startedAt": "2024-05-01T10:00:03Z"}},
                  "lastState": {"terminated": {"exitCode": 137, "reason": "OOMKilled",
                    "startedAt": "2024-05-01T09:00:00Z", "finishedAt": "2024-05-01T09:59:00Z",
                    "containerID": "containerd://aaa"}},
                  "ready": true, "restartCount": 1,
                  "image": "registry.example/web:1.4.2", "imageID": "registry.example/web@sha256:abc",
                  "containerID": "containerd://bbb", "started": true,
                  "volumeMounts": [{"name": "kube-api-access", "mountPath": "/var/run/secrets"}]
                }, {
                  "name": "sidecar",
                  "state": {"waiting": {"reason": "CrashLoopBackOff", "message": "back-off 10s"}},
                  "lastState": {}, "ready": false, "restartCount": 4,
                  "image": "registry.example/proxy:2.0", "imageID": "", "started": false
                }],
                "qosClass": "Burstable"
              }
            }
            """;

    static final String NODE =
            """
            {
              "kind": "Node", "apiVersion": "v1",
              "metadata": {"name": "node-a", "uid": "n-1", "resourceVersion": "77",
                "labels": {"kubernetes.io/hostname": "node-a", "node-role.kubernetes.io/control-plane": ""}},
              "spec": {"podCIDR": "10.244.1.0/24", "podCIDRs": ["10.244.1.0/24"], "providerID": "kind://node-a",
                "unschedulable": true,
                "taints": [{"key": "node.kubernetes.io/unschedulable", "effect": "NoSchedule",
                  "timeAdded": "2024-05-01T10:00:00Z"}],
                "configSource": {"future": true}},
              "status": {
                "capacity": {"cpu": "4", "memory": "16342908Ki", "pods": "110"},
                "allocatable": {"cpu": "4", "memory": "16240508Ki", "pods": "110"},
                "conditions": [{"type": "Ready", "status": "True", "lastHeartbeatTime": "2024-05-01T10:05:00Z",
                  "lastTransitionTime": "2024-05-01T09:00:00Z", "reason": "KubeletReady",
                  "message": "kubelet is posting ready status"}],
                "addresses": [{"type": "InternalIP", "address": "10.0.0.4"}, {"type": "Hostname", "address": "node-a"}],
                "daemonEndpoints": {"kubeletEndpoint": {"Port": 10250}},
                "nodeInfo": {"machineID": "m", "kubeletVersion": "v1.30.0", "architecture": "amd64"},
                "images": [{"names": ["registry.example/web:1.4.2"], "sizeBytes": 123456789}]
              }
            }
            """;

    static final String NAMESPACE =
            """
            {"kind": "Namespace", "apiVersion": "v1",
             "metadata": {"name": "shop", "uid": "ns-1", "resourceVersion": "12",
               "labels": {"kubernetes.io/metadata.name": "shop"}},
             "spec": {"finalizers": ["kubernetes"]},
             "status": {"phase": "Terminating", "conditions": [{"type": "NamespaceDeletionContentFailure",
               "status": "False"}]}}
            """;

    static final String CONFIG_MAP =
            """
            {"kind": "ConfigMap", "apiVersion": "v1",
             "metadata": {"name": "settings", "namespace": "shop", "resourceVersion": "99"},
             "data": {"mode": "prod", "limits.yaml": "cpu: 1\\nmemory: 2Gi\\n"},
             "binaryData": {"logo.png": "iVBORw0KGgo="},
             "immutable": false}
            """;

    static final String SECRET =
            """
            {"kind": "Secret", "apiVersion": "v1",
             "metadata": {"name": "db", "namespace": "shop"},
             "type": "Opaque",
             "data": {"password": "aHVudGVyMg=="}}
            """;

    static final String LEASE =
            """
            {"kind": "Lease", "apiVersion": "coordination.k8s.io/v1",
             "metadata": {"name": "controller-leader", "namespace": "kube-system", "resourceVersion": "5001"},
             "spec": {"holderIdentity": "pod-a_1f2e", "leaseDurationSeconds": 15,
               "acquireTime": "2024-05-01T10:00:00.120000Z", "renewTime": "2024-05-01T10:04:59.000001Z",
               "leaseTransitions": 3, "strategy": "OldestEmulationVersion"}}
            """;

    static final String EVENT =
            """
            {"kind": "Event", "apiVersion": "v1",
             "metadata": {"name": "web-7d4b9c-x2x9z.17c9a", "namespace": "shop", "resourceVersion": "600"},
             "involvedObject": {"kind": "Pod", "namespace": "shop", "name": "web-7d4b9c-x2x9z",
               "uid": "5b1e2c62-3f0a-4a7e-9d6c-2d0b1f3c9a11", "apiVersion": "v1", "resourceVersion": "482900",
               "fieldPath": "spec.containers{app}"},
             "reason": "Pulled", "message": "Container image already present on machine",
             "source": {"component": "kubelet", "host": "node-a"},
             "firstTimestamp": "2024-05-01T10:00:02Z", "lastTimestamp": "2024-05-01T10:00:02Z",
             "count": 1, "type": "Normal", "eventTime": null,
             "reportingComponent": "kubelet", "reportingInstance": "node-a",
             "series": {"count": 2, "lastObservedTime": "2024-05-01T10:00:09.000000Z"}}
            """;

    /** A custom resource no typed model knows. */
    public static final String CRONTAB =
            """
            {"apiVersion": "stable.example.com/v1", "kind": "CronTab",
             "metadata": {"name": "nightly", "namespace": "batch", "resourceVersion": "31", "uid": "ct-1",
               "labels": {"team": "data"}, "annotations": {"note": "x"}},
             "spec": {"cronSpec": "0 3 * * *", "image": "backup:1", "replicas": 2, "suspend": false,
               "targets": [{"name": "db"}, {"name": "files"}]},
             "status": {"lastRun": "2024-05-01T03:00:00Z"}}
            """;
}
