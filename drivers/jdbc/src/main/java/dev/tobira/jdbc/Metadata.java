package dev.tobira.jdbc;

import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.Nullable;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The {@link DatabaseMetaData} readings behind the default namespace, collection and describe
 * methods of {@link Catalog}. Names are passed as patterns and the rows then filtered by exact
 * name, so a {@code _} or {@code %} in a name cannot widen the match.
 */
final class Metadata {
    static final Map<String, String> TABLE_TYPES = Map.of("TABLE", "table", "VIEW", "view");

    private Metadata() {}

    static List<String> namespaces(Connection c, boolean catalogs) throws SQLException {
        DatabaseMetaData md = c.getMetaData();
        List<String> names = new ArrayList<>();
        try (ResultSet rs = catalogs ? md.getCatalogs() : md.getSchemas()) {
            while (rs.next()) {
                String name = rs.getString(1);
                if (name != null && !names.contains(name)) {
                    names.add(name);
                }
            }
        }
        return List.copyOf(names);
    }

    /**
     * The catalog and schema arguments for a namespace: the current one when empty. A schema is
     * looked up in the connection's own catalog, so a database attached under another catalog
     * (DuckDB's {@code ATTACH}) never lends its same-named tables and columns.
     */
    private record Scope(@Nullable String catalog, @Nullable String schema) {}

    private static Scope scope(Catalog d, JdbcSession session, String namespace) throws SQLException {
        Connection c = session.connection();
        String ns = namespace.isEmpty() ? d.currentNamespace(session) : namespace;
        String value = ns.isEmpty() ? null : ns;
        if (d.namespacesAreCatalogs()) {
            return new Scope(value, null);
        }
        String catalog = c.getCatalog();
        return new Scope(catalog == null || catalog.isEmpty() ? null : catalog, value);
    }

    static List<CollectionRef> collections(Catalog d, JdbcSession session, Optional<String> namespace)
            throws SQLException {
        if (namespace.isPresent() && !d.namespaces(session).contains(namespace.get())) {
            throw DriverException.of(
                    ErrorKind.NOT_FOUND, session.driver(), "collections", "no such namespace: " + namespace.get());
        }
        Connection c = session.connection();
        Scope scope = scope(d, session, namespace.orElse(""));
        TreeMap<String, CollectionRef> byName = new TreeMap<>();
        String[] types = d.tableTypes().keySet().toArray(String[]::new);
        try (ResultSet rs = c.getMetaData().getTables(scope.catalog(), scope.schema(), "%", types)) {
            while (rs.next()) {
                String name = rs.getString("TABLE_NAME");
                if (name != null) {
                    byName.put(name, CollectionRef.of(namespace, name));
                }
            }
        }
        return List.copyOf(byName.values());
    }

    static CollectionInfo describe(Catalog d, JdbcSession session, CollectionRef ref) throws SQLException {
        Scope scope = scope(d, session, ref.namespace().orElse(""));
        DatabaseMetaData md = session.connection().getMetaData();
        TypeMapping types = session.dialect().types();
        String type = "";
        try (ResultSet rs = md.getTables(scope.catalog(), scope.schema(), ref.name(), null)) {
            while (rs.next()) {
                if (ref.name().equals(rs.getString("TABLE_NAME"))) {
                    String t = nonNull(rs.getString("TABLE_TYPE"));
                    type = d.tableTypes().getOrDefault(t, t.toLowerCase(Locale.ROOT));
                    break;
                }
            }
        }
        List<Column> fields = new ArrayList<>();
        try (ResultSet rs = md.getColumns(scope.catalog(), scope.schema(), ref.name(), "%")) {
            while (rs.next()) {
                if (!ref.name().equals(rs.getString("TABLE_NAME"))) {
                    continue;
                }
                String name = rs.getString("COLUMN_NAME");
                String typeName = nonNull(rs.getString("TYPE_NAME"));
                boolean nullable = rs.getInt("NULLABLE") != DatabaseMetaData.columnNoNulls;
                JdbcColumn col = new JdbcColumn(
                        0,
                        name,
                        rs.getInt("DATA_TYPE"),
                        typeName,
                        rs.getInt("COLUMN_SIZE"),
                        rs.getInt("DECIMAL_DIGITS"),
                        nullable,
                        "");
                fields.add(
                        typeName.isEmpty()
                                ? Column.of(name, types.map(col).kind()).withNullable(nullable)
                                : Column.of(name, types.map(col).kind(), typeName, nullable));
            }
        }
        if (fields.isEmpty()) {
            throw DriverException.of(ErrorKind.NOT_FOUND, session.driver(), "describe", "no such collection: " + ref);
        }
        TreeMap<Integer, String> pk = new TreeMap<>();
        try (ResultSet rs = md.getPrimaryKeys(scope.catalog(), scope.schema(), ref.name())) {
            while (rs.next()) {
                if (ref.name().equals(rs.getString("TABLE_NAME"))) {
                    pk.put(rs.getInt("KEY_SEQ"), rs.getString("COLUMN_NAME"));
                }
            }
        }
        List<String> primaryKey = List.copyOf(pk.values());
        return new CollectionInfo(
                ref,
                type.isEmpty() ? "table" : type,
                fields,
                primaryKey,
                foreignKeys(md, scope, ref),
                List.copyOf(d.indexes(session, ref, primaryKey)));
    }

