package dev.tobira.driver.mysql;

import dev.tobira.drivertest.Evidence;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * The native side channel of one test class: a database of its own on the test server, seeded,
 * fingerprinted and written to through plain Connector/J connections, never through the driver
 * under test.
 */
final class MysqlFixture {
    /** Tells this build's databases, users and locks from those of another build using the same server at the same time. */
    static final long RUN = ProcessHandle.current().pid();

    /** The shop of the reference, in MySQL's words: text columns, InnoDB, a real foreign key. */
    static final List<String> SHOP = List.of(
            """
            create table customers (id integer primary key, name text not null, email text,
              country text not null, created_at text not null) engine = InnoDB""",
            """
            create table orders (id integer primary key,
              customer_id integer not null, total_cents integer not null, status text not null, created_at text not null,
              constraint orders_customer_fk foreign key (customer_id) references customers (id)) engine = InnoDB""",
            """
            insert into customers values
             (1,'Ada Lovelace','ada@example.com','GB','2026-09-02'),
             (2,'Grace Hopper','grace@example.com','US','2026-09-10'),
             (3,'Linus Torvalds',NULL,'FI','2026-09-15'),
             (4,'Margaret Hamilton','margaret@example.com','US','2026-10-01'),
             (5,'Ken Thompson','ken@example.com','US','2026-10-20')""",
            """
            insert into orders values
             (1,1,4999,'paid','2026-10-21'),(2,1,1250,'paid','2026-10-22'),
             (3,2,8900,'refunded','2026-10-22'),(4,3,2300,'paid','2026-10-23'),
             (5,4,15000,'pending','2026-10-24'),(6,2,720,'paid','2026-10-25'),
             (7,5,3100,'paid','2026-10-26')""",
            // code on the server that writes: what only the read-only transaction can stop
            """
            create function probe_write() returns integer not deterministic modifies sql data
            begin
              insert into orders values (1000, 1, 1, 'probe', '2026-01-01');
              return 1;
            end""",
            """
            create procedure probe_proc() modifies sql data
            begin
              delete from orders;
            end""");

    final MysqlServer server;
    final String database;
    final boolean mariaDb;
    final String version;
    /** Where probes may make the server write files: its secure_file_priv, or a directory every user may write. */
    final Path fileDir;
    /** A database of its own holding one row of every type, which no probe touches. */
    final String kinds;

    private State canonical;
    private Connection serialization;

    MysqlFixture(MysqlServer server, String database) {
        this.server = server;
        this.database = database;
        this.kinds = database + "_kinds";
        try (Connection c = server.connect("", false);
                Statement st = c.createStatement()) {
            st.execute("drop database if exists `" + database + "`");
            st.execute("create database `" + database + "` character set utf8mb4");
            String v;
            String filePriv;
            try (ResultSet rs = st.executeQuery("select version(), @@secure_file_priv")) {
                rs.next();
                v = rs.getString(1);
                filePriv = rs.getString(2);
            }
            version = v;
            mariaDb = v.toLowerCase(java.util.Locale.ROOT).contains("mariadb");
            fileDir = filePriv != null && !filePriv.isEmpty() ? Path.of(filePriv) : sharedTempDir();
            createKinds(st);
        } catch (SQLException e) {
            throw new IllegalStateException("preparing database " + database + " on " + server.source() + " failed", e);
        }
    }

