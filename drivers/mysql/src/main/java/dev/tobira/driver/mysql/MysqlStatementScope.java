package dev.tobira.driver.mysql;

import static dev.tobira.driver.mysql.SessionStatements.restoreAutocommit;
import static dev.tobira.driver.mysql.SessionStatements.run;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.jdbc.Call;
import dev.tobira.jdbc.StatementScope;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlScan;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

/**
 * One guarded statement outside a transaction, from the moment {@link MysqlReadOnlyMode#open} set
 * the session read-only to the moment the session is back in autocommit mode with no transaction
 * open: the text it sends, the post-check of its reply, the cleanup. Guarded statements inside a
 * read-only transaction, and unguarded ones, need none of it.
 */
final class MysqlStatementScope implements StatementScope {
    private static final System.Logger LOG = System.getLogger(MysqlStatementScope.class.getName());

    private final MysqlReadOnlyMode mode;
    private final Connection connection;
    private final MysqlSession state;
    private final Call call;
    /** The reading of what runs: the call's, then that of the final text, with the parameters in place. */
    private Optional<SqlScan> scan;

    MysqlStatementScope(MysqlReadOnlyMode mode, Connection connection, MysqlSession state, Call call) {
        this.mode = mode;
        this.connection = connection;
        this.state = state;
        this.call = call;
        this.scan = call.scan();
    }

    /**
     * On a read-only MariaDB connection whose session is known, a text that is {@linkplain OneRead
     * one read} runs behind the connection's {@code SET STATEMENT} prefix. Any other text gets the
     * session statement first and leaves the session no longer known. A text that is not one read
     * also runs inside a read-only transaction of its own, which {@link #close} rolls back.
     */
    @Override
    public String text(String text) throws SQLException {
        SqlScan read = call.scanOf(text, SqlDialect.MYSQL);
        if (scan.isPresent()) {
            scan = Optional.of(read); // generated SQL has no scan and keeps none: it calls no stored code
        }
        ReadOnlySession scoped = mode.prefixed(state, call);
        if (scoped != null) {
            if (state.known() && OneRead.is(read)) {
                return scoped.prefix(call) + text;
            }
            // Only a text the statement check would refuse, or a close on another thread since
            // open, comes here: the session statement again, even if just sent, is the simple safe way
            mode.enterReadOnly(connection, state, call);
            state.known(false);
        }
        if (mode.needsOwnTransaction(read)) {
            run(connection, "START TRANSACTION READ ONLY");
            if (!ConnectorJInternals.status(connection).inReadOnlyTransaction()) {
                restoreAutocommit(connection);
                throw MysqlReadOnlyMode.refusal(
                        ErrorKind.READ_ONLY, "the server did not enter a read-only transaction");
            }
        }
        return text;
    }

    /**
     * The post-check, from the status the reply carried. Every statement kind a guarded call may
     * send returns rows; a statement that returned none was something else, and is refused after
     * it ran (DDL has already committed implicitly, which is why the allow-list comes first). A
     * statement with rows is still streaming them; its final status is checked once they are read,
     * in {@link #close}.
     */
    @Override
    public void checkExecuted(Statement statement) throws SQLException {
        if (statement.getUpdateCount() != -1) {
            DriverException refusal = MysqlReadOnlyMode.refusal(
                    ErrorKind.READ_ONLY, "the statement returned no rows, so it was not a read; refused after it ran");
            try {
                if (ConnectorJInternals.status(connection).outsideAutocommit()) {
                    // this status is the statement's own reply: end what it opened now, while that is known
                    restoreAutocommit(connection);
                }
            } catch (SQLException | RuntimeException e) {
                refusal.addSuppressed(e);
            }
            throw refusal;
        }
    }

    /**
     * Leaves the session in autocommit mode with no transaction open: the read-only transaction of
     * a text that is not one read is rolled back here, and anything else a statement left is undone
     * (a read never leaves either, so a read costs nothing here, failed or not). The read-only
     * access mode stays; the next guarded statement sets it again anyway.
     */
    @Override
    public void close(boolean completed) throws SQLException {
        ServerStatus status = ConnectorJInternals.status(connection);
        if (!completed) {
            // the next statement sets the session, whose reply brings the status flags an error reply lacks
            MysqlReadOnlyMode.forget(state, call);
        }
        if (!completed && !status.readOnlyTransactionFlag() && status.autocommit()) {
            // Connector/J marks a transaction after any error reply, since the reply does not say. Without a
            // read-only transaction of its own the statement was one read in autocommit mode, which leaves none;
            // one that returned no rows was undone in checkExecuted already
            releaseLocks();
            return;
        }
        if (status.outsideAutocommit()) {
            if (completed && !status.inReadOnlyTransaction()) {
                LOG.log(
                        System.Logger.Level.WARNING,
                        "mysql: a read-only statement left the session outside autocommit mode");
            }
            restoreAutocommit(connection);
        }
        releaseLocks();
    }

    /**
     * After a read that may have called a stored function ({@link StoredCode}), every user-level
     * lock the session holds is released: the read-only transaction does not cover
     * {@code GET_LOCK}, and such a lock would outlive the call and block other sessions. Reads of
     * built-in functions alone keep their single round trip.
     */
    private void releaseLocks() throws SQLException {
        if (scan.isPresent() && StoredCode.mayCall(scan.get())) {
            run(connection, "DO RELEASE_ALL_LOCKS()");
        }
    }
}
