package dev.tobira.driver.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tobira.api.Column;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Issue 31: a column declared NUMERIC or DECIMAL reads as DECIMAL whatever storage class each
 * value has, as it does on the server engines; other declared types and expressions keep their
 * storage classes.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqliteDecimalTest {
    private final SqliteFixture fixture = new SqliteFixture();
    private final SqliteDriver driver = new SqliteDriver();

    @BeforeEach
    void seed() {
        fixture.seed();
        try (Connection c = fixture.nativeConnection();
                Statement st = c.createStatement()) {
            st.execute(
                    "create table prices (id integer primary key, a numeric(10,2), b decimal, c NUMERIC, d Decimal (8, 3),"
                            + " e boolean, f date)");
            st.execute("insert into prices values (1, 12.5, 10, 3, 0.125, 1, '2026-01-02')");
            st.execute("insert into prices values (2, 10.00, 2.75, -9223372036854775808, 1e300, 0, 20260102)");
            st.execute("insert into prices values (3, 'n/a', null, x'01', '7.50', null, null)");
            st.execute("create view price_view as select a, b from prices");
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @AfterAll
    void removeFiles() {
        fixture.delete();
    }

    private static List<Row> rows(ResultSet rs) {
        List<Row> rows = new ArrayList<>();
        try (rs) {
            rs.forEachRemaining(rows::add);
        }
        return rows;
    }

    private static Value dec(String s) {
        return Value.of(new BigDecimal(s));
    }

    @Test
    void declaredNumericAndDecimalColumnsReadAsDecimal() {
        for (boolean readOnly : new boolean[] {true, false}) {
            try (Conn conn = driver.open(ConnConfig.of(fixture.dsn()).withReadOnly(readOnly))) {
                for (int pass = 0; pass < 2; pass++) { // the second pass reads the kept columns
                    try (ResultSet rs = conn.query(Query.of("select a, b, c, d, e, f from prices order by id"))) {
                        assertEquals(
                                List.of(
                                        Value.Kind.DECIMAL,
                                        Value.Kind.DECIMAL,
                                        Value.Kind.DECIMAL,
                                        Value.Kind.DECIMAL,
                                        Value.Kind.INT,
                                        Value.Kind.TEXT),
                                rs.columns().stream().map(Column::kind).toList());
                        List<Row> rows = rows(rs);
                        assertEquals(
                                List.of(
                                        dec("12.5"),
                                        dec("10"),
                                        dec("3"),
                                        dec("0.125"),
                                        Value.of(1),
                                        Value.of("2026-01-02")),
                                rows.get(0).values());
                        assertEquals(
                                List.of(
                                        dec("10"),
                                        dec("2.75"),
                                        dec("-9223372036854775808"),
                                        dec("1.0E+300"),
                                        Value.of(0),
                                        Value.of(20260102)),
                                rows.get(1).values());
                        // a value NUMERIC affinity could not make a number stays what it is
                        assertEquals(
                                List.of(
                                        Value.of("n/a"),
                                        Value.NULL,
                                        new Value.Bytes(new byte[] {1}),
                                        dec("7.5"),
                                        Value.NULL,
                                        Value.NULL),
                                rows.get(2).values());
                    }
                }
            }
        }
    }

    @Test
    void theFirstRowDoesNotDecideTheKind() {
        try (Conn conn = driver.open(ConnConfig.of(fixture.dsn()).withReadOnly(true))) {
            for (String order : new String[] {"id", "id desc"}) {
                try (ResultSet rs =
                        conn.query(Query.of("select b from prices where b is not null order by " + order))) {
                    assertEquals(Value.Kind.DECIMAL, rs.columns().get(0).kind());
                    for (Row row : rows(rs)) {
                        assertEquals(Value.Kind.DECIMAL, row.get(0).kind(), row.toString());
                    }
                }
            }
            try (ResultSet rs = conn.query(Query.of("select a, b from price_view where b is not null order by b"))) {
                assertEquals(
                        List.of(Value.Kind.DECIMAL, Value.Kind.DECIMAL),
                        rs.columns().stream().map(Column::kind).toList());
                assertEquals(List.of(dec("10"), dec("2.75")), rows(rs).get(0).values());
            }
        }
    }

    @Test
    void expressionsKeepTheirStorageClass() {
        try (Conn conn = driver.open(ConnConfig.of(fixture.dsn()).withReadOnly(true));
                ResultSet rs = conn.query(
                        Query.of("select b + 0 as x, cast(b as numeric) as y, 1.5 as z from prices where id = 1"))) {
            assertEquals(
                    List.of(Value.of(10), Value.of(10), Value.of(1.5)),
                    rows(rs).get(0).values());
        }
    }

    @Test
    void describeReportsDecimal() {
        try (Conn conn = driver.open(ConnConfig.of(fixture.dsn()).withReadOnly(true))) {
            var info = conn.describe(dev.tobira.api.CollectionRef.of("prices"));
            assertEquals(
                    List.of(
                            Value.Kind.INT,
                            Value.Kind.DECIMAL,
                            Value.Kind.DECIMAL,
                            Value.Kind.DECIMAL,
                            Value.Kind.DECIMAL,
                            Value.Kind.INT,
                            Value.Kind.TEXT),
                    info.fields().stream().map(dev.tobira.api.Column::kind).toList());
        }
    }
}
