package dev.informer.testsupport;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;

/** An SLF4J logger that records every line (all levels enabled), for assertions on log output. Thread-safe. */
public final class RecordingLogger extends LegacyAbstractLogger {

    private static final long serialVersionUID = 1L;

    /** One logged line. */
    public record Line(Level level, String message, Throwable error) {
        @Override
        public String toString() {
            return level + " " + message + (error == null ? "" : " [" + error + "]");
        }
    }

    private final List<Line> lines = new CopyOnWriteArrayList<>();

    public RecordingLogger() {
        this.name = "recording";
    }

    public List<Line> lines() {
        return List.copyOf(lines);
    }

    /** The messages logged at {@code level}. */
    public List<String> messages(Level level) {
        return lines.stream()
                .filter(line -> line.level() == level)
                .map(Line::message)
                .collect(Collectors.toList());
    }

    @Override
    protected String getFullyQualifiedCallerName() {
        return null;
    }

    @Override
    protected void handleNormalizedLoggingCall(
            Level level, Marker marker, String messagePattern, Object[] arguments, Throwable throwable) {
        lines.add(new Line(level, MessageFormatter.basicArrayFormat(messagePattern, arguments), throwable));
    }

    @Override
    public boolean isTraceEnabled() {
        return true;
    }

    @Override
    public boolean isDebugEnabled() {
        return true;
    }

    @Override
    public boolean isInfoEnabled() {
        return true;
    }

    @Override
    public boolean isWarnEnabled() {
        return true;
    }

    @Override
    public boolean isErrorEnabled() {
        return true;
    }
}
