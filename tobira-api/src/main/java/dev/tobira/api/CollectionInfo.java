package dev.tobira.api;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * The shape of a collection as {@link Conn#describe(CollectionRef)} reports it: fields, keys and
 * indexes. Never DDL and never sample rows.
 *
 * @param ref the collection
 * @param type what the collection is, in the database's words: {@code table}, {@code view},
 *     {@code hash}, {@code collection} and so on
 * @param fields the fields in their natural order
 * @param primaryKey the names of the primary-key fields, in key order; empty if none
 * @param foreignKeys the references to other collections
 * @param indexes the secondary indexes
 * @since 0.1
 */
public record CollectionInfo(
        CollectionRef ref,
        String type,
        List<Field> fields,
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
     * One field of a collection.
     *
     * @param name the field's name
     * @param nativeType the database's own type name; empty if unknown
     * @param kind the kind its values arrive as
     * @param nullable whether it may hold null
     * @since 0.1
     */
    public record Field(String name, String nativeType, Value.Kind kind, boolean nullable) {
        /**
         * Creates a field.
         *
         * @param name the field's name
         * @param nativeType the database's own type name; empty if unknown
         * @param kind the kind its values arrive as
         * @param nullable whether it may hold null
         * @throws NullPointerException if an argument is null
         */
        public Field {
            requireNonNull(name, "name is null");
            requireNonNull(nativeType, "nativeType is null");
            requireNonNull(kind, "kind is null");
        }
    }

    /**
     * A reference from fields of this collection to the key of another.
     *
     * @param name the constraint's name; empty if it has none
     * @param fields the referencing fields, in order
     * @param target the referenced collection
     * @param targetFields the referenced fields, in the same order
     * @since 0.1
     */
    public record ForeignKey(String name, List<String> fields, CollectionRef target, List<String> targetFields) {
        /**
         * Creates a foreign key; the lists are copied.
         *
         * @param name the constraint's name; empty if it has none
         * @param fields the referencing fields, in order
         * @param target the referenced collection
         * @param targetFields the referenced fields, in the same order
         * @throws NullPointerException if an argument is null
         */
        public ForeignKey {
            requireNonNull(name, "name is null");
            fields = List.copyOf(fields);
            requireNonNull(target, "target is null");
            targetFields = List.copyOf(targetFields);
        }
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
