package dev.tobira.jdbc;

import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.Optional;

/**
 * How values cross between the database and tobira: what a result's columns are and how their
 * cells are read, and how parameters are bound. Every method has a default for a standard JDBC
 * driver; a dialect overrides what its database types differently and delegates the rest to the
 * default ({@code TypeMapping.super.map(column)}).
 *
 * <p>The base holds every column to its mapping: a cell a dialect reader returns must be NULL or
 * of a kind the {@link ColumnMapping} {@linkplain ColumnMapping#admits admits}, or the read fails
 * with {@link ErrorKind#INTERNAL} naming the column, rather than hand the caller a value its
 * column does not describe.
 *
 * @since 0.1
 */
public interface TypeMapping {
    /** The standard mapping of {@link ColumnReaders#standard} and the standard binder. */
    TypeMapping STANDARD = new TypeMapping() {};

    /**
     * Chooses how a column crosses into tobira, once per column when a result opens (and for
     * {@code describe}, where only the kind is used). By default {@link ColumnReaders#standard};
     * override for native types (json, vector, intervals) and delegate the rest to it.
     *
     * @param column what JDBC says about the column
     * @return the kind and the reader
     */
    default ColumnMapping map(JdbcColumn column) {
        return ColumnReaders.standard(column);
    }

    /**
     * Describes one column of a result that just opened, before its first row is read, for
     * {@link #map} and for the result's {@link dev.tobira.api.Column}. By default asks
     * {@link ResultSetMetaData} for the label, type code, type name, precision, scale,
     * nullability and class name (a driver that throws for the precision, scale or class name of a
     * type gets 0, 0 and empty). Override to ask less where {@link #map} needs less and the
     * driver's answers are costly: fill what is not asked with its "unknown" value.
     *
     * @param md the result's metadata
     * @param index the column's position, from 1
     * @return the description, its {@link JdbcColumn#index()} {@code index}
     * @throws SQLException when the driver fails
     */
    default JdbcColumn column(ResultSetMetaData md, int index) throws SQLException {
        return JdbcColumn.describe(md, index);
    }

    /**
     * Returns what decides the columns of a result besides the text of its statement, read right
     * after the statement ran; empty by default. With a shape, the base describes and maps a
     * result's columns once per connection, text and shape, and gives later results of the same
     * text and an {@linkplain Object#equals equal} shape the same columns, without asking the
     * driver again.
     *
     * <p>Return one only where it is much cheaper to read than the metadata and fixes everything
     * {@link #column} would say about every column (the column count, labels and types that the
     * statement's text alone does not fix: those another session's DDL can change, or the values
     * of a row where the engine types values). Besides the shape, the base forgets a connection's
     * columns whenever a statement on it returns no rows (DDL among them) and when one of its
     * transactions ends.
     *
     * @param session the session the result belongs to
     * @param rs the result, before its first row is read
     * @return the shape, or empty to describe and map every result's columns afresh
     * @throws SQLException when the driver fails
     */
    default Optional<Object> resultShape(JdbcSession session, ResultSet rs) throws SQLException {
        return Optional.empty();
    }

    /**
     * Binds one positional parameter. By default: NULL as {@code setNull(Types.NULL)}, Bool,
     * Int, Float, Decimal, Text and Bytes with the matching setter, Date, Time and DateTime as
     * {@link java.time.LocalDate}, {@link java.time.LocalTime} and {@link java.time.LocalDateTime},
     * Timestamp as an {@link java.time.OffsetDateTime} in UTC, Uuid as {@link java.util.UUID},
     * Json and Doc as their JSON text; Array and Vector are refused with
     * {@link ErrorKind#UNSUPPORTED}. Override for the database's own forms and delegate the rest.
     *
     * @param session the session, for messages
     * @param statement the statement
     * @param index the parameter's position, from 1
     * @param value the value
     * @throws SQLException when the driver refuses it
     */
    default void bind(JdbcSession session, PreparedStatement statement, int index, Value value) throws SQLException {
        Binder.bind(session.driver(), statement, index, value);
    }
}
