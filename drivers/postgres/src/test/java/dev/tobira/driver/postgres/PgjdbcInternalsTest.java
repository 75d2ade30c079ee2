package dev.tobira.driver.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.ConnConfig;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What the guard relies on in pgjdbc's internals ({@link PgjdbcInternals}), asked of a real
 * connection opened as the driver opens it: a pgjdbc upgrade that changes any of these answers
 * fails here, by name, instead of weakening the guard in silence.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PgjdbcInternalsTest {
    private Connection connection;

    @BeforeAll
    void open() throws SQLException {
        connection = new PgConnector().connect(ConnConfig.of(PgServer.find() + "?sslmode=disable"));
    }

    @AfterAll
    void close() throws SQLException {
        if (connection != null) {
            connection.close();
        }
    }

    /** The statement-count check: pgjdbc's own split, by its reading of strings, comments and dollar quotes. */
    @Test
    void statementsAreWhatPgjdbcSendsAsSeparateStatements() throws SQLException {
        assertEquals(List.of("select 1"), PgjdbcInternals.statements(connection, "select 1"));
        assertEquals(
                2, PgjdbcInternals.statements(connection, "select 1; select 2").size());
        for (String one : List.of(
                "select ';'",
                "select 1 -- ;\n",
                "select 1 /* a /* ; */ b */",
                "select $$;$$",
                "select $q$ ; $q$",
                "select \";\"",
                "select E'\\';'")) {
            assertEquals(1, PgjdbcInternals.statements(connection, one).size(), one);
        }
    }

    /** The capped read: its tail travels as two statements of their own, spelt exactly as {@link CappedRead} compares them. */
    @Test
    void aCappedReadsTailIsSentAsTwoStatementsOfItsOwn() throws SQLException {
        List<String> statements = PgjdbcInternals.statements(connection, "select 1 -- c" + CappedRead.TAIL);
        assertEquals(3, statements.size(), statements.toString());
        assertEquals(CappedRead.ROLLBACK, statements.get(1));
        assertEquals(CappedRead.UNLOCK, statements.get(2));
    }

    /** The COPY export's check: pgjdbc's simple-query split follows the session's standard_conforming_strings. */
    @Test
    void simpleStatementCountFollowsTheSessionsStrings() throws SQLException {
        String text = "select 'a\\'; select 2 --'";
        assertEquals(1, PgjdbcInternals.simpleStatementCount(connection, "select 'a;b'"));
        assertEquals(2, PgjdbcInternals.simpleStatementCount(connection, "select 1; select 2"));
        assertEquals(
                2,
                PgjdbcInternals.simpleStatementCount(connection, text),
                "standard strings: the backslash is a character");
        try {
            execute("SET standard_conforming_strings = off");
            assertEquals(
                    1,
                    PgjdbcInternals.simpleStatementCount(connection, text),
                    "escaped strings: the backslash escapes the quote");
        } finally {
            execute("RESET standard_conforming_strings");
        }
    }

    /** The read-only mode's refusal: the setting as the server reports it, including a change the session made itself. */
    @Test
    void standardConformingStringsIsWhatTheServerLastReported() throws SQLException {
        assertTrue(PgjdbcInternals.standardConformingStrings(connection));
        try {
            execute("SET standard_conforming_strings = off");
            assertFalse(PgjdbcInternals.standardConformingStrings(connection));
        } finally {
            execute("RESET standard_conforming_strings");
        }
        assertTrue(PgjdbcInternals.standardConformingStrings(connection));
    }

    /** The scope's cleanup: a transaction pgjdbc did not begin shows, and a read-only one pgjdbc began does. */
    @Test
    void idleIsTheServersTransactionState() throws SQLException {
        assertTrue(PgjdbcInternals.idle(connection));
        execute("BEGIN"); // behind pgjdbc's back, in autocommit
        assertFalse(PgjdbcInternals.idle(connection));
        execute("ROLLBACK");
        assertTrue(PgjdbcInternals.idle(connection));
        connection.setReadOnly(true);
        connection.setAutoCommit(false);
        try {
            execute("select 1");
            assertFalse(
                    PgjdbcInternals.idle(connection), "pgjdbc began a transaction for a statement with autocommit off");
            connection.rollback();
            assertTrue(PgjdbcInternals.idle(connection));
        } finally {
            connection.setAutoCommit(true);
            connection.setReadOnly(false);
        }
    }

    /** The capped read's one flight: once its rows are read, the state of the flight's last ReadyForQuery is idle. */
    @Test
    void aCappedReadsFlightEndsIdle() throws SQLException {
        connection.setReadOnly(true);
        connection.setAutoCommit(false);
        try (PreparedStatement st = connection.prepareStatement("select 1" + CappedRead.TAIL)) {
            assertTrue(st.execute());
            try (ResultSet rs = st.getResultSet()) {
                assertTrue(rs.next());
                assertEquals(1, rs.getInt(1));
            }
            assertTrue(PgjdbcInternals.idle(connection), "the flight's own ROLLBACK ended the transaction");
        } finally {
            connection.setAutoCommit(true);
            connection.setReadOnly(false);
        }
    }

    private void execute(String sql) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute(sql);
        }
    }
}
