package dev.informer.cache;

import dev.informer.api.Pod;
import dev.informer.store.DeletedFinalStateUnknown;
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
    volatile Consumer<String> onEvent = event -> { };

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
        Conditions.await(() -> "at least " + count + " events, have " + events, () -> events.size() >= count,
                Conditions.DEFAULT_TIMEOUT);
    }

    void awaitEvent(String event) {
        Conditions.await(() -> "event " + event + " in " + events, () -> events.contains(event), Conditions.DEFAULT_TIMEOUT);
    }
}
