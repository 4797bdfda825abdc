package dev.informer.examples.first;

import dev.informer.api.Pod;
import dev.informer.api.ResourceType;
import dev.informer.cache.Lister;
import dev.informer.cache.ResourceEventHandlers;
import dev.informer.client.KubernetesClient;
import dev.informer.client.SharedInformerFactory;
import dev.informer.workqueue.RateLimitingQueue;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The README's "write your first controller" example, verbatim between the markers: compiled and
 * run by {@code FirstControllerTest} against the embedded API server, so the README cannot rot.
 */
public final class FirstController {

    private FirstController() {}

    // README:BEGIN
    public static void run(KubernetesClient client, RateLimitingQueue<String> queue, Consumer<String> report)
            throws InterruptedException {
        SharedInformerFactory factory = SharedInformerFactory.builder(client).build();
        Lister<Pod> pods = factory.listerFor(ResourceType.PODS);
        factory.informerFor(ResourceType.PODS)
                .addEventHandler(ResourceEventHandlers.<Pod>builder()
                        .onAdd(pod -> queue.add(pod.namespace() + "/" + pod.name()))
                        .onUpdate((oldPod, pod) -> queue.add(pod.namespace() + "/" + pod.name()))
                        .build());
        factory.start();
        factory.waitForCacheSync(Duration.ofSeconds(30));
        Optional<String> next;
        while ((next = queue.get()).isPresent()) { // empty once the queue is shut down
            String key = next.get();
            try {
                pods.get(key)
                        .ifPresent(
                                pod -> report.accept(key + " is " + pod.status().phase()));
                queue.forget(key); // success: reset the key's backoff
            } catch (RuntimeException e) {
                queue.addRateLimited(key); // failure: retry later, with backoff
            } finally {
                queue.done(key);
            }
        }
        factory.shutdown();
    }
    // README:END
}
