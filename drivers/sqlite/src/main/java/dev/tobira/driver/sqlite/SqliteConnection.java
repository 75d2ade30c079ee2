package dev.tobira.driver.sqlite;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Properties;
import org.sqlite.core.Codes;
import org.sqlite.SQLiteException;
import org.sqlite.core.CoreStatement;
import org.sqlite.core.DB;
import org.sqlite.jdbc4.JDBC4Connection;

/**
 * sqlite-jdbc's connection, with the two pragmas the dialect reads around statements kept
 * prepared, stepped straight on their native statement (step, one column, reset) as the dialect
 * reads cells, and finalized with the connection. SQLite compiles {@code PRAGMA schema_version}
 * once; {@code PRAGMA query_only} it compiles again at every step (its program expires itself),
 * which is what keeps the value it reads current.
 */
final class SqliteConnection extends JDBC4Connection {
    private static final String PREFIX = "jdbc:sqlite:";

    private final boolean readOnly;
    private PreparedStatement queryOnly;
    private PreparedStatement schemaVersion;

    SqliteConnection(String file, Properties properties, boolean readOnly) throws SQLException {
        super(PREFIX + file, file, properties);
        this.readOnly = readOnly;
    }

    /** Whether tobira opened it read-only (and so with attaching disabled). */
    boolean readOnly() {
        return readOnly;
    }

    /** Whether {@code query_only} is on now, as SQLite has it. */
    boolean queryOnly() throws SQLException {
        if (queryOnly == null) {
            queryOnly = prepareStatement("PRAGMA query_only");
        }
        return readInt(queryOnly) == 1;
    }

    /**
     * The main database's schema cookie, which SQLite raises on every schema change, or -1 when
     * reading it would have to wait for a lock. Read while a statement of this connection that
     * reads the database has a row, it comes from that statement's own read transaction: the
     * schema the statement was compiled against. A statement that reads no table holds no
     * transaction, so the read takes a lock of its own; it is not worth waiting for (behind a
     * writer's exclusive lock, for the whole busy timeout), since such a statement's columns do not
     * depend on the schema.
     */
    int schemaVersionWithoutWaiting() throws SQLException {
        if (schemaVersion == null) {
            schemaVersion = prepareStatement("PRAGMA schema_version");
        }
        DB db = getDatabase();
        db.busy_timeout(0);
        try {
            return readInt(schemaVersion);
        } catch (SQLiteException e) {
            int code = e.getResultCode().code & 0xff;
            if (code == Codes.SQLITE_BUSY || code == Codes.SQLITE_LOCKED) {
                return -1;
            }
            throw e;
        } finally {
            db.busy_timeout(getBusyTimeout());
        }
    }

    private static int readInt(PreparedStatement statement) throws SQLException {
        return ((CoreStatement) statement).pointer.safeRunInt((db, ptr) -> {
            int rc = db.step(ptr);
            try {
                if (rc != Codes.SQLITE_ROW) {
                    db.throwex(rc);
                }
                return db.column_int(ptr, 0);
            } finally {
                db.reset(ptr);
            }
        });
    }
}
