package dev.informer.examples.watch;

/**
 * The lines of the {@code watch} command's output contract, one JSON object each, with the fields
 * always in the same order:
 * <pre>
 * {"event":"ADD","key":"ns/name","resourceVersion":"RV"}      (also UPDATE, DELETE, STORE)
 * {"event":"SYNCED"}
 * {"event":"END","count":N}
 * </pre>
 * Strings are escaped as JSON requires; every character outside printable ASCII is written as a
 * {@code \\uXXXX} escape, so the output is plain ASCII whatever the platform encoding. Stateless.
 */
public final class WatchLine {

    private WatchLine() {}

    /** An object line: {@code type} is ADD, UPDATE, DELETE or STORE; a null version is written as "". */
    public static String object(String type, String key, String resourceVersion) {
        StringBuilder line = new StringBuilder(64 + key.length());
        line.append("{\"event\":");
        quote(line, type);
        line.append(",\"key\":");
        quote(line, key);
        line.append(",\"resourceVersion\":");
        quote(line, resourceVersion == null ? "" : resourceVersion);
        return line.append('}').toString();
    }

    /** The line printed once when the informer has synced. */
    public static String synced() {
        return "{\"event\":\"SYNCED\"}";
    }

    /** The last line: how many STORE lines preceded it. */
    public static String end(int count) {
        return "{\"event\":\"END\",\"count\":" + count + "}";
    }

    static void quote(StringBuilder out, String value) {
        out.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
