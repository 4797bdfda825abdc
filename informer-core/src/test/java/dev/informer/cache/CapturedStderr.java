package dev.informer.cache;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Captures what is written to {@code System.err} (where the tests' slf4j-simple logger writes) while
 * open, still passing it through; {@link #close()} restores the previous stream. For asserting on log
 * lines. Tests in a JVM run one at a time, so replacing the global stream is safe.
 */
final class CapturedStderr implements AutoCloseable {

    private final PrintStream previous = System.err;
    private final ByteArrayOutputStream captured = new ByteArrayOutputStream();

    CapturedStderr() {
        OutputStream tee = new OutputStream() {
            @Override
            public void write(int b) {
                synchronized (captured) {
                    captured.write(b);
                }
                previous.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                synchronized (captured) {
                    captured.write(b, off, len);
                }
                previous.write(b, off, len);
            }
        };
        System.setErr(new PrintStream(tee, true, StandardCharsets.UTF_8));
    }

    /** The captured lines that contain {@code text}. */
    List<String> linesContaining(String text) {
        String all;
        synchronized (captured) {
            all = captured.toString(StandardCharsets.UTF_8);
        }
        return Arrays.stream(all.split("\n")).filter(line -> line.contains(text)).toList();
    }

    @Override
    public void close() {
        System.err.flush();
        System.setErr(previous);
    }
}
