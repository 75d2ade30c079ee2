package dev.tobira.driver.bigquery.fake;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Locale;
import org.sqlite.Function;

/**
 * The fake's values: SQLite's cells in BigQuery's REST form (every scalar a string, a TIMESTAMP as
 * seconds since the epoch, BYTES in base64, a repeated field a list of {@code {"v": …}}, a record
 * {@code {"f": […]}}), with the types a schema reports. An expression has no declared type in
 * SQLite, so the translator wraps typed literals in {@code bq_tag(type, value)}: a text that
 * carries its BigQuery type in front, read off here.
 */
final class Cells {
    static final String TAG = "\u0001";
    static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Cells() {}

    /** A cell's BigQuery type (legacy REST name) and payload. */
    record Typed(String type, Object value) {}

    static Typed typed(Object value) {
        if (value instanceof String s && s.startsWith(TAG)) {
            int end = s.indexOf(TAG, 1);
            String type = s.substring(1, end);
            // the REST API's names for GoogleSQL's types
            type = switch (type) {
                case "BOOL" -> "BOOLEAN";
                case "INT64" -> "INTEGER";
                case "FLOAT64" -> "FLOAT";
                case "STRUCT" -> "RECORD";
                default -> type;
            };
            return new Typed(type, s.substring(end + 1));
        }
        return new Typed(null, value);
    }

    /** The REST type name for a declared SQLite type and, when it says nothing, the first value. */
    static String type(String declared, Object first) {
        Typed t = typed(first);
        if (t.type() != null) {
            return t.type();
        }
        String d = declared == null ? "" : declared.toUpperCase(Locale.ROOT);
        if (d.contains("BIGNUMERIC") || d.contains("BIGDECIMAL")) {
            return "BIGNUMERIC";
        }
        if (d.contains("NUMERIC") || d.contains("DECIMAL")) {
            return "NUMERIC";
        }
        if (d.contains("INTERVAL")) {
            return "INTERVAL";
        }
        if (d.contains("INT")) {
            return "INTEGER";
        }
        if (d.contains("FLOAT") || d.contains("REAL") || d.contains("DOUBLE")) {
            return "FLOAT";
        }
        if (d.contains("BOOL")) {
            return "BOOLEAN";
        }
        if (d.contains("STRING") || d.contains("TEXT") || d.contains("CHAR")) {
            return "STRING";
        }
        if (d.contains("BYTES") || d.contains("BLOB")) {
            return "BYTES";
        }
        for (String exact : new String[] {"DATETIME", "TIMESTAMP", "DATE", "TIME", "JSON", "GEOGRAPHY"}) {
            if (d.contains(exact)) {
                return exact;
            }
        }
        if (first instanceof Long || first instanceof Integer) {
            return "INTEGER";
        }
        if (first instanceof Double || first instanceof Float) {
            return "FLOAT";
        }
        if (first instanceof byte[]) {
            return "BYTES";
        }
        return first == null ? "INTEGER" : "STRING";
    }

    /** A schema field for a column: name, type and mode, with sub-fields for a record. */
    static ObjectNode field(String name, String type, Object first, boolean required) {
        ObjectNode f = NODES.objectNode().put("name", name);
        Typed t = typed(first);
        if ("ARRAY".equals(type)) {
            ArrayNode items = (ArrayNode) parse(t.value());
            String element = items.isEmpty() ? "STRING" : items.get(0).get("t").asText();
            f.put("type", element).put("mode", "REPEATED");
        } else if ("RECORD".equals(type)) {
            f.put("type", "RECORD").put("mode", "NULLABLE");
            ArrayNode subs = f.putArray("fields");
            for (JsonNode sub : parse(t.value())) {
                subs.addObject()
                        .put("name", sub.get("name").asText())
                        .put("type", sub.get("t").asText())
                        .put("mode", "NULLABLE");
            }
        } else {
            f.put("type", type).put("mode", required ? "REQUIRED" : "NULLABLE");
        }
        return f;
    }

    /** One cell, {@code {"v": …}}, in the column's type. */
    static ObjectNode cell(String type, Object raw) {
        ObjectNode cell = NODES.objectNode();
        Typed t = typed(raw);
        Object value = t.value();
        if (value == null) {
            return cell.putNull("v");
        }
        if ("ARRAY".equals(t.type())) {
            ArrayNode out = cell.putArray("v");
            for (JsonNode item : parse(value)) {
                out.addObject()
                        .put("v", item.get("v").isNull() ? null : item.get("v").asText());
            }
            return cell;
        }
        if ("RECORD".equals(t.type())) {
            ArrayNode f = cell.putObject("v").putArray("f");
            for (JsonNode sub : parse(value)) {
                f.addObject()
                        .put("v", sub.get("v").isNull() ? null : sub.get("v").asText());
            }
            return cell;
        }
        return cell.put("v", scalar(type, value));
    }

