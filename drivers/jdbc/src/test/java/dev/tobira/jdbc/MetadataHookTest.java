package dev.tobira.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The metadata hooks: which table types are collections and what describe calls them, and where indexes come from. */
class MetadataHookTest {
    @TempDir
    Path dir;

    private ConnConfig config;

    @BeforeEach
    void createDatabase() throws SQLException {
        Path db = dir.resolve("m.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
                Statement st = c.createStatement()) {
            st.execute("create table orders (id integer primary key, status text not null, total integer)");
            st.execute("create index orders_status on orders (status, total)");
            st.execute("create unique index orders_total on orders (total)");
            st.execute("create view paid as select id from orders where status = 'paid'");
        }
        config = ConnConfig.of("testdb:" + db);
    }

    @Test
    void theDefaultsReadDatabaseMetaData() {
        try (Conn conn = new TestDriver(new TestDialect()).open(config)) {
            assertEquals(List.of(CollectionRef.of("orders"), CollectionRef.of("paid")), conn.collections());
            CollectionInfo orders = conn.describe(CollectionRef.of("orders"));
            assertEquals("table", orders.type());
            assertEquals(List.of("id"), orders.primaryKey());
            assertEquals(
                    List.of(
                            new CollectionInfo.Index("orders_status", List.of("status", "total"), false),
                            new CollectionInfo.Index("orders_total", List.of("total"), true)),
                    orders.indexes().stream()
                            .sorted(java.util.Comparator.comparing(CollectionInfo.Index::name))
                            .toList());
            assertEquals("view", conn.describe(CollectionRef.of("paid")).type());
        }
    }

    @Test
    void tableTypesChooseTheCollectionsAndNameThem() {
        TestDialect dialect = new TestDialect() {
            @Override
            protected Catalog catalog() {
                return new TestCatalog() {
                    @Override
                    public Map<String, String> tableTypes() {
                        return Map.of("TABLE", "base");
                    }
                };
            }
        };
        try (Conn conn = new TestDriver(dialect).open(config)) {
            assertEquals(List.of(CollectionRef.of("orders")), conn.collections());
            assertEquals("base", conn.describe(CollectionRef.of("orders")).type());
            assertEquals("view", conn.describe(CollectionRef.of("paid")).type(), "a type the map lacks, in lower case");
        }
    }

    @Test
    void theIndexHookReplacesGetIndexInfo() {
        TestDialect dialect = new TestDialect() {
            @Override
            protected Catalog catalog() {
                return new TestCatalog() {
                    @Override
                    public List<CollectionInfo.Index> indexes(
                            JdbcSession session, CollectionRef collection, List<String> primaryKey) {
                        return List.of(new CollectionInfo.Index(
                                collection.name() + "_by_" + String.join("_", primaryKey), primaryKey, true));
                    }
                };
            }
        };
        try (Conn conn = new TestDriver(dialect).open(config)) {
            assertEquals(
                    List.of(new CollectionInfo.Index("orders_by_id", List.of("id"), true)),
                    conn.describe(CollectionRef.of("orders")).indexes());
        }
    }
}
