package dev.tobira.driver.duckdb;

import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.jdbc.Catalog;
import dev.tobira.jdbc.JdbcSession;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a DuckDB database holds: its schemas from {@code duckdb_schemas()}, tables and views from
 * the metadata under duckdb_jdbc's names for them, and indexes from {@code duckdb_indexes()}.
 * Keeps nothing, so there is nothing to forget when the schema changes.
 */
final class DuckdbCatalog implements Catalog {
    /** duckdb_jdbc calls a table {@code BASE TABLE}, as information_schema does. */
    private static final Map<String, String> TABLE_TYPES = Map.of("BASE TABLE", "table", "VIEW", "view");

    @Override
    public List<String> namespaces(JdbcSession session) throws SQLException {
        List<String> names = new ArrayList<>();
        try (Statement st = session.connection().createStatement();
                ResultSet rs = st.executeQuery("SELECT schema_name FROM duckdb_schemas()"
                        + " WHERE database_name = current_database() ORDER BY schema_name")) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        }
        return names;
    }

    @Override
    public Map<String, String> tableTypes() {
        return TABLE_TYPES;
    }

    /** From {@code duckdb_indexes()}: duckdb_jdbc's index metadata names no columns. */
    @Override
    public List<CollectionInfo.Index> indexes(JdbcSession session, CollectionRef collection, List<String> primaryKey)
            throws SQLException {
        String schema =
                collection.namespace().isPresent() ? collection.namespace().get() : currentNamespace(session);
        List<CollectionInfo.Index> indexes = new ArrayList<>();
        try (PreparedStatement ps = session.connection()
                .prepareStatement(
                        "SELECT index_name, is_unique, CAST(expressions AS VARCHAR) FROM duckdb_indexes()"
                                + " WHERE database_name = current_database() AND schema_name = ? AND table_name = ? ORDER BY index_name")) {
            ps.setString(1, schema);
            ps.setString(2, collection.name());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    indexes.add(new CollectionInfo.Index(
                            rs.getString(1), IndexExpressions.parse(rs.getString(3)), rs.getBoolean(2)));
                }
            }
        }
        return indexes;
    }
}
