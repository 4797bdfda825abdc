package dev.informer.testing.internal;

import dev.informer.testing.ServerFaults;
import dev.informer.testing.WatchDropMode;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The server's fault injection state. Thread-safe: the failure queue, delay and hang are guarded
 * by {@code monitor}, whose waiters (requests held by a hang or delay) are woken by
 * {@link #reset()} and by server shutdown.
 */
public final class FaultController implements ServerFaults {
    private static final List<String> VERBS =
            List.of("get", "list", "watch", "create", "update", "patch", "delete", "deletecollection", "*");

    private final ApiServerEngine engine;
    private final Object monitor = new Object();
    // @GuardedBy("monitor"); a rule to fail n requests stands here n times, in order
    private final ArrayDeque<FailureRule> rules = new ArrayDeque<>();
    // @GuardedBy("monitor")
    private long hangUntilNanos;
    // @GuardedBy("monitor")
    private boolean hanging;
    // @GuardedBy("monitor")
    private long delayNanos;

    /** One pending injected failure. */
    private record FailureRule(String verb, String resource, int code, long retryAfterSeconds) {
        boolean matches(String v, String r) {
            return (verb.equals("*") || verb.equals(v)) && (resource.equals("*") || resource.equals(r));
        }
    }

    FaultController(ApiServerEngine engine) {
        this.engine = engine;
    }

    @Override
    public int dropWatches(WatchDropMode mode) {
        Objects.requireNonNull(mode, "mode");
        ServedWatch.End end = mode == WatchDropMode.ABRUPT ? ServedWatch.End.ABRUPT : ServedWatch.End.CLEAN;
        return forEachOpenWatch(s -> s.requestEnd(end));
    }

    @Override
    public int expireWatches() {
        return forEachOpenWatch(s -> s.requestEnd(ServedWatch.End.EXPIRE));
    }

    @Override
    public int sendMalformedLine() {
        return forEachOpenWatch(ServedWatch::requestMalformedLine);
    }

    /** Applies {@code action} to every open watch; returns how many there were. */
    private int forEachOpenWatch(Consumer<ServedWatch> action) {
        int n = 0;
        for (ServedWatch s : engine.openWatches()) {
            action.accept(s);
            n++;
        }
        return n;
    }

    @Override
    public void failNext(int count, String verb, String resource, int statusCode) {
        failNext(count, verb, resource, statusCode, Duration.ZERO);
    }

    @Override
    public void failNext(int count, String verb, String resource, int statusCode, Duration retryAfter) {
        Objects.requireNonNull(verb, "verb");
        Objects.requireNonNull(resource, "resource");
        checkDuration("retryAfter", retryAfter);
        if (count < 1 || count > MAX_FAILURES) {
            throw new IllegalArgumentException("count must be in 1.." + MAX_FAILURES + ", got " + count);
        }
        if (!VERBS.contains(verb)) {
            throw new IllegalArgumentException("verb must be one of " + VERBS + ", got '" + verb + "'");
        }
        if (resource.isEmpty()) {
            throw new IllegalArgumentException("resource must be a plural name, plural/subresource or *");
        }
        if (statusCode < 400 || statusCode > 599) {
            throw new IllegalArgumentException("statusCode must be in 400..599, got " + statusCode);
        }
        long seconds = retryAfter.isZero() ? 0 : Math.max(1, (retryAfter.toMillis() + 999) / 1000);
        synchronized (monitor) {
            FailureRule rule = new FailureRule(verb, resource, statusCode, seconds);
            for (int i = 0; i < count; i++) {
                rules.add(rule);
            }
        }
    }

    @Override
    public int pendingFailures() {
        synchronized (monitor) {
            return rules.size();
        }
    }

    @Override
    public long compactNow() {
        return engine.compactAll();
    }

    @Override
    public void delayResponses(Duration delay) {
        checkDuration("delay", delay);
        synchronized (monitor) {
            delayNanos = delay.toNanos();
            monitor.notifyAll();
        }
    }

    @Override
    public void hang(Duration duration) {
        checkDuration("hang duration", duration);
        synchronized (monitor) {
            hangUntilNanos = engine.nanoTime() + duration.toNanos();
            hanging = !duration.isZero();
            monitor.notifyAll();
        }
        engine.wakeAllWatchers();
    }

    @Override
    public void reset() {
        synchronized (monitor) {
            rules.clear();
            delayNanos = 0;
            hanging = false;
            monitor.notifyAll();
        }
        engine.wakeAllWatchers();
    }

    private static void checkDuration(String what, Duration d) {
        Objects.requireNonNull(d, what);
        if (d.isNegative() || d.compareTo(MAX_DURATION) > 0) {
            throw new IllegalArgumentException(what + " must be in 0.." + MAX_DURATION + ", got " + d);
        }
    }

    /** Wakes requests held by a hang or delay (server shutdown). */
    void wakeAll() {
        synchronized (monitor) {
            monitor.notifyAll();
        }
    }

    /** Nanoseconds the current hang still lasts, 0 when not hanging. */
    long hangRemainingNanos() {
        synchronized (monitor) {
            if (!hanging || engine.isClosing()) {
                return 0;
            }
            long left = hangUntilNanos - engine.nanoTime();
            if (left <= 0) {
                hanging = false;
                return 0;
            }
            return left;
        }
    }

    /**
     * Holds the calling request while the server hangs, then for the configured delay.
     *
     * @throws InterruptedException when the request thread is interrupted
     */
    void holdRequest() throws InterruptedException {
        synchronized (monitor) {
            long left;
            while ((left = hangRemainingNanos()) > 0) {
                monitor.wait(Math.max(1, left / 1_000_000));
            }
            if (delayNanos > 0) {
                long until = engine.nanoTime() + delayNanos;
                long remaining;
                while (delayNanos > 0 && !engine.isClosing() && (remaining = until - engine.nanoTime()) > 0) {
                    monitor.wait(Math.max(1, remaining / 1_000_000));
                }
            }
        }
    }

    /** The injected failure for this request, consuming one count, or null. */
    @Nullable
    Refusal nextFailure(String verb, String resource) {
        synchronized (monitor) {
            for (Iterator<FailureRule> it = rules.iterator(); it.hasNext(); ) {
                FailureRule r = it.next();
                if (r.matches(verb, resource)) {
                    it.remove();
                    return Refusal.injected(
                            r.code(), r.retryAfterSeconds(), verb.equals("list") || verb.equals("watch"));
                }
            }
            return null;
        }
    }
}
