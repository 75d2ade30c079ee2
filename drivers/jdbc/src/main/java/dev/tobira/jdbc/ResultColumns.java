package dev.tobira.jdbc;

import dev.tobira.api.Column;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.List;

/**
 * The columns of a result as they cross into tobira, mapped once by the dialect's {@link TypeMapping}: what
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
    static final byte OTHER = 0;
    static final byte INT = 1;
    static final byte TEXT = 2;
    static final byte DECIMAL = 3;
    static final byte DOUBLE = 4;
    static final byte REAL = 5;
    static final byte BOOL = 6;
    static final byte DATE = 7;
    static final byte DATETIME = 8;
    static final byte TIMESTAMP = 9;
    static final byte BYTES = 10;
    static final byte DECIMAL_OR_SPECIAL = 11;
    /** What each tag's reader returns, by tag; null where the kind varies from cell to cell. */
    private static final Value.Kind[] KIND_OF_TAG = {
        null,
        Value.Kind.INT,
        Value.Kind.TEXT,
        Value.Kind.DECIMAL,
        Value.Kind.FLOAT,
        Value.Kind.FLOAT,
        Value.Kind.BOOL,
        Value.Kind.DATE,
        Value.Kind.DATETIME,
        Value.Kind.TIMESTAMP,
        Value.Kind.BYTES,
        null
    };

    private final String driver;
    private final List<Column> columns;
    private final ColumnReader[] readers;
    private final ColumnMapping[] mappings;
    private final boolean[] checked; // a dialect reader whose mapping does not admit every kind
    private final byte[] tags;

    private ResultColumns(String driver, Column[] columns, ColumnMapping[] mappings) {
        this.driver = driver;
        this.columns = List.of(columns);
        this.mappings = mappings;
        this.readers = new ColumnReader[mappings.length];
        this.checked = new boolean[mappings.length];
        for (int i = 0; i < mappings.length; i++) {
            readers[i] = mappings[i].reader();
            checked[i] = !mappings[i].admitsAll();
        }
        this.tags = new byte[readers.length];
        for (int i = 0; i < readers.length; i++) {
            tags[i] = tag(readers[i]);
        }
    }

    /** Describes and maps every column of a result that just opened. */
    static ResultColumns of(Dialect dialect, ResultSetMetaData md) throws SQLException {
        TypeMapping types = dialect.types();
        int n = md.getColumnCount();
        Column[] columns = new Column[n];
        ColumnMapping[] mappings = new ColumnMapping[n];
        for (int i = 0; i < n; i++) {
            JdbcColumn meta = types.column(md, i + 1);
            if (meta == null) {
                throw new NullPointerException(dialect + ": the type mapping described column " + (i + 1) + " as null");
            }
            ColumnMapping mapping = types.map(meta);
            if (mapping == null) {
                throw new NullPointerException(
                        dialect + ": the type mapping mapped column " + meta.name() + " to null");
            }
            Column column = Column.of(meta.name(), mapping.kind()).withNullable(meta.nullable());
            // a vendor driver may report no type name: then the column has none
            columns[i] = meta.typeName().isEmpty() ? column : column.withNativeType(meta.typeName());
            mappings[i] = mapping;
        }
        return new ResultColumns(dialect.name(), columns, mappings);
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
        } else if (reader == ColumnReaders.DECIMAL_OR_SPECIAL) {
            return DECIMAL_OR_SPECIAL;
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
            row.set(i, value(rs, i));
        }
        return row.build();
    }

    /** Reads one cell of the current row, from index 0; {@link Value#NULL} where its reader returned null. */
    Value value(java.sql.ResultSet rs, int index) throws SQLException {
        int c = index + 1;
        Value v = switch (tags[index]) {
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
            case DECIMAL_OR_SPECIAL -> ColumnReaders.decimalOrSpecial(rs, c);
            default -> checked(index, readers[index].read(rs, c));
        };
        return v == null ? Value.NULL : v;
    }

    /** A dialect reader's cell, held to its mapping: a value the column does not describe is the dialect's bug, said so. */
    private Value checked(int index, Value v) {
        if (checked[index] && v != null && !mappings[index].admits(v)) {
            throw DriverException.of(
                    ErrorKind.INTERNAL,
                    driver,
                    "query",
                    "column \"" + columns.get(index).name()
                            + "\" is mapped as " + mappings[index].kind() + " but its reader returned " + v.kind()
                            + " (a bug in the driver's type mapping)");
        }
        return v;
    }

    /**
     * The kind every non-null cell of a column has when a standard reader reads it, or null for a
     * dialect's reader and {@link ColumnReaders#DECIMAL_OR_SPECIAL}, whose kind may vary from cell to cell.
     */
    Value.Kind fixedKind(int index) {
        return KIND_OF_TAG[tags[index]];
    }

    /** The reader tag of a column, for {@link CursorView}'s typed getters. */
    byte tag(int index) {
        return tags[index];
    }
}
