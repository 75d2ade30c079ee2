package dev.tobira.driver.postgres;

import dev.tobira.drivertest.Evidence;
import dev.tobira.jdbc.testing.NativeSql;
import dev.tobira.spi.Dsn;
import dev.tobira.spi.SqlDialect;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;

/**
 * The native side channel of the PostgreSQL tests: plain pgjdbc connections, never the driver under
 * test. Each test class gets a schema of its own ({@code search_path} of the driver's DSN) and an
 * application name of its own, by which its sessions are counted.
 */
final class PgFixture implements AutoCloseable {
    /** The shop, with an index for describe. */
    static final String SHOP = NativeSql.SHOP + "create index orders_status on orders (status);\n";

    private static final String FINGERPRINT_FUNCTION = """
            CREATE OR REPLACE FUNCTION %s.fingerprint_owned(s text) RETURNS text LANGUAGE plpgsql AS $f$
            DECLARE r record; acc text := ''; part text;
            BEGIN
              FOR r IN SELECT c.oid, c.relname, c.relkind::text AS relkind, c.relacl::text AS acl FROM pg_class c
                       JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = s ORDER BY c.relname LOOP
                acc := acc || 'rel:' || r.relname || ':' || r.relkind || ':' || coalesce(r.acl, '') || ':'
                       || coalesce(obj_description(r.oid, 'pg_class'), '') || E'\\n';
                IF r.relkind IN ('r', 'p', 'm') THEN
                  EXECUTE format('SELECT coalesce(string_agg(t::text, E''\\n'' ORDER BY t::text), '''') FROM %I.%I t', s, r.relname)
                    INTO part;
                  acc := acc || part || E'\\n';
                ELSIF r.relkind = 'S' THEN
                  EXECUTE format('SELECT last_value || '':'' || is_called FROM %I.%I', s, r.relname) INTO part;
                  acc := acc || part || E'\\n';
                END IF;
              END LOOP;
              SELECT acc || coalesce(string_agg(x, E'\\n' ORDER BY x), '') INTO acc FROM (
                SELECT 'att:' || c.relname || '.' || a.attname || ':' || format_type(a.atttypid, a.atttypmod) || ':' || a.attnotnull::text AS x
                  FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
                  WHERE n.nspname = s AND a.attnum > 0 AND NOT a.attisdropped
                UNION ALL SELECT 'con:' || conname || ':' || pg_get_constraintdef(oid) FROM pg_constraint
                  WHERE connamespace = (SELECT oid FROM pg_namespace WHERE nspname = s)
                UNION ALL SELECT 'idx:' || indexdef FROM pg_indexes WHERE schemaname = s
                UNION ALL SELECT 'fn:' || p.proname || ':' || md5(p.prosrc) FROM pg_proc p
                  WHERE p.pronamespace = (SELECT oid FROM pg_namespace WHERE nspname = s)
                UNION ALL SELECT 'trg:' || t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
                  JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = s
                UNION ALL SELECT 'nsp:' || nspname FROM pg_namespace WHERE nspname = s OR starts_with(nspname, 'probe_s_' || s)
                UNION ALL SELECT 'role:' || rolname FROM pg_roles WHERE starts_with(rolname, 'probe_role_' || s)
                UNION ALL SELECT 'ext:' || extname FROM pg_extension WHERE extname IN ('tablefunc')
                UNION ALL SELECT 'db:' || datname FROM pg_database WHERE starts_with(datname, 'probe_db_' || s)
                UNION ALL SELECT 'lo:' || count(*) FROM pg_largeobject_metadata
              ) parts;
              RETURN md5(acc);
            END $f$""";

    /** The server-code functions {@link #codeFunction} names, dropped on close. */
    static final List<String> CODE = List.of("write", "lock");

    /** The one large object the seed leaves, for probes that export it. */
    static final int LARGE_OBJECT = 424242;

    /** Tells this build's schemas, and the server-wide names probes derive from them, from another build's on the same server. */
    static final String RUN = UUID.randomUUID().toString().substring(0, 8);

    final String server;
    final String schema;
    final String applicationName;
    private final String jdbcUrl;
    private final Properties properties = new Properties();
    private final Connection side;
    private final String token = UUID.randomUUID().toString().substring(0, 8);
    private final String helper = "tobira_fixture_" + token;
    private String pristine;

