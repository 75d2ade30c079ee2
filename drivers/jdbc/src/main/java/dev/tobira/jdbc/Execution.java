package dev.tobira.jdbc;

import dev.tobira.api.Column;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Exporter;
import dev.tobira.api.Row;
import dev.tobira.api.RowView;
import dev.tobira.api.Value;
import dev.tobira.csv.CsvRowWriter;
import dev.tobira.spi.CursorResultSet;
import dev.tobira.spi.Nullable;
import dev.tobira.spi.ResultSets;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.ValueDepth;
import java.io.IOException;
import java.io.OutputStream;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One statement on a connection, inside one {@link StatementScope} of the dialect's read-only mode:
 * prepares, binds, arms the deadline, executes, and hands back a streamed result that finishes the
 * statement when it is released; or one export inside the same scope.
 */
final class Execution {
    /** Deeper than any server's JSON reads (MySQL stops at 100), yet no stack's concern: the text is written without recursion. */
    static final int MAX_PARAMETER_DEPTH = 1_000;

    private static final System.Logger LOG = System.getLogger(Execution.class.getName());

    private final Context ctx;
    private final Dialect dialect;
    private final JdbcSession session;
    private final InFlight inFlight;
    private Call call; // with the scan of the text as run, once parameters are placed into it
    private final String op;
    private final AtomicBoolean finished = new AtomicBoolean();
    private final Object cancelling = new Object();
    private final List<Statement> owned = new ArrayList<>(1); // guarded by itself: finish may run on a closing thread

    private volatile @Nullable Statement statement;
    private volatile boolean exporting;
    /** The text a plain statement runs, for a dialect that places parameters itself; null for a prepared statement. */
    private @Nullable String plainText;

    private @Nullable java.sql.ResultSet rows;
    private Deadline deadline = Deadline.none();
    /** The cancel of a close from another thread, sent again until the statement has started. */
    private volatile Deadline closing = Deadline.none();

    private volatile boolean started;
    private @Nullable PreparedStatement
            keepable; // given back to the connection's StatementCache when the call ends well
    private @Nullable String keepableSql;
    private @Nullable String restoreNamespace;
    private @Nullable StatementScope scope; // null until the read-only mode's scope is open

    Execution(Context ctx, Call call, String op) {
        this.ctx = ctx;
        this.dialect = ctx.dialect();
        this.session = ctx.session();
        this.inFlight = ctx.inFlight();
        this.call = call;
        this.op = op;
    }

    /**
     * Runs the statement.
     *
     * @param sql the text, already accepted by the guard
     * @param params the positional parameters
     * @param namespace the namespace to run in, empty for the current one
     * @param startNanos when the call began
     */
    dev.tobira.api.ResultSet run(String sql, List<Value> params, String namespace, long startNanos) {
        try {
            enter(namespace);
            Statement st = prepare(sql, params);
            if (!call.timeout().isZero()) {
                dialect.statements().timeout(st, call);
                deadline = Deadline.arm(this::cancelNow, call.timeout());
            }
            return execute(sql, st, startNanos);
        } catch (SQLException | RuntimeException e) {
            throw fail(e, "statement");
        } catch (Error e) {
            throw failHard(e);
        }
    }

    /**
     * Runs an export inside the same scope as a query: the dialect's {@link BulkExport} fast path, or, when it has none for this call, the statement's rows written by
     * {@link CsvRowWriter}, the project's one CSV writer.
     *
     * @param sql the text, already accepted by the guard
     * @param scan the guard's reading of the text
     * @param params the positional parameters
     * @param format the output format
     * @param out where to write
     * @param namespace the namespace to run in, empty for the current one
     * @return the number of rows written
     */
    long export(
            String sql, SqlScan scan, List<Value> params, Exporter.Format format, OutputStream out, String namespace) {
        try {
            enter(namespace);
            exporting = true;
            inFlight.executing(this);
            if (!call.timeout().isZero()) {
                deadline = Deadline.arm(this::cancelNow, call.timeout());
            }
            OptionalLong written = dialect.bulkExport().isEmpty()
                    ? OptionalLong.empty()
                    : dialect.bulkExport()
                            .get()
                            .export(session, new Export(this, sql, scan, params, format, out, call));
            if (written == null) {
                throw new NullPointerException(dialect + ": the bulk export returned null");
            }
            long rows = written.isPresent() ? written.getAsLong() : writeRows(sql, params, format, out);
            out.flush();
            inFlight.executing(null);
            finish(true, null);
            return rows;
        } catch (SQLException | IOException | RuntimeException e) {
            throw fail(e, "export");
        } catch (Error e) {
            throw failHard(e);
        }
    }

