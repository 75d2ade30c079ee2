package dev.tobira.api;

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

    static String write(Value value) {
        StringBuilder sb = new StringBuilder();
        write(value, sb);
        return sb.toString();
    }

    private static void write(Value value, StringBuilder sb) {
        switch (value.kind()) {
            case NULL -> sb.append("null");
            case BOOL, INT, DECIMAL -> sb.append(value);
            case FLOAT -> number(((Value.Float) value).value(), sb);
            case JSON -> sb.append(((Value.Json) value).text());
            case ARRAY -> {
                sb.append('[');
                Iterator<Value> it = ((Value.Array) value).values().iterator();
                while (it.hasNext()) {
                    write(it.next(), sb);
                    if (it.hasNext()) {
                        sb.append(',');
                    }
                }
                sb.append(']');
            }
            case DOC -> {
                sb.append('{');
                Iterator<Map.Entry<String, Value>> it = ((Value.Doc) value).fields().entrySet().iterator();
                while (it.hasNext()) {
                    Map.Entry<String, Value> e = it.next();
                    string(e.getKey(), sb);
                    sb.append(':');
                    write(e.getValue(), sb);
                    if (it.hasNext()) {
                        sb.append(',');
                    }
                }
                sb.append('}');
            }
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
