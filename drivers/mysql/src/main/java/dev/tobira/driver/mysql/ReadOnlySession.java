package dev.tobira.driver.mysql;

import dev.tobira.jdbc.Call;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * What a read-only connection's guarded statements start from, taken once at open.
 *
 * <p>On MariaDB a read is sent as {@code prefix + text}: {@code SET STATEMENT} sets the time
 * zone and the read-only access mode for that one statement and puts the session's values
 * back when it ends, whatever a function it called set, failed or not. The server parses the
 * text under the session's sql_mode, before any of that; so the prefix is used only while the
 * session is known ({@link MysqlSession#known()}): it was last set by {@code statement} or by a
 * prefixed read, and nothing else ran since. A read cannot change the session's sql_mode: the
 * server runs a stored routine under the routine's own and gives the caller's back when it
 * returns. By induction the session's sql_mode is then the one of {@code statement} whenever a
 * text is parsed, with no round trip spent to say so again. (Setting sql_mode in the prefix as
 * well would cost the server about 10 µs a read; the time zone and the access mode cost 2 to 6.)
 *
 * <p>Connector/J puts a {@code SET STATEMENT} of its own in front of a statement with a row
 * limit or a query timeout, and MariaDB applies only the innermost of nested ones; so the
 * prefix carries the call's row limit and query timeout as well ({@link #prefix(Call)}), or
 * the session's own, taken at open, which also undoes a function's change of either. Since the
 * text depends on the call, this driver keeps no prepared statements
 * ({@link dev.tobira.jdbc.Statements#keptStatements()} stays 0).
 */
final class ReadOnlySession {
    /** A list of sql_mode names, as the server reports them: what may go into a literal. */
    private static final Pattern SQL_MODE_NAMES = Pattern.compile("(|[A-Z0-9_]+(,[A-Z0-9_]+)*)");
    /** A number as the server reports a session variable: what may go into a literal. */
    private static final Pattern NUMBER = Pattern.compile("[0-9]{1,20}(\\.[0-9]{1,9})?");

    /** The session statement, with the sql_mode taken at open as a literal. */
    final String statement;
    /** The same settings as a {@code SET STATEMENT} without its {@code FOR}, or null: MySQL has no such statement. */
    private final @Nullable String settings;
    /** The session's own row limit and statement time, taken at open (an account may have its own). */
    private final @Nullable String selectLimit;

    private final @Nullable String statementTime;
    /** The prefix of a call without a row limit or query timeout, the common case, made once. */
    private final @Nullable String plain;

    private ReadOnlySession(
            String statement, @Nullable String settings, @Nullable String selectLimit, @Nullable String statementTime) {
        this.statement = statement;
        this.settings = settings;
        this.selectLimit = selectLimit;
        this.statementTime = statementTime;
        this.plain = settings == null
                ? null
                : settings + ", sql_select_limit = " + selectLimit + ", max_statement_time = " + statementTime
                        + " FOR ";
    }

    /**
     * The session statement of a read-only connection, with the sql_mode it has now, after the
     * normalization, as a literal. The expression of {@link SessionStatements#NORMALIZE_SQL_MODE}
     * costs the server about 20 µs a statement, a literal next to nothing, and on a read-only
     * connection the two say the same. No guarded text there may be a SET; a stored function it
     * calls may run one, but the server undoes a function's change of sql_mode when it returns. A
     * function's change of the time zone or the access mode outlasts it, which is why the
     * statement still sets both. Empty, so the expression is used, when the mode is not a plain
     * list of names or still holds a name of {@link SessionStatements#QUOTING_MODES}. On MariaDB
     * the same settings also come as a {@code SET STATEMENT} prefix.
     */
    static Optional<ReadOnlySession> read(Statement st, String accessMode, boolean mariaDb) throws SQLException {
        String modes;
        String selectLimit;
        String statementTime;
        try (ResultSet rs = st.executeQuery(
                mariaDb
                        ? "SELECT @@SESSION.sql_mode, @@SESSION.sql_select_limit, @@SESSION.max_statement_time"
                        : "SELECT @@SESSION.sql_mode, '', ''")) {
            boolean row = rs.next();
            modes = row ? rs.getString(1) : null;
            selectLimit = row ? rs.getString(2) : null;
            statementTime = row ? rs.getString(3) : null;
        }
        if (mariaDb
                && (selectLimit == null
                        || statementTime == null
                        || !NUMBER.matcher(selectLimit).matches()
                        || !NUMBER.matcher(statementTime).matches())) {
            return Optional.empty();
        }
        if (modes == null
                || !SQL_MODE_NAMES.matcher(modes).matches()
                || SessionStatements.QUOTING_MODES.stream()
                        .anyMatch(m -> ("," + modes + ",").contains("," + m + ","))) {
            return Optional.empty();
        }
        String statement =
                "SET SESSION sql_mode = '" + modes + "', SESSION time_zone = '+00:00', SESSION " + accessMode + " = 1";
        String settings = "SET STATEMENT time_zone = '+00:00', " + accessMode + " = 1";
        return Optional.of(new ReadOnlySession(statement, mariaDb ? settings : null, selectLimit, statementTime));
    }

    /** Whether reads carry the settings in a {@code SET STATEMENT} prefix: MariaDB. */
    boolean prefixed() {
        return settings != null;
    }

    /**
     * The text in front of a read of this call, when {@link #prefixed()}: the settings, with the
     * call's row limit and query timeout or the session's own.
     */
    String prefix(Call call) {
        if (plain != null && call.maxRows() == 0 && call.queryTimeoutSeconds() == 0) {
            return plain;
        }
        return settings
                + ", sql_select_limit = " + (call.maxRows() > 0 ? Integer.toString(call.maxRows()) : selectLimit)
                + ", max_statement_time = "
                + (call.queryTimeoutSeconds() > 0 ? Integer.toString(call.queryTimeoutSeconds()) : statementTime)
                + " FOR ";
    }
}
