package dev.tobira.jdbc;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/** The small SQLite database the cache tests read: {@code items(code text primary key, qty integer not null)}, three rows. */
final class ItemsDatabase {
    private ItemsDatabase() {}

    /** Creates {@code test.db} in the directory and returns its path. */
    static Path create(Path dir) throws SQLException {
        Path db = dir.resolve("test.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
                Statement st = c.createStatement()) {
            st.execute("create table items (code text primary key, qty integer not null)");
            st.execute("insert into items values ('a', 1), ('b', 2), ('c', 3)");
        }
        return db;
    }
}
