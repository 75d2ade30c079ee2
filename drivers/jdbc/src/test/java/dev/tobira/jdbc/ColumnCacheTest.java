package dev.tobira.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Column;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Transactor;
import dev.tobira.api.Value;
import java.nio.file.Path;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The columns a connection keeps per statement text and shape ({@link JdbcDialect#resultShape}),
 * on a real engine: described once while the shape holds, again when it changes, and forgotten
 * after a statement without rows and at the end of a transaction.
 */
class ColumnCacheTest {
    @TempDir
    Path dir;

    private Path db;

    /** Shapes a result by its labels and type names, and counts the columns it had to describe. */
    private static final class ShapedDialect extends TestDialect {
        final AtomicInteger described = new AtomicInteger();

        @Override
        protected TypeMapping typeMapping() {
            return new TypeMapping() {
                @Override
                public JdbcColumn column(ResultSetMetaData md, int index) throws SQLException {
                    described.incrementAndGet();
                    return TypeMapping.super.column(md, index);
                }

                @Override
                public Optional<Object> resultShape(JdbcSession session, java.sql.ResultSet rs) throws SQLException {
                    ResultSetMetaData md = rs.getMetaData();
                    List<String> shape = new ArrayList<>();
                    for (int i = 1; i <= md.getColumnCount(); i++) {
                        shape.add(md.getColumnLabel(i) + " " + md.getColumnTypeName(i));
                    }
                    return Optional.of(shape);
                }
            };
        }
    }

    @BeforeEach
    void createDatabase() throws SQLException {
        db = ItemsDatabase.create(dir);
    }

    private ConnConfig config() {
        return ConnConfig.of("testdb:" + db);
    }

    private static List<Row> rows(ResultSet rs) {
        return JdbcBaseTest.rows(rs);
    }

    private static List<Value.Kind> kinds(Conn conn, Query query) {
        try (ResultSet rs = conn.query(query)) {
            return rs.columns().stream().map(Column::kind).toList();
        }
    }

    @Test
    void theSameTextAndShapeAreDescribedOnce() {
        ShapedDialect dialect = new ShapedDialect();
        try (Conn conn = new TestDriver(dialect).open(config().withReadOnly(true))) {
            Query query = Query.of("select code, qty from items where qty >= ? order by code");
            List<Column> first;
            try (ResultSet rs = conn.query(query.withParams(Value.of(2)))) {
                first = rs.columns();
            }
            for (int i = 0; i < 3; i++) {
                try (ResultSet rs = conn.query(query.withParams(Value.of(i)))) {
                    assertSame(first, rs.columns(), "the kept columns");
                    assertEquals(Math.min(3, 4 - i), rows(rs).size());
                }
            }
            assertEquals(2, dialect.described.get(), "two columns, described by the first query only");
        }
    }

    @Test
    void anotherShapeIsDescribedAgain() {
        ShapedDialect dialect = new ShapedDialect();
        try (Conn conn = new TestDriver(dialect).open(config())) {
            // sqlite-jdbc types an expression by its value: the same text, two shapes
            Query query = Query.of("select ? as v");
            assertEquals(List.of(Value.Kind.INT), kinds(conn, query.withParams(Value.of(7))));
            assertEquals(List.of(Value.Kind.TEXT), kinds(conn, query.withParams(Value.of("seven"))));
            assertEquals(List.of(Value.Kind.INT), kinds(conn, query.withParams(Value.of(8))));
            assertEquals(3, dialect.described.get());
        }
    }

    @Test
    void aStatementWithoutRowsForgetsTheColumns() {
        ShapedDialect dialect = new ShapedDialect();
        try (Conn conn = new TestDriver(dialect).open(config())) {
            Query query = Query.of("select code from items");
            rows(conn.query(query));
            rows(conn.query(query));
            assertEquals(1, dialect.described.get());
            rows(conn.query(Query.of("create table other (x integer)")));
            rows(conn.query(query));
            assertEquals(2, dialect.described.get(), "described again after the DDL");
        }
    }

    @Test
    void theEndOfATransactionForgetsTheColumns() {
        ShapedDialect dialect = new ShapedDialect();
        try (Conn conn = new TestDriver(dialect).open(config())) {
            Query query = Query.of("select code from items");
            Transactor transactor = conn.as(Transactor.class).orElseThrow();
            try (Transactor.Tx tx = transactor.begin()) {
                rows(tx.query(query));
                rows(tx.query(query));
                assertEquals(1, dialect.described.get());
                tx.rollback();
            }
            rows(conn.query(query));
            assertEquals(2, dialect.described.get(), "described again after the transaction");
        }
    }

    @Test
    void withoutAShapeEveryResultIsDescribed() {
        AtomicInteger described = new AtomicInteger();
        TestDialect dialect = new TestDialect() {
            @Override
            protected TypeMapping typeMapping() {
                return new TypeMapping() {
                    @Override
                    public JdbcColumn column(ResultSetMetaData md, int index) throws SQLException {
                        described.incrementAndGet();
                        return TypeMapping.super.column(md, index);
                    }
                };
            }
        };
        try (Conn conn = new TestDriver(dialect).open(config())) {
            for (int i = 0; i < 3; i++) {
                rows(conn.query(Query.of("select code, qty from items")));
            }
            assertEquals(6, described.get());
        }
    }

    @Test
    void theCacheIsBounded() {
        try (Conn conn = new TestDriver(new ShapedDialect()).open(config())) {
            for (int i = 0; i < ColumnCache.CAPACITY + 10; i++) {
                rows(conn.query(Query.of("select code, " + i + " as n from items")));
            }
            int size = ((JdbcConn) conn).runner().context().columns().size();
            assertTrue(size <= ColumnCache.CAPACITY, "size " + size);
            assertEquals(ColumnCache.CAPACITY, size);
        }
    }
}
