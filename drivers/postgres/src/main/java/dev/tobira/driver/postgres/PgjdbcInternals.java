package dev.tobira.driver.postgres;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.CachedQuery;
import org.postgresql.core.Parser;
import org.postgresql.core.Query;
import org.postgresql.core.QueryExecutor;
import org.postgresql.core.TransactionState;

/**
 * The only place the driver reads pgjdbc's internals ({@code org.postgresql.core}, no public API),
 * each for a guarantee the public API cannot give; {@code PgjdbcInternalsTest} asserts on a real
 * connection that each still answers as the guarantee needs, so a pgjdbc upgrade that changes one
 * fails the build rather than the guard:
 * <ul>
 *   <li>{@link #statements}: how pgjdbc splits a text into the statements it sends, by its own
 *       parser and from its own statement cache, so a text the guard read as one statement is
 *       refused when pgjdbc would send more, and a capped read's tail is known to travel as
 *       statements of their own;</li>
 *   <li>{@link #simpleStatementCount}: the same for a text pgjdbc sends as a simple query
 *       ({@code CopyManager}), parsed without the statement cache;</li>
 *   <li>{@link #standardConformingStrings}: the session's {@code standard_conforming_strings} as
 *       the server last reported it, since the guard reads {@code '…'} strings the standard way;</li>
 *   <li>{@link #idle}: the transaction state of the server's last ReadyForQuery, which says whether
 *       a capped read's flight ran its rollback, and whether something left a transaction open.</li>
 * </ul>
 */
final class PgjdbcInternals {
    private PgjdbcInternals() {}

    /**
     * The statements pgjdbc sends for a prepared text, as native SQL, by its own reading (escape
     * processing included). The parsed query stays in pgjdbc's statement cache, where the statement
     * prepared next takes it from, so a text run again is not parsed again.
     *
     * @throws SQLException when pgjdbc cannot read the text (an unterminated comment)
     */
    static List<String> statements(Connection connection, String sql) throws SQLException {
        QueryExecutor executor = pg(connection).getQueryExecutor();
        CachedQuery cached = executor.borrowQuery(sql);
        try {
            Query[] subqueries = cached.query.getSubqueries();
            if (subqueries == null) {
                return List.of(cached.query.getNativeSql());
            }
            List<String> texts = new ArrayList<>(subqueries.length);
            for (Query q : subqueries) {
                texts.add(q.getNativeSql());
            }
            return texts;
        } finally {
            executor.releaseQuery(cached);
        }
    }

    /** How many statements pgjdbc sends for a text it runs as a simple query, as the session reads strings. */
    static int simpleStatementCount(Connection connection, String sql) throws SQLException {
        return Parser.parseJdbcSql(sql, pg(connection).getStandardConformingStrings(), false, true, false, false)
                .size();
    }

    /** Whether the session reads {@code '…'} strings as standard SQL does, backslashes as plain characters. */
    static boolean standardConformingStrings(Connection connection) throws SQLException {
        return pg(connection).getStandardConformingStrings();
    }

    /** Whether the server reported the session out of any transaction at the end of its last exchange. */
    static boolean idle(Connection connection) throws SQLException {
        return pg(connection).getTransactionState() == TransactionState.IDLE;
    }

    private static BaseConnection pg(Connection connection) throws SQLException {
        return connection.unwrap(BaseConnection.class);
    }
}