    private static List<CollectionInfo.ForeignKey> foreignKeys(DatabaseMetaData md, Scope scope, CollectionRef ref)
            throws SQLException {
        // grouped by constraint; a KEY_SEQ of 1 starts a new one when the driver reports no names
        List<FkBuilder> keys = new ArrayList<>();
        try (ResultSet rs = md.getImportedKeys(scope.catalog(), scope.schema(), ref.name())) {
            FkBuilder current = null;
            while (rs.next()) {
                if (!ref.name().equals(rs.getString("FKTABLE_NAME"))) {
                    continue;
                }
                String name = nonNull(rs.getString("FK_NAME"));
                String target = rs.getString("PKTABLE_NAME");
                int seq = rs.getInt("KEY_SEQ");
                if (current == null || seq <= 1 || !current.name.equals(name) || !current.target.equals(target)) {
                    current = new FkBuilder(name, target, ref.namespace());
                    keys.add(current);
                }
                current.fields.add(rs.getString("FKCOLUMN_NAME"));
                current.targetFields.add(rs.getString("PKCOLUMN_NAME"));
            }
        }
        List<CollectionInfo.ForeignKey> result = new ArrayList<>();
        for (FkBuilder b : keys) {
            CollectionRef target = CollectionRef.of(b.namespace, b.target);
            result.add(
                    b.name.isEmpty()
                            ? CollectionInfo.ForeignKey.of(b.fields, target, b.targetFields)
                            : CollectionInfo.ForeignKey.of(b.name, b.fields, target, b.targetFields));
        }
        return result;
    }

    private static final class FkBuilder {
        final String name;
        final String target;
        final Optional<String> namespace;
        final List<String> fields = new ArrayList<>();
        final List<String> targetFields = new ArrayList<>();

        FkBuilder(String name, String target, Optional<String> namespace) {
            this.name = name;
            this.target = target;
            this.namespace = namespace;
        }
    }

    static List<CollectionInfo.Index> indexes(
            Catalog d, JdbcSession session, CollectionRef ref, List<String> primaryKey) throws SQLException {
        Connection c = session.connection();
        Scope scope = scope(d, session, ref.namespace().orElse(""));
        Map<String, TreeMap<Integer, String>> columns = new LinkedHashMap<>();
        Map<String, Boolean> unique = new LinkedHashMap<>();
        try (ResultSet rs = c.getMetaData().getIndexInfo(scope.catalog(), scope.schema(), ref.name(), false, true)) {
            while (rs.next()) {
                String name = rs.getString("INDEX_NAME");
                if (name == null
                        || rs.getShort("TYPE") == DatabaseMetaData.tableIndexStatistic
                        || !ref.name().equals(rs.getString("TABLE_NAME"))) {
                    continue;
                }
                String column = rs.getString("COLUMN_NAME");
                TreeMap<Integer, String> cols = columns.computeIfAbsent(name, k -> new TreeMap<>());
                cols.put(
                        rs.getInt("ORDINAL_POSITION"),
                        column == null ? nonNull(rs.getString("FILTER_CONDITION")) : column);
                unique.put(name, !rs.getBoolean("NON_UNIQUE"));
            }
        }
        List<CollectionInfo.Index> result = new ArrayList<>();
        for (Map.Entry<String, TreeMap<Integer, String>> e : columns.entrySet()) {
            List<String> fields = List.copyOf(e.getValue().values());
            boolean isUnique = java.util.Objects.requireNonNull(unique.get(e.getKey())); // put with every column
            if (isUnique && fields.equals(primaryKey)) {
                continue; // the primary key's own index is not a secondary index
            }
            result.add(new CollectionInfo.Index(e.getKey(), fields, isUnique));
        }
        return result;
    }

    private static String nonNull(String s) {
        return s == null ? "" : s;
    }
}