    /**
     * @param server the server's DSN, {@code postgres://user@host:port/db}
     * @param schema the schema of this test class
     */
    PgFixture(String server, String schema) {
        this.server = server;
        this.schema = schema;
        this.applicationName = "tobira-test-" + schema;
        Dsn.Url url = Dsn.parseUrl("postgres", server);
        this.jdbcUrl = "jdbc:postgresql://" + url.host() + ":" + url.port().orElse(5432) + "/" + url.database();
        properties.setProperty("user", url.user().orElse("postgres"));
        url.password().ifPresent(p -> properties.setProperty("password", p));
        properties.setProperty("ApplicationName", "tobira-fixture");
        try {
            side = nativeConnection();
            try (Statement st = side.createStatement()) {
                st.execute("CREATE SCHEMA IF NOT EXISTS " + helper);
                // String.replace, not format: the function's body holds % signs of its own
                st.execute(FINGERPRINT_FUNCTION.replace("%s.fingerprint_owned", helper + ".fingerprint_owned"));
                st.execute("SET synchronous_commit = off");
            }
        } catch (SQLException e) {
            throw new IllegalStateException("the PostgreSQL fixture could not connect to " + server, e);
        }
    }

    /**
     * The schema of the fixture's own functions (the fingerprint, the server code): named by the
     * fixture's token, so that no other fixture or build shares it, and dropped on {@link #close()}.
     */
    String helperSchema() {
        return helper;
    }

    /** The DSN the driver under test opens: the class's schema first in the search path, the class's application name. */
    String dsn() {
        return server + "?sslmode=disable&search_path=" + schema + "&application_name=" + applicationName;
    }

    Connection nativeConnection() throws SQLException {
        Connection c = DriverManager.getConnection(jdbcUrl, properties);
        try (Statement st = c.createStatement()) {
            st.execute("SET search_path = " + schema + ", public");
        }
        return c;
    }

    /**
     * Restores the shop in the class's schema and removes what probes may have left in the database.
     * Everything it restores is in the fingerprint, so a state whose fingerprint is the freshly
     * seeded one is left as it is: most probes are refused and change nothing.
     */
    void seed() {
        if (pristine != null && fingerprint().equals(pristine)) {
            return;
        }
        String sql = "DROP SCHEMA IF EXISTS " + schema + " CASCADE; CREATE SCHEMA " + schema + "; SET search_path = "
                + schema + ";\n"
                + SHOP
                + "CREATE SEQUENCE probe_seq;\n"
                + "CREATE FUNCTION tobira_delete_orders() RETURNS bigint LANGUAGE sql VOLATILE AS $$ WITH d AS (DELETE FROM "
                + schema + ".orders RETURNING 1) SELECT count(*) FROM d $$;\n"
                + "CREATE PROCEDURE tobira_delete_orders_proc() LANGUAGE sql AS $$ DELETE FROM " + schema
                + ".orders $$;\n"
                + "SELECT lo_unlink(oid) FROM pg_largeobject_metadata;\n"
                + "SELECT lo_from_bytea(" + LARGE_OBJECT + ", 'tobira');\n"
                + "DROP ROLE IF EXISTS probe_role_" + schema + ";\n"
                + "DROP SCHEMA IF EXISTS probe_s_" + schema + " CASCADE;\n"
                + "SET search_path = " + schema + ", public;";
        try (Statement st = side.createStatement()) {
            st.execute(sql);
            // not in a transaction block, which a text of several statements is
            st.execute("DROP DATABASE IF EXISTS probe_db_" + schema);
        } catch (SQLException e) {
            throw new IllegalStateException("seeding schema " + schema + " failed", e);
        }
        if (pristine == null) {
            pristine = fingerprint();
        }
    }

    /**
     * A digest of what this run owns: the schema's objects and rows, sequences, privileges and
     * comments; of the server-wide objects only those the probes can create, by their run-unique
     * names ({@code probe_role_<schema>}, {@code probe_db_<schema>}, {@code probe_s_<schema>}, the
     * extension {@code tablefunc}), so that another client creating databases, roles or schemas on
     * the same server changes nothing here; and the database's large-object count.
     */
    String fingerprint() {
        try (PreparedStatement st = side.prepareStatement("SELECT " + helper + ".fingerprint_owned(?)")) {
            st.setString(1, schema);
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("fingerprinting schema " + schema + " failed", e);
        }
    }

