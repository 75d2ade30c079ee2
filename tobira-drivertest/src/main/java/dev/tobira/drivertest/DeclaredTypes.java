package dev.tobira.drivertest;

import dev.tobira.api.Column;
import dev.tobira.api.Conn;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.opentest4j.AssertionFailedError;

/**
 * The SQL driver's declared-type table ({@link Fixture.Builder#declaredTypes}): a column declared
 * with a type reads as the kind the driver says, whatever the engine stores row by row. The kit
 * creates {@value #TABLE} with one column per declared type, inserts one value of each column's
 * kind as a parameter, and reads it back with a plain and a read-only query; a column whose
 * {@link Column#kind()} or value differs fails the check, named with its declared type. The table is
 * dropped before and after. It is the check of {@link Behavior#DECLARED_TYPES}: expected without a
 * table, it fails; absent (declared, or for a language other than SQL), the report says why.
 */
final class DeclaredTypes {
    /** The table the check creates in the writable connection's namespace. */
    static final String TABLE = "tobira_declared_types";

    private final KitContext context;

    DeclaredTypes(KitContext context) {
        this.context = context;
    }

    Stream<DynamicNode> checks() {
        if (!context.fx().expects(Behavior.DECLARED_TYPES)) {
            return Stream.empty(); // absent, with its reason in the report's behaviours and absences
        }
        Map<String, Value.Kind> table = context.fx().declaredTypes();
        if (table.isEmpty()) {
            // the model's rule: an expected behaviour without its case fails, named (contractBehaviors says the same)
            String missing = context.fx().missingCase(Behavior.DECLARED_TYPES).orElseThrow();
            return Stream.of(DynamicTest.dynamicTest("declared types: " + missing, () -> {
                throw new AssertionFailedError(missing);
            }));
        }
        return Stream.of(DynamicTest.dynamicTest(
                "each of " + table.size() + " declared types reads as its kind", () -> check(table)));
    }

    private void check(Map<String, Value.Kind> table) {
        List<String> types = List.copyOf(table.keySet());
        List<Value.Kind> kinds = List.copyOf(table.values());
        StringBuilder create = new StringBuilder("create table ").append(TABLE).append(" (");
        StringBuilder insert = new StringBuilder("insert into ").append(TABLE).append(" values (");
        StringBuilder select = new StringBuilder("select ");
        List<Value> values = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
            String sep = i == 0 ? "" : ", ";
            create.append(sep).append(column(i)).append(' ').append(types.get(i));
            insert.append(sep).append('?');
            select.append(sep).append(column(i));
            values.add(sample(kinds.get(i)));
        }
        create.append(')');
        insert.append(')');
        select.append(" from ").append(TABLE);
        try (Conn conn = context.open(context.writableConfig())) {
            drop(conn);
            try {
                conn.query(Query.of(create.toString())).close();
                conn.query(Query.of(insert.toString()).withParams(values)).close();
                List<String> wrong = new ArrayList<>();
                read(conn, "writable", Query.of(select.toString()), types, table, wrong);
                // the guarded path: a read-only query on the same connection (an embedded engine's
                // read-only connections may read another file than the writable one)
                read(conn, "read-only query", Query.of(select.toString()).withReadOnly(true), types, table, wrong);
                if (!wrong.isEmpty()) {
                    throw new AssertionFailedError(
                            "declared types read as another kind than the driver's table says:\n  "
                                    + String.join("\n  ", wrong));
                }
            } finally {
                drop(conn);
            }
        }
    }

    private static void read(
            Conn conn,
            String path,
            Query select,
            List<String> types,
            Map<String, Value.Kind> table,
            List<String> wrong) {
        try (ResultSet rs = conn.query(select)) {
            List<Column> columns = rs.columns();
            if (!rs.hasNext()) {
                wrong.add(path + ": the row inserted into " + TABLE + " did not come back");
                return;
            }
            Row row = rs.next();
            for (int i = 0; i < types.size(); i++) {
                Value.Kind expected = table.get(types.get(i));
                String name = column(i) + " " + types.get(i);
                if (columns.get(i).kind() != expected) {
                    wrong.add(path + ": column " + name + " reports "
                            + columns.get(i).kind() + ", expected " + expected);
                }
                Value cell = row.get(i);
                if (cell.kind() != expected) {
                    wrong.add(
                            path + ": column " + name + " read " + cell.kind() + " " + cell + ", expected " + expected);
                }
            }
        }
    }

    private static String column(int i) {
        return "c" + (i + 1);
    }

    /** A value of a kind, bound as the column's parameter: one the column holds as it is on every engine. */
    private static Value sample(Value.Kind kind) {
        return switch (kind) {
            case BOOL -> Value.of(true);
            case INT -> Value.of(42);
            case FLOAT -> Value.of(2.5);
            case DECIMAL -> Value.of(new BigDecimal("12.5"));
            case BYTES -> new Value.Bytes(new byte[] {1, 2, 3});
            case DATE -> new Value.Date(LocalDate.of(2026, 1, 2));
            case TIME -> new Value.Time(LocalTime.of(10, 11, 12));
            case DATETIME -> new Value.DateTime(LocalDateTime.of(2026, 1, 2, 10, 11, 12));
            case TIMESTAMP -> new Value.Timestamp(Instant.parse("2026-01-02T10:11:12Z"));
            case UUID -> new Value.Uuid(java.util.UUID.fromString("0b3c2f3e-6d5a-4e1f-9a1b-2c3d4e5f6a7b"));
            case JSON -> new Value.Json("{\"a\":1}");
            default -> Value.of("tobira");
        };
    }

    private static void drop(Conn conn) {
        conn.query(Query.of("drop table if exists " + TABLE)).close();
    }
}
