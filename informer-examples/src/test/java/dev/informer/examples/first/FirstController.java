package dev.informer.examples.first;

// The README's "Write your first controller" shows this file from its first import to its end,
// verbatim: FirstControllerTest compiles and runs it against the embedded API server and checks
// that the README shows it, so the README cannot rot.

import dev.informer.api.Pod;
import dev.informer.api.ResourceType;
import dev.informer.cache.Lister;
import dev.informer.client.ClientConfig;
import dev.informer.client.KubernetesClient;
import dev.informer.controller.CacheSyncTimeoutException;
import dev.informer.controller.Manager;
import dev.informer.controller.Result;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;

/** Reports the phase of every pod, and every pod's deletion, until the process is stopped. */
public final class FirstController {

    public static void main(String[] args) throws InterruptedException {
        CountDownLatch stop = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(stop::countDown)); // SIGTERM, Ctrl-C
        int status;
        try (KubernetesClient client = KubernetesClient.create(ClientConfig.autoDetect())) {
            status = run(client, Duration.ofMinutes(2), System.out::println, stop);
        }
        System.exit(status);
    }

    /** Runs until {@code stop} opens; returns 0, or 1 when the caches did not sync within {@code syncTimeout}. */
    public static int run(KubernetesClient client, Duration syncTimeout, Consumer<String> report, CountDownLatch stop)
            throws InterruptedException {
        try (Manager manager = Manager.builder(client).syncTimeout(syncTimeout).build()) {
            Lister<Pod> pods = manager.informerFactory().listerFor(ResourceType.PODS);
            manager.controllerBuilder()
                    .name("first-controller")
                    // Creates, updates and deletes enqueue the pod's namespace/name; a delete the
                    // informer only saw on a relist (a tombstone) enqueues it from its last known state.
                    .forResource(ResourceType.PODS)
                    .build((request, cancellation) -> {
                        String key = request.namespace() + "/" + request.name();
                        Optional<Pod> pod = pods.get(key); // read the cache, never the server
                        if (pod.isEmpty()) { // deleted (tombstones included): clean up here
                            report.accept(key + " was deleted");
                            return Result.done();
                        }
                        if (pod.get().status() == null || pod.get().status().phase() == null) {
                            return Result.requeueAfter(Duration.ofSeconds(5)); // no phase yet: look again
                        }
                        report.accept(key + " is " + pod.get().status().phase());
                        return Result.done(); // an exception instead: retried with backoff
                    });
            try {
                manager.start(); // starts the informers, waits for their caches, starts the workers
            } catch (CacheSyncTimeoutException e) {
                report.accept("error: " + e.getMessage()); // names the informers and their last error
                return 1;
            }
            stop.await();
        } // close(): no new keys, the reconciles under way finish (30 s at most), the informers stop
        return 0;
    }
}
