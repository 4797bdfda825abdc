package dev.informer.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Captures what the tests' logging backend (SLF4J simple, which writes to the current {@code
 * System.err} at INFO and above) prints while open, still passing it through. Tests run one at a
 * time; filter the lines by a name unique to the test, since other threads may log meanwhile.
 */
public final class LogCapture implements AutoCloseable {

    private final PrintStream original = System.err;
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();

    private LogCapture() {
        OutputStream tee = new OutputStream() {
            @Override
            public void write(int b) {
                synchronized (buffer) {
                    buffer.write(b);
                }
                original.write(b);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) {
                synchronized (buffer) {
                    buffer.write(bytes, offset, length);
                }
                original.write(bytes, offset, length);
            }
        };
        System.setErr(new PrintStream(tee, true, StandardCharsets.UTF_8));
    }

    /** Starts capturing. */
    public static LogCapture start() {
        return new LogCapture();
    }

    /** Every line printed so far. */
    public List<String> lines() {
        String text;
        synchronized (buffer) {
            text = buffer.toString(StandardCharsets.UTF_8);
        }
        return Arrays.stream(text.split("\\R")).filter(line -> !line.isEmpty()).collect(Collectors.toList());
    }

    /** The lines that contain every one of {@code fragments}. */
    public List<String> linesWith(String... fragments) {
        return lines().stream()
                .filter(line -> Arrays.stream(fragments).allMatch(line::contains))
                .collect(Collectors.toList());
    }

    @Override
    public void close() {
        System.setErr(original);
    }
}
