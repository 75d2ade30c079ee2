package dev.tobira.jdbc;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Exporter;
import dev.tobira.api.Value;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.SqlToken;
import java.io.OutputStream;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * One call of {@link Exporter#export} as a dialect's {@link BulkExport} sees it: the
 * text the guard admitted and its reading, the parameters, the limit, the format, the stream and
 * the kind of call. Valid only while the hook runs, on the thread that runs it.
 *
 * @since 0.1
 */
public final class Export {
    private final Execution execution;
    private final String sql;
    private final SqlScan scan;
    private final List<Value> params;
    private final Exporter.Format format;
    private final OutputStream out;
    private final Call call;

    Export(
            Execution execution,
            String sql,
            SqlScan scan,
            List<Value> params,
            Exporter.Format format,
            OutputStream out,
            Call call) {
        this.execution = execution;
        this.sql = sql;
        this.scan = scan;
        this.params = params;
        this.format = format;
        this.out = out;
        this.call = call;
    }

    /**
     * Returns the text of the query, as the guard admitted it.
     *
     * @return the text
     */
    public String sql() {
        return sql;
    }

    /**
     * Returns the guard's reading of the text: exactly one statement, in the dialect's
     * {@link JdbcDialect#sqlDialect()}.
     *
     * @return the scan
     */
    public SqlScan scan() {
        return scan;
    }

    /**
     * Returns the positional parameters of the query.
     *
     * @return the parameters, possibly empty
     */
    public List<Value> params() {
        return params;
    }

    /**
     * Returns the row limit of the query; a fast path that cannot honour it returns empty from the
     * hook, and the base's row stream does.
     *
     * @return the limit, 0 for none
     */
    public long limit() {
        return call.limit();
    }

    /**
     * Returns the output format.
     *
     * @return the format
     */
    public Exporter.Format format() {
        return format;
    }

    /**
     * Returns where the export writes; the base flushes it, nobody closes it.
     *
     * @return the stream
     */
    public OutputStream out() {
        return out;
    }

    /**
     * Returns what kind of call this is.
     *
     * @return the call
     */
    public Call call() {
        return call;
    }

    /**
     * Prepares a statement of the dialect's own on the export's connection, such as
     * {@code COPY (…) TO '<file>'}, with the export's {@linkplain #params() parameters} bound in
     * order through {@link TypeMapping#bind}. The call's deadline and a close of the connection from
     * another thread cancel it (through the dialect's {@link Statements#cancel}), and the base closes it when
     * the export is over.
     *
     * @param sql the statement
     * @return the prepared statement, parameters bound
     * @throws SQLException when the database refuses it, or the deadline has already passed
     * @throws NullPointerException if sql is null
     */
    public PreparedStatement prepare(String sql) throws SQLException {
        return execution.prepareForExport(requireNonNull(sql, "sql is null"), params);
    }

    /**
     * Puts the query between two pieces of SQL, such as {@code COPY (} and {@code ) TO STDOUT},
     * on a line of its own, so a line comment at its end cannot swallow what follows.
     *
     * @param before what goes before the query
     * @param after what goes after it
     * @return the wrapped text; empty when the query's parentheses do not balance, since a
     *     {@code )} in it could then close the wrapper early and put the rest of the text outside
     * @throws NullPointerException if an argument is null
     */
    public Optional<String> wrap(String before, String after) {
        requireNonNull(before, "before is null");
        requireNonNull(after, "after is null");
        return wrap(scan, before, after);
    }

    static Optional<String> wrap(SqlScan scan, String before, String after) {
        if (scan.statementCount() != 1) {
            return Optional.empty();
        }
        int depth = 0;
        for (SqlToken t : scan.tokens()) {
            if (t.type() == SqlToken.Type.PUNCTUATION) {
                if (t.text().equals("(")) {
                    depth++;
                } else if (t.text().equals(")") && --depth < 0) {
                    return Optional.empty();
                }
            }
        }
        if (depth != 0) {
            return Optional.empty();
        }
        return Optional.of(before + "\n" + scan.statements().get(0).text() + "\n" + after);
    }

    @Override
    public String toString() {
        return "Export[" + format + ", " + call + "]";
    }
}