    /** The base's export: the statement run as a query, its rows streamed into the writer. */
    private long writeRows(String sql, List<Value> params, Exporter.Format format, OutputStream out)
            throws SQLException, IOException {
        dev.tobira.api.ResultSet result = execute(sql, prepare(sql, params), System.nanoTime());
        long n = 0;
        try (result) { // its release leaves the statement to export(), which knows whether the rows reached the stream
            CsvRowWriter writer = format == Exporter.Format.TEXT ? CsvRowWriter.tsv(out) : CsvRowWriter.csv(out);
            writer.header(result.columns());
            while (result.hasNext()) {
                writer.row(result.next());
                n++;
            }
            writer.flush();
        }
        if (inFlight.closed()) {
            // a close from another thread ended the rows early: what was written is not the whole result
            throw new SQLException("the rows ended when the connection was closed");
        }
        return n;
    }

    /** For {@link Export#prepare}: a statement of the dialect's own, owned and cancelled like the query's. */
    PreparedStatement prepareForExport(String sql, List<Value> params) throws SQLException {
        if (!params.isEmpty() && dialect.statements().literals(session).isPresent()) {
            // this dialect's driver would place the values by its own reading of the text
            throw new IllegalStateException(dialect + " places parameters itself; its export cannot bind them");
        }
        checkShape(params);
        checkPlaceholders(sql, params);
        PreparedStatement st = session.connection().prepareStatement(sql);
        own(st);
        bindAll(st, params);
        return st;
    }

    private void enter(String namespace) throws SQLException {
        StatementScope opened = dialect.readOnlyMode().open(session, call);
        if (opened == null) {
            throw new NullPointerException(dialect + ": the read-only mode opened no scope");
        }
        scope = opened;
        if (!namespace.isEmpty()) {
            Catalog catalog = dialect.catalog();
            String current = catalog.currentNamespace(session);
            catalog.useNamespace(session, namespace);
            restoreNamespace = current;
        }
    }

    /** The read-only mode's scope, open since {@link #enter} (which every statement runs first). */
    private StatementScope openScope() {
        return java.util.Objects.requireNonNull(scope, "the read-only mode's scope is not open");
    }

    /** The text to send, as the scope puts it around the statement. */
    private String scoped(String text) throws SQLException {
        String t = openScope().text(text);
        if (t == null) {
            throw new NullPointerException(dialect + ": the statement scope gave no text");
        }
        return t;
    }

    private Statement prepare(String sql, List<Value> params) throws SQLException {
        checkShape(params);
        checkPlaceholders(sql, params);
        Statements statements = dialect.statements();
        Optional<Literals> literals = statements.literals(session);
        if (literals == null) {
            throw new NullPointerException(dialect + ": literals returned null");
        }
        if (literals.isPresent()) {
            return plain(sql, params, literals.get());
        }
        String text = scoped(sql);
        StatementCache kept = ctx.statements();
        PreparedStatement st = kept.take(text);
        if (st == null) {
            st = statements.prepare(session, text, call);
            if (st == null) {
                throw new NullPointerException(dialect + ": prepare returned null");
            }
        }
        if (kept.keeps()) {
            keepable = st;
            keepableSql = text;
        }
        own(st);
        inFlight.executing(this);
        statements.configure(st, call);
        if (call.maxRows() > 0) {
            st.setMaxRows(call.maxRows());
        }
        bindAll(st, params);
        return st;
    }

