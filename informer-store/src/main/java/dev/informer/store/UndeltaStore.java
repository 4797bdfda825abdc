package dev.informer.store;

import java.util.List;
import java.util.function.Consumer;

/**
 * A {@link Store} that, after every change, pushes its complete content to a consumer (client-go's
 * {@code UndeltaStore}): the kubelet's apiserver pod source feeds a reflector into one and turns
 * each push into a full snapshot of the pods bound to the node.
 *
 * <p><b>What pushes.</b> {@link #add}, {@link #update}, {@link #delete}, {@link #deleteByKey} and
 * {@link #replace} each push once after the change is applied, even when it changed nothing (a
 * delete of a missing key), as client-go does. {@link #resync} and reads do not push. A call that
 * throws (e.g. {@link KeyException}) changes nothing and does not push.
 *
 * <p><b>Calling thread and ordering.</b> The consumer runs synchronously on the thread that made
 * the change, before that call returns. Changes and their pushes are serialized together by one
 * lock, so pushes arrive in the order the changes took effect and each push holds exactly the
 * content after its change; the last push always equals the final content. The pushed list is an
 * immutable snapshot. The consumer may read the store, but must not change it (that would push
 * recursively) and should be quick, since other writers wait for it. An exception thrown by the
 * consumer propagates to the caller; the change stays applied.
 *
 * @param <T> the object type
 */
public interface UndeltaStore<T> extends Store<T> {

    /**
     * Creates an undelta store keyed by {@code keyFunction} that pushes to {@code pushFunction}.
     * Same as {@link Stores#newUndeltaStore}.
     *
     * @throws NullPointerException if an argument is {@code null}
     */
    static <T> UndeltaStore<T> create(KeyFunction<T> keyFunction, Consumer<? super List<T>> pushFunction) {
        return Stores.newUndeltaStore(keyFunction, pushFunction);
    }
}
