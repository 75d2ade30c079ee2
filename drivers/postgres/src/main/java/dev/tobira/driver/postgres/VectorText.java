package dev.tobira.driver.postgres;

import static java.util.Objects.requireNonNull;

/**
 * The text form of pgvector's {@code vector} (and {@code halfvec}): {@code [1,2.5,-3e-05]}. Read
 * as text so that the driver needs no pgvector classes and works whether the extension exists or
 * not.
 */
final class VectorText {
    private VectorText() {}

    /**
     * Parses {@code [x,y,…]}.
     *
     * @throws IllegalArgumentException if the text is not a vector
     */
    static float[] parse(String text) {
        requireNonNull(text, "text is null");
        String s = text.strip();
        if (s.length() < 2 || s.charAt(0) != '[' || s.charAt(s.length() - 1) != ']') {
            throw new IllegalArgumentException("not a vector: expected [x,y,...]");
        }
        String body = s.substring(1, s.length() - 1).strip();
        if (body.isEmpty()) {
            return new float[0];
        }
        String[] parts = body.split(",", -1);
        float[] values = new float[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String p = parts[i].strip();
            if (p.isEmpty()) {
                throw new IllegalArgumentException("not a vector: empty component at " + i);
            }
            try {
                values[i] = Float.parseFloat(p);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not a vector: bad component at " + i, e);
            }
            if (p.endsWith("f") || p.endsWith("F") || p.endsWith("d") || p.endsWith("D")) {
                throw new IllegalArgumentException(
                        "not a vector: bad component at " + i); // Java suffixes PostgreSQL never prints
            }
        }
        return values;
    }

    /** Formats a vector as pgvector reads it, each component in its shortest exact decimal form. */
    static String format(float[] values) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < values.length; i++) {
            if (!Float.isFinite(values[i])) {
                throw new IllegalArgumentException("a vector component is not finite: " + values[i]);
            }
            sb.append(i == 0 ? "" : ",").append(Float.toString(values[i]));
        }
        return sb.append(']').toString();
    }
}
