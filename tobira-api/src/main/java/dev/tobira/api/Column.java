package dev.tobira.api;

import static java.util.Objects.requireNonNull;

import java.util.Objects;
import java.util.Optional;

/**
 * One column of a result: its name, the {@link Value.Kind} its values arrive as, the type the
 * database itself reported, if it did, and whether it may hold {@link Value#NULL}. Immutable; start
 * with {@link #of(String, Value.Kind)}, and the {@code with…} methods return changed copies.
 *
 * <p>A value in the column is either of {@link #kind()} or {@link Value#NULL}. A column whose kind
 * is not fixed (a Redis reply, a SQLite expression) reports the kind of its first value, and its
 * values may then be of other kinds; drivers say so in their README.
 *
 * @since 0.1
 */
public final class Column {
    private final String name;
    private final Value.Kind kind;
    private final String nativeType; // "" here only: the factories refuse an empty native type
    private final boolean nullable;

    private Column(String name, Value.Kind kind, String nativeType, boolean nullable) {
        this.name = requireNonNull(name, "name is null");
        this.kind = requireNonNull(kind, "kind is null");
        this.nativeType = nativeType;
        this.nullable = nullable;
    }

    /**
     * Returns a nullable column with no native type.
     *
     * @param name the column name as the database reported it
     * @param kind the kind of its values
     * @return the column
     * @throws NullPointerException if an argument is null
     */
    public static Column of(String name, Value.Kind kind) {
        return new Column(name, kind, "", true);
    }

    /**
     * Returns a column with a native type.
     *
     * @param name the column name as the database reported it
     * @param kind the kind of its values
     * @param nativeType the database's own type name, such as {@code int8} or {@code hash}, not empty
     * @param nullable whether the column may hold null; true when unknown
     * @return the column
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if nativeType is empty
     */
    public static Column of(String name, Value.Kind kind, String nativeType, boolean nullable) {
        return new Column(name, kind, requireType(nativeType), nullable);
    }

    private static String requireType(String nativeType) {
        requireNonNull(nativeType, "nativeType is null");
        if (nativeType.isEmpty()) {
            throw new IllegalArgumentException("nativeType must not be empty (leave it unset when unknown)");
        }
        return nativeType;
    }

    /**
     * Returns the column name.
     *
     * @return the name as the database reported it
     */
    public String name() {
        return name;
    }

    /**
     * Returns the kind of the column's values.
     *
     * @return the kind
     */
    public Value.Kind kind() {
        return kind;
    }

    /**
     * Returns the database's own type name.
     *
     * @return the type, such as {@code int8} or {@code hash}, not empty, or empty when unknown
     */
    public Optional<String> nativeType() {
        return nativeType.isEmpty() ? Optional.empty() : Optional.of(nativeType);
    }

    /**
     * Tells whether the column may hold null.
     *
     * @return whether it may; true when unknown
     */
    public boolean nullable() {
        return nullable;
    }

    /**
     * Returns this column with a native type.
     *
     * @param nativeType the database's own type name, not empty
     * @return a copy
     * @throws NullPointerException if nativeType is null
     * @throws IllegalArgumentException if nativeType is empty
     */
    public Column withNativeType(String nativeType) {
        return new Column(name, kind, requireType(nativeType), nullable);
    }

    /**
     * Returns this column nullable or not.
     *
     * @param nullable whether the column may hold null
     * @return a copy
     */
    public Column withNullable(boolean nullable) {
        return new Column(name, kind, nativeType, nullable);
    }

    /**
     * Tells whether another object is a column with the same name, kind, native type and flag.
     *
     * @param o the other object
     * @return whether they are equal
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof Column c
                && name.equals(c.name)
                && kind == c.kind
                && nativeType.equals(c.nativeType)
                && nullable == c.nullable;
    }

    /** Returns a hash code consistent with {@link #equals(Object)}. */
    @Override
    public int hashCode() {
        return Objects.hash(name, kind, nativeType, nullable);
    }

    /** Returns the name, kind, native type if known, and whether it may hold null. */
    @Override
    public String toString() {
        return "Column[" + name + " " + kind + (nativeType.isEmpty() ? "" : " " + nativeType)
                + (nullable ? "" : " not null") + "]";
    }
}
