package dev.informer.testing.internal;

import dev.informer.errors.InformerException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * One open watch: streams its initial events (if any), then every event of the resource's history
 * from its cursor on, filtered by its selectors, as newline-delimited {@code WatchEvent} JSON.
 *
 * <p>Runs on the HTTP exchange's thread ({@link #stream}); faults and shutdown talk to it through
 * {@link #requestEnd} and {@link #requestMalformedLine}, which only set a flag under the store's
 * lock and wake it. Ordering: events are written in resourceVersion order, each exactly once; a
 * bookmark is written only when the watcher has caught up with the history, and carries the
 * global resourceVersion at that moment, so every change up to it has been delivered.
 */
final class ServedWatch {
    private static final Logger LOG = LoggerFactory.getLogger(ServedWatch.class);
    private static final int MAX_BATCH = 1024;
    private static final byte[] LINE_END = "}\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] MALFORMED =
            "<<malformed watch event injected by the embedded api server>>\n".getBytes(StandardCharsets.US_ASCII);
    private static final String INITIAL_EVENTS_END = "k8s.io/initial-events-end";

    /** Why a watch should end early. */
    enum End {
        NONE,
        CLEAN,
        ABRUPT,
        EXPIRE,
        SHUTDOWN
    }

    /** Thrown out of the HTTP handler so the server closes the connection without a last chunk. */
    static final class AbortConnection extends InformerException {
        private static final long serialVersionUID = 1L;

        AbortConnection() {
            this("watch connection dropped abruptly by fault injection");
        }

        AbortConnection(String why) {
            super(why, null, false, false);
        }
    }

    private final ResourceStore store;
    private final @Nullable String namespace;
    private final ObjectFilter filter;
    private final boolean bookmarks;
    private final long deadlineNanos;
    private final @Nullable List<ObjectVersion> initial;
    private final boolean initialEndBookmark;
    private final long initialRv;
    private final @Nullable String expiredMessage;

    /** Set before streaming starts (same thread): kubectl's watch asks for Table objects. */
    private @Nullable TableWriter tables;

    private @Nullable ApiServerEngine tableClock;

    // @GuardedBy("store.lock")
    private long cursor;
    // @GuardedBy("store.lock")
    private End end = End.NONE;
    // @GuardedBy("store.lock")
    private int malformedPending;

    ServedWatch(
            ResourceStore store,
            @Nullable String namespace,
            ObjectFilter filter,
            boolean bookmarks,
            long deadlineNanos,
            @Nullable List<ObjectVersion> initial,
            boolean initialEndBookmark,
            long initialRv,
            long cursor,
            @Nullable String expiredMessage) {
        this.store = store;
        this.namespace = namespace;
        this.filter = filter;
        this.bookmarks = bookmarks;
        this.deadlineNanos = deadlineNanos;
        this.initial = initial;
        this.initialEndBookmark = initialEndBookmark;
        this.initialRv = initialRv;
        this.cursor = cursor;
        this.expiredMessage = expiredMessage;
    }

    /** Renders ADDED/MODIFIED/DELETED objects as one-row Tables (call before {@link #stream}). */
    void renderAsTable(TableWriter writer, ApiServerEngine engine) {
        this.tables = writer;
        this.tableClock = engine;
    }

    /** Asks the stream to end; the first request wins. */
    void requestEnd(End how) {
        store.lock.lock();
        try {
            if (end == End.NONE) {
                end = how;
            }
            store.changed.signalAll();
        } finally {
            store.lock.unlock();
        }
    }

    /** Asks the stream to write one line that is not JSON. */
    void requestMalformedLine() {
        store.lock.lock();
        try {
            malformedPending++;
            store.changed.signalAll();
        } finally {
            store.lock.unlock();
        }
    }

    /**
     * Writes the stream until the watch ends (timeout, fault, shutdown, lag) and returns normally
     * for a clean end. The caller must call {@link #finished()} afterwards, in any case.
     *
     * @throws AbortConnection for an abrupt drop
     * @throws IOException     when the client went away
     */
    void stream(OutputStream out) throws IOException {
        ApiServerEngine engine = store.engine;
        {
            if (expiredMessage != null) {
                writeStatusEvent(out, Refusal.expired(expiredMessage).toStatus());
                out.flush();
                return;
            }
            if (initial != null) {
                for (ObjectVersion v : initial) {
                    if (inNamespace(v) && filter.matches(v.object)) {
                        writeEvent(out, EventKind.ADDED, v);
                    }
                }
                if (initialEndBookmark) {
                    writeBookmark(out, initialRv, true);
                }
            }
            out.flush();
            long interval = engine.bookmarkIntervalNanos();
            long nextBookmark = bookmarks ? engine.nanoTime() + interval : Long.MAX_VALUE;
            List<StoredEvent> batch = new ArrayList<>();
            while (true) {
                End why;
                int malformed;
                long caughtUpRv = -1;
                boolean lagged = false;
                batch.clear();
                store.lock.lock();
                try {
                    while (true) {
                        why = end;
                        malformed = malformedPending;
                        if (why != End.NONE || malformed > 0) {
                            break;
                        }
                        long now = engine.nanoTime();
                        long hangLeft = engine.faults().hangRemainingNanos();
                        if (hangLeft <= 0 && cursor < store.nextSeqLocked()) {
                            break;
                        }
                        if (now >= deadlineNanos || (hangLeft <= 0 && now >= nextBookmark)) {
                            break;
                        }
                        long until = Math.min(deadlineNanos, hangLeft > 0 ? now + hangLeft : nextBookmark);
                        store.changed.awaitNanos(Math.max(1, until - now));
                    }
                    malformedPending = 0;
                    if (why == End.NONE || why == End.SHUTDOWN) {
                        if (cursor < store.firstSeqLocked()) {
                            lagged = true;
                        } else {
                            long n = Math.min(MAX_BATCH, store.nextSeqLocked() - cursor);
                            for (long i = 0; i < n; i++) {
                                batch.add(store.eventLocked(cursor + i));
                            }
                            cursor += n;
                            if (cursor == store.nextSeqLocked()) {
                                caughtUpRv = engine.currentRv();
                            }
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                } finally {
                    store.lock.unlock();
                }
                switch (why) {
                    case ABRUPT -> {
                        out.write("{\"type\":\"MODIFIED\",\"object\":{\"kind\":\"".getBytes(StandardCharsets.US_ASCII));
                        out.flush();
                        throw new AbortConnection();
                    }
                    case CLEAN -> {
                        return;
                    }
                    case EXPIRE -> {
                        writeStatusEvent(
                                out,
                                Refusal.expired("too old resource version: the watch was expired by fault injection")
                                        .toStatus());
                        out.flush();
                        return;
                    }
                    default -> {}
                }
                for (int i = 0; i < malformed; i++) {
                    out.write(MALFORMED);
                }
                if (lagged) {
                    LOG.warn(
                            "Closing a watch on {}: it fell more than the history limit behind",
                            store.def.qualifiedName());
                    out.flush();
                    return;
                }
                for (StoredEvent e : batch) {
                    writeFiltered(out, e);
                }
                long now = engine.nanoTime();
                boolean timedOut = now >= deadlineNanos;
                boolean shuttingDown = why == End.SHUTDOWN && caughtUpRv >= 0;
                if (bookmarks && caughtUpRv >= 0 && (now >= nextBookmark || timedOut || shuttingDown)) {
                    writeBookmark(out, caughtUpRv, false);
                    nextBookmark = now + interval;
                }
                out.flush();
                if (timedOut || shuttingDown) {
                    return;
                }
            }
        }
    }

    /**
     * Unregisters the watch; the handler calls it after the response stream is closed, so a
     * server waiting for its watches to end does not stop before the last chunk is written.
     */
    void finished() {
        store.unregister(this);
    }

    private boolean inNamespace(ObjectVersion v) {
        return namespace == null
                || !store.def.namespaced()
                || (v.key.startsWith(namespace)
                        && v.key.length() > namespace.length()
                        && v.key.charAt(namespace.length()) == '/');
    }

    /** Applies the selectors the way kube's cacher does: entering is ADDED, leaving is DELETED. */
    private void writeFiltered(OutputStream out, StoredEvent e) throws IOException {
        if (!inNamespace(e.current)) {
            return;
        }
        if (filter.isEverything()) {
            writeEvent(out, e.type, e.current);
            return;
        }
        switch (e.type) {
            case ADDED -> {
                if (filter.matches(e.current.object)) {
                    writeEvent(out, EventKind.ADDED, e.current);
                }
            }
            case DELETED -> {
                if (filter.matches(e.current.object)) {
                    writeEvent(out, EventKind.DELETED, e.current);
                }
            }
            default -> {
                boolean now = filter.matches(e.current.object);
                boolean before = e.previous != null && filter.matches(e.previous.object);
                if (now && before) {
                    writeEvent(out, EventKind.MODIFIED, e.current);
                } else if (now) {
                    writeEvent(out, EventKind.ADDED, e.current);
                } else if (before) {
                    writeEvent(out, EventKind.DELETED, e.previousAtThisRv());
                }
            }
        }
    }

    private void writeEvent(OutputStream out, EventKind type, ObjectVersion v) throws IOException {
        out.write(type.sharedLinePrefix());
        TableWriter writer = tables;
        ApiServerEngine clock = tableClock;
        out.write(writer == null || clock == null ? v.bytes() : writer.table(store.def, v, clock.now()));
        out.write(LINE_END);
    }

    private void writeBookmark(OutputStream out, long rv, boolean initialEnd) throws IOException {
        ObjectNode o = Json.object();
        o.put("kind", store.def.kind());
        o.put("apiVersion", store.def.apiVersion());
        ObjectNode meta = o.putObject("metadata");
        meta.put("resourceVersion", Long.toString(rv));
        if (initialEnd) {
            meta.putObject("annotations").put(INITIAL_EVENTS_END, "true");
        }
        out.write(EventKind.BOOKMARK.sharedLinePrefix());
        out.write(Json.bytes(o));
        out.write(LINE_END);
    }

    private static void writeStatusEvent(OutputStream out, ObjectNode status) throws IOException {
        out.write(EventKind.ERROR.sharedLinePrefix());
        out.write(Json.bytes(status));
        out.write(LINE_END);
    }
}