    /**
     * The statement of a dialect that places parameters itself: the values written into the text
     * as literals at the placeholders tobira's lexer finds, the caller's text with them checked by
     * the guard again on a read-only path (so what it accepted is what the server reads), and the
     * text run on a plain statement that the JDBC driver sends as it is.
     */
    // != on purpose: inline returns the very string when it placed nothing, and only a new text needs a scan
    @SuppressWarnings("ReferenceEquality")
    private Statement plain(String sql, List<Value> params, Literals literals) throws SQLException {
        String text = Placeholders.inline(dialect.name(), op, sql, params, literals);
        if (text != sql && call.guarded() && call.scan().isPresent()) {
            call = call.withScan(dialect.guard().check(text));
        }
        String run = scoped(text);
        Statement st = dialect.statements().plain(session, call);
        if (st == null) {
            throw new NullPointerException(dialect + ": plain returned null");
        }
        own(st);
        inFlight.executing(this);
        dialect.statements().configure(st, call);
        if (call.maxRows() > 0) {
            st.setMaxRows(call.maxRows());
        }
        plainText = run;
        return st;
    }

    /** Makes a statement the one a cancel reaches, and closes it when the statement is over. */
    private void own(Statement st) throws SQLException {
        statement = st;
        synchronized (owned) {
            owned.add(st);
        }
        if (exporting && deadline.fired()) {
            // the deadline passed before there was a statement to cancel: none runs after it
            throw new SQLTimeoutException("the deadline passed before the statement ran");
        }
    }

    private dev.tobira.api.ResultSet execute(String sql, Statement st, long startNanos) throws SQLException {
        checkDeadline("before the statement ran");
        if (inFlight.closed()) {
            // the close's cancel reached no running statement: this one must not start after it
            throw new SQLException("the connection was closed before the statement ran");
        }
        boolean hasRows;
        try {
            hasRows = plainText != null ? st.execute(plainText) : ((PreparedStatement) st).execute();
        } catch (DriverException e) {
            throw e;
        } catch (RuntimeException e) {
            // the JDBC driver's own failure (a value it converts only now, as duckdb_jdbc does), never a raw exception
            throw DriverException.builder(ErrorKind.INTERNAL, dialect.name(), op)
                    .detail("the JDBC driver failed running the statement: " + e)
                    .cause(e)
                    .build();
        }
        deadline.executed();
        started = true;
        closing.executed();
        if (hasRows) {
            // a cancel that landed before the statement started was lost, and it ran to its end;
            // a statement without rows that ended is reported as it ended: a write that took effect
            // must not read as a (retryable) timeout
            checkDeadline("while the statement ran");
        }
        openScope().checkExecuted(st);
        if (!hasRows) {
            forgetSchema(); // DDL returns no rows: what is kept about results may be out of date
            long count = openScope().updateCount(st, updateCount(st));
            inFlight.executing(null);
            if (!exporting) {
                finish(true, null);
            }
            // JDBC says -1 when there is no count to tell
            return ResultSets.affected(
                    dialect.name(), count < 0 ? OptionalLong.empty() : OptionalLong.of(count), startNanos);
        }
        rows = st.getResultSet();
        Result result = new Result(ctx.columns().columns(dialect, session, sql, rows), rows, call.limit(), startNanos);
        inFlight.executing(null);
        inFlight.opened(result);
        return result;
    }

    /**
     * Forgets what is kept about the schema after a statement without rows. It has taken effect by
     * now, so a failure to forget is logged, never reported as the statement's: a caller told that a
     * write failed would run it again.
     */
    private void forgetSchema() {
        try {
            ctx.schemaMayHaveChanged();
        } catch (SQLException | RuntimeException e) {
            LOG.log(
                    System.Logger.Level.WARNING,
                    dialect.name() + ": forgetting the schema after a statement failed",
                    e);
        }
    }

    /** A timeout however early the deadline fired: a cancel it sent may have reached nothing. */
    private void checkDeadline(String when) throws SQLTimeoutException {
        if (deadline.fired()) {
            throw new SQLTimeoutException("the deadline passed " + when);
        }
    }

    /**
     * Ends the statement after an {@link Error} (a stack overflow, no memory left) and returns it:
     * the read-only mode's scope ends whatever the failure, so no transaction stays open.
     */
    private Error failHard(Error e) {
        inFlight.executing(null);
        finish(false, e);
        return e;
    }

