package dev.tobira.driver.sqlite;

import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.jdbc.Catalog;
import dev.tobira.jdbc.JdbcSession;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The main database alone: listed, described and the default of queries. An attached database (on
 * a writable connection) is a namespace that exists, and is refused as {@code UNSUPPORTED}.
 */
final class SqliteCatalog implements Catalog {
    @Override
    public List<String> namespaces(JdbcSession session) throws SQLException {
        List<String> names = new ArrayList<>();
        try (Statement st = session.connection().createStatement();
                ResultSet rs = st.executeQuery("PRAGMA database_list")) {
            while (rs.next()) {
                names.add(rs.getString("name"));
            }
        }
        return names;
    }

    private static boolean isMain(String namespace) {
        return namespace.isEmpty() || namespace.equals("main");
    }

    private DriverException otherNamespace(JdbcSession session, String op, String namespace) throws SQLException {
        if (!namespaces(session).contains(namespace)) {
            return DriverException.of(ErrorKind.NOT_FOUND, session.driver(), op, "no such namespace: " + namespace);
        }
        return DriverException.of(
                ErrorKind.UNSUPPORTED,
                session.driver(),
                op,
                "only the main database can be "
                        + (op.equals("query") ? "the default of a query" : "listed and described"));
    }

    @Override
    public List<CollectionRef> collections(JdbcSession session, Optional<String> namespace) throws SQLException {
        if (!isMain(namespace.orElse(""))) {
            throw otherNamespace(session, "collections", namespace.orElse(""));
        }
        List<CollectionRef> refs = new ArrayList<>();
        for (CollectionRef ref : Catalog.super.collections(session, Optional.empty())) {
            refs.add(CollectionRef.of(namespace, ref.name()));
        }
        return refs;
    }

    @Override
    public CollectionInfo describe(JdbcSession session, CollectionRef collection) throws SQLException {
        if (!isMain(collection.namespace().orElse(""))) {
            throw otherNamespace(session, "describe", collection.namespace().orElse(""));
        }
        CollectionInfo info = Catalog.super.describe(session, CollectionRef.of(collection.name()));
        List<CollectionInfo.ForeignKey> keys = new ArrayList<>();
        for (CollectionInfo.ForeignKey fk : info.foreignKeys()) {
            CollectionRef target =
                    CollectionRef.of(collection.namespace(), fk.target().name());
            keys.add(fk.name()
                    .map(n -> CollectionInfo.ForeignKey.of(n, fk.fields(), target, fk.targetFields()))
                    .orElseGet(() -> CollectionInfo.ForeignKey.of(fk.fields(), target, fk.targetFields())));
        }
        return new CollectionInfo(collection, info.type(), info.fields(), info.primaryKey(), keys, info.indexes());
    }

    @Override
    public String currentNamespace(JdbcSession session) {
        return "";
    }

    @Override
    public void useNamespace(JdbcSession session, String namespace) throws SQLException {
        if (!isMain(namespace)) {
            throw otherNamespace(session, "query", namespace);
        }
    }
}
