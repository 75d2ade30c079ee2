package dev.tobira.api;

import static java.util.Objects.requireNonNull;

/**
 * One column of a result: its name, the {@link Value.Kind} its values arrive as, the type the
 * database itself reported, and whether it may hold {@link Value#NULL}.
 *
 * <p>A value in the column is either of {@link #kind()} or {@link Value#NULL}. A column whose kind
 * is not fixed (a Redis reply, a SQLite expression) reports the kind of its first value, and its
 * values may then be of other kinds; drivers say so in their README.
 *
 * @param name the column name as the database reported it
 * @param kind the kind of its values
 * @param nativeType the database's own type name, such as {@code int8} or {@code hash}; empty if unknown
 * @param nullable whether the column may hold null; true when unknown
 * @since 0.1
 */
public record Column(String name, Value.Kind kind, String nativeType, boolean nullable) {
    /**
     * Creates a column.
     *
     * @param name the column name as the database reported it
     * @param kind the kind of its values
     * @param nativeType the database's own type name, such as {@code int8} or {@code hash}; empty if unknown
     * @param nullable whether the column may hold null; true when unknown
     * @throws NullPointerException if name, kind or nativeType is null
     */
    public Column {
        requireNonNull(name, "name is null");
        requireNonNull(kind, "kind is null");
        requireNonNull(nativeType, "nativeType is null");
    }

    /**
     * Creates a nullable column with no native type.
     *
     * @param name the column name
     * @param kind the kind of its values
     * @return the column
     */
    public static Column of(String name, Value.Kind kind) {
        return new Column(name, kind, "", true);
    }
}
