"""Lists and watches through the official Kubernetes Python client's AppsV1Api, BatchV1Api and
CustomObjectsApi against the embedded API server. Run by OfficialPythonClientIT.

Usage: python3 official_client_check.py KUBECONFIG
Prints one line per check and "OK" at the end; any failure raises (exit code 1).
"""
import sys

from kubernetes import client, config, watch

config.load_kube_config(config_file=sys.argv[1])
apps, batch, custom = client.AppsV1Api(), client.BatchV1Api(), client.CustomObjectsApi()

deployments = apps.list_namespaced_deployment("default").items
print("deployments:", ",".join(f"{d.metadata.name}/{d.spec.replicas}/{d.spec.strategy.type}" for d in deployments))
print("deployments in all namespaces:", len(apps.list_deployment_for_all_namespaces().items))
print("jobs:", ",".join(f"{j.metadata.name}/{j.spec.backoff_limit}" for j in batch.list_namespaced_job("default").items))
print("cronjobs:", ",".join(f"{c.metadata.name}/{c.spec.schedule}" for c in batch.list_namespaced_cron_job("default").items))
webapps = custom.list_namespaced_custom_object("example.dev", "v1", "default", "webapps")["items"]
print("webapps:", ",".join(o["metadata"]["name"] for o in webapps))


def name_of(obj):
    return obj["metadata"]["name"] if isinstance(obj, dict) else obj.metadata.name


def watch_sees_a_new_object(kind, list_call, args, create):
    """The first event (the existing object) shows the watch is open; then one is created."""
    w = watch.Watch()
    seen = []
    for event in w.stream(list_call, *args, timeout_seconds=20):
        seen.append(f"{event['type']} {name_of(event['object'])}")
        if len(seen) == 1:
            create()
        if len(seen) == 2:
            w.stop()
    print(f"{kind} watch:", ",".join(seen))
    if len(seen) != 2:
        raise AssertionError(f"{kind}: expected the existing object and the new one, saw {seen}")


def template(app):
    return {"metadata": {"labels": {"app": app}},
            "spec": {"restartPolicy": "Never", "containers": [{"name": "c", "image": "busybox"}]}}


deployment = {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web2"},
              "spec": {"selector": {"matchLabels": {"app": "web2"}},
                       "template": {"metadata": {"labels": {"app": "web2"}},
                                    "spec": {"containers": [{"name": "c", "image": "nginx"}]}}}}
job = {"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "once2"},
       "spec": {"template": template("once2")}}
webapp = {"apiVersion": "example.dev/v1", "kind": "WebApp", "metadata": {"name": "shop"},
          "spec": {"image": "nginx", "replicas": 1}}

watch_sees_a_new_object("deployments", apps.list_namespaced_deployment, ["default"],
                        lambda: apps.create_namespaced_deployment("default", deployment))
watch_sees_a_new_object("jobs", batch.list_namespaced_job, ["default"],
                        lambda: batch.create_namespaced_job("default", job))
watch_sees_a_new_object("webapps", custom.list_namespaced_custom_object,
                        ["example.dev", "v1", "default", "webapps"],
                        lambda: custom.create_namespaced_custom_object("example.dev", "v1", "default", "webapps", webapp))
print("OK")
