package dev.tobira.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.ConnConfig;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one home of a connection's state: made once per key, found without being made, closed with the session. */
class JdbcSessionTest {
    @TempDir
    Path dir;

    /** A state that counts how often it was made and closed. */
    static final class Counted implements AutoCloseable {
        static final AtomicInteger MADE = new AtomicInteger();
        static final AtomicInteger CLOSED = new AtomicInteger();
        static final JdbcSession.Key<Counted> KEY = JdbcSession.Key.of("counted", Counted.class, s -> new Counted());

        Counted() {
            MADE.incrementAndGet();
        }

        @Override
        public void close() {
            CLOSED.incrementAndGet();
        }
    }

    @Test
    void stateIsMadeOnceFoundWithoutMakingAndClosedWithTheSession() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("s.db"))) {
            JdbcSession session = new JdbcSession(
                    Dialect.of(new TestDialect()), c, ConnConfig.of("testdb:x").withReadOnly(true));
            int made = Counted.MADE.get();
            assertEquals(Optional.empty(), session.find(Counted.KEY), "find made the state");
            Counted first = session.get(Counted.KEY);
            assertSame(first, session.get(Counted.KEY));
            assertSame(first, session.find(Counted.KEY).orElseThrow());
            assertEquals(made + 1, Counted.MADE.get());
            assertTrue(session.readOnly());
            assertEquals("testdb", session.driver());
            JdbcSession.Key<String> failing = JdbcSession.Key.of("failing", String.class, s -> {
                throw new SQLException("no");
            });
            assertThrows(SQLException.class, () -> session.get(failing));
            assertEquals(Optional.empty(), session.find(failing), "a failed initializer keeps nothing");
            int closed = Counted.CLOSED.get();
            session.close();
            assertEquals(closed + 1, Counted.CLOSED.get());
            assertEquals(Optional.empty(), session.find(Counted.KEY));
            assertThrows(IllegalStateException.class, () -> session.get(Counted.KEY), "state made on a closed session");
        }
    }
}
