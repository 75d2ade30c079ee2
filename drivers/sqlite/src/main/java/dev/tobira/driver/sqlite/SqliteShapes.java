package dev.tobira.driver.sqlite;

import dev.tobira.jdbc.JdbcSession;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Optional;

/**
 * What decides a result's columns, cheaply, for the base's column cache. On a read-only connection
 * with a row: the labels, the schema cookie and the first row's storage classes. The cookie is read
 * inside the statement's own read transaction, so it names the schema the statement was compiled
 * against, and the same text compiled against the same schema has the same declared types (a
 * statement that reads no table has no transaction, and columns that do not depend on the schema;
 * its cookie is read only when no lock stands in the way, see
 * {@link SqlitePragmas#schemaVersionWithoutWaiting}). A read-only connection attaches nothing and
 * cannot write its temp schema, so the main cookie covers all. Otherwise (a read-write connection,
 * no row, when sqlite-jdbc has already reset the statement and its transaction may be over, or a
 * cookie behind a lock): the labels, declared types and storage classes, read from the statement
 * itself. A text that returns rows one time and none the next is described again at each switch,
 * since the two shapes never match.
 *
 * <p>Not in the shape: whether a column is NOT NULL, which SQLite reads from the table's schema;
 * another connection that rebuilds a table with the same column names and types but other NOT NULL
 * constraints changes the cookie, so on a read-only connection this is seen at once; on a read-write
 * one, once this connection next runs a statement without rows or ends a transaction, or the
 * columns are pushed out of the base's cache.
 */
final class SqliteShapes {
    private SqliteShapes() {}

    static Optional<Object> of(JdbcSession session, ResultSet rs) throws SQLException {
        Optional<Boolean> hasRow = SqliteInternals.hasRow(rs);
        if (hasRow.isEmpty()) {
            return Optional.empty();
        }
        int cookie = hasRow.get() && session.readOnly()
                ? session.get(SqlitePragmas.KEY).schemaVersionWithoutWaiting()
                : -1;
        SqliteInternals.Shape shape = SqliteInternals.shape(rs, cookie < 0).orElseThrow();
        return Optional.of(
                cookie >= 0
                        ? new CompiledShape(shape.labels(), cookie, shape.storage())
                        : new DeclaredShape(
                                shape.labels(), java.util.Objects.requireNonNull(shape.declared()), shape.storage()));
    }

    /** A result's shape by its schema cookie; equal when the labels, cookie and storage classes are. */
    // arrays on purpose, compact cache keys: equals and hashCode below compare their contents
    @SuppressWarnings("ArrayRecordComponent")
    private record CompiledShape(String[] labels, int schemaVersion, int[] storage) {
        @Override
        public boolean equals(Object o) {
            return o instanceof CompiledShape s
                    && schemaVersion == s.schemaVersion
                    && Arrays.equals(storage, s.storage)
                    && Arrays.equals(labels, s.labels);
        }

        @Override
        public int hashCode() {
            return (Arrays.hashCode(labels) * 31 + schemaVersion) * 31 + Arrays.hashCode(storage);
        }

        @Override
        public String toString() {
            return "CompiledShape" + Arrays.toString(labels) + "@" + schemaVersion;
        }
    }

    /** A result's shape by its declared types; equal when every label, declared type and storage class is. */
    // arrays on purpose, compact cache keys: equals and hashCode below compare their contents
    @SuppressWarnings("ArrayRecordComponent")
    private record DeclaredShape(String[] labels, String[] declared, int[] storage) {
        @Override
        public boolean equals(Object o) {
            return o instanceof DeclaredShape s
                    && Arrays.equals(storage, s.storage)
                    && Arrays.equals(labels, s.labels)
                    && Arrays.equals(declared, s.declared);
        }

        @Override
        public int hashCode() {
            return (Arrays.hashCode(labels) * 31 + Arrays.hashCode(declared)) * 31 + Arrays.hashCode(storage);
        }

        @Override
        public String toString() {
            return "DeclaredShape" + Arrays.toString(labels) + Arrays.toString(declared);
        }
    }
}
