package dev.informer.cache.internal;

import org.jspecify.annotations.Nullable;

/**
 * A unit of work that a {@link ListenerPool} runs by turns: a {@link ProcessorListener} delivering to
 * its handler, or a {@link SharedProcessor}'s fan-out of distributed notifications into its listeners'
 * buffers. The pool keeps a task in its run queue at most once: whoever schedules a task first flips
 * the task's own idle-to-scheduled flag, and only a turn of the task clears it.
 *
 * <p>Not thread-safe by itself: {@link #nextScheduled} is guarded by the pool's monitor, and a turn
 * runs on one worker at a time.
 */
abstract class PoolTask {

    /** How a turn ended. */
    enum Turn {
        /** Nothing left (or stopped): the task is idle again. */
        DONE,
        /** A full batch was handled and more is pending: the worker queues the task again. */
        MORE,
        /** The watchdog detached the worker during a handler call: the task keeps that thread. */
        DETACHED
    }

    // @GuardedBy("the pool's monitor") the next task in the pool's run queue
    @Nullable
    PoolTask nextScheduled;

    /** One turn on {@code worker}; called only by the worker that dequeued this task. */
    abstract Turn runTurn(ListenerPool.Worker worker);

    /**
     * Runs the task's own loop on the calling worker after a turn returned {@link Turn#DETACHED};
     * tasks that never call a handler never return that.
     */
    void runDetached() {
        throw new IllegalStateException(this + " never detaches from its pool");
    }
}
