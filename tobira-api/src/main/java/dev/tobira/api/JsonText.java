package dev.tobira.api;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.Map;

/** JSON display of values, kept here because the API may not depend on a JSON library. */
final class JsonText {
    private JsonText() {}

    /** Removes whitespace outside string literals; everything else is kept as the database sent it. */
    static String compact(String json) {
        StringBuilder sb = null;
        boolean inString = false;
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            if (inString) {
                if (c == '\\' && i + 1 < json.length()) {
                    if (sb != null) {
                        sb.append(c).append(json.charAt(i + 1));
                    }
                    i++;
                    continue;
                }
                if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
                if (sb == null) {
                    sb = new StringBuilder(json.length()).append(json, 0, i);
                }
                continue;
            }
            if (sb != null) {
                sb.append(c);
            }
        }
        return sb == null ? json : sb.toString();
    }

    /**
     * Writes a value as JSON without recursion: a {@code Doc} nested 10,000 deep is a caller's
     * parameter like any other, and its {@code toString()} must not overflow the stack of the
     * driver thread that binds it.
     */
    static String write(Value value) {
        StringBuilder sb = new StringBuilder();
        Deque<Level> open = new ArrayDeque<>();
        Value next = value;
        while (true) {
            if (next != null) {
                switch (next.kind()) {
                    case ARRAY -> {
                        sb.append('[');
                        open.push(new Level(((Value.Array) next).values().iterator(), ']'));
                    }
                    case DOC -> {
                        sb.append('{');
                        open.push(
                                new Level(((Value.Doc) next).fields().entrySet().iterator(), '}'));
                    }
                    default -> scalar(next, sb);
                }
                next = null;
            }
            Level level = open.peek();
            if (level == null) {
                return sb.toString();
            }
            if (!level.elements.hasNext()) {
                sb.append(level.close);
                open.pop();
                continue;
            }
            if (level.started) {
                sb.append(',');
            }
            level.started = true;
            Object element = level.elements.next();
            if (element instanceof Map.Entry<?, ?> field) {
                string((String) field.getKey(), sb);
                sb.append(':');
                next = (Value) field.getValue();
            } else {
                next = (Value) element;
            }
        }
    }

    /** An array or document being written: what is left of it, and how it ends. */
    private static final class Level {
        final Iterator<?> elements;
        final char close;
        boolean started;

        Level(Iterator<?> elements, char close) {
            this.elements = elements;
            this.close = close;
        }
    }

    private static void scalar(Value value, StringBuilder sb) {
        switch (value.kind()) {
            case NULL -> sb.append("null");
            case BOOL, INT, DECIMAL -> sb.append(value);
            case FLOAT -> number(((Value.Float) value).value(), sb);
            case JSON -> sb.append(((Value.Json) value).text());
            case VECTOR -> {
                Value.Vector v = (Value.Vector) value;
                sb.append('[');
                for (int i = 0; i < v.dimensions(); i++) {
                    if (i > 0) {
                        sb.append(',');
                    }
                    number(v.get(i), sb);
                }
                sb.append(']');
            }
            default -> string(value.toString(), sb);
        }
    }

    private static void number(double d, StringBuilder sb) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            string(Double.toString(d), sb);
        } else if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            sb.append((long) d);
        } else {
            sb.append(d);
        }
    }

    private static void number(float f, StringBuilder sb) {
        if (Float.isNaN(f) || Float.isInfinite(f)) {
            string(Float.toString(f), sb);
        } else {
            sb.append(f);
        }
    }

    private static void string(String s, StringBuilder sb) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
