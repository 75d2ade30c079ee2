package dev.tobira.jdbc;

import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a database holds and where statements run: namespaces, collections, their descriptions,
 * and the current namespace. Every method has a default on {@link java.sql.DatabaseMetaData}; a
 * dialect overrides where its driver's metadata is wrong, slow or incomplete. Names are passed to
 * the metadata as patterns and the rows filtered by exact name, so a {@code _} or {@code %} in a
 * name cannot widen the match.
 *
 * @since 0.1
 */
public interface Catalog {
    /** {@link java.sql.DatabaseMetaData} with namespaces as schemas. */
    Catalog STANDARD = new Catalog() {};

    /**
     * Tells whether namespaces are JDBC catalogs (MySQL's databases) rather than schemas; false by
     * default. It decides which {@link java.sql.DatabaseMetaData} argument a namespace fills.
     *
     * @return whether namespaces are catalogs
     */
    default boolean namespacesAreCatalogs() {
        return false;
    }

    /**
     * Lists the namespaces; by default the schemas (or catalogs) of the metadata.
     *
     * @param session the session
     * @return the names
     * @throws SQLException when the database fails
     */
    default List<String> namespaces(JdbcSession session) throws SQLException {
        return Metadata.namespaces(session.connection(), namespacesAreCatalogs());
    }

    /**
     * Returns the metadata's table types that are collections, each with the type
     * {@link CollectionInfo#type()} gives it: {@code TABLE} is a {@code table} and {@code VIEW} a
     * {@code view} by default. Override where the driver names them otherwise (duckdb_jdbc's
     * {@code BASE TABLE}) or has more (materialized views).
     *
     * @return JDBC table type to tobira type
     */
    default Map<String, String> tableTypes() {
        return Metadata.TABLE_TYPES;
    }

    /**
     * Lists the tables and views of a namespace, of the {@link #tableTypes()}, in the connection's
     * catalog.
     *
     * @param session the session
     * @param namespace the namespace, not empty, or empty for the connection's default
     * @return the collections
     * @throws SQLException when the database fails
     * @throws dev.tobira.api.DriverException NOT_FOUND if the namespace does not exist
     */
    default List<CollectionRef> collections(JdbcSession session, Optional<String> namespace) throws SQLException {
        return Metadata.collections(this, session, namespace);
    }

    /**
     * Describes a table or view from the metadata's tables (its type through
     * {@link #tableTypes()}), columns, primary and imported keys and {@link #indexes}, each field's
     * kind from the dialect's {@link TypeMapping#map}.
     *
     * @param session the session
     * @param collection the collection
     * @return the description
     * @throws SQLException when the database fails
     * @throws dev.tobira.api.DriverException NOT_FOUND if it does not exist
     */
    default CollectionInfo describe(JdbcSession session, CollectionRef collection) throws SQLException {
        return Metadata.describe(this, session, collection);
    }

    /**
     * Lists the secondary indexes of a table for {@link #describe}; by default from
     * {@link java.sql.DatabaseMetaData#getIndexInfo}, without statistics rows and without the
     * primary key's own unique index.
     *
     * @param session the session
     * @param collection the table, which exists
     * @param primaryKey its primary key's fields in order, empty if none
     * @return the indexes
     * @throws SQLException when the database fails
     */
    default List<CollectionInfo.Index> indexes(JdbcSession session, CollectionRef collection, List<String> primaryKey)
            throws SQLException {
        return Metadata.indexes(this, session, collection, primaryKey);
    }

    /**
     * Returns the namespace statements run in; by default {@link Connection#getSchema()} (or
     * {@code getCatalog()}).
     *
     * @param session the session
     * @return the current namespace, empty if unknown
     * @throws SQLException when the database fails
     */
    default String currentNamespace(JdbcSession session) throws SQLException {
        Connection c = session.connection();
        String ns = namespacesAreCatalogs() ? c.getCatalog() : c.getSchema();
        return ns == null ? "" : ns;
    }

    /**
     * Makes statements run in a namespace, for a query that names one; the base restores the
     * previous {@link #currentNamespace} when the statement is over. By default
     * {@link Connection#setSchema(String)} (or {@code setCatalog}).
     *
     * @param session the session
     * @param namespace the namespace, not empty
     * @throws SQLException when the database fails
     * @throws dev.tobira.api.DriverException NOT_FOUND if it does not exist
     */
    default void useNamespace(JdbcSession session, String namespace) throws SQLException {
        if (namespacesAreCatalogs()) {
            session.connection().setCatalog(namespace);
        } else {
            session.connection().setSchema(namespace);
        }
    }

    /**
     * Forgets what the catalog keeps about the session's schema, when it may have changed: the
     * base calls it after a statement that returned no rows (DDL among them) and when a
     * transaction ends. Nothing by default, for a catalog that keeps nothing.
     *
     * @param session the session
     * @throws SQLException when the state cannot be reached
     */
    default void schemaMayHaveChanged(JdbcSession session) throws SQLException {}
}
