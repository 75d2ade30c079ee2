package dev.tobira.api;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The shape of a collection as {@link Conn#describe(CollectionRef)} reports it: fields, keys and
 * indexes. Never DDL and never sample rows.
 *
 * @param ref the collection
 * @param type what the collection is, in the database's words: {@code table}, {@code view},
 *     {@code hash}, {@code collection} and so on
 * @param fields the fields in their natural order, as {@link Column}s: the same name, kind, native type and
 *     nullability a result's columns carry
 * @param primaryKey the names of the primary-key fields, in key order; empty if none
 * @param foreignKeys the references to other collections
 * @param indexes the secondary indexes
 * @since 0.1
 */
public record CollectionInfo(
        CollectionRef ref,
        String type,
        List<Column> fields,
        List<String> primaryKey,
        List<ForeignKey> foreignKeys,
        List<Index> indexes) {
    /**
     * Creates a description; the lists are copied.
     *
     * @param ref the collection
     * @param type what the collection is, in the database's words: {@code table}, {@code view}, {@code hash}, {@code collection} and so on
     * @param fields the fields in their natural order
     * @param primaryKey the names of the primary-key fields, in key order; empty if none
     * @param foreignKeys the references to other collections
     * @param indexes the secondary indexes
     * @throws NullPointerException if an argument or an element is null
     */
    public CollectionInfo {
        requireNonNull(ref, "ref is null");
        requireNonNull(type, "type is null");
        fields = List.copyOf(fields);
        primaryKey = List.copyOf(primaryKey);
        foreignKeys = List.copyOf(foreignKeys);
        indexes = List.copyOf(indexes);
    }

    /**
     * A reference from fields of this collection to the key of another: the referencing fields, the
     * referenced collection and fields, and the constraint's name if it has one. Immutable; the lists
     * are copied.
     *
     * @since 0.1
     */
    public static final class ForeignKey {
        private final String name; // "" here only: the factories refuse an empty name
        private final List<String> fields;
        private final CollectionRef target;
        private final List<String> targetFields;

        private ForeignKey(String name, List<String> fields, CollectionRef target, List<String> targetFields) {
            this.name = name;
            this.fields = List.copyOf(fields);
            this.target = requireNonNull(target, "target is null");
            this.targetFields = List.copyOf(targetFields);
        }

        /**
         * Returns a foreign key with no name.
         *
         * @param fields the referencing fields, in order
         * @param target the referenced collection
         * @param targetFields the referenced fields, in the same order
         * @return the foreign key
         * @throws NullPointerException if an argument or an element is null
         */
        public static ForeignKey of(List<String> fields, CollectionRef target, List<String> targetFields) {
            return new ForeignKey("", fields, target, targetFields);
        }

        /**
         * Returns a named foreign key.
         *
         * @param name the constraint's name, not empty
         * @param fields the referencing fields, in order
         * @param target the referenced collection
         * @param targetFields the referenced fields, in the same order
         * @return the foreign key
         * @throws NullPointerException if an argument or an element is null
         * @throws IllegalArgumentException if name is empty
         */
        public static ForeignKey of(String name, List<String> fields, CollectionRef target, List<String> targetFields) {
            return new ForeignKey(requireText(name, "name"), fields, target, targetFields);
        }

        /**
         * Returns the constraint's name.
         *
         * @return the name, not empty, or empty when the constraint has none or the database did not say
         */
        public Optional<String> name() {
            return name.isEmpty() ? Optional.empty() : Optional.of(name);
        }

        /**
         * Returns the referencing fields.
         *
         * @return the fields, in order
         */
        public List<String> fields() {
            return fields;
        }

        /**
         * Returns the referenced collection.
         *
         * @return the collection
         */
        public CollectionRef target() {
            return target;
        }

        /**
         * Returns the referenced fields.
         *
         * @return the fields, in the same order as {@link #fields()}
         */
        public List<String> targetFields() {
            return targetFields;
        }

        /**
         * Tells whether another object is a foreign key with the same name, fields and target.
         *
         * @param o the other object
         * @return whether they are equal
         */
        @Override
        public boolean equals(Object o) {
            return o instanceof ForeignKey k
                    && name.equals(k.name)
                    && fields.equals(k.fields)
                    && target.equals(k.target)
                    && targetFields.equals(k.targetFields);
        }

        /** Returns a hash code consistent with {@link #equals(Object)}. */
        @Override
        public int hashCode() {
            return Objects.hash(name, fields, target, targetFields);
        }

        /** Returns the name if known, the fields and what they reference. */
        @Override
        public String toString() {
            return "ForeignKey[" + (name.isEmpty() ? "" : name + " ") + fields + " -> " + target + targetFields + "]";
        }
    }

    private static String requireText(String value, String what) {
        requireNonNull(value, what + " is null");
        if (value.isEmpty()) {
            throw new IllegalArgumentException(what + " must not be empty (leave it unset when unknown)");
        }
        return value;
    }

    /**
     * A secondary index.
     *
     * @param name the index's name
     * @param fields the indexed fields or expressions, in order
     * @param unique whether it enforces uniqueness
     * @since 0.1
     */
    public record Index(String name, List<String> fields, boolean unique) {
        /**
         * Creates an index description; the list is copied.
         *
         * @param name the index's name
         * @param fields the indexed fields or expressions, in order
         * @param unique whether it enforces uniqueness
         * @throws NullPointerException if an argument is null
         */
        public Index {
            requireNonNull(name, "name is null");
            fields = List.copyOf(fields);
        }
    }
}
