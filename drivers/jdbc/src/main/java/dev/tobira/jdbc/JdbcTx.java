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

    private final JdbcConn conn;
    private boolean ended;

    JdbcTx(JdbcConn conn) {
        this.conn = conn;
    }

    private void ensureActive() {
        if (ended) {
            throw new IllegalStateException("the transaction has ended");
        }
        if (conn.isClosed()) {
            throw new IllegalStateException("connection is closed");
        }
    }

    @Override
    public ResultSet query(Query query) {
        requireNonNull(query, "query is null");
        ensureActive();
        return conn.run(query, true);
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
                conn.connection().commit();
            } else {
                conn.connection().rollback();
            }
        } catch (SQLException e) {
            quietly(true);
            throw conn.errors().map(e, op, false);
        } finally {
            conn.ended(this);
        }
        try {
            conn.dialect().endTransaction(conn.connection(), conn.readOnly());
        } catch (SQLException e) {
            throw conn.errors().map(e, op, false);
        }
    }

    /** Rolls back and ends without throwing, for close and for a failed commit. */
    private void quietly(boolean rollback) {
        try {
            if (rollback) {
                conn.connection().rollback();
            }
            conn.dialect().endTransaction(conn.connection(), conn.readOnly());
        } catch (SQLException | RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "ending a transaction failed", e);
        }
    }

    /** Ends the transaction because its connection is closing. */
    void abandon() {
        if (!ended) {
            ended = true;
            quietly(true);
            conn.ended(this);
        }
    }

    @Override
    public void close() {
        if (ended || conn.isClosed()) {
            ended = true;
            conn.ended(this);
            return;
        }
        ended = true;
        quietly(true);
        conn.ended(this);
    }
}
