package dev.tobira.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The prepared statements a connection keeps by text when its dialect asks for it
 * ({@link JdbcDialect#keptStatements()}), on a real engine: compiled once, clean at every reuse,
 * never shared by two open results, never kept after a failure, bounded, and closed with the
 * connection.
 */
class StatementCacheTest {
    private static final int KEPT = 4;

    @TempDir
    Path dir;

    private Path db;

    /** Keeps {@link #KEPT} statements and remembers every statement it prepared. */
    private static class KeepingDialect extends TestDialect {
        final List<PreparedStatement> prepared = Collections.synchronizedList(new ArrayList<>());

        int kept() {
            return KEPT;
        }

        @Override
        protected Statements statements() {
            return new TestStatements() {
                @Override
                public int keptStatements() {
                    return kept();
                }

                @Override
                public PreparedStatement prepare(JdbcSession session, String sql, Call call) throws SQLException {
                    PreparedStatement st = super.prepare(session, sql, call);
                    prepared.add(st);
                    return st;
                }
            };
        }
    }

    @BeforeEach
    void createDatabase() throws SQLException {
        db = ItemsDatabase.create(dir);
    }

    private Conn open(KeepingDialect dialect) {
        return new TestDriver(dialect).open(ConnConfig.of("testdb:" + db).withReadOnly(true));
    }

    private static List<Row> rows(ResultSet rs) {
        return JdbcBaseTest.rows(rs);
    }

    private static StatementCache statements(Conn conn) {
        return ((JdbcConn) conn).runner().context().statements();
    }

    @Test
    void theSameTextIsPreparedOnceAndBoundAnewEachCall() {
        KeepingDialect dialect = new KeepingDialect();
        try (Conn conn = open(dialect)) {
            Query query = Query.of("select code from items where qty >= ? order by code");
            for (int min = 1; min <= 3; min++) {
                assertEquals(
                        4 - min,
                        rows(conn.query(query.withParams(Value.of(min)))).size(),
                        "qty >= " + min);
            }
            assertEquals(1, dialect.prepared.size());
            assertEquals(List.of(query.text()), statements(conn).texts());
        }
    }

    @Test
    void aKeptStatementForgetsItsParametersLimitAndTimeout() throws SQLException {
        KeepingDialect dialect = new KeepingDialect();
        try (Conn conn = open(dialect)) {
            Query query = Query.of("select code from items order by code");
            assertEquals(
                    1,
                    rows(conn.query(query.withLimit(1).withTimeout(Duration.ofSeconds(30))))
                            .size());
            PreparedStatement kept = dialect.prepared.get(0);
            assertEquals(0, kept.getMaxRows(), "max rows");
            assertEquals(0, kept.getQueryTimeout(), "query timeout");
            assertEquals(3, rows(conn.query(query)).size(), "the limit of the call before");
            assertEquals(1, dialect.prepared.size());

            // a parameter of the call before is never bound again: the next call of the text must
            // give its own, one per ? (issue 31), and one that gives none is refused before the kept statement is taken
            Query echo = Query.of("select ? as v");
            assertEquals(
                    Value.of(5),
                    rows(conn.query(echo.withParams(Value.of(5)))).get(0).get(0));
            DriverException none = assertThrows(DriverException.class, () -> conn.query(echo));
            assertEquals(ErrorKind.INVALID_ARGUMENT, none.kind(), none.getMessage());
            assertEquals(
                    Value.of(6),
                    rows(conn.query(echo.withParams(Value.of(6)))).get(0).get(0));
            assertEquals(2, dialect.prepared.size());
        }
    }

    @Test
    void twoOpenResultsOfOneTextHaveTwoStatements() {
        KeepingDialect dialect = new KeepingDialect();
        try (Conn conn = open(dialect)) {
            Query query = Query.of("select code from items where qty >= ? order by code");
            try (ResultSet first = conn.query(query.withParams(Value.of(1)));
                    ResultSet second = conn.query(query.withParams(Value.of(3)))) {
                assertEquals(Value.of("a"), first.next().get(0));
                assertEquals(Value.of("c"), second.next().get(0));
                assertFalse(second.hasNext());
                assertEquals(Value.of("b"), first.next().get(0));
            }
            assertEquals(2, dialect.prepared.size());
            assertNotSame(dialect.prepared.get(0), dialect.prepared.get(1));
            assertEquals(1, statements(conn).size(), "one idle statement per text");
        }
    }

    @Test
    void aStatementThatFailedIsClosedNotKept() throws SQLException {
        KeepingDialect dialect = new KeepingDialect();
        try (Conn conn = open(dialect)) {
            // abs() of the smallest integer overflows while the row is read
            Query query = Query.of("select abs(? - 1)");
            DriverException e = assertThrows(
                    DriverException.class, () -> rows(conn.query(query.withParams(Value.of(Long.MIN_VALUE + 1)))));
            assertTrue(e.getMessage().contains("integer overflow"), e.getMessage());
            assertEquals(0, statements(conn).size());
            assertTrue(dialect.prepared.get(0).isClosed());
            assertEquals(
                    Value.of(1),
                    rows(conn.query(query.withParams(Value.of(2)))).get(0).get(0));
            assertEquals(2, dialect.prepared.size(), "prepared again after the failure");
        }
    }

    @Test
    void theLeastRecentlyUsedIsClosedFirst() throws SQLException {
        KeepingDialect dialect = new KeepingDialect();
        try (Conn conn = open(dialect)) {
            for (int i = 0; i <= KEPT; i++) {
                rows(conn.query(Query.of("select " + i)));
            }
            assertEquals(KEPT, statements(conn).size());
            assertTrue(dialect.prepared.get(0).isClosed(), "the eldest");
            assertFalse(statements(conn).texts().contains("select 0"));
            rows(conn.query(Query.of("select 1"))); // used again: now the most recent
            rows(conn.query(Query.of("select 'x'")));
            assertTrue(statements(conn).texts().contains("select 1"));
            assertFalse(statements(conn).texts().contains("select 2"));
            assertEquals(KEPT + 2, dialect.prepared.size());
        }
    }

    @Test
    void closingTheConnectionClosesTheKeptStatements() throws SQLException {
        KeepingDialect dialect = new KeepingDialect();
        Conn conn = open(dialect);
        rows(conn.query(Query.of("select 1")));
        ResultSet open = conn.query(Query.of("select 2"));
        conn.close();
        open.close();
        for (PreparedStatement st : dialect.prepared) {
            assertTrue(st.isClosed());
        }
        assertEquals(0, statements(conn).size());
    }

    @Test
    void aDialectWithoutKeptStatementsPreparesEveryCall() {
        KeepingDialect counting = new KeepingDialect() {
            @Override
            int kept() {
                return 0;
            }
        };
        try (Conn conn = open(counting)) {
            for (int i = 0; i < 3; i++) {
                rows(conn.query(Query.of("select 1")));
            }
            assertEquals(3, counting.prepared.size());
            assertNull(statements(conn).take("select 1"));
        }
    }

    @Test
    void theCacheGivesBackOnlyWhatWasGiven() throws SQLException {
        StatementCache cache = new StatementCache(2);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            PreparedStatement a = c.prepareStatement("select ?");
            a.setInt(1, 7);
            a.setMaxRows(3);
            a.setQueryTimeout(9);
            cache.give("select ?", a);
            PreparedStatement again = c.prepareStatement("select ?");
            cache.give("select ?", again);
            assertTrue(again.isClosed(), "a second idle statement of one text is closed");
            assertSame(a, cache.take("select ?"));
            assertNull(cache.take("select ?"), "taken: no longer idle");
            assertEquals(0, a.getMaxRows());
            assertEquals(0, a.getQueryTimeout());
            cache.give("select ?", a);
            cache.close();
            assertTrue(a.isClosed());
            PreparedStatement late = c.prepareStatement("select 1");
            cache.give("select 1", late);
            assertTrue(late.isClosed(), "given back after the close");
        }
        assertThrows(IllegalArgumentException.class, () -> new StatementCache(-1));
    }
}
