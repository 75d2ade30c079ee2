package dev.tobira.driver.postgres;

import dev.tobira.jdbc.Call;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * A guarded read with a row cap in one round trip (DESIGN.md, "Reads with a row cap"). A read of
 * at most {@link #MAX_LIMIT} rows need not stream, so the statements that end its read-only
 * transaction can travel in the same flight as the read:
 * <pre>
 *   Query     BEGIN READ ONLY                                  (pgjdbc's own, for setReadOnly + autocommit off)
 *   Parse/Bind/Describe/Execute   the caller's statement, its parameters bound, at most limit + 1 rows
 *   Parse/Bind/Describe/Execute   ROLLBACK
 *   Parse/Bind/Describe/Execute   SELECT pg_catalog.pg_advisory_unlock_all()
 *   Sync
 * </pre>
 * The server makes the read read-only through the {@code BEGIN READ ONLY} of this very call, so no
 * earlier text or server code can have made it writable: a session default lifted by a function
 * ({@code set_config('default_transaction_read_only', 'off', false)}) is not what decides, and a
 * lift inside the read's own transaction is rolled back with it. Each statement is a Parse message
 * of its own, so the server never reads the caller's text and the driver's statements as one text.
 * pgjdbc makes the messages by splitting the text it is given at its semicolons: before anything
 * is sent, its own reading of the whole text must give back exactly the caller's one statement
 * followed by the two statements of {@link #TAIL}, else (a construct of the caller's that pgjdbc
 * reads as running on into the tail) the read streams as one without a cap. The tail begins with a
 * line break, which ends a trailing {@code --} comment for pgjdbc and the server alike.
 *
 * <p>When the read fails in the server, the server skips the rest of the flight: the rollback and
 * the unlock then cost the second round trip they always cost on the streaming path, so the
 * scope ends the call as it ends a streamed one unless the flight is known to have run
 * to its end ({@link #ended}).
 */
final class CappedRead {
    /** The largest cap read in one flight; a read with a larger one (or none) streams. */
    static final long MAX_LIMIT = 10_000;

    static final String ROLLBACK = "ROLLBACK";
    static final String UNLOCK = "SELECT pg_catalog.pg_advisory_unlock_all()";
    /** What follows the caller's text: a line break first, so a trailing line comment ends before it. */
    static final String TAIL = "\n;" + ROLLBACK + ";" + UNLOCK;

    private CappedRead() {}

    /** Whether a call takes this path: guarded, outside a transaction of the Transactor, with a cap of 1 to {@link #MAX_LIMIT} rows. */
    static boolean applies(Call call) {
        return call.guarded() && !call.inTransaction() && call.limit() >= 1 && call.limit() <= MAX_LIMIT;
    }

    /**
     * The text to prepare for the caller's statement, when pgjdbc reads it back as that statement
     * followed by the tail and no transaction is open yet (so pgjdbc begins the read-only one
     * in front of it); empty when the read must stream instead.
     */
    static Optional<String> text(Connection connection, String sql) throws SQLException {
        if (!PgjdbcInternals.idle(connection)) {
            return Optional
                    .empty(); // the scope ends every call's transaction; never ROLLBACK one this call did not begin
        }
        String text = sql + TAIL;
        List<String> statements;
        try {
            statements = PgjdbcInternals.statements(connection, text); // parsed once per text: prepare takes it next
        } catch (SQLException e) {
            return Optional
                    .empty(); // pgjdbc cannot read it as a whole (an unterminated comment): the text alone decides
        }
        if (statements.size() != 3
                || !statements.get(1).equals(ROLLBACK)
                || !statements.get(2).equals(UNLOCK)) {
            return Optional.empty();
        }
        return Optional.of(text);
    }

    /**
     * Whether the flight ran to its end: the call's result was released without an error and the
     * server reported the session out of any transaction at its end (pgjdbc keeps the state the
     * last ReadyForQuery gave). Then the rollback and the unlock have run, and nothing is left to end.
     */
    static boolean ended(Connection connection, boolean completed) throws SQLException {
        return completed && PgjdbcInternals.idle(connection);
    }
}
