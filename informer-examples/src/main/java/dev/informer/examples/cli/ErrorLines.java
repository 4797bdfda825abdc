package dev.informer.examples.cli;

/**
 * Errors as the one line the examples' commands print ({@code error: ...}). Example code shared by
 * the commands, not a library API. Stateless and thread-safe.
 */
public final class ErrorLines {

    private ErrorLines() {}

    /** The message of {@code e} (or its class) on one line. */
    public static String oneLine(Throwable e) {
        String message = e.getMessage();
        if (message == null || message.isBlank()) {
            message = e.getClass().getSimpleName();
        }
        return message.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
    }
}
