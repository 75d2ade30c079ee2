package dev.tobira.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tobira.api.Value;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The per-column choice of reader and the fallback conversion by class. */
class ColumnReadersTest {
    private static Value.Kind kind(int type, int precision, String className) {
        return ColumnReaders.standard(new JdbcColumn(1, "c", type, "", precision, 0, true, className))
                .kind();
    }

    @Test
    void readerPerJdbcType() {
        assertEquals(Value.Kind.INT, kind(Types.INTEGER, 0, ""));
        assertEquals(Value.Kind.INT, kind(Types.BIGINT, 19, "java.lang.Long"));
        assertEquals(Value.Kind.DECIMAL, kind(Types.BIGINT, 20, "java.math.BigInteger"));
        assertEquals(Value.Kind.DECIMAL, kind(Types.NUMERIC, 10, ""));
        assertEquals(Value.Kind.FLOAT, kind(Types.REAL, 0, ""));
        assertEquals(Value.Kind.FLOAT, kind(Types.DOUBLE, 0, ""));
        assertEquals(Value.Kind.BOOL, kind(Types.BOOLEAN, 0, ""));
        assertEquals(Value.Kind.BOOL, kind(Types.BIT, 1, ""));
        assertEquals(Value.Kind.BYTES, kind(Types.BIT, 8, ""));
        assertEquals(Value.Kind.TEXT, kind(Types.CLOB, 0, ""));
        assertEquals(Value.Kind.BYTES, kind(Types.BLOB, 0, ""));
        assertEquals(Value.Kind.DATE, kind(Types.DATE, 0, ""));
        assertEquals(Value.Kind.TIME, kind(Types.TIME, 0, ""));
        assertEquals(Value.Kind.DATETIME, kind(Types.TIMESTAMP, 0, ""));
        assertEquals(Value.Kind.TIMESTAMP, kind(Types.TIMESTAMP_WITH_TIMEZONE, 0, ""));
        assertEquals(Value.Kind.UUID, kind(Types.OTHER, 0, "java.util.UUID"));
        assertEquals(Value.Kind.UUID, kind(Types.BINARY, 16, "java.util.UUID"));
        assertEquals(Value.Kind.ARRAY, kind(Types.ARRAY, 0, ""));
        assertEquals(Value.Kind.TEXT, kind(Types.OTHER, 0, "org.postgresql.util.PGobject"));
        assertEquals(Value.Kind.INT, kind(Types.OTHER, 0, "java.lang.Long"));
    }

    @Test
    void fromObject() throws SQLException {
        UUID id = UUID.randomUUID();
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("a", 1);
        doc.put("b", List.of("x", 2.5));
        assertEquals(Value.NULL, ColumnReaders.fromObject(null));
        assertEquals(Value.of(7), ColumnReaders.fromObject((short) 7));
        assertEquals(Value.of(Long.MAX_VALUE), ColumnReaders.fromObject(BigInteger.valueOf(Long.MAX_VALUE)));
        assertEquals(
                Value.of(new BigDecimal("18446744073709551615")),
                ColumnReaders.fromObject(new BigInteger("18446744073709551615")));
        assertEquals(Value.of(1.1), ColumnReaders.fromObject(1.1f));
        assertEquals(new Value.Uuid(id), ColumnReaders.fromObject(id));
        assertEquals(
                new Value.Date(LocalDate.of(2026, 1, 2)),
                ColumnReaders.fromObject(java.sql.Date.valueOf("2026-01-02")));
        assertEquals(
                new Value.Timestamp(Instant.parse("2026-01-02T03:04:05Z")),
                ColumnReaders.fromObject(OffsetDateTime.of(2026, 1, 2, 5, 4, 5, 0, ZoneOffset.ofHours(2))));
        assertEquals(
                new Value.Array(List.of(Value.of(1), Value.of("x"))), ColumnReaders.fromObject(new Object[] {1, "x"}));
        assertEquals(
                new Value.Doc(Map.of("a", Value.of(1), "b", new Value.Array(List.of(Value.of("x"), Value.of(2.5))))),
                ColumnReaders.fromObject(doc));
        assertEquals(new Value.Vector(new float[] {1f, 2f}), ColumnReaders.fromObject(new float[] {1f, 2f}));
        assertEquals(Value.of("other"), ColumnReaders.fromObject(new StringBuilder("other")));
    }

    /** An unmapped type's cells are what getObject makes of them, whatever kind its class suggests. */
    @Test
    void anUnmappedTypeAdmitsEveryCellKind() {
        ColumnMapping m = ColumnReaders.standard(
                new JdbcColumn(1, "n", java.sql.Types.OTHER, "hugeint", 0, 0, true, "java.math.BigInteger"));
        org.junit.jupiter.api.Assertions.assertEquals(Value.Kind.DECIMAL, m.kind());
        // ColumnReaders.fromObject makes a BigInteger in long range an Int
        org.junit.jupiter.api.Assertions.assertTrue(m.admits(Value.of(5L)), "an Int cell of a DECIMAL-looking column");
        org.junit.jupiter.api.Assertions.assertTrue(m.admitsAll());
    }
}
