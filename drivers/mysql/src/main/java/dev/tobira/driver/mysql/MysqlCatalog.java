package dev.tobira.driver.mysql;

import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.Value;
import dev.tobira.jdbc.Catalog;
import dev.tobira.jdbc.JdbcSession;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Databases as namespaces (JDBC catalogs), and MariaDB's JSON columns told apart from text. */
final class MysqlCatalog implements Catalog {
    private static final Pattern JSON_CHECK = Pattern.compile("(?i)^\\s*json_valid\\(\\s*`((?:[^`]|``)+)`\\s*\\)\\s*$");

    @Override
    public boolean namespacesAreCatalogs() {
        return true;
    }

    /**
     * The base's description, with MariaDB's JSON columns told apart: MariaDB stores JSON as
     * {@code LONGTEXT} with a {@code json_valid(column)} check, which metadata reports as text.
     */
    @Override
    public CollectionInfo describe(JdbcSession session, CollectionRef collection) throws SQLException {
        CollectionInfo info = Catalog.super.describe(session, collection);
        if (info.fields().stream()
                        .noneMatch(f -> f.nativeType()
                                .filter(t -> t.equalsIgnoreCase("LONGTEXT"))
                                .isPresent())
                || !ConnectorJInternals.isMariaDb(session.connection())) {
            return info;
        }
        String namespace =
                collection.namespace().isPresent() ? collection.namespace().get() : currentNamespace(session);
        Set<String> json = new HashSet<>();
        try (PreparedStatement st = session.connection()
                .prepareStatement("SELECT CHECK_CLAUSE FROM information_schema.CHECK_CONSTRAINTS"
                        + " WHERE CONSTRAINT_SCHEMA = ? AND TABLE_NAME = ?")) {
            st.setString(1, namespace);
            st.setString(2, collection.name());
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    Matcher m = JSON_CHECK.matcher(String.valueOf(rs.getString(1)));
                    if (m.matches()) {
                        json.add(m.group(1).replace("``", "`"));
                    }
                }
            }
        }
        if (json.isEmpty()) {
            return info;
        }
        List<Column> fields = new ArrayList<>();
        for (Column f : info.fields()) {
            fields.add(
                    json.contains(f.name())
                                    && f.nativeType()
                                            .filter(t -> t.equalsIgnoreCase("LONGTEXT"))
                                            .isPresent()
                            ? Column.of(f.name(), Value.Kind.JSON, "JSON", f.nullable())
                            : f);
        }
        return new CollectionInfo(
                info.ref(), info.type(), fields, info.primaryKey(), info.foreignKeys(), info.indexes());
    }
}
