package dev.informer.cache;

import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * Builds {@link ResourceEventHandler}s from lambdas (client-go's {@code ResourceEventHandlerFuncs}
 * and {@code ResourceEventHandlerDetailedFuncs}) and wraps them with filters.
 *
 * <pre>{@code
 * KeyFunction<Pod> key = KeyFunctions.metaNamespaceKey(); // unwraps tombstones too
 * informer.addEventHandler(ResourceEventHandlers.<Pod>builder()
 *         .onAdd(pod -> queue.add(key.key(pod)))
 *         .onUpdate((oldPod, newPod) -> queue.add(key.key(newPod)))
 *         .onDelete(podOrTombstone -> queue.add(key.key(podOrTombstone)))
 *         .build());
 * }</pre>
 *
 * <p>The handlers returned are immutable and as thread-safe as the lambdas they call.
 */
public final class ResourceEventHandlers {

    private ResourceEventHandlers() {}

    /**
     * A handler calling the given functions; a {@code null} function ignores that kind of
     * notification.
     */
    public static <T> ResourceEventHandler<T> funcs(
            @Nullable Consumer<? super T> onAdd,
            @Nullable BiConsumer<? super T, ? super T> onUpdate,
            @Nullable Consumer<Object> onDelete) {
        return new Funcs<>(onAdd == null ? null : (obj, initial) -> onAdd.accept(obj), onUpdate, onDelete);
    }

    /** A builder for a handler made of lambdas; kinds without a lambda are ignored. */
    public static <T> Builder<T> builder() {
        return new Builder<>();
    }

    /** Wraps {@code handler} so that it sees only objects matching {@code filter}: see {@link FilteringResourceEventHandler}. */
    public static <T> ResourceEventHandler<T> filtering(
            Predicate<? super T> filter, ResourceEventHandler<? super T> handler) {
        return new FilteringResourceEventHandler<>(filter, handler);
    }

    /**
     * Collects the lambdas of a handler. Not thread-safe; {@link #build()} returns an immutable
     * handler and the builder may be reused. Setting a kind twice keeps the last lambda.
     *
     * @param <T> the object type
     */
    public static final class Builder<T> {
        private @Nullable BiConsumer<? super T, Boolean> onAdd;
        private @Nullable BiConsumer<? super T, ? super T> onUpdate;
        private @Nullable Consumer<Object> onDelete;

        private Builder() {}

        /** Called for each added object. */
        public Builder<T> onAdd(Consumer<? super T> onAdd) {
            Objects.requireNonNull(onAdd, "onAdd");
            this.onAdd = (obj, initial) -> onAdd.accept(obj);
            return this;
        }

        /** Called for each added object, with whether it was part of the initial list. */
        public Builder<T> onAdd(BiConsumer<? super T, Boolean> onAdd) {
            this.onAdd = Objects.requireNonNull(onAdd, "onAdd");
            return this;
        }

        /** Called with the old and new state of each updated (or resynced) object. */
        public Builder<T> onUpdate(BiConsumer<? super T, ? super T> onUpdate) {
            this.onUpdate = Objects.requireNonNull(onUpdate, "onUpdate");
            return this;
        }

        /** Called with each deleted object or its {@link dev.informer.store.DeletedFinalStateUnknown} tombstone. */
        public Builder<T> onDelete(Consumer<Object> onDelete) {
            this.onDelete = Objects.requireNonNull(onDelete, "onDelete");
            return this;
        }

        /** The handler. */
        public ResourceEventHandler<T> build() {
            return new Funcs<>(onAdd, onUpdate, onDelete);
        }
    }

    /** The lambda-backed handler; {@code null} functions are no-ops. */
    private static final class Funcs<T> implements ResourceEventHandler<T> {
        private final @Nullable BiConsumer<? super T, Boolean> onAdd;
        private final @Nullable BiConsumer<? super T, ? super T> onUpdate;
        private final @Nullable Consumer<Object> onDelete;

        Funcs(
                @Nullable BiConsumer<? super T, Boolean> onAdd,
                @Nullable BiConsumer<? super T, ? super T> onUpdate,
                @Nullable Consumer<Object> onDelete) {
            this.onAdd = onAdd;
            this.onUpdate = onUpdate;
            this.onDelete = onDelete;
        }

        @Override
        public void onAdd(T obj, boolean isInInitialList) {
            if (onAdd != null) {
                onAdd.accept(obj, isInInitialList);
            }
        }

        @Override
        public void onUpdate(T oldObj, T newObj) {
            if (onUpdate != null) {
                onUpdate.accept(oldObj, newObj);
            }
        }

        @Override
        public void onDelete(Object objOrTombstone) {
            if (onDelete != null) {
                onDelete.accept(objOrTombstone);
            }
        }

        @Override
        public String toString() {
            return "ResourceEventHandlers.funcs[add=" + (onAdd != null) + ", update=" + (onUpdate != null) + ", delete="
                    + (onDelete != null) + "]";
        }
    }
}
