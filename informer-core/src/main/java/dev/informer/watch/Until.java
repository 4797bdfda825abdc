package dev.informer.watch;

import dev.informer.clock.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadFactory;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * Waits on a watch until a sequence of conditions holds, as client-go's {@code tools/watch}
 * {@code UntilWithoutRetry}, {@code Until} and {@code UntilWithSync}.
 *
 * <p><b>Conditions</b> are satisfied in turn: the first is tested on each event until it holds, then the
 * second is tested first on that same event and then on the following ones, and so on; the event on
 * which the last condition held is returned. Prefer level-driven conditions (the pod is ready) to
 * edge-driven ones (the pod became ready). A condition that throws ends the wait with that exception.
 *
 * <p><b>Timeout.</b> {@code timeout} is measured on the given {@link Clock}; {@link Duration#ZERO} means
 * no deadline (as client-go's {@code ContextWithOptionalTimeout}). When the deadline passes, the watch
 * is stopped from a short-lived daemon thread (a blocking {@code next()} has no timeout of its own) and
 * the wait throws {@link WaitTimeoutException}. If the watch ends first: {@link WatchClosedException}.
 * Both carry the last event seen. The watch is always stopped when the wait returns or throws.
 *
 * <p>Every method blocks the calling thread and throws {@link InterruptedException} if it is
 * interrupted. Stateless and thread-safe.
 */
public final class Until {

    private static final ThreadFactory WATCHDOG_THREADS = new DaemonThreads("until-deadline");

    private Until() {}

    /**
     * Reads {@code watch} until every condition held in turn; see the class comment. Warning, as in
     * client-go: a plain watch ends on server timeouts and cannot survive 410 Expired; prefer
     * {@link #until} or {@link #untilWithSync}.
     *
     * @return the event on which the last condition held; empty when there are no conditions
     * @throws WaitTimeoutException     if the deadline passed first
     * @throws WatchClosedException     if the watch ended first
     * @throws IllegalArgumentException if {@code timeout} is negative
     */
    @SafeVarargs
    public static <T> Optional<Event<T>> untilWithoutRetry(
            Watch<T> watch, Duration timeout, Clock clock, Predicate<? super Event<T>>... conditions)
            throws InterruptedException {
        List<Predicate<? super Event<T>>> list = new ArrayList<>(conditions.length);
        for (Predicate<? super Event<T>> condition : conditions) {
            list.add(condition);
        }
        return untilWithoutRetry(watch, timeout, clock, list);
    }

    /** {@link #untilWithoutRetry(Watch, Duration, Clock, Predicate[])} with the conditions as a list. */
    public static <T> Optional<Event<T>> untilWithoutRetry(
            Watch<T> watch, Duration timeout, Clock clock, List<? extends Predicate<? super Event<T>>> conditions)
            throws InterruptedException {
        Objects.requireNonNull(watch, "watch");
        List<? extends Predicate<? super Event<T>>> checked = checkConditions(conditions);
        DeadlineWatchdog watchdog = startWatchdog(watch, timeout, clock);
        try {
            return awaitConditions(watch, watchdog, timeout, checked);
        } finally {
            if (watchdog != null) {
                watchdog.cancel();
            }
            watch.stop();
        }
    }

    /**
     * Watches through a {@link RetryWatcher} from {@code initialResourceVersion} (so server timeouts and
     * lost connections are survived and every event is seen in order) until the conditions hold. A 410
     * Expired cannot be survived: the RetryWatcher delivers it as an ERROR event (which the conditions
     * see) and ends, and the wait throws {@link WatchClosedException} unless a condition returned true on
     * that ERROR. Use {@link #untilWithSync} to recover from it by listing again.
     *
     * @throws IllegalArgumentException if {@code initialResourceVersion} is {@code null}, {@code ""} or
     *                                  {@code "0"}, or {@code timeout} is negative
     * @throws WaitTimeoutException     if the deadline passed first
     * @throws WatchClosedException     if the RetryWatcher ended first
     */
    @SafeVarargs
    public static <T> Optional<Event<T>> until(
            String initialResourceVersion,
            WatchFunction<T> watchFunction,
            Duration timeout,
            Clock clock,
            Predicate<? super Event<T>>... conditions)
            throws InterruptedException {
        List<Predicate<? super Event<T>>> checked = new ArrayList<>(conditions.length);
        for (Predicate<? super Event<T>> condition : conditions) {
            checked.add(Objects.requireNonNull(condition, "a condition is null"));
        }
        checkTimeout(timeout);
        RetryWatcher<T> watch = RetryWatcher.builder(initialResourceVersion, watchFunction)
                .clock(clock)
                .build();
        return untilWithoutRetry(watch, timeout, clock, checked);
    }

    /**
     * Lists {@code source}, tests {@code precondition} on the listed items, then (unless it held) feeds
     * the conditions an ADDED event per listed object followed by the watch from the list's resource
     * version, until the conditions hold. Failed lists and watches are retried (spaced by
     * {@link RetryWatcher#DEFAULT_MIN_RESTART_DELAY} on the clock) and a 410 Expired is recovered by
     * listing again and feeding the difference (ADDED, MODIFIED for a changed resource version, DELETED),
     * so this only ends by the conditions, the deadline, or an exception from a condition.
     *
     * <p>Unlike client-go's, this does not run an informer: the list and the watch run on the calling
     * thread, events keep the server's order across objects (client-go's DeltaFIFO only keeps it per
     * object), and a re-list reports only objects whose resource version changed. The deadline also
     * bounds the first list: a list or watch call in progress is interrupted when it passes.
     *
     * @param precondition tested once on the first list's items; {@code null} for none. When it holds
     *                     the wait returns empty at once, without watching
     * @return the event on which the last condition held; empty when the precondition held or there
     *         are no conditions
     * @throws WaitTimeoutException     if the deadline passed first (including before the first list
     *                                  succeeded, when there is a precondition)
     * @throws IllegalArgumentException if {@code timeout} is negative
     */
    @SafeVarargs
    public static <T> Optional<Event<T>> untilWithSync(
            ListWatchSource<T> source,
            Duration timeout,
            Clock clock,
            @Nullable Predicate<? super Collection<T>> precondition,
            Predicate<? super Event<T>>... conditions)
            throws InterruptedException {
        List<Predicate<? super Event<T>>> checked = new ArrayList<>(conditions.length);
        for (Predicate<? super Event<T>> condition : conditions) {
            checked.add(Objects.requireNonNull(condition, "a condition is null"));
        }
        ListThenWatch<T> watch = new ListThenWatch<>(source, clock, RetryWatcher.DEFAULT_MIN_RESTART_DELAY);
        DeadlineWatchdog watchdog = startWatchdog(watch, timeout, clock);
        try {
            if (precondition != null) {
                Collection<T> listed = watch.awaitFirstList();
                if (listed == null) {
                    throw new WaitTimeoutException(
                            "untilWithSync: unable to list before the timeout of " + timeout, null);
                }
                if (precondition.test(listed)) {
                    return Optional.empty();
                }
            }
            return awaitConditions(watch, watchdog, timeout, checked);
        } finally {
            if (watchdog != null) {
                watchdog.cancel();
            }
            watch.stop();
        }
    }

    private static <T> Optional<Event<T>> awaitConditions(
            Watch<T> watch,
            @Nullable DeadlineWatchdog watchdog,
            Duration timeout,
            List<? extends Predicate<? super Event<T>>> conditions)
            throws InterruptedException {
        @Nullable Event<T> last = null;
        for (Predicate<? super Event<T>> condition : conditions) {
            // The event that satisfied the previous condition may satisfy this one too.
            if (last != null && condition.test(last)) {
                continue;
            }
            while (true) {
                Event<T> event = watch.next();
                if (event == null) {
                    if (watchdog != null && watchdog.expired()) {
                        throw new WaitTimeoutException("timed out waiting for the condition after " + timeout, last);
                    }
                    throw new WatchClosedException(
                            "watch closed before the conditions held and before the timeout", last);
                }
                last = event;
                if (condition.test(event)) {
                    break;
                }
            }
        }
        return Optional.ofNullable(last);
    }

    private static @Nullable DeadlineWatchdog startWatchdog(Watch<?> watch, Duration timeout, Clock clock) {
        checkTimeout(timeout);
        Objects.requireNonNull(clock, "clock");
        if (timeout.isZero()) {
            return null;
        }
        long deadline = clock.nanoTime() + Clock.toNanosSaturated(timeout);
        return DeadlineWatchdog.start(clock, deadline, watch::stop, WATCHDOG_THREADS);
    }

    private static void checkTimeout(Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("timeout must not be negative (ZERO means none), was " + timeout);
        }
    }

    private static <C> List<C> checkConditions(List<C> conditions) {
        Objects.requireNonNull(conditions, "conditions");
        for (C condition : conditions) {
            Objects.requireNonNull(condition, "a condition is null");
        }
        return conditions;
    }
}
