package dev.tobira.jdbc;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

/**
 * The browser's generated SQL and its opaque cursors: keyset paging over the primary key when
 * there is one ({@code WHERE key > last ORDER BY key}), offset paging otherwise. A cursor is
 * base64url text of {@code k|<kind>:<value>|…} or {@code o|<offset>}; nothing else decodes.
 */
final class Paging {
    private static final String KEYSET = "k";
    private static final String OFFSET = "o";

    private final QueryBuilder dialect;
    private final CollectionRef collection;
    private final List<String> key;

    Paging(QueryBuilder dialect, CollectionRef collection, List<String> key) {
        this.dialect = dialect;
        this.collection = collection;
        this.key = key.size() > 1 && !dialect.rowValueComparison() ? List.of() : key;
    }

    /** One page's statement. */
    record Plan(String sql, List<Value> params, long offset) {}

    Plan plan(String cursor, int size) {
        StringBuilder sql = new StringBuilder("SELECT * FROM ").append(dialect.qualify(collection));
        List<Value> params = List.of();
        long offset = 0;
        if (!cursor.isEmpty()) {
            List<String> parts = decode(cursor);
            if (!key.isEmpty() && parts.get(0).equals(KEYSET) && parts.size() == key.size() + 1) {
                params = new ArrayList<>();
                for (int i = 1; i < parts.size(); i++) {
                    params.add(value(parts.get(i)));
                }
                sql.append(" WHERE ").append(keyList()).append(" > ");
                sql.append(key.size() == 1 ? "?" : "(" + "?, ".repeat(key.size() - 1) + "?)");
            } else if (key.isEmpty() && parts.get(0).equals(OFFSET) && parts.size() == 2) {
                offset = parseOffset(parts.get(1));
            } else {
                throw invalid();
            }
        }
        if (!key.isEmpty()) {
            sql.append(" ORDER BY ");
            for (int i = 0; i < key.size(); i++) {
                sql.append(i == 0 ? "" : ", ").append(dialect.quote(key.get(i)));
            }
        }
        sql.append(' ').append(dialect.limitClause(size + 1));
        if (offset > 0) {
            sql.append(' ').append(dialect.offsetClause(offset));
        }
        return new Plan(sql.toString(), params, offset);
    }

    private String keyList() {
        if (key.size() == 1) {
            return dialect.quote(key.get(0));
        }
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < key.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(dialect.quote(key.get(i)));
        }
        return sb.append(')').toString();
    }

    /** The cursor of the page after one whose last row is given. */
    String next(Plan plan, Row last, int size) {
        StringBuilder sb = new StringBuilder();
        if (key.isEmpty()) {
            sb.append(OFFSET).append('|').append(plan.offset() + size);
        } else {
            sb.append(KEYSET);
            for (String k : key) {
                sb.append('|').append(encode(last.get(k)));
            }
        }
        return Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(sb.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static List<String> decode(String cursor) {
        String text;
        try {
            text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw invalid();
        }
        List<String> parts = List.of(text.split("\\|", -1));
        if (parts.size() < 2) {
            throw invalid();
        }
        return parts;
    }

    private static long parseOffset(String s) {
        try {
            long n = Long.parseLong(s);
            if (n < 0) {
                throw invalid();
            }
            return n;
        } catch (NumberFormatException e) {
            throw invalid();
        }
    }

    private static IllegalArgumentException invalid() {
        return new IllegalArgumentException("not a cursor of this browser");
    }

    private static String encode(Value v) {
        String text;
        switch (v.kind()) {
            case BYTES:
                text = HexFormat.of().formatHex(((Value.Bytes) v).value());
                break;
            case NULL:
                text = "";
                break;
            default:
                text = v.toString();
        }
        return v.kind().name() + ":"
                + Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    private static Value value(String part) {
        int colon = part.indexOf(':');
        if (colon < 0) {
            throw invalid();
        }
        try {
            Value.Kind kind = Value.Kind.valueOf(part.substring(0, colon));
            String s = new String(Base64.getUrlDecoder().decode(part.substring(colon + 1)), StandardCharsets.UTF_8);
            switch (kind) {
                case NULL:
                    return Value.NULL;
                case BOOL:
                    return Value.of(Boolean.parseBoolean(s));
                case INT:
                    return Value.of(Long.parseLong(s));
                case FLOAT:
                    return Value.of(Double.parseDouble(s));
                case DECIMAL:
                    return Value.of(new BigDecimal(s));
                case TEXT:
                    return Value.of(s);
                case BYTES:
                    return new Value.Bytes(HexFormat.of().parseHex(s));
                case DATE:
                    return new Value.Date(LocalDate.parse(s));
                case TIME:
                    return new Value.Time(LocalTime.parse(s));
                case DATETIME:
                    return new Value.DateTime(LocalDateTime.parse(s));
                case TIMESTAMP:
                    return new Value.Timestamp(Instant.parse(s));
                case UUID:
                    return new Value.Uuid(java.util.UUID.fromString(s));
                case JSON:
                    return new Value.Json(s);
                default:
                    throw invalid();
            }
        } catch (RuntimeException e) {
            throw invalid(); // a bad kind, number, date or base64: not a cursor this class made
        }
    }
}
