package dev.informer.cache;

import dev.informer.api.Pod;
import dev.informer.store.DeletedFinalStateUnknown;
import dev.informer.testing.Await;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Records every notification as a short string: {@code add:name@rv}, {@code add*:name@rv} (initial
 * list), {@code update:name@oldRv->newRv}, {@code delete:name@rv}, {@code tombstone:key}.
 */
class RecordingHandler implements ResourceEventHandler<Pod> {

    final List<String> events = new CopyOnWriteArrayList<>();
    volatile Consumer<String> onEvent = event -> {};

    @Override
    public void onAdd(Pod obj, boolean isInInitialList) {
        record((isInInitialList ? "add*:" : "add:") + obj.name() + "@" + obj.resourceVersion());
    }

    @Override
    public void onUpdate(Pod oldObj, Pod newObj) {
        record("update:" + newObj.name() + "@" + oldObj.resourceVersion() + "->" + newObj.resourceVersion());
    }

    @Override
    public void onDelete(Object objOrTombstone) {
        if (objOrTombstone instanceof DeletedFinalStateUnknown<?> tombstone) {
            record("tombstone:" + tombstone.key());
        } else {
            Pod pod = (Pod) objOrTombstone;
            record("delete:" + pod.name() + "@" + pod.resourceVersion());
        }
    }

    private void record(String event) {
        onEvent.accept(event);
        events.add(event);
    }

    List<String> snapshot() {
        return new ArrayList<>(events);
    }

    void awaitEvents(int count) {
        Await.until(
                () -> "at least " + count + " events, have " + events,
                () -> events.size() >= count,
                Await.LONG_TIMEOUT);
    }

    void awaitEvent(String event) {
        Await.until(() -> "event " + event + " in " + events, () -> events.contains(event), Await.LONG_TIMEOUT);
    }
}