    /** Ends the statement after a failure and returns what to throw. */
    private RuntimeException fail(Exception e, String what) {
        inFlight.executing(null);
        if (e instanceof RuntimeException r && !(r instanceof DriverException)) {
            // a programming error (a bad argument, a hook returning null) keeps its JDK type
            finish(false, r);
            return r;
        }
        DriverException failure;
        if (inFlight.closed()) {
            failure = DriverException.builder(ErrorKind.CANCELLED, dialect.name(), op)
                    .detail("the connection was closed while the " + what + " ran")
                    .cause(e)
                    .build();
        } else if (e instanceof IOException) {
            failure = DriverException.builder(
                            deadline.fired() ? ErrorKind.TIMEOUT : ErrorKind.INTERNAL, dialect.name(), op)
                    .detail("writing the export failed: " + ctx.errors().redact(String.valueOf(e.getMessage())))
                    .cause(e)
                    .build();
        } else {
            failure = ctx.errors().map(e, op, deadline.fired());
        }
        finish(false, failure);
        return failure;
    }

    /**
     * An array or document parameter travels as its JSON text, written in full: one that shares a
     * sub-value forty times over is a few objects to the caller and 2^40 elements to write.
     */
    private void checkShape(List<Value> params) {
        ValueDepth.checkParameters(params, MAX_PARAMETER_DEPTH, dialect.name(), op);
    }

    /** The one placeholder form, {@code ?}, and as many as there are parameters: {@link Placeholders#check}. */
    private void checkPlaceholders(String sql, List<Value> params) {
        if (Placeholders.mayHavePlaceholders(sql, params.size())) {
            Placeholders.check(
                    dialect.name(), op, call.scanOf(sql, dialect.sqlDialect()).tokens(), params.size());
        }
    }

    private void bindAll(PreparedStatement st, List<Value> params) throws SQLException {
        OptionalInt expected = dialect.statements().parameterCount(st);
        if (expected == null) {
            throw new NullPointerException(dialect + ": parameterCount returned null");
        }
        if (expected.isPresent() && expected.getAsInt() != params.size()) {
            int found = expected.getAsInt();
            throw DriverException.of(
                    ErrorKind.INVALID_ARGUMENT,
                    dialect.name(),
                    op,
                    "the text has " + found
                            + (found == 1 ? " parameter placeholder" : " parameter placeholders") + ", but "
                            + params.size()
                            + (params.size() == 1 ? " parameter was" : " parameters were") + " given");
        }
        for (int i = 0; i < params.size(); i++) {
            bind(st, i + 1, params.get(i), params.size());
        }
    }

    private void bind(PreparedStatement st, int index, Value value, int count) throws SQLException {
        try {
            dialect.types().bind(session, st, index, value);
        } catch (DriverException e) {
            throw e;
        } catch (RuntimeException e) {
            // some drivers throw an unchecked exception for a parameter the statement does not have
            throw DriverException.builder(ErrorKind.INVALID_ARGUMENT, dialect.name(), op)
                    .detail("parameter " + index + " of " + count + " could not be bound (" + e
                            + "); does the query have that many placeholders?")
                    .cause(e)
                    .build();
        }
    }

    private static long updateCount(Statement st) throws SQLException {
        try {
            return st.getLargeUpdateCount();
        } catch (UnsupportedOperationException | java.sql.SQLFeatureNotSupportedException e) {
            return st.getUpdateCount();
        }
    }

    /** Cancels the statement in flight, from another thread. */
    void cancel() {
        // excludes finish(): a cancel that goes for the connection's running query (pgjdbc's
        // cancelQuery) must not reach what finish() sends after the statement (a ROLLBACK) or a
        // later call's statement; pgjdbc's returns once the server has taken the request
        synchronized (cancelling) {
            if (finished.get()) {
                return;
            }
            try {
                if (statement != null || exporting) {
                    cancelNow();
                    if (!started) {
                        // a cancel that lands in the moment before the statement starts is lost
                        // (SQLite's interrupt reaches only a running one): sent again until it has
                        closing = Deadline.arm(this::cancelNow, Duration.ofNanos(Deadline.REPEAT_NANOS));
                    }
                }
            } catch (SQLException | RuntimeException e) {
                LOG.log(System.Logger.Level.DEBUG, "cancel failed", e);
            }
        }
    }

    /** The statement the call runs, or, while an export runs none of the base's, the bulk export's {@link BulkExport#cancel}. */
    private void cancelNow() throws SQLException {
        Statement st = statement;
        if (st != null) {
            dialect.statements().cancel(session, st);
        } else if (dialect.bulkExport().isPresent()) {
            dialect.bulkExport().get().cancel(session);
        }
    }

