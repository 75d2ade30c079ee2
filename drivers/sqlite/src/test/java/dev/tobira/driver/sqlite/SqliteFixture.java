package dev.tobira.driver.sqlite;

import dev.tobira.jdbc.testing.NativeSql;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlScan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The native side channel of the SQLite tests: a temp directory holding {@code shop.db}, seeded and
 * fingerprinted through plain sqlite-jdbc connections, never through the driver under test.
 */
final class SqliteFixture {
    /** The shop of the README, the one text every JDBC driver's tests seed. */
    static final String SCHEMA = NativeSql.SHOP;

    final Path dir;
    final Path db;

    SqliteFixture() {
        try {
            dir = Files.createTempDirectory("tobira-sqlite-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        db = dir.resolve("shop.db");
    }

    String dsn() {
        return "sqlite:" + db;
    }

    Connection nativeConnection() throws SQLException {
        Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
        try (Statement st = c.createStatement()) {
            st.execute("pragma busy_timeout = 10000");
        }
        return c;
    }

    /** Restores the shop in place (an open connection of the driver keeps seeing the same file). */
    void seed() {
        try (Connection c = nativeConnection();
                Statement st = c.createStatement()) {
            st.execute("pragma journal_mode = delete");
            List<String[]> objects = new ArrayList<>();
            try (ResultSet rs = st.executeQuery(
                    "select type, name from sqlite_master where type in ('view', 'trigger', 'table') and name not like 'sqlite_%'")) {
                while (rs.next()) {
                    objects.add(new String[] {rs.getString(1), rs.getString(2)});
                }
            }
            st.execute("begin");
            for (String type : List.of("view", "trigger", "table")) {
                for (String[] o : objects) {
                    if (o[0].equals(type)) {
                        st.execute("drop " + type + " if exists \"" + o[1].replace("\"", "\"\"") + "\"");
                    }
                }
            }
            st.execute("drop table if exists sqlite_stat1");
            st.execute("drop table if exists sqlite_stat4");
            NativeSql.script(c, SCHEMA, SqlDialect.SQLITE);
            st.execute("pragma user_version = 0");
            st.execute("pragma application_id = 0");
            st.execute("commit");
        } catch (SQLException e) {
            throw new IllegalStateException("seeding " + db + " failed", e);
        }
    }

    /**
     * A digest of the state a write leaves: the journal mode, user_version and application_id, the
     * schema, and every table's rows. Physical rewrites that leave all of it equal (REINDEX,
     * VACUUM) are proven by {@link #changeCounter()} instead.
     */
    String fingerprint() {
        StringBuilder sb = new StringBuilder();
        try (Connection c = nativeConnection();
                Statement st = c.createStatement()) {
            for (String pragma : List.of("journal_mode", "user_version", "application_id")) {
                try (ResultSet rs = st.executeQuery("pragma " + pragma)) {
                    sb.append(pragma)
                            .append('=')
                            .append(rs.next() ? rs.getString(1) : "")
                            .append('\n');
                }
            }
            List<String> tables = new ArrayList<>();
            try (ResultSet rs =
                    st.executeQuery("select type, name, tbl_name, sql from sqlite_master order by type, name")) {
                while (rs.next()) {
                    sb.append(rs.getString(1))
                            .append('|')
                            .append(rs.getString(2))
                            .append('|')
                            .append(rs.getString(3))
                            .append('|')
                            .append(rs.getString(4))
                            .append('\n');
                    if (rs.getString(1).equals("table")) {
                        tables.add(rs.getString(2));
                    }
                }
            }
            for (String t : tables) {
                sb.append(t)
                        .append(':')
                        .append(NativeSql.rows(c, "select * from \"" + t.replace("\"", "\"\"") + "\""))
                        .append('\n');
            }
        } catch (SQLException e) {
            throw new IllegalStateException("fingerprinting " + db + " failed", e);
        }
        return NativeSql.sha256(sb.toString());
    }

    /**
     * Runs each statement of a text in autocommit, going on past failures, as the sqlite3 shell
     * does. The SQLite scan already keeps a trigger body with its statement, as sqlite3_complete
     * does; a piece SQLite still calls incomplete is joined with the next one, as the shell would.
     */
    boolean executeNatively(String text) {
        try (Connection c = nativeConnection();
                Statement st = c.createStatement()) {
            String pending = null;
            for (SqlScan.Statement s : SqlScan.of(text, SqlDialect.SQLITE).statements()) {
                String sql = pending == null ? s.text() : pending + ";\n" + s.text();
                pending = null;
                try {
                    st.execute(sql);
                } catch (SQLException e) {
                    if (String.valueOf(e.getMessage()).contains("incomplete input")) {
                        pending = sql;
                    }
                }
            }
            return true;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Reads the file change counter of the database header (offset 24), which every committed write
     * transaction bumps in rollback-journal mode.
     */
    long changeCounter() {
        byte[] header = new byte[28];
        try (var in = Files.newInputStream(db)) {
            if (in.readNBytes(header, 0, header.length) < header.length) {
                return -1;
            }
        } catch (IOException e) {
            return -1;
        }
        return ((header[24] & 0xffL) << 24)
                | ((header[25] & 0xffL) << 16)
                | ((header[26] & 0xffL) << 8)
                | (header[27] & 0xffL);
    }

    /** A file in the temp directory, for probes whose side effect is a file (ATTACH, VACUUM INTO). */
    Path file(String name) {
        return dir.resolve(name);
    }

    void delete() {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder())
                    .forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temp directory left behind is harmless
        }
    }
}
