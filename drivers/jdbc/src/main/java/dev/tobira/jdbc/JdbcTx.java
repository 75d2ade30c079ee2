package dev.tobira.jdbc;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Transactor;
import java.sql.SQLException;

/**
 * A transaction over the connection. Its queries take the same path as {@code Conn.query}: the
 * guard on a read-only connection, and the dialect's read-only mode around every statement.
 */
final class JdbcTx implements Transactor.Tx {
    private static final System.Logger LOG = System.getLogger(JdbcTx.class.getName());

    private final Runner runner;
    private boolean ended;

    JdbcTx(Runner runner) {
        this.runner = runner;
    }

    private void ensureActive() {
        if (ended) {
            throw new IllegalStateException("the transaction has ended");
        }
        if (runner.closed()) {
            throw new IllegalStateException("connection is closed");
        }
    }

    @Override
    public ResultSet query(Query query) {
        requireNonNull(query, "query is null");
        ensureActive();
        return runner.run(query, true);
    }

    @Override
    public void commit() {
        ensureActive();
        end(true);
    }

    @Override
    public void rollback() {
        ensureActive();
        end(false);
    }

    private void end(boolean commit) {
        ended = true;
        String op = commit ? "commit" : "rollback";
        try {
            if (commit) {
                runner.session().connection().commit();
            } else {
                runner.session().connection().rollback();
            }
        } catch (SQLException e) {
            quietly(true);
            throw runner.errors().map(e, op, false);
        } finally {
            runner.ended(this);
        }
        try {
            runner.dialect().readOnlyMode().endTransaction(runner.session());
        } catch (SQLException e) {
            throw runner.errors().map(e, op, false);
        }
    }

    /** Rolls back and ends without throwing, for close and for a failed commit. */
    private void quietly(boolean rollback) {
        try {
            if (rollback) {
                runner.session().connection().rollback();
            }
            runner.dialect().readOnlyMode().endTransaction(runner.session());
        } catch (SQLException | RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "ending a transaction failed", e);
        }
    }

    /** Ends the transaction because its connection is closing. */
    void abandon() {
        if (!ended) {
            ended = true;
            quietly(true);
            runner.ended(this);
        }
    }

    @Override
    public void close() {
        if (ended || runner.closed()) {
            ended = true;
            runner.ended(this);
            return;
        }
        ended = true;
        quietly(true);
        runner.ended(this);
    }
}
