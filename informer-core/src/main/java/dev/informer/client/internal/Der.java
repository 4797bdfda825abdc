package dev.informer.client.internal;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/**
 * The little DER needed to re-wrap PKCS#1 and SEC1 keys as PKCS#8: definite-length TLVs only.
 * Malformed input throws {@link IllegalArgumentException} naming the structure being read.
 */
final class Der {

    private Der() {}

    /** Encodes one TLV with a definite length. */
    static byte[] tlv(int tag, byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(content.length + 6);
        out.write(tag);
        int length = content.length;
        if (length < 0x80) {
            out.write(length);
        } else {
            int bytes = length > 0xffffff ? 4 : length > 0xffff ? 3 : length > 0xff ? 2 : 1;
            out.write(0x80 | bytes);
            for (int i = bytes - 1; i >= 0; i--) {
                out.write((length >>> (8 * i)) & 0xff);
            }
        }
        out.writeBytes(content);
        return out.toByteArray();
    }

    /** Reads consecutive TLVs from a byte range. Not thread-safe. */
    static final class Reader {
        private final byte[] data;
        private int position;

        Reader(byte[] data) {
            this.data = data;
        }

        boolean hasMore() {
            return position < data.length;
        }

        int peekTag() {
            if (!hasMore()) {
                throw new IllegalArgumentException("truncated DER structure");
            }
            return data[position] & 0xff;
        }

        /** The next TLV's content, whatever its tag. */
        byte[] next() {
            peekTag();
            position++;
            if (position >= data.length) {
                throw new IllegalArgumentException("truncated DER length");
            }
            int first = data[position++] & 0xff;
            int length;
            if (first < 0x80) {
                length = first;
            } else {
                int bytes = first & 0x7f;
                if (bytes == 0 || bytes > 4 || position + bytes > data.length) {
                    throw new IllegalArgumentException("unsupported DER length encoding");
                }
                length = 0;
                for (int i = 0; i < bytes; i++) {
                    length = (length << 8) | (data[position++] & 0xff);
                }
            }
            if (length < 0 || position + length > data.length) {
                throw new IllegalArgumentException("DER length runs past the end of the data");
            }
            byte[] content = Arrays.copyOfRange(data, position, position + length);
            position += length;
            return content;
        }

        /** The next TLV's content, which must have {@code tag}. */
        byte[] expect(int tag, String what) {
            if (!hasMore() || peekTag() != tag) {
                throw new IllegalArgumentException("malformed key: expected " + what);
            }
            return next();
        }

        /** A reader over the next SEQUENCE's content. */
        Reader sequence(String what) {
            return new Reader(expect(0x30, what + " SEQUENCE"));
        }
    }
}
