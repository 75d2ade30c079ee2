package dev.tobira.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contract of a read-only mode's scope, as the base keeps it: the text asked once per statement
 * before it is prepared (also for a kept statement), the post-check after it ran, the scope closed
 * exactly once whatever happened, and no scope to close when opening it failed.
 */
class StatementScopeTest {
    @TempDir
    Path dir;

    private Path db;

    /** Records every step of its scopes; refuses what the test asks it to. */
    static final class RecordingDialect extends TestDialect {
        volatile boolean refuseOpen;
        volatile boolean refuseExecuted;

        @Override
        protected ReadOnlyMode readOnlyMode() {
            return (session, call) -> {
                if (refuseOpen) {
                    hooks.add("open refused");
                    throw DriverException.of(ErrorKind.READ_ONLY, name(), "query", "not now");
                }
                hooks.add("open");
                return new StatementScope() {
                    @Override
                    public String text(String text) {
                        hooks.add("text");
                        return text;
                    }

                    @Override
                    public void checkExecuted(Statement statement) {
                        hooks.add("executed");
                        if (refuseExecuted) {
                            throw DriverException.of(ErrorKind.READ_ONLY, name(), "query", "it wrote");
                        }
                    }

                    @Override
                    public void checkRowsEnded(Statement statement) {
                        hooks.add("rows ended");
                    }

                    @Override
                    public void close(boolean completed) {
                        hooks.add("close " + completed);
                    }
                };
            };
        }

        @Override
        protected Statements statements() {
            return new TestStatements() {
                @Override
                public int keptStatements() {
                    return 4;
                }

                @Override
                public PreparedStatement prepare(JdbcSession session, String sql, Call call) throws SQLException {
                    hooks.add("prepare");
                    return super.prepare(session, sql, call);
                }
            };
        }
    }

    @BeforeEach
    void createDatabase() throws SQLException {
        db = ItemsDatabase.create(dir);
    }

    private static List<String> drain(RecordingDialect d) {
        List<String> steps = List.copyOf(d.hooks);
        d.hooks.clear();
        return steps;
    }

    @Test
    void theTextIsAskedBeforeThePrepareAndAgainForAKeptStatement() {
        RecordingDialect d = new RecordingDialect();
        try (Conn conn = new TestDriver(d).open(ConnConfig.of("testdb:" + db))) {
            for (int i = 0; i < 2; i++) {
                try (ResultSet rs = conn.query(Query.of("select code from items"))) {
                    rs.forEachRemaining(r -> {});
                }
            }
            assertEquals(
                    List.of(
                            "open",
                            "text",
                            "prepare",
                            "executed",
                            "rows ended",
                            "close true",
                            "open",
                            "text",
                            "executed",
                            "rows ended",
                            "close true"),
                    drain(d),
                    "the second run takes the kept statement");
        }
    }

    @Test
    void aRefusedPostCheckClosesTheScopeOnceAsNotCompleted() {
        RecordingDialect d = new RecordingDialect();
        d.refuseExecuted = true;
        try (Conn conn = new TestDriver(d).open(ConnConfig.of("testdb:" + db))) {
            DriverException e =
                    assertThrows(DriverException.class, () -> conn.query(Query.of("select code from items")));
            assertEquals(ErrorKind.READ_ONLY, e.kind());
            assertEquals(List.of("open", "text", "prepare", "executed", "close false"), drain(d));
        }
    }

    @Test
    void aScopeThatFailedToOpenIsNotClosed() {
        RecordingDialect d = new RecordingDialect();
        d.refuseOpen = true;
        try (Conn conn = new TestDriver(d).open(ConnConfig.of("testdb:" + db))) {
            DriverException e =
                    assertThrows(DriverException.class, () -> conn.query(Query.of("select code from items")));
            assertEquals("testdb: query: not now: read-only violation", e.getMessage());
            assertEquals(List.of("open refused"), drain(d));
        }
    }
}
