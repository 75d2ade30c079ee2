package dev.tobira.jdbc.h2;

import dev.tobira.jdbc.testing.NativeSql;
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
import java.util.Map;
import java.util.UUID;

/**
 * The native side channel of the H2 tests: an in-memory database of its own name, seeded and
 * fingerprinted through plain H2 JDBC connections, never through the driver under test, and a temp
 * directory for the probes whose side effect is a file.
 */
final class H2Fixture {
    /**
     * The shop of the README with {@code varchar} for {@code text}, which H2 reads as a CLOB (not
     * comparable with {@code =}), and a sequence for the probes that advance one.
     */
    static final String SCHEMA = NativeSql.SHOP.replace(" text", " varchar(255)") + "create sequence shop_seq;\n";

    /**
     * The database settings the probes change, and the values every seed sets them to. H2 lists a
     * setting in {@code information_schema.settings} only once it has been set, so the seed sets
     * each one: a probe's change is then a change of a listed value, and a seed undoes it.
     */
    private static final Map<String, String> SETTINGS =
            Map.of("MAX_MEMORY_ROWS", "40000", "DEFAULT_LOCK_TIMEOUT", "10000", "IGNORECASE", "FALSE");

    final String name = "tobira_shop_" + UUID.randomUUID().toString().replace("-", "");
    final Path dir;

    H2Fixture() {
        try {
            dir = Files.createTempDirectory("tobira-h2-");
            // what RUNSCRIPT FROM runs: a write the proof must see
            Files.writeString(dir.resolve("probe.sql"), "delete from orders;\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String dsn() {
        return "h2:mem:" + name;
    }

    /** The URL of the same database, as the link probes name it. */
    String jdbcUrl() {
        return "jdbc:h2:mem:" + name;
    }

    Connection nativeConnection() throws SQLException {
        return DriverManager.getConnection(jdbcUrl() + ";DB_CLOSE_DELAY=-1", "sa", "");
    }

    /** Restores the shop, the database's settings and its users in place. */
    void seed() {
        try (Connection c = nativeConnection();
                Statement st = c.createStatement()) {
            st.execute("drop all objects");
            for (String user :
                    NativeSql.strings(c, "select user_name from information_schema.users where user_name <> 'SA'")) {
                st.execute("drop user \"" + user.replace("\"", "\"\"") + "\"");
            }
            for (Map.Entry<String, String> s : SETTINGS.entrySet()) {
                st.execute("set " + s.getKey() + " " + s.getValue());
            }
            NativeSql.script(c, SCHEMA, H2Dialect.SQL);
            // server code, outside what the fingerprint reads: a function that writes (H2ServerCode)
            st.execute("create schema kit_code");
            st.execute("create alias kit_code.kit_write for '" + H2ServerCode.class.getName() + ".kitWrite'");
        } catch (SQLException e) {
            throw new IllegalStateException("seeding " + name + " failed", e);
        }
    }

    /**
     * A digest of the state a write leaves: schemas, tables, columns, indexes, views, triggers,
     * sequences and their values, aliases, users, rights, roles, constants, domains, the settings
     * (without H2's volatile {@code info.} entries), and every table's rows.
     */
    String fingerprint() {
        StringBuilder sb = new StringBuilder();
        try (Connection c = nativeConnection()) {
            for (String q : List.of(
                    "select schema_name from information_schema.schemata where schema_name <> 'KIT_CODE'",
                    "select table_schema, table_name, table_type from information_schema.tables"
                            + " where table_schema <> 'INFORMATION_SCHEMA'",
                    "select table_schema, table_name, column_name, data_type, is_nullable, column_default"
                            + " from information_schema.columns where table_schema <> 'INFORMATION_SCHEMA'",
                    "select index_schema, index_name, table_name from information_schema.indexes"
                            + " where table_schema <> 'INFORMATION_SCHEMA'",
                    "select table_schema, table_name, view_definition from information_schema.views"
                            + " where table_schema <> 'INFORMATION_SCHEMA'",
                    "select * from information_schema.triggers",
                    "select * from information_schema.sequences",
                    "select * from information_schema.routines where routine_schema not in ('INFORMATION_SCHEMA', 'KIT_CODE')",
                    "select * from information_schema.users",
                    "select * from information_schema.rights",
                    "select * from information_schema.roles",
                    "select * from information_schema.constants",
                    "select * from information_schema.domains",
                    "select setting_name, setting_value from information_schema.settings where setting_name not like 'info.%'")) {
                sb.append(q).append('\n').append(NativeSql.rows(c, q)).append('\n');
            }
            List<String[]> tables = new ArrayList<>();
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("select table_schema, table_name from information_schema.tables"
                            + " where table_schema <> 'INFORMATION_SCHEMA' and table_type = 'BASE TABLE'")) {
                while (rs.next()) {
                    tables.add(new String[] {rs.getString(1), rs.getString(2)});
                }
            }
            for (String[] t : tables) {
                String q = "select * from " + quote(t[0]) + "." + quote(t[1]);
                sb.append(q).append('\n').append(NativeSql.rows(c, q)).append('\n');
            }
        } catch (SQLException e) {
            throw new IllegalStateException("fingerprinting " + name + " failed", e);
        }
        return NativeSql.sha256(sb.toString());
    }

    private static String quote(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    /** Runs each statement of a text in autocommit, split as H2 reads it, going on past failures. */
    boolean executeNatively(String text) {
        try (Connection c = nativeConnection()) {
            NativeSql.executeEach(c, text, H2Dialect.SQL);
            return true;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Order 2000 as evidence: the row the server code writes, seen and removed over the side channel. */
    boolean orderExists(long id) {
        try (Connection c = nativeConnection()) {
            return !NativeSql.strings(c, "select id from orders where id = " + id)
                    .isEmpty();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    void deleteOrder(long id) {
        try (Connection c = nativeConnection()) {
            NativeSql.execute(c, "delete from orders where id = " + id);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A file in the temp directory, for probes whose side effect is a file. */
    Path file(String fileName) {
        return dir.resolve(fileName);
    }

    /** Ends the in-memory database and removes the temp directory. */
    void delete() {
        try (Connection c = nativeConnection();
                Statement st = c.createStatement()) {
            st.execute("shutdown");
        } catch (SQLException e) {
            // a database already gone is what was wanted
        }
        NativeSql.deleteTree(dir);
    }
}