    static String scalar(String type, Object value) {
        switch (type) {
            case "BOOLEAN":
                String b = String.valueOf(value);
                return String.valueOf(b.equals("1") || b.equalsIgnoreCase("true"));
            case "NUMERIC":
            case "BIGNUMERIC":
                return new BigDecimal(String.valueOf(value))
                        .stripTrailingZeros()
                        .toPlainString();
            case "BYTES":
                return Base64.getEncoder()
                        .encodeToString(
                                value instanceof byte[] bytes
                                        ? bytes
                                        : String.valueOf(value).getBytes());
            case "TIMESTAMP":
                Instant at = instant(String.valueOf(value));
                return BigDecimal.valueOf(at.getEpochSecond())
                        .add(BigDecimal.valueOf(at.getNano(), 9))
                        .stripTrailingZeros()
                        .toPlainString();
            case "DATETIME":
                return String.valueOf(value).replace(' ', 'T');
            case "FLOAT":
                return value instanceof Number n ? String.valueOf(n.doubleValue()) : String.valueOf(value);
            default:
                return value instanceof byte[] bytes ? new String(bytes) : String.valueOf(value);
        }
    }

    static Instant instant(String text) {
        String s = text.strip().replace(' ', 'T');
        if (s.endsWith("UTC")) {
            s = s.substring(0, s.length() - 3).strip() + "Z";
        }
        if (s.matches(".*[+-]\\d\\d$")) {
            s = s + ":00";
        }
        if (s.length() == 10) {
            s = s + "T00:00:00Z";
        }
        if (s.endsWith("Z") || s.matches(".*[+-]\\d\\d:\\d\\d$")) {
            return OffsetDateTime.parse(s).toInstant();
        }
        return LocalDateTime.parse(s).toInstant(ZoneOffset.UTC);
    }

    private static JsonNode parse(Object json) {
        try {
            return JSON.readTree(String.valueOf(json));
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The SQL functions the translator calls. */
    static void register(Connection db) throws SQLException {
        Function.create(db, "bq_tag", new Function() {
            @Override
            protected void xFunc() throws SQLException {
                String v = value_text(1);
                result(v == null ? null : TAG + value_text(0) + TAG + v);
            }
        });
        Function.create(db, "bq_geogpoint", new Function() {
            @Override
            protected void xFunc() throws SQLException {
                result(TAG + "GEOGRAPHY" + TAG + "POINT(" + number(value_double(0)) + " " + number(value_double(1))
                        + ")");
            }
        });
        Function.create(db, "bq_array", new Fn() {
            @Override
            protected void xFunc() throws SQLException {
                ArrayNode items = NODES.arrayNode();
                for (int i = 0; i < args(); i++) {
                    ObjectNode item = items.addObject();
                    put(item, i);
                }
                result(TAG + "ARRAY" + TAG + items);
            }
        });
        Function.create(db, "bq_struct", new Fn() {
            @Override
            protected void xFunc() throws SQLException {
                ArrayNode fields = NODES.arrayNode();
                for (int i = 0; i + 1 < args(); i += 2) {
                    ObjectNode f = fields.addObject().put("name", value_text(i));
                    put(f, i + 1);
                }
                result(TAG + "RECORD" + TAG + fields);
            }
        });
    }

    /** A function whose arguments keep SQLite's types: integer, real, text, blob or NULL. */
    private abstract static class Fn extends Function {
        Object arg(int i) throws SQLException {
            switch (value_type(i)) {
                case 1:
                    return value_long(i);
                case 2:
                    return value_double(i);
                case 4:
                    return value_blob(i);
                case 5:
                    return null;
                default:
                    return value_text(i);
            }
        }

        void put(ObjectNode node, int i) throws SQLException {
            Object raw = arg(i);
            String type = type(null, raw);
            Object value = typed(raw).value();
            node.put("t", type);
            node.put("v", value == null ? null : scalar(type, value));
        }
    }

    private static String number(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? String.valueOf((long) d) : String.valueOf(d);
    }
}
