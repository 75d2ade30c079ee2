package dev.tobira.jdbc;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.spi.Nullable;
import dev.tobira.spi.SqlScan;
import java.sql.SQLException;
import java.time.Duration;

/**
 * Runs statements on one open connection, for the connection and each of its facets: the caller's
 * text through the guard's check, the base's own SQL without it, both inside the read-only mode;
 * metadata calls with their errors mapped; and the one transaction that may be open. It knows
 * nothing of the facets that use it.
 */
final class Runner {
    private static final System.Logger LOG = System.getLogger(Runner.class.getName());

    /** A metadata call on the session. */
    @FunctionalInterface
    interface SessionCall<T> {
        T call(JdbcSession session) throws SQLException;
    }

    private final Context ctx;
    private final GuardVerdicts verdicts;
    private @Nullable JdbcTx tx;

    Runner(Dialect dialect, JdbcSession session, SqlErrors errors) {
        this.ctx = new Context(
                dialect,
                session,
                errors,
                new ColumnCache(),
                new StatementCache(dialect.statements().keptStatements()),
                new InFlight());
        this.verdicts = new GuardVerdicts(dialect.guard());
    }

    Dialect dialect() {
        return ctx.dialect();
    }

    /** For tests: the caches and what is in flight. */
    Context context() {
        return ctx;
    }

    JdbcSession session() {
        return ctx.session();
    }

    boolean readOnly() {
        return ctx.session().readOnly();
    }

    SqlErrors errors() {
        return ctx.errors();
    }

    boolean closed() {
        return ctx.inFlight().closed();
    }

    void ensureOpen() {
        if (closed()) {
            throw new IllegalStateException("connection is closed");
        }
    }

    void ensureNoTransaction() {
        if (tx != null) {
            throw new IllegalStateException("a transaction is open on this connection; run queries through it");
        }
    }

    DriverException readOnlyRefusal(String op) {
        return DriverException.of(ErrorKind.READ_ONLY, dialect().name(), op, "the connection is read-only");
    }

    /**
     * The guard's check of a caller's text: all of it on a read-only path, else that it is one
     * statement; an acceptance of the same text on this connection is reused (see {@link GuardVerdicts}).
     */
    SqlScan check(String sql, boolean guarded) {
        return verdicts.check(sql, guarded);
    }

    /** A call of the caller's text, on this connection. */
    Call.Builder call(boolean guarded, SqlScan scan, long limit, Duration timeout) {
        return Call.builder()
                .guarded(guarded)
                .readOnlyConnection(readOnly())
                .scan(scan)
                .limit(limit)
                .timeout(timeout);
    }

    /** Guarded when the connection or the query is read-only. */
    boolean guarded(Query query) {
        return readOnly() || query.readOnly();
    }

    /** The caller's query, outside or inside the open transaction. */
    ResultSet run(Query query, boolean inTransaction) {
        long start = System.nanoTime();
        boolean guarded = guarded(query);
        SqlScan scan = check(query.text(), guarded);
        return execution(
                        call(
                                        guarded,
                                        scan,
                                        query.limit().orElse(0),
                                        query.timeout().orElse(Duration.ZERO))
                                .inTransaction(inTransaction)
                                .build(),
                        "query")
                .run(query.text(), query.params(), query.namespace().orElse(""), start);
    }

    /** SQL the base generated itself (browse, mutate): no guard check, the same read-only mode. */
    ResultSet runGenerated(String op, GeneratedSql sql, boolean guarded, long limit) {
        return execution(
                        Call.builder()
                                .guarded(guarded)
                                .readOnlyConnection(readOnly())
                                .limit(limit)
                                .build(),
                        op)
                .run(sql.sql(), sql.params(), "", System.nanoTime());
    }

    Execution execution(Call call, String op) {
        return new Execution(ctx, call, op);
    }

    /** A call of the session outside any statement (metadata, ping), its failure classified under {@code op}. */
    <T> T onSession(String op, SessionCall<T> call) {
        ensureOpen();
        try {
            return requireNonNull(call.call(ctx.session()), op + " returned null");
        } catch (SQLException e) {
            throw ctx.errors().map(e, op, false);
        }
    }

    // ---------------------------------------------------------------- the transaction

    JdbcTx begin() {
        ensureOpen();
        ensureNoTransaction();
        try {
            dialect().readOnlyMode().beginTransaction(ctx.session());
        } catch (SQLException e) {
            throw ctx.errors().map(e, "begin", false);
        }
        tx = new JdbcTx(this);
        return tx;
    }

    /** The transaction is over: a rollback may have taken back DDL that its results saw. */
    void ended(JdbcTx t) {
        if (tx == t) {
            tx = null;
        }
        try {
            ctx.schemaMayHaveChanged();
        } catch (SQLException | RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "forgetting the schema after a transaction failed", e);
        }
    }

    // ---------------------------------------------------------------- close

    void close() {
        if (!ctx.inFlight().close()) {
            return;
        }
        JdbcTx t = tx;
        if (t != null) {
            t.abandon();
        }
        try {
            ctx.statements().close();
        } catch (SQLException | RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "closing the kept statements failed", e);
        }
        ctx.session().close();
        try {
            ctx.session().connection().close();
        } catch (SQLException | RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "closing the JDBC connection failed", e);
        }
    }
}
