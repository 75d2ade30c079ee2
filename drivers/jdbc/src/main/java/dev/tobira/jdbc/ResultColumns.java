package dev.tobira.jdbc;

import dev.tobira.api.Column;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.List;

/**
 * The columns of a result as they cross into tobira, mapped once by {@link JdbcDialect#map}: what
 * each reports, and how each cell is read. Immutable, so results of the same statement text and
 * shape on a connection share one (see {@link ColumnCache}).
 *
 * <p>Cells of the standard readers are read through a switch on a per-column tag rather than
 * through {@link ColumnReader}: one interface call site for every column of every result would see
 * many reader classes and stay a virtual call the JIT cannot inline, while a switch arm calls one
 * static method whose {@code getLong}, {@code getString}, … the JIT inlines. Dialect readers keep
 * the interface call.
 */
final class ResultColumns {
    private static final byte OTHER = 0;
    private static final byte INT = 1;
    private static final byte TEXT = 2;
    private static final byte DECIMAL = 3;
    private static final byte DOUBLE = 4;
    private static final byte REAL = 5;
    private static final byte BOOL = 6;
    private static final byte DATE = 7;
    private static final byte DATETIME = 8;
    private static final byte TIMESTAMP = 9;
    private static final byte BYTES = 10;

    private final List<Column> columns;
    private final ColumnReader[] readers;
    private final byte[] tags;

    private ResultColumns(Column[] columns, ColumnReader[] readers) {
        this.columns = List.of(columns);
        this.readers = readers;
        this.tags = new byte[readers.length];
        for (int i = 0; i < readers.length; i++) {
            tags[i] = tag(readers[i]);
        }
    }

    /** Describes and maps every column of a result that just opened. */
    static ResultColumns of(JdbcDialect dialect, ResultSetMetaData md) throws SQLException {
        int n = md.getColumnCount();
        Column[] columns = new Column[n];
        ColumnReader[] readers = new ColumnReader[n];
        for (int i = 0; i < n; i++) {
            JdbcColumn meta = dialect.resultColumn(md, i + 1);
            if (meta == null) {
                throw new NullPointerException(dialect + ".resultColumn returned null for column " + (i + 1));
            }
            ColumnMapping mapping = dialect.map(meta);
            if (mapping == null) {
                throw new NullPointerException(dialect + ".map returned null for column " + meta.name());
            }
            columns[i] = new Column(meta.name(), mapping.kind(), meta.typeName(), meta.nullable());
            readers[i] = mapping.reader();
        }
        return new ResultColumns(columns, readers);
    }

    private static byte tag(ColumnReader reader) {
        if (reader == ColumnReaders.INT) {
            return INT;
        } else if (reader == ColumnReaders.TEXT) {
            return TEXT;
        } else if (reader == ColumnReaders.DECIMAL) {
            return DECIMAL;
        } else if (reader == ColumnReaders.DOUBLE) {
            return DOUBLE;
        } else if (reader == ColumnReaders.REAL) {
            return REAL;
        } else if (reader == ColumnReaders.BOOL) {
            return BOOL;
        } else if (reader == ColumnReaders.DATE) {
            return DATE;
        } else if (reader == ColumnReaders.DATETIME) {
            return DATETIME;
        } else if (reader == ColumnReaders.TIMESTAMP) {
            return TIMESTAMP;
        } else if (reader == ColumnReaders.BYTES) {
            return BYTES;
        }
        return OTHER;
    }

    List<Column> columns() {
        return columns;
    }

    int size() {
        return readers.length;
    }

    /** Reads the current row, one value per column; {@link Value#NULL} where a reader returned null. */
    Row read(java.sql.ResultSet rs, List<Column> columns) throws SQLException {
        Row.Builder row = Row.builder(columns);
        for (int i = 0; i < readers.length; i++) {
            int c = i + 1;
            Value v = switch (tags[i]) {
                case INT -> ColumnReaders.integer(rs, c);
                case TEXT -> ColumnReaders.text(rs, c);
                case DECIMAL -> ColumnReaders.decimal(rs, c);
                case DOUBLE -> ColumnReaders.doubleValue(rs, c);
                case REAL -> ColumnReaders.real(rs, c);
                case BOOL -> ColumnReaders.bool(rs, c);
                case DATE -> ColumnReaders.date(rs, c);
                case DATETIME -> ColumnReaders.dateTime(rs, c);
                case TIMESTAMP -> ColumnReaders.timestamp(rs, c);
                case BYTES -> ColumnReaders.bytes(rs, c);
                default -> readers[i].read(rs, c);
            };
            row.set(i, v == null ? Value.NULL : v);
        }
        return row.build();
    }
}
