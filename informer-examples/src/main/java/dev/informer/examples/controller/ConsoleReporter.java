package dev.informer.examples.controller;

import dev.informer.client.StatusException;
import dev.informer.clock.Clock;
import dev.informer.examples.cli.ErrorLines;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * Human-readable output of the demo and the controller command: lines stamped with the time since start, one per
 * reconcile (it is the controller's {@link ReconcileListener}) and one per change the demo makes.
 * Thread-safe: each line is written whole under one lock.
 *
 * <p>Example code shared across the examples' packages, not a library API.
 */
public final class ConsoleReporter implements ReconcileListener {

    private final PrintWriter out;
    private final Clock clock;
    private final long startNanos;

    public ConsoleReporter(PrintWriter out, Clock clock) {
        this.out = Objects.requireNonNull(out, "out");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.startNanos = clock.nanoTime();
    }

    /** A line about something the demo did to the cluster. */
    public void change(String description) {
        line("  ~ " + description);
    }

    /** A plain line, stamped. */
    public void line(String text) {
        String stamp = String.format(Locale.ROOT, "%6.1fs ", (clock.nanoTime() - startNanos) / 1e9);
        synchronized (this) {
            out.print(stamp);
            out.print(text);
            out.print('\n');
            out.flush();
        }
    }

    /** A line without a stamp. */
    public synchronized void plain(String text) {
        out.print(text);
        out.print('\n');
        out.flush();
    }

    /** A line without a stamp, formatted ({@link String#format} in the root locale). */
    public void plain(String format, Object... args) {
        plain(String.format(Locale.ROOT, format, args));
    }

    /** Rewrites the current line (a progress line); on a terminal it is overwritten by the next one. */
    public synchronized void progress(String text, boolean terminal) {
        out.print(terminal ? "\r" + text : text + "\n");
        out.flush();
    }

    @Override
    public void onReconciled(ReconcileResult result, Duration took) {
        String action =
                switch (result.action()) {
                    case CREATED -> "created ";
                    case UPDATED -> "updated ";
                    case DELETED -> "deleted ";
                    case UNCHANGED -> "in sync ";
                    case SKIPPED -> "skipped ";
                };
        String detail = result.action() == ReconcileResult.Action.DELETED
                ? "(no pods left)"
                : "ready " + result.readyPods() + "/" + result.totalPods();
        line(String.format(
                Locale.ROOT,
                "reconcile %-18s %s %-14s %-12s %4d ms",
                result.key(),
                action,
                result.key().configMapName(),
                detail,
                took.toMillis()));
    }

    @Override
    public void onFailed(AppKey key, RuntimeException error, int attempt, boolean willRetry) {
        line(String.format(
                Locale.ROOT,
                "reconcile %-18s failed   %s -> %s",
                key,
                shortReason(error),
                willRetry ? "retry #" + attempt + " through the rate-limited queue" : "giving up"));
    }

    /** "409 Conflict" for an API error, else the message cut to a reasonable length. */
    static String shortReason(RuntimeException error) {
        if (error instanceof StatusException status) {
            return status.code() + " "
                    + (status.reason() == null || status.reason().isEmpty() ? "error" : status.reason());
        }
        String message = ErrorLines.oneLine(error);
        return message.length() <= 100 ? message : message.substring(0, 97) + "...";
    }
}
