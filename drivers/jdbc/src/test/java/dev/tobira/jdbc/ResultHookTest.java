package dev.tobira.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The hooks around one connection's identity and one result's end: dialectName(connection), afterRows, abandon. */
class ResultHookTest {
    @TempDir
    Path dir;

    /** Records afterRows and abandon, and refuses the end of a result whose query asks for it. */
    static class EndDialect extends TestDialect {
        @Override
        protected Connector connector() {
            Connector plain = super.connector();
            return new Connector() {
                @Override
                public Connection connect(dev.tobira.api.ConnConfig config) throws SQLException {
                    return plain.connect(config);
                }

                @Override
                public java.util.Optional<String> dialectName(JdbcSession session) throws SQLException {
                    return java.util.Optional.of("testdb-"
                            + session.connection()
                                    .getMetaData()
                                    .getDatabaseProductName()
                                    .toLowerCase(java.util.Locale.ROOT));
                }
            };
        }

        @Override
        StatementScope scope(JdbcSession session, Call call) {
            return new TestScope(session, call) {
                @Override
                public void checkRowsEnded(Statement statement) {
                    hooks.add("rows ended");
                    if (call.guarded() && hooks.contains("refuse")) {
                        throw DriverException.of(
                                ErrorKind.READ_ONLY, name(), "query", "the statement left read-only mode");
                    }
                }
            };
        }

        @Override
        protected Statements statements() {
            return new TestStatements() {
                @Override
                public void abandon(JdbcSession session, Statement statement) {
                    hooks.add("abandon");
                }
            };
        }
    }

    private ConnConfig config() {
        return ConnConfig.of("testdb:" + dir.resolve("r.db"));
    }

    private static String hooksOf(EndDialect d) {
        String s = String.join(", ", d.hooks).replaceAll("before Call\\[[^]]*]", "before");
        d.hooks.clear();
        return s;
    }

    @Test
    void theConnectionNamesItsDialect() {
        try (Conn conn = new TestDriver(new EndDialect()).open(config())) {
            assertEquals("testdb-sqlite", conn.info().dialect());
        }
        try (Conn conn = new TestDriver(new TestDialect()).open(config())) {
            assertEquals("testdb", conn.info().dialect());
        }
    }

    @Test
    void afterRowsRunsAtTheEndAndAbandonWhenClosedEarly() {
        EndDialect d = new EndDialect();
        String rows = "with recursive r(x) as (select 1 union all select x + 1 from r where x < 5) select x from r";
        try (Conn conn = new TestDriver(d).open(config())) {
            try (ResultSet rs = conn.query(Query.of(rows))) {
                assertEquals(5, rs.stream().count());
            }
            assertEquals("before, rows ended, after true", hooksOf(d));
            try (ResultSet rs = conn.query(Query.of(rows))) {
                rs.next();
            }
            assertEquals("before, abandon, after true", hooksOf(d));
            try (ResultSet rs = conn.query(Query.of(rows).withLimit(2))) {
                assertEquals(2, rs.stream().count());
                assertTrue(rs.stats().truncated());
            }
            assertEquals("before, after true", hooksOf(d), "a limit's cut is neither the end nor an abandon");
            try (ResultSet rs = conn.query(Query.of(rows).withLimit(5))) {
                assertEquals(5, rs.stream().count());
            }
            assertEquals("before, rows ended, after true", hooksOf(d));
            try (ResultSet rs = conn.query(Query.of("create table t (x integer)"))) {
                assertEquals(0, rs.stream().count());
            }
            assertEquals("before, after true", hooksOf(d));
            d.hooks.add("refuse");
            ResultSet rs = conn.query(Query.of(rows).withReadOnly(true));
            assertEquals(
                    5,
                    List.of(rs.next(), rs.next(), rs.next(), rs.next(), rs.next())
                            .size());
            DriverException e = assertThrows(DriverException.class, rs::hasNext);
            assertEquals(ErrorKind.READ_ONLY, e.kind());
            assertEquals("refuse, before, rows ended, after false", hooksOf(d));
        }
    }
}