    private static Path sharedTempDir() {
        try {
            Path dir = Files.createTempDirectory("tobira-mysql-files-");
            // the server writes here as its own OS user
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One row holding a value of every type the driver maps, in a database no probe touches. */
    private void createKinds(Statement st) throws SQLException {
        st.execute("drop database if exists " + kinds);
        st.execute("create database " + kinds);
        st.execute(
                "create table " + kinds + ".kinds (b1 bit(1), b5 bit(5), ti1 tinyint(1), bo bool, tiu tinyint unsigned,"
                        + " iu int unsigned, bu bigint unsigned, y year, j json, ts timestamp null, dt datetime(3), tm time,"
                        + " dur time, e enum('a','b'), st set('x','y'), f float, d double, dc decimal(10,2), bl blob, tx text"
                        + (mariaDb && atLeast(10, 7) ? ", u uuid" : "") + ")");
        st.execute("set time_zone = '+00:00'");
        st.execute(
                "insert into " + kinds + ".kinds values (1, 5, 1, false, 200, 4000000000, 18446744073709551615, 2024,"
                        + " '{\"a\": [1, 2]}', '2024-01-02 03:04:05', '2024-01-02 03:04:05.123', '12:34:56', '838:59:59', 'b', 'x,y',"
                        + " 1.1, 2.25, 3.45, x'0102ff', 'tëxt'"
                        + (mariaDb && atLeast(10, 7) ? ", 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'" : "")
                        + ")");
    }

    boolean atLeast(int major, int minor) {
        String[] parts = version.split("[.-]");
        int ma = Integer.parseInt(parts[0]);
        int mi = Integer.parseInt(parts[1]);
        return ma > major || (ma == major && mi >= minor);
    }

    Connection connect() throws SQLException {
        return server.connect(database, false);
    }

    /**
     * Restores the shop. DDL on InnoDB is the slow part of every probe, so it is the last resort:
     * nothing when the state is intact, the rows alone when only rows changed, everything
     * dropped and created again otherwise.
     */
    void seed() {
        State state = state();
        if (canonical != null && canonical.equals(state)) {
            return;
        }
        if (canonical != null && canonical.schema().equals(state.schema())) {
            try (Statement st = side().createStatement()) {
                st.execute("set foreign_key_checks = 0; start transaction; delete from orders; delete from customers; "
                        + SHOP.get(2) + "; " + SHOP.get(3) + "; commit; set foreign_key_checks = 1"
                        + (mariaDb ? "; alter sequence probe_seq restart" : ""));
            } catch (SQLException e) {
                closeSide();
                throw new IllegalStateException("restoring the rows of " + database + " failed", e);
            }
            if (canonical.equals(state())) {
                return;
            }
        }
        try (Connection c = connect();
                Statement st = c.createStatement()) {
            st.execute("set foreign_key_checks = 0");
            for (String[] object : objects(c)) {
                st.execute("drop " + object[0] + " if exists `" + object[1].replace("`", "``") + "`");
            }
            st.execute("set foreign_key_checks = 1");
            for (String s : SHOP) {
                st.execute(s);
            }
            if (mariaDb) {
                st.execute("create sequence probe_seq");
            }
        } catch (SQLException e) {
            throw new IllegalStateException("seeding " + database + " failed", e);
        }
        State after = state();
        if (canonical == null) {
            canonical = after;
        } else if (!canonical.equals(after)) {
            throw new IllegalStateException("seeding " + database + " did not restore the shop exactly");
        }
    }

    /** Everything in the database, as (kind, name), views first so they drop before their tables. */
    private List<String[]> objects(Connection c) throws SQLException {
        List<String[]> objects = new ArrayList<>();
        try (PreparedStatement st = c.prepareStatement("select table_type, table_name from information_schema.tables"
                + " where table_schema = ? order by table_type = 'VIEW' desc")) {
            st.setString(1, database);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    objects.add(new String[] {rs.getString(1).equals("VIEW") ? "view" : "table", rs.getString(2)});
                }
            }
        }
        try (PreparedStatement st = c.prepareStatement(
                "select routine_type, routine_name from information_schema.routines" + " where routine_schema = ?")) {
            st.setString(1, database);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    objects.add(new String[] {rs.getString(1).toLowerCase(java.util.Locale.ROOT), rs.getString(2)});
                }
            }
        }
        try (PreparedStatement st =
                c.prepareStatement("select event_name from information_schema.events where event_schema = ?")) {
            st.setString(1, database);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    objects.add(new String[] {"event", rs.getString(1)});
                }
            }
        }
        return objects;
    }

    /** The state of the database in two digests: its objects, and the rows of its tables. */
    record State(String schema, String rows) {}

    private static final String[] SCHEMA_QUERIES = {
        "select table_name, table_type, engine, table_comment from information_schema.tables"
                + " where table_schema = ? order by table_name",
        "select table_name, column_name, ordinal_position, column_type, is_nullable, column_default, extra,"
                + " column_comment from information_schema.columns where table_schema = ? order by table_name, ordinal_position",
        "select table_name, index_name, seq_in_index, column_name, non_unique, sub_part from"
                + " information_schema.statistics where table_schema = ? order by table_name, index_name, seq_in_index",
        "select constraint_name, table_name, referenced_table_name from"
                + " information_schema.referential_constraints where constraint_schema = ? order by constraint_name",
        "select trigger_name, event_object_table, action_timing, event_manipulation, action_statement from"
                + " information_schema.triggers where trigger_schema = ? order by trigger_name",
        "select routine_name, routine_type, routine_definition from information_schema.routines"
                + " where routine_schema = ? order by routine_name",
        "select table_name, view_definition from information_schema.views where table_schema = ? order by table_name",
        "select event_name, event_definition from information_schema.events where event_schema = ? order by event_name",
    };

    /**
     * A digest of everything a write could change in the database: tables and views with their
     * options, columns, indexes, foreign keys, triggers, routines, events, and every row (sequences
     * included, whose row is their state).
     */
    String fingerprint() {
        State s = state();
        return s.schema() + ":" + s.rows();
    }

    /** Reads the state in two round trips on the side connection, one for the objects, one for the rows. */
    State state() {
        try {
            return readState();
        } catch (SQLException first) {
            closeSide(); // a probe may have killed it; one fresh try
            try {
                return readState();
            } catch (SQLException e) {
                e.addSuppressed(first);
                throw new IllegalStateException("fingerprinting " + database + " failed", e);
            }
        }
    }

    private State readState() throws SQLException {
        StringBuilder schema = new StringBuilder();
        List<String> tables = new ArrayList<>();
        String quoted = "'" + database.replace("'", "''") + "'";
        try (Statement st = side().createStatement()) {
            StringBuilder batch = new StringBuilder();
            for (String q : SCHEMA_QUERIES) {
                batch.append(q.replace("?", quoted)).append(";\n");
            }
            boolean rows = st.execute(batch.toString());
            int index = 0;
            while (rows || st.getUpdateCount() != -1) {
                if (rows) {
                    try (ResultSet rs = st.getResultSet()) {
                        int n = rs.getMetaData().getColumnCount();
                        while (rs.next()) {
                            for (int i = 1; i <= n; i++) {
                                schema.append(rs.getString(i)).append('|');
                            }
                            schema.append('\n');
                            if (index == 0 && !"VIEW".equals(rs.getString(2))) {
                                tables.add(rs.getString(1));
                            }
                        }
                    }
                    schema.append("--\n");
                    index++;
                }
                rows = st.getMoreResults();
            }
            StringBuilder data = new StringBuilder();
            if (!tables.isEmpty()) {
                StringBuilder dump = new StringBuilder();
                for (String t : tables) {
                    dump.append("select * from `")
                            .append(database.replace("`", "``"))
                            .append("`.`")
                            .append(t.replace("`", "``"))
                            .append("`;\n");
                }
                rows = st.execute(dump.toString());
                int table = 0;
                while (rows || st.getUpdateCount() != -1) {
                    if (rows) {
                        List<String> lines = new ArrayList<>();
                        try (ResultSet rs = st.getResultSet()) {
                            ResultSetMetaData md = rs.getMetaData();
                            while (rs.next()) {
                                StringBuilder row = new StringBuilder();
                                for (int i = 1; i <= md.getColumnCount(); i++) {
                                    row.append(rs.getString(i)).append('\t');
                                }
                                lines.add(row.toString());
                            }
                        }
                        Collections.sort(lines);
                        data.append(tables.get(table++))
                                .append(':')
                                .append(String.join("\n", lines))
                                .append('\n');
                    }
                    rows = st.getMoreResults();
                }
            }
            return new State(digest(schema.toString()), digest(data.toString()));
        }
    }

    private static String digest(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private Connection side;

    /** The fixture's own connection, several statements per round trip; never the driver under test. */
    private Connection side() throws SQLException {
        if (side == null || side.isClosed()) {
            side = server.connect(database, true);
        }
        return side;
    }

    private void closeSide() {
        if (side != null) {
            try {
                side.close();
            } catch (SQLException e) {
                // it was broken already
            }
            side = null;
        }
    }

    /**
     * Runs a text as the mysql client would send it: whole, on a connection that allows several
     * statements, so the server itself decides where statements end (the {@code --} rule, executable
     * comments). The server stops at the first statement that fails, as the client does.
     */
    boolean executeNatively(String text) {
        try (Connection c = server.connect(database, true);
                Statement st = c.createStatement()) {
            try {
                boolean rows = st.execute(text);
                while (rows || st.getUpdateCount() != -1) {
                    rows = st.getMoreResults();
                }
            } catch (SQLException e) {
                // as the client: the statements before the failing one ran
            }
            return true;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Number of sessions with the fixture's database as their default, the fixture's own not counted. */
    long sessions() {
        try (Connection c = server.connect("", false);
                PreparedStatement st = c.prepareStatement(
                        "select count(*) from information_schema.processlist where db = ? and id <> ?")) {
            st.setString(1, database);
            st.setLong(
                    2,
                    side().unwrap(org.mariadb.jdbc.Connection.class)
                            .getContext()
                            .getThreadId());
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    // ---------------------------------------------------------------- evidence

    /** A file the server writes; only observable when the server runs on this machine. */
    Evidence file(String name) {
        return Evidence.fileCreated(fileDir.resolve(name));
    }

    String path(String name) {
        return fileDir.resolve(name).toString();
    }

    /** A file the server can read, for LOAD DATA: one new order. */
    String ordersCsv() {
        Path file = fileDir.resolve("tobira_probe_orders.csv");
        try {
            Files.writeString(file, "1001,1,500,paid,2026-11-01\n", StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file.toString();
    }

    /**
     * A named lock held by some session, seen from another one (IS_USED_LOCK). A lock lives as long
     * as the session that took it, so clearing it ends that session: the kit's writable
     * connection, whose later read-only attempts the guard refuses before they reach the server.
     */
    Evidence lock(String name) {
        return new Evidence() {
            @Override
            public void clear() {
                try (Connection c = server.connect("", false);
                        Statement st = c.createStatement()) {
                    long deadline = System.nanoTime() + 10_000_000_000L;
                    while (System.nanoTime() < deadline) {
                        Long holder = holder(st);
                        if (holder == null) {
                            return;
                        }
                        try {
                            st.execute("kill " + holder);
                        } catch (SQLException gone) {
                            // it ended meanwhile
                        }
                        Thread.sleep(50);
                    }
                    throw new IllegalStateException("the lock " + name + " is still held");
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }

            private Long holder(Statement st) throws SQLException {
                try (ResultSet rs = st.executeQuery("select is_used_lock('" + name + "')")) {
                    rs.next();
                    long id = rs.getLong(1);
                    return rs.wasNull() ? null : id;
                }
            }

            @Override
            public boolean observed() {
                try (Connection c = server.connect("", false);
                        Statement st = c.createStatement()) {
                    return holder(st) != null;
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            }
        };
    }

    /**
     * A database of the fixture's own for code on the server that reads call: not the shop's, whose
     * routines a seed drops and the fingerprint sees.
     */
    String codeDatabase() {
        return database + "_code";
    }

    /** An order of the shop, by id, as another session sees it committed; deleted on clear. */
    Evidence orderRow(int id) {
        return new Evidence() {
            @Override
            public void clear() {
                execute("delete from orders where id = " + id);
            }

            @Override
            public boolean observed() {
                return !queryString(
                                "select count(*) from `" + database.replace("`", "``") + "`.orders where id = " + id)
                        .equals("0");
            }
        };
    }

    /** A server-wide setting, restored on clear. */
    Evidence globalVariable(String name, String probeValue) {
        String original = queryString("select @@global." + name);
        return new Evidence() {
            @Override
            public void clear() {
                execute("set global " + name + " = " + original);
            }

            @Override
            public boolean observed() {
                return probeValue.equals(queryString("select @@global." + name));
            }
        };
    }

    /** Whether the server has a plugin library that it has not loaded, for the INSTALL probe. */
    boolean pluginInstallable(String library) {
        if (!server.local()) {
            return false;
        }
        String dir = queryString("select @@plugin_dir");
        return Files.exists(Path.of(dir, library + ".so"))
                && queryString("select count(*) from information_schema.plugins where plugin_library = '" + library
                                + ".so'")
                        .equals("0");
    }

    /** A plugin the server loaded from a library, unloaded on clear. */
    Evidence plugin(String library) {
        return new Evidence() {
            @Override
            public void clear() {
                if (observed()) {
                    execute("uninstall soname '" + library + "'");
                }
            }

            @Override
            public boolean observed() {
                return !queryString("select count(*) from information_schema.plugins where plugin_library = '" + library
                                + ".so'")
                        .equals("0");
            }
        };
    }

    /**
     * A database on the server, dropped on clear: a server-wide object the fingerprint (which reads
     * only this run's database) does not see, so its probe names it after the run and looks for
     * exactly that name, never at the server's list as a whole.
     */
    Evidence database(String name) {
        return new Evidence() {
            @Override
            public void clear() {
                execute("drop database if exists `" + name + "`");
            }

            @Override
            public boolean observed() {
                return !queryString(
                                "select count(*) from information_schema.schemata where schema_name = '" + name + "'")
                        .equals("0");
            }
        };
    }

    /** An account on the server, dropped on clear. */
    Evidence user(String name) {
        return new Evidence() {
            @Override
            public void clear() {
                execute("drop user if exists " + name);
            }

            @Override
            public boolean observed() {
                return !queryString("select count(*) from mysql.user where user = '" + name + "'")
                        .equals("0");
            }
        };
    }

    String queryString(String sql) {
        try (Connection c = server.connect("", false);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The number of rows of a table, read on a connection of its own: what other sessions see committed. */
    long count(String table) {
        try (Connection c = connect();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("select count(*) from `" + table.replace("`", "``") + "`")) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The session that holds a user-level lock, seen from a native connection; null when it is free. */
    String lockHolder(String lock) {
        try (Connection c = connect();
                java.sql.PreparedStatement st = c.prepareStatement("select is_used_lock(?)")) {
            st.setString(1, lock);
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    void execute(String sql) {
        try (Connection c = connect();
                Statement st = c.createStatement()) {
            st.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Waits until no other build runs the kit against this server, and keeps it so until
     * {@link #drop()}: the kit's probes change server-wide state (a global variable, a plugin).
     */
    void serialize() {
        try {
            serialization = server.connect("", false);
            try (Statement st = serialization.createStatement();
                    ResultSet rs = st.executeQuery("select get_lock('tobira_mysql_kit', 900)")) {
                if (!rs.next() || rs.getInt(1) != 1) {
                    throw new IllegalStateException("another build held the kit's server lock for 15 minutes");
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Drops the databases and the file directory, and lets another build's kit run. */
    void drop() {
        closeSide();
        try (Connection c = server.connect("", false);
                Statement st = c.createStatement()) {
            st.execute("drop database if exists `" + database + "`");
            st.execute("drop database if exists `" + kinds + "`");
            st.execute("drop database if exists `" + codeDatabase() + "`");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        if (serialization != null) {
            try {
                serialization.close();
            } catch (SQLException e) {
                // the lock ends with the session either way
            }
            serialization = null;
        }
        if (fileDir.getFileName().toString().startsWith("tobira-mysql-files-")) {
            try (Stream<Path> files = Files.walk(fileDir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                // a temp directory left behind is harmless
            }
        }
    }
}
