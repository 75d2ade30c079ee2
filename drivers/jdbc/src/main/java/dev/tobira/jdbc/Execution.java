package dev.tobira.jdbc;

import dev.tobira.api.Column;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.spi.CursorResultSet;
import dev.tobira.spi.ResultSets;
import dev.tobira.api.Exporter;
import java.io.IOException;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One statement on a connection, from {@link JdbcDialect#beforeStatement} to
 * {@link JdbcDialect#afterStatement}: prepares, binds, arms the deadline, executes, and hands
 * back a streamed result that finishes the statement when it is released.
 */
final class Execution {
    private static final System.Logger LOG = System.getLogger(Execution.class.getName());

    private final JdbcConn conn;
    private final JdbcDialect dialect;
    private final Connection connection;
    private final Call call;
    private final String op;
    private final AtomicBoolean finished = new AtomicBoolean();

    private volatile PreparedStatement statement;
    private volatile boolean exporting;
    private java.sql.ResultSet rows;
    private Deadline deadline = Deadline.none();
    private String restoreNamespace;
    private boolean entered;

    Execution(JdbcConn conn, Call call, String op) {
        this.conn = conn;
        this.dialect = conn.dialect();
        this.connection = conn.connection();
        this.call = call;
        this.op = op;
    }

    /**
     * Runs the statement.
     *
     * @param sql the text, already accepted by the guard
     * @param params the positional parameters
     * @param limit the row limit, 0 for none
     * @param timeout the deadline of the call, zero for none
     * @param namespace the namespace to run in, empty for the current one
     * @param startNanos when the call began
     */
    dev.tobira.api.ResultSet run(String sql, List<Value> params, long limit, Duration timeout, String namespace,
                                 long startNanos) {
        try {
            dialect.beforeStatement(connection, call);
            entered = true;
            if (!namespace.isEmpty()) {
                String current = dialect.currentNamespace(connection);
                dialect.useNamespace(connection, namespace);
                restoreNamespace = current;
            }
            PreparedStatement st = dialect.prepare(connection, sql);
            statement = st;
            conn.executing(this);
            dialect.configure(st, call);
            if (limit > 0 && limit < Integer.MAX_VALUE) {
                st.setMaxRows((int) limit + 1);
            }
            for (int i = 0; i < params.size(); i++) {
                bind(st, i + 1, params.get(i), params.size());
            }
            if (!timeout.isZero()) {
                deadline = Deadline.arm(st, timeout);
            }
            boolean hasRows = st.execute();
            dialect.afterExecute(connection, st, call);
            if (!hasRows) {
                long count = updateCount(st);
                conn.executing(null);
                finish(true, null);
                return ResultSets.affected(dialect.name(), count, startNanos);
            }
            rows = st.getResultSet();
            Result result = new Result(columns(rows.getMetaData()), limit, startNanos);
            conn.executing(null);
            conn.opened(result);
            return result;
        } catch (SQLException | RuntimeException e) {
            conn.executing(null);
            if (e instanceof RuntimeException && !(e instanceof DriverException)) {
                // a programming error (a bad argument, a hook returning null) keeps its JDK type
                finish(false, e);
                throw (RuntimeException) e;
            }
            DriverException failure = conn.cancelledWhileRunning()
                    ? DriverException.builder(ErrorKind.CANCELLED, dialect.name(), op)
                            .detail("the connection was closed while the statement ran").cause(e).build()
                    : conn.errors().map(e, op, deadline.fired());
            finish(false, failure);
            throw failure;
        }
    }

    /**
     * Runs an export through {@link JdbcDialect#export}, between the same hooks as a query.
     *
     * @param sql the text, already accepted by the guard
     * @param params the positional parameters
     * @param format the output format
     * @param out where to write
     * @param timeout the deadline of the call, zero for none
     * @param namespace the namespace to run in, empty for the current one
     * @return the number of rows written
     */
    long export(String sql, List<Value> params, Exporter.Format format, OutputStream out, Duration timeout, String namespace) {
        try {
            dialect.beforeStatement(connection, call);
            entered = true;
            if (!namespace.isEmpty()) {
                String current = dialect.currentNamespace(connection);
                dialect.useNamespace(connection, namespace);
                restoreNamespace = current;
            }
            exporting = true;
            conn.executing(this);
            if (!timeout.isZero()) {
                deadline = Deadline.arm(() -> dialect.cancel(connection), timeout);
            }
            long rows = dialect.export(connection, sql, params, format, out, call);
            out.flush();
            conn.executing(null);
            finish(true, null);
            return rows;
        } catch (SQLException | IOException | RuntimeException e) {
            conn.executing(null);
            if (e instanceof RuntimeException && !(e instanceof DriverException)) {
                finish(false, e);
                throw (RuntimeException) e;
            }
            DriverException failure;
            if (conn.cancelledWhileRunning()) {
                failure = DriverException.builder(ErrorKind.CANCELLED, dialect.name(), op)
                        .detail("the connection was closed while the export ran").cause(e).build();
            } else if (e instanceof IOException) {
                failure = DriverException.builder(deadline.fired() ? ErrorKind.TIMEOUT : ErrorKind.INTERNAL, dialect.name(), op)
                        .detail("writing the export failed: " + conn.errors().redact(String.valueOf(e.getMessage())))
                        .cause(e).build();
            } else {
                failure = conn.errors().map(e, op, deadline.fired());
            }
            finish(false, failure);
            throw failure;
        }
    }

    private void bind(PreparedStatement st, int index, Value value, int count) throws SQLException {
        try {
            dialect.bind(st, index, value);
        } catch (DriverException e) {
            throw e;
        } catch (RuntimeException e) {
            // some drivers throw an unchecked exception for a parameter the statement does not have
            throw DriverException.builder(ErrorKind.INVALID_ARGUMENT, dialect.name(), op)
                    .detail("parameter " + index + " of " + count + " could not be bound; does the query have that many placeholders?")
                    .cause(e).build();
        }
    }

    private static long updateCount(PreparedStatement st) throws SQLException {
        try {
            return st.getLargeUpdateCount();
        } catch (UnsupportedOperationException | java.sql.SQLFeatureNotSupportedException e) {
            return st.getUpdateCount();
        }
    }

    private List<MappedColumn> columns(ResultSetMetaData md) throws SQLException {
        int n = md.getColumnCount();
        List<MappedColumn> columns = new ArrayList<>(n);
        for (int i = 1; i <= n; i++) {
            String label = md.getColumnLabel(i);
            String typeName = md.getColumnTypeName(i);
            boolean nullable = md.isNullable(i) != ResultSetMetaData.columnNoNulls;
            JdbcColumn meta = new JdbcColumn(i, label == null ? "" : label, md.getColumnType(i),
                    typeName == null ? "" : typeName, safePrecision(md, i), safeScale(md, i), nullable, safeClassName(md, i));
            ColumnMapping mapping = dialect.map(meta);
            if (mapping == null) {
                throw new NullPointerException(dialect + ".map returned null for column " + meta.name());
            }
            columns.add(new MappedColumn(new Column(meta.name(), mapping.kind(), meta.typeName(), nullable), mapping.reader()));
        }
        return columns;
    }

    private static int safePrecision(ResultSetMetaData md, int i) {
        try {
            return md.getPrecision(i);
        } catch (SQLException | RuntimeException e) {
            return 0; // some drivers throw for types without a precision
        }
    }

    private static int safeScale(ResultSetMetaData md, int i) {
        try {
            return md.getScale(i);
        } catch (SQLException | RuntimeException e) {
            return 0;
        }
    }

    private static String safeClassName(ResultSetMetaData md, int i) {
        try {
            String name = md.getColumnClassName(i);
            return name == null ? "" : name;
        } catch (SQLException | RuntimeException e) {
            return "";
        }
    }

    private record MappedColumn(Column column, ColumnReader reader) {}

    /** Cancels the statement in flight, from another thread. */
    void cancel() {
        PreparedStatement st = statement;
        try {
            if (st != null) {
                st.cancel();
            } else if (exporting) {
                dialect.cancel(connection);
            }
        } catch (SQLException | RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "cancel failed", e);
        }
    }

    /**
     * Ends the statement once: disarms the deadline, closes the JDBC result and statement,
     * restores the namespace and lets the dialect leave its read-only mode.
     *
     * @param completed whether the statement ran and its result was released without error
     * @param failure the error being thrown, which collects cleanup failures; null to log them
     */
    void finish(boolean completed, Throwable failure) {
        if (!finished.compareAndSet(false, true)) {
            return;
        }
        deadline.disarm();
        if (rows != null) {
            try {
                rows.close();
            } catch (SQLException | RuntimeException e) {
                suppress(failure, e);
            }
        }
        PreparedStatement st = statement;
        if (st != null) {
            try {
                st.close();
            } catch (SQLException | RuntimeException e) {
                suppress(failure, e);
            }
        }
        if (restoreNamespace != null) {
            try {
                dialect.useNamespace(connection, restoreNamespace);
            } catch (SQLException | RuntimeException e) {
                suppress(failure, e);
            }
        }
        if (entered) {
            try {
                dialect.afterStatement(connection, call, completed);
            } catch (SQLException | RuntimeException e) {
                suppress(failure, e);
            }
        }
    }

    private static void suppress(Throwable failure, Throwable e) {
        if (failure != null && failure != e) {
            failure.addSuppressed(e);
        } else {
            LOG.log(System.Logger.Level.DEBUG, "cleanup after a statement failed", e);
        }
    }

    /** The streamed result: one row per fetch, each cell read by the reader chosen when it opened. */
    final class Result extends CursorResultSet {
        private final ColumnReader[] readers;
        private final List<Column> columns;
        private boolean failed;

        Result(List<MappedColumn> mapped, long limit, long startNanos) {
            super(dialect.name(), mapped.stream().map(MappedColumn::column).toList(), limit, startNanos);
            this.readers = mapped.stream().map(MappedColumn::reader).toArray(ColumnReader[]::new);
            this.columns = columns();
        }

        @Override
        protected Row fetch() {
            try {
                if (!rows.next()) {
                    return null;
                }
                Value[] values = new Value[readers.length];
                for (int i = 0; i < readers.length; i++) {
                    Value v = readers[i].read(rows, i + 1);
                    values[i] = v == null ? Value.NULL : v;
                }
                return Row.of(columns, values);
            } catch (SQLException | RuntimeException e) {
                failed = true;
                throw conn.errors().map(e, op, deadline.fired());
            }
        }

        @Override
        protected void release() {
            finish(!failed && !wasCancelled(), null);
            conn.released(this);
        }

        @Override
        protected void cancel() {
            Execution.this.cancel();
        }
    }
}
