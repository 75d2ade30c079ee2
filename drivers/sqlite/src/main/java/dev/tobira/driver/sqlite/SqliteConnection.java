package dev.tobira.driver.sqlite;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Properties;
import org.sqlite.core.Codes;
import org.sqlite.core.CoreStatement;
import org.sqlite.jdbc4.JDBC4Connection;

/**
 * sqlite-jdbc's connection, with the two pragmas the dialect reads around statements kept
 * prepared. A kept pragma that only reads is compiled once; one that assigns would not be,
 * since SQLite expires every statement of the connection, itself included, when a flag pragma
 * runs. Both are stepped straight on their native statement (step, one column, reset), as the
 * dialect reads cells, and are finalized with the connection.
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
     * The main database's schema cookie, which SQLite raises on every schema change. Read while
     * another statement of this connection has a row, it comes from that statement's own read
     * transaction: the schema the statement was compiled against.
     */
    int schemaVersion() throws SQLException {
        if (schemaVersion == null) {
            schemaVersion = prepareStatement("PRAGMA schema_version");
        }
        return readInt(schemaVersion);
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
