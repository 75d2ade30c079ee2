package dev.tobira.driver.postgres;

import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.jdbc.Catalog;
import dev.tobira.jdbc.JdbcSession;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * PostgreSQL's schemas from {@code pg_catalog}: namespaces without the toast and temporary ones,
 * collections of every relation kind a query reads (tables, views, materialized views, foreign and
 * partitioned tables), and descriptions and listings kept in the session's {@link MetadataCache}.
 */
final class PgCatalog implements Catalog {
    @Override
    public List<String> namespaces(JdbcSession session) throws SQLException {
        List<String> names = new ArrayList<>();
        try (PreparedStatement st = session.connection()
                        .prepareStatement(
                                "SELECT nspname FROM pg_catalog.pg_namespace"
                                        + " WHERE nspname NOT LIKE 'pg\\_toast%' AND nspname NOT LIKE 'pg\\_temp\\_%' ORDER BY nspname");
                ResultSet rs = st.executeQuery()) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        }
        return names;
    }

    @Override
    public List<CollectionRef> collections(JdbcSession session, Optional<String> namespace) throws SQLException {
        @SuppressWarnings("unchecked")
        List<CollectionRef> refs = session.get(MetadataCache.KEY)
                .get(
                        new MetadataCache.Question("collections", namespace.orElse(""), ""),
                        List.class,
                        () -> readCollections(session.connection(), namespace.orElse("")));
        return refs;
    }

    private static List<CollectionRef> readCollections(Connection connection, String namespace) throws SQLException {
        if (!namespace.isEmpty() && !schemaExists(connection, namespace)) {
            throw DriverException.of(
                    ErrorKind.NOT_FOUND, PostgresDialect.NAME, "collections", "no such namespace: " + namespace);
        }
        List<CollectionRef> refs = new ArrayList<>();
        try (PreparedStatement st = connection.prepareStatement("SELECT c.relname FROM pg_catalog.pg_class c"
                + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE n.nspname = COALESCE(NULLIF(?, ''), current_schema()) AND c.relkind IN ('r', 'v', 'm', 'f', 'p')"
                + " ORDER BY c.relname")) {
            st.setString(1, namespace);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    refs.add(
                            namespace.isEmpty()
                                    ? CollectionRef.of(rs.getString(1))
                                    : CollectionRef.of(namespace, rs.getString(1)));
                }
            }
        }
        return List.copyOf(refs);
    }

    @Override
    public CollectionInfo describe(JdbcSession session, CollectionRef collection) throws SQLException {
        return session.get(MetadataCache.KEY)
                .get(
                        new MetadataCache.Question(
                                "describe", collection.namespace().orElse(""), collection.name()),
                        CollectionInfo.class,
                        () -> Catalog.super.describe(session, collection));
    }

    @Override
    public void useNamespace(JdbcSession session, String namespace) throws SQLException {
        if (!schemaExists(session.connection(), namespace)) {
            throw DriverException.of(
                    ErrorKind.NOT_FOUND, PostgresDialect.NAME, "query", "no such namespace: " + namespace);
        }
        Catalog.super.useNamespace(session, namespace);
    }

    /** A statement without rows (DDL among them) or the end of a transaction: what the cache holds may be stale. */
    @Override
    public void schemaMayHaveChanged(JdbcSession session) throws SQLException {
        session.find(MetadataCache.KEY)
                .ifPresent(MetadataCache::invalidate); // a session that never described keeps none
    }

    private static boolean schemaExists(Connection connection, String namespace) throws SQLException {
        try (PreparedStatement st =
                connection.prepareStatement("SELECT 1 FROM pg_catalog.pg_namespace WHERE nspname = ?")) {
            st.setString(1, namespace);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next();
            }
        }
    }
}