    /**
     * Ends the statement once: disarms the deadline, closes the JDBC result and statement (gives
     * the statement back to the connection's {@link StatementCache} when it keeps them), restores the
     * namespace and closes the read-only mode's scope.
     *
     * @param completed whether the statement ran and its result was released without error
     * @param failure the error being thrown, which collects cleanup failures; null to log them
     */
    void finish(boolean completed, @Nullable Throwable failure) {
        synchronized (cancelling) { // waits for a cancel in flight, and no cancel starts after
            if (!finished.compareAndSet(false, true)) {
                return;
            }
        }
        deadline.disarm();
        closing.disarm();
        // a statement that failed or was cancelled in any way is closed, never kept
        boolean keep = completed && failure == null && !deadline.fired();
        if (rows != null) {
            try {
                rows.close();
            } catch (SQLException | RuntimeException e) {
                keep = false;
                suppress(failure, e);
            }
        }
        synchronized (owned) {
            for (Statement st : owned) {
                try {
                    if (keep && st == keepable) {
                        ctx.statements().give(java.util.Objects.requireNonNull(keepableSql), keepable);
                    } else {
                        st.close();
                    }
                } catch (SQLException | RuntimeException e) {
                    suppress(failure, e);
                }
            }
        }
        if (restoreNamespace != null) {
            try {
                dialect.catalog().useNamespace(session, restoreNamespace);
            } catch (SQLException | RuntimeException e) {
                suppress(failure, e);
            }
        }
        if (scope != null) {
            try {
                scope.close(completed);
            } catch (SQLException | RuntimeException e) {
                suppress(failure, e);
            }
        }
    }

    private static void suppress(@Nullable Throwable failure, Throwable e) {
        if (failure != null && failure != e) {
            failure.addSuppressed(e);
        } else {
            LOG.log(System.Logger.Level.DEBUG, "cleanup after a statement failed", e);
        }
    }

    /** The streamed result: one row per fetch, each cell read by the reader chosen when it opened. */
    final class Result extends CursorResultSet {
        private final ResultColumns mapped;
        private final List<Column> columns;
        private final java.sql.ResultSet cursor; // Execution.rows, held here so each row reads a final field
        private boolean failed;
        private boolean exhausted;
        private @Nullable CursorView view;

        Result(ResultColumns mapped, java.sql.ResultSet cursor, long limit, long startNanos) {
            super(
                    dialect.name(),
                    mapped.columns(),
                    limit > 0 ? OptionalLong.of(limit) : OptionalLong.empty(),
                    startNanos);
            this.mapped = mapped;
            this.columns = columns();
            this.cursor = cursor;
        }

        @Override
        protected @Nullable Row fetch() {
            if (!step()) {
                return null;
            }
            try {
                return mapped.read(cursor, columns);
            } catch (SQLException | RuntimeException e) {
                throw failure(e);
            }
        }

        @Override
        protected @Nullable RowView advance() {
            if (!step()) {
                return null;
            }
            CursorView v = view;
            if (v == null) {
                v = view = new CursorView(mapped, columns, cursor, this::failure);
            }
            return v;
        }

        /** Moves the cursor to the next row; at the end, tells the dialect the rows are read. */
        private boolean step() {
            try {
                checkDeadline("while the rows were read");
                if (cursor.next()) {
                    return true;
                }
                exhausted = true;
                openScope().checkRowsEnded(java.util.Objects.requireNonNull(statement));
                return false;
            } catch (SQLException | RuntimeException e) {
                throw failure(e);
            }
        }

        /** A failure of the JDBC driver while rows are read, as the result throws it. */
        private RuntimeException failure(Exception e) {
            failed = true;
            return ctx.errors().map(e, op, deadline.fired());
        }

        @Override
        protected void release() {
            Statement st = statement;
            if (!exhausted && !stats().truncated() && st != null) {
                try {
                    dialect.statements().abandon(session, st);
                } catch (SQLException | RuntimeException e) {
                    LOG.log(System.Logger.Level.DEBUG, "abandoning a result failed", e);
                }
            }
            if (!exporting) {
                finish(!failed && !wasCancelled(), null);
            }
            inFlight.released(this);
        }

        @Override
        protected void cancel() {
            Execution.this.cancel();
        }
    }
}
