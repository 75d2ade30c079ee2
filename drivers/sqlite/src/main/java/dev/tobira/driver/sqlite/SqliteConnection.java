package dev.tobira.driver.sqlite;

import java.sql.CallableStatement;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.Properties;
import org.sqlite.core.Codes;
import org.sqlite.core.CoreStatement;
import org.sqlite.jdbc4.JDBC4Connection;

/**
 * sqlite-jdbc's connection, plus what lets a read-only connection skip re-asserting
 * {@code PRAGMA query_only} before a statement: whether the flag is provably still on.
 *
 * <p>SQLite changes the flag only while it compiles a {@code PRAGMA query_only} assignment (or an
 * EXPLAIN of one). So the flag is held from the moment {@link SqliteDialect} asserts it until
 * anything is compiled on the connection: every way sqlite-jdbc offers to compile text or run its
 * own statements (creating a statement, preparing one, the transaction and savepoint methods, the
 * isolation level, replacing the database) drops it first, so a compile that is not accounted for
 * can only cost one more assertion. Only the dialect's own prepare of a guarded query restores it,
 * and only when SQLite's compiled statement shows it could not have changed the flag (see
 * {@link SqliteDialect#keepsQueryOnly}). The field is volatile: whatever thread compiles next sees
 * a drop. A plain {@link Statement} compiles its text when it executes, after its creation dropped
 * the flag; one kept open across a guarded query and executed after it would go unseen, so none
 * is: the base and the dialect make and close each inside one call, and a read-only connection
 * never hands out this object ({@code Conn.unwrap} is empty).
 *
 * <p>A read-only connection also keeps {@code PRAGMA schema_version} prepared: the main database's
 * schema cookie, which SQLite changes with every change of the schema, from any connection. The
 * dialect puts it in a result's shape instead of every column's declared type (see
 * {@link SqliteDialect#resultShape}).
 */
final class SqliteConnection extends JDBC4Connection {
    private static final String PREFIX = "jdbc:sqlite:";

    private volatile boolean queryOnlyHeld;
    private PreparedStatement schemaVersion;

    /** Opens {@code file} as sqlite-jdbc's own {@code JDBC.createConnection} does. */
    SqliteConnection(String file, Properties properties) throws SQLException {
        super(PREFIX + file, file, properties);
    }

    /** Whether {@code query_only} is on for certain: asserted, and nothing compiled since that could lift it. */
    boolean queryOnlyHeld() {
        return queryOnlyHeld;
    }

    /** After the dialect asserted {@code query_only}, or saw that what it compiled since cannot have lifted it. */
    void holdQueryOnly() {
        queryOnlyHeld = true;
    }

    /** Whatever compiles next may lift {@code query_only}: the next guarded statement asserts it again. */
    void dropQueryOnly() {
        queryOnlyHeld = false;
    }

    /** Keeps {@code PRAGMA schema_version} prepared, for {@link #schemaVersion()}; once, when a read-only connection opens. */
    void keepSchemaVersion() throws SQLException {
        if (schemaVersion == null) {
            schemaVersion = prepareStatement("PRAGMA schema_version");
        }
    }

    /**
     * The main database's schema cookie, read by the kept statement: from the read transaction of
     * the statement whose result is opening, which is the schema SQLite compiled that statement
     * against (it compiles again when the cookie changed). Empty when the connection keeps no such
     * statement or it did not answer; the caller then reads the declared types.
     */
    java.util.OptionalLong schemaVersion() throws SQLException {
        if (!(schemaVersion instanceof CoreStatement core) || core.pointer.isClosed()) {
            return java.util.OptionalLong.empty();
        }
        long[] cookie = {-1};
        int rc = core.pointer.safeRunInt((db, ptr) -> {
            db.reset(ptr);
            int stepped = db.step(ptr);
            if (stepped == Codes.SQLITE_ROW) {
                cookie[0] = db.column_long(ptr, 0);
            }
            db.reset(ptr); // ends its part in the transaction at once
            return stepped;
        });
        return rc == Codes.SQLITE_ROW ? java.util.OptionalLong.of(cookie[0]) : java.util.OptionalLong.empty();
    }

    @Override
    public void close() throws SQLException {
        PreparedStatement kept = schemaVersion;
        try {
            if (kept != null) {
                kept.close();
            }
        } finally {
            super.close();
        }
    }

    // Every method that compiles SQL or makes sqlite-jdbc run its own drops the flag before it does.
    // The other createStatement, prepareStatement and prepareCall overloads delegate to these.

    @Override
    public Statement createStatement(int type, int concurrency, int holdability) throws SQLException {
        dropQueryOnly();
        return super.createStatement(type, concurrency, holdability);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int type, int concurrency, int holdability) throws SQLException {
        dropQueryOnly();
        return super.prepareStatement(sql, type, concurrency, holdability);
    }

    @Override
    public CallableStatement prepareCall(String sql) throws SQLException {
        dropQueryOnly();
        return super.prepareCall(sql);
    }

    @Override
    public CallableStatement prepareCall(String sql, int type, int concurrency) throws SQLException {
        dropQueryOnly();
        return super.prepareCall(sql, type, concurrency);
    }

    @Override
    public CallableStatement prepareCall(String sql, int type, int concurrency, int holdability) throws SQLException {
        dropQueryOnly();
        return super.prepareCall(sql, type, concurrency, holdability);
    }

    @Override
    public void setAutoCommit(boolean autoCommit) throws SQLException {
        dropQueryOnly();
        super.setAutoCommit(autoCommit);
    }

    @Override
    public void commit() throws SQLException {
        dropQueryOnly();
        super.commit();
    }

    @Override
    public void rollback() throws SQLException {
        dropQueryOnly();
        super.rollback();
    }

    @Override
    public void rollback(Savepoint savepoint) throws SQLException {
        dropQueryOnly();
        super.rollback(savepoint);
    }

    @Override
    public Savepoint setSavepoint() throws SQLException {
        dropQueryOnly();
        return super.setSavepoint();
    }

    @Override
    public Savepoint setSavepoint(String name) throws SQLException {
        dropQueryOnly();
        return super.setSavepoint(name);
    }

    @Override
    public void releaseSavepoint(Savepoint savepoint) throws SQLException {
        dropQueryOnly();
        super.releaseSavepoint(savepoint);
    }

    /**
     * sqlite-jdbc calls this before every statement it executes; it runs SQL of its own (BEGIN,
     * COMMIT, {@code PRAGMA query_only}) only in its explicit read-only mode, which tobira never
     * turns on. Should it be on, the flag is dropped as for any other compile.
     */
    @Override
    public void tryEnforceTransactionMode() throws SQLException {
        if (getDatabase().getConfig().isExplicitReadOnly()) {
            dropQueryOnly();
        }
        super.tryEnforceTransactionMode();
    }

    @Override
    public void setTransactionIsolation(int level) throws SQLException {
        dropQueryOnly();
        super.setTransactionIsolation(level);
    }

    @Override
    public void setReadOnly(boolean readOnly) throws SQLException {
        dropQueryOnly();
        super.setReadOnly(readOnly);
    }

    @Override
    public void setSchema(String schema) throws SQLException {
        dropQueryOnly();
        super.setSchema(schema);
    }

    @Override
    public void deserialize(String schema, byte[] buff) throws SQLException {
        dropQueryOnly();
        super.deserialize(schema, buff);
    }
}