    /** Each statement in autocommit, going on past failures, as psql does. */
    boolean executeNatively(String text) {
        try (Connection c = nativeConnection()) {
            NativeSql.executeEach(c, text, SqlDialect.POSTGRES);
            return true;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Sessions the driver under test has open (by its application name). */
    OptionalLong sessions() {
        return OptionalLong.of(
                count("SELECT count(*) FROM pg_stat_activity WHERE application_name = ?", applicationName));
    }

    /** Sessions of the driver under test that sit inside a transaction. */
    long idleInTransaction() {
        return count(
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = ? AND state LIKE 'idle in transaction%'",
                applicationName);
    }

    long count(String sql, String arg) {
        try (PreparedStatement st = side.prepareStatement(sql)) {
            st.setString(1, arg);
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether the server writes files where this JVM can see them (the server is on this machine). */
    boolean sharesFiles() {
        Path probe = Path.of("/tmp", "tobira-fs-check-" + token);
        try (Statement st = side.createStatement()) {
            st.execute("COPY (SELECT 1) TO '" + probe + "'");
            return Files.exists(probe);
        } catch (SQLException e) {
            return false;
        } finally {
            deleteQuietly(probe);
        }
    }

    Set<String> availableExtensions() {
        Set<String> names = new HashSet<>();
        try (Statement st = side.createStatement();
                ResultSet rs = st.executeQuery("SELECT name FROM pg_available_extensions")) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return names;
    }

    /** A file path under /tmp, where the server (running as another OS user) can write. */
    Path tmpFile(String name) {
        return Path.of("/tmp", "tobira-probe-" + schema + "-" + token + "-" + name);
    }

    static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Evidence: a file the probe makes the server write. */
    static Evidence file(Path path) {
        return new Evidence() {
            @Override
            public void clear() {
                deleteQuietly(path);
            }

            @Override
            public boolean observed() {
                return Files.exists(path);
            }
        };
    }

    /**
     * Evidence: a session that did not match a query when the evidence was last cleared matches it
     * now. Session state (a setting, a session lock) cannot be cleared from outside, so a session
     * already marked when cleared is not counted again.
     */
    Evidence newSessionMatching(String sql) {
        return new Evidence() {
            private final Set<Integer> baseline = new HashSet<>();

            private Set<Integer> pids() {
                Set<Integer> pids = new HashSet<>();
                try (Statement st = side.createStatement();
                        ResultSet rs = st.executeQuery(sql)) {
                    while (rs.next()) {
                        pids.add(rs.getInt(1));
                    }
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
                return pids;
            }

            @Override
            public void clear() {
                baseline.clear();
                baseline.addAll(pids());
            }

            @Override
            public boolean observed() {
                Set<Integer> now = pids();
                now.removeAll(baseline);
                return !now.isEmpty();
            }
        };
    }

    /** Evidence: a notification on a channel this fixture listens to. */
    Evidence notification(String channel) {
        return new Evidence() {
            private Connection listener;

            private org.postgresql.PGConnection listener() throws SQLException {
                if (listener == null || listener.isClosed()) {
                    listener = nativeConnection();
                    try (Statement st = listener.createStatement()) {
                        st.execute("LISTEN " + channel);
                    }
                }
                return listener.unwrap(org.postgresql.PGConnection.class);
            }

            @Override
            public void clear() {
                try {
                    listener().getNotifications(50);
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            }

            @Override
            public boolean observed() {
                try {
                    var n = listener().getNotifications(150);
                    return n != null && n.length > 0;
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            }
        };
    }

    // ---------------------------------------------------------------- server code

    /**
     * The name of a function of this fixture's own in its {@link #helperSchema()}: outside the class's
     * schema, so neither a seed drops it nor the fingerprint sees it, and named by the fixture's
     * token, so another build on the same server never replaces it.
     */
    String codeFunction(String what) {
        return helper + ".kit_" + what + "_" + schema + "_" + token;
    }

    /** Native text that creates a plpgsql function of this fixture's running the body. */
    String createCodeFunction(String what, String body) {
        return "CREATE OR REPLACE FUNCTION " + codeFunction(what)
                + "() RETURNS integer LANGUAGE plpgsql VOLATILE AS $f$ BEGIN " + body + "; RETURN 1; END $f$";
    }

    /** An advisory lock key of this fixture's own: one no other client of the server uses. */
    long advisoryKey() {
        return Long.parseLong(token.substring(0, 7), 16);
    }

    /** Evidence: a row of the class's orders, by id; cleared by deleting it. */
    Evidence orderRow(int id) {
        return new Evidence() {
            @Override
            public void clear() {
                try (PreparedStatement st = side.prepareStatement("DELETE FROM " + schema + ".orders WHERE id = ?")) {
                    st.setInt(1, id);
                    st.executeUpdate();
                } catch (SQLException e) {
                    // the table is gone: a seed restores it
                }
            }

            @Override
            public boolean observed() {
                try (PreparedStatement st =
                        side.prepareStatement("SELECT count(*) FROM " + schema + ".orders WHERE id = ?")) {
                    st.setInt(1, id);
                    try (ResultSet rs = st.executeQuery()) {
                        rs.next();
                        return rs.getLong(1) > 0;
                    }
                } catch (SQLException e) {
                    return false;
                }
            }
        };
    }

    /**
     * Evidence: the session-level advisory lock of this key is held, as the fixture's own
     * connection sees it in pg_locks. Only this key is looked at; a lock outlives its transaction,
     * so clearing it ends the session holding it, which is always one the kit opened.
     */
    Evidence advisoryLock(long key) {
        String held = "FROM pg_locks WHERE locktype = 'advisory' AND classid = 0 AND objid = " + key
                + " AND objsubid = 1 AND granted";
        return new Evidence() {
            @Override
            public void clear() {
                try (Statement st = side.createStatement()) {
                    long deadline = System.nanoTime() + 10_000_000_000L;
                    while (observed()) {
                        if (System.nanoTime() > deadline) {
                            throw new IllegalStateException("the advisory lock " + key + " is still held");
                        }
                        st.execute("SELECT pg_terminate_backend(pid) " + held);
                        Thread.sleep(50);
                    }
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }

            @Override
            public boolean observed() {
                try (Statement st = side.createStatement();
                        ResultSet rs = st.executeQuery("SELECT count(*) " + held)) {
                    rs.next();
                    return rs.getLong(1) > 0;
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            }
        };
    }

    /** Evidence: a victim session, which the probe terminates, is gone. */
    Evidence victim(String applicationName) {
        return new Evidence() {
            private Connection victim;

            @Override
            public void clear() {
                try {
                    if (victim == null || !victim.isValid(2)) {
                        Properties p = new Properties();
                        p.putAll(properties);
                        p.setProperty("ApplicationName", applicationName);
                        victim = DriverManager.getConnection(jdbcUrl, p);
                    }
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            }

            @Override
            public boolean observed() {
                try {
                    return victim != null && !victim.isValid(2);
                } catch (SQLException e) {
                    return true;
                }
            }
        };
    }

    @Override
    public void close() {
        for (String drop : List.of(
                "DROP SCHEMA IF EXISTS " + schema + " CASCADE",
                "DROP SCHEMA IF EXISTS probe_s_" + schema + " CASCADE",
                "DROP DATABASE IF EXISTS probe_db_" + schema,
                "DROP ROLE IF EXISTS probe_role_" + schema)) {
            try (Statement st = side.createStatement()) {
                st.execute(drop);
            } catch (SQLException e) {
                // the next run of this schema drops it first anyway
            }
        }
        for (String what : CODE) {
            try (Statement st = side.createStatement()) {
                st.execute("DROP FUNCTION IF EXISTS " + codeFunction(what) + "()");
            } catch (SQLException e) {
                // never created, or dropped already
            }
        }
        try (Statement st = side.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS " + helper + " CASCADE");
        } catch (SQLException e) {
            // nothing of it is shared: a schema left by a killed run is named by its own token
        }
        try {
            side.close();
        } catch (SQLException e) {
            // nothing left to do
        }
    }
}
