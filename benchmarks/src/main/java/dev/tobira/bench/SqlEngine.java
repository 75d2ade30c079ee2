package dev.tobira.bench;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Registry;
import dev.tobira.api.RowView;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.jspecify.annotations.Nullable;
import org.openjdk.jmh.infra.Blackhole;

/**
 * One SQL engine as both sides see it: how the raw JDBC client connects and streams (the settings a
 * careful user picks, and the same fetch size the tobira dialect uses), how tobira opens it, and how
 * the fixed {@link Dataset} is built there once.
 */
enum SqlEngine {
    SQLITE("sqlite", "SQLite") {
        @Override
        Optional<String> serverAbsent() {
            return Optional.empty();
        }

        private Path file() {
            return Dataset.dir().resolve(Dataset.table() + ".db");
        }

        @Override
        void ensureData() throws SQLException {
            Path file = file();
            if (Files.exists(file)) {
                try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
                    if (count(c) == Dataset.rows()) {
                        return;
                    }
                }
            }
            Path tmp = file.resolveSibling(file.getFileName() + ".building");
            try {
                Files.createDirectories(file.getParent());
                Files.deleteIfExists(tmp);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + tmp);
                    Statement st = c.createStatement()) {
                // SQLite has no decimal or timestamp type: the amount is a REAL, the time its ISO text
                st.execute("create table " + Dataset.table() + " (id integer primary key, name text not null,"
                        + " amount real not null, created_at text not null, active integer not null)");
                st.execute("insert into " + Dataset.table()
                        + " with recursive s(g) as (select 1 union all select g + 1 from s"
                        + " where g < " + Dataset.rows()
                        + ") select g, 'customer-' || g, ((g * 7919) % 1000000) / 100.0,"
                        + " strftime('%Y-%m-%d %H:%M:%S', 1767225600 + g, 'unixepoch'), g % 3 = 0 from s");
            }
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        String tobiraDsn() {
            return "sqlite:" + file();
        }

        @Override
        Connection raw() throws SQLException {
            return DriverManager.getConnection("jdbc:sqlite:" + file());
        }

        @Override
        void readRow(ResultSet rs, Blackhole bh) throws SQLException {
            bh.consume(rs.getLong(1));
            bh.consume(rs.getString(2));
            bh.consume(rs.getDouble(3));
            bh.consume(rs.getString(4));
            bh.consume(rs.getBoolean(5));
        }

        @Override
        void readView(RowView row, Blackhole bh) {
            bh.consume(row.getLong(0));
            bh.consume(row.getText(1));
            bh.consume(row.getDouble(2));
            bh.consume(row.getText(3));
            bh.consume(row.getLong(4)); // SQLite has no boolean: the 0 or 1 is an integer
        }
    },

    DUCKDB("duckdb", "DuckDB") {
        @Override
        Optional<String> serverAbsent() {
            return Optional.empty();
        }

        private Path file() {
            return Dataset.dir().resolve(Dataset.table() + ".duckdb");
        }

        /** By its real path, as the tobira driver opens it, so both sides share duckdb_jdbc's one instance per path. */
        private String url() {
            try {
                return "jdbc:duckdb:" + file().toRealPath();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        void ensureData() throws SQLException {
            Path file = file();
            if (Files.exists(file)) {
                try (Connection c = DriverManager.getConnection(url(), readOnly())) {
                    if (count(c) == Dataset.rows()) {
                        return;
                    }
                }
            }
            Path tmp = file.resolveSibling(file.getFileName() + ".building");
            try {
                Files.createDirectories(file.getParent());
                Files.deleteIfExists(tmp);
                Files.deleteIfExists(tmp.resolveSibling(tmp.getFileName() + ".wal"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + tmp);
                    Statement st = c.createStatement()) {
                st.execute("create table " + Dataset.table() + " (id bigint primary key, name varchar not null,"
                        + " amount decimal(12,2) not null, created_at timestamp not null, active boolean not null)");
                st.execute("insert into " + Dataset.table() + " select g, 'customer-' || g,"
                        + " cast((g * 7919) % 1000000 as decimal(12,2)) / 100, timestamp '2026-01-01 00:00:00' + to_seconds(g),"
                        + " g % 3 = 0 from range(1, " + (Dataset.rows() + 1) + ") t(g)");
                st.execute("checkpoint");
            }
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /**
         * The tobira driver's read-only instance configuration, so that both sides can share one
         * instance in one process (DuckDB refuses a second configuration for an open file); only
         * {@code jdbc_stream_results} changes how rows are read: streamed from the engine, not
         * materialized first.
         */
        private Properties readOnly() {
            Properties p = new Properties();
            p.setProperty("duckdb.read_only", "true");
            p.setProperty("enable_external_access", "false");
            p.setProperty("autoinstall_known_extensions", "false");
            p.setProperty("autoload_known_extensions", "false");
            p.setProperty("lock_configuration", "true");
            p.setProperty("jdbc_stream_results", "true");
            return p;
        }

        @Override
        String tobiraDsn() {
            return "duckdb:" + file();
        }

        @Override
        Connection raw() throws SQLException {
            return DriverManager.getConnection(url(), readOnly());
        }

        @Override
        void readRow(ResultSet rs, Blackhole bh) throws SQLException {
            typedRow(rs, bh);
        }
    },

    POSTGRES("postgres", "PostgreSQL") {
        @Override
        Optional<String> serverAbsent() {
            return Servers.postgres().absent();
        }

        private String url(String database) {
            Servers.Server s = Servers.postgres();
            return "jdbc:postgresql://" + s.host() + ":" + s.port() + "/" + database;
        }

        private Properties login() {
            Servers.Server s = Servers.postgres();
            Properties p = new Properties();
            p.setProperty("user", s.user().isEmpty() ? "postgres" : s.user());
            if (!s.password().isEmpty()) {
                p.setProperty("password", s.password());
            }
            p.setProperty("ApplicationName", "tobira-bench-raw");
            return p;
        }

        @Override
        void ensureData() throws SQLException {
            Servers.Server s = Servers.postgres();
            try (Connection c = DriverManager.getConnection(
                            url(s.database().isEmpty() ? "postgres" : s.database()), login());
                    Statement st = c.createStatement()) {
                try (ResultSet rs =
                        st.executeQuery("select 1 from pg_database where datname = '" + Servers.DATABASE + "'")) {
                    if (!rs.next()) {
                        st.execute("create database " + Servers.DATABASE);
                    }
                }
            }
            try (Connection c = DriverManager.getConnection(url(Servers.DATABASE), login());
                    Statement st = c.createStatement()) {
                if (count(c) == Dataset.rows()) {
                    return;
                }
                st.execute("drop table if exists " + Dataset.table());
                st.execute("create table " + Dataset.table() + " (id bigint primary key, name text not null,"
                        + " amount numeric(12,2) not null, created_at timestamp not null, active boolean not null)");
                st.execute("insert into " + Dataset.table()
                        + " select g, 'customer-' || g, ((g * 7919) % 1000000) / 100.0,"
                        + " timestamp '2026-01-01 00:00:00' + g * interval '1 second', g % 3 = 0"
                        + " from generate_series(1::bigint, " + Dataset.rows() + ") g");
                st.execute("vacuum analyze " + Dataset.table());
            }
        }

        @Override
        String tobiraDsn() {
            return Servers.postgres().dsn("postgres", Servers.DATABASE);
        }

        @Override
        Connection raw() throws SQLException {
            return DriverManager.getConnection(url(Servers.DATABASE), login());
        }

        @Override
        void beginStream(Connection c) throws SQLException {
            c.setAutoCommit(false); // pgjdbc honours the fetch size only inside a transaction
        }

        /** pgjdbc sends BEGIN READ ONLY in the same flight as the first statement (readOnlyMode=transaction). */
        @Override
        String beginGuardByHand(Connection c, String sql) throws SQLException {
            if (c.getAutoCommit()) {
                c.setAutoCommit(false);
                c.setReadOnly(true);
            }
            return sql;
        }

        /** A capped read: the ROLLBACK and the advisory unlock in the read's own flight, as the driver sends them. */
        @Override
        String beginGuardByHand(Connection c, String sql, long limit) throws SQLException {
            String text = beginGuardByHand(c, sql);
            return limit >= 1 && limit <= 10_000
                    ? text + "\n;ROLLBACK;SELECT pg_catalog.pg_advisory_unlock_all()"
                    : text;
        }

        @Override
        void endGuardByHand(Connection c) throws SQLException {
            c.rollback();
        }

        @Override
        void endStream(Connection c) throws SQLException {
            c.rollback();
            c.setAutoCommit(true);
        }

        @Override
        void readRow(ResultSet rs, Blackhole bh) throws SQLException {
            typedRow(rs, bh);
        }
    },

    MARIADB("mysql", "MariaDB") {
        @Override
        Optional<String> serverAbsent() {
            return Servers.mariadb().absent();
        }

        private String url(String database) {
            Servers.Server s = Servers.mariadb();
            return "jdbc:mariadb://" + s.host() + ":" + s.port() + "/" + database;
        }

        private Properties login() {
            Servers.Server s = Servers.mariadb();
            Properties p = new Properties();
            p.setProperty("user", s.user().isEmpty() ? "root" : s.user());
            p.setProperty("password", s.password());
            return p;
        }

        @Override
        void ensureData() throws SQLException {
            try (Connection c = DriverManager.getConnection(url(""), login());
                    Statement st = c.createStatement()) {
                st.execute("create database if not exists " + Servers.DATABASE);
            }
            try (Connection c = DriverManager.getConnection(url(Servers.DATABASE), login());
                    Statement st = c.createStatement()) {
                if (count(c) == Dataset.rows()) {
                    return;
                }
                st.execute("drop table if exists " + Dataset.table());
                st.execute(
                        "create table " + Dataset.table() + " (id bigint primary key, name varchar(40) not null,"
                                + " amount decimal(12,2) not null, created_at datetime not null, active boolean not null) engine=InnoDB");
                st.execute("insert into " + Dataset.table()
                        + " select seq, concat('customer-', seq), ((seq * 7919) % 1000000) / 100,"
                        + " timestamp '2026-01-01 00:00:00' + interval seq second, seq % 3 = 0 from seq_1_to_"
                        + Dataset.rows());
                st.execute("analyze table " + Dataset.table());
            }
        }

        @Override
        String tobiraDsn() {
            return Servers.mariadb().dsn("mysql", Servers.DATABASE);
        }

        /**
         * The {@code SET STATEMENT} the MySQL dialect puts in front of a guarded read on a read-only
         * MariaDB connection (before 11.1): UTC, read-only, and the session's own row limit and
         * statement time for the statement, in a session that
         * was set up once as the dialect sets it up at open (the modes that change how text reads
         * dropped, UTC, read-only).
         */
        @Override
        String beginGuardByHand(Connection c, String sql) throws SQLException {
            GuardByHand kept = GuardByHand.last;
            if (kept == null || kept.connection() != c) {
                String modes = "CONCAT(',', @@SESSION.sql_mode, ',')";
                for (String mode : List.of(
                        "ANSI_QUOTES",
                        "NO_BACKSLASH_ESCAPES",
                        "ANSI",
                        "DB2",
                        "MAXDB",
                        "MSSQL",
                        "ORACLE",
                        "POSTGRESQL")) {
                    modes = "REPLACE(" + modes + ", '," + mode + ",', ',')";
                }
                try (Statement st = c.createStatement()) {
                    st.execute(
                            "SET SESSION sql_mode = TRIM(BOTH ',' FROM " + modes + "), SESSION time_zone = '+00:00'");
                    st.execute("SET SESSION TRANSACTION READ ONLY");
                    try (ResultSet rs =
                            st.executeQuery("SELECT @@SESSION.sql_select_limit, @@SESSION.max_statement_time")) {
                        rs.next();
                        kept = new GuardByHand(
                                c,
                                "SET STATEMENT time_zone = '+00:00', tx_read_only = 1, sql_select_limit = "
                                        + rs.getString(1) + ", max_statement_time = " + rs.getString(2) + " FOR ");
                    }
                }
                GuardByHand.last = kept;
            }
            return kept.prefix() + sql;
        }

        @Override
        Connection raw() throws SQLException {
            return DriverManager.getConnection(url(Servers.DATABASE), login());
        }

        @Override
        void readRow(ResultSet rs, Blackhole bh) throws SQLException {
            typedRow(rs, bh);
        }
    };

    /** Rows per fetch on both sides: the tobira JDBC base's default. */
    static final int FETCH_SIZE = 1000;

    private final String driver;
    private final String display;

    /**
     * The MariaDB session set up by hand for the guarded-by-hand side, and the {@code SET STATEMENT}
     * prefix read from it: kept here, not in the enum constant, which stays immutable.
     */
    private record GuardByHand(Connection connection, String prefix) {
        /** The last session set up, one per benchmark fork in practice. */
        static volatile @Nullable GuardByHand last;
    }

    SqlEngine(String driver, String display) {
        this.driver = driver;
        this.display = display;
    }

    /** The tobira driver's name in the registry. */
    String driver() {
        return driver;
    }

    String display() {
        return display;
    }

    /** Whether a network round trip separates the client from the engine. */
    boolean server() {
        return this == POSTGRES || this == MARIADB;
    }

    /** Why this engine's server cannot be used, or empty. */
    abstract Optional<String> serverAbsent();

    /** Builds the dataset unless it is already there, complete. */
    abstract void ensureData() throws SQLException;

    /** The DSN tobira opens (read-only). */
    abstract String tobiraDsn();

    /** A raw JDBC connection on the dataset, in autocommit. */
    abstract Connection raw() throws SQLException;

    /** Puts the raw connection in its streaming mode before a streamed read. */
    void beginStream(Connection c) throws SQLException {}

    /** Leaves the streaming mode after a streamed read. */
    void endStream(Connection c) throws SQLException {}

    /**
     * What the tobira driver's read-only mechanism sends for a guarded read on a read-only
     * connection, done by hand on a raw connection of its own: PostgreSQL's BEGIN READ ONLY
     * (the text as it is), MariaDB's {@code SET STATEMENT} in front of the text. With
     * {@link #endGuardByHand} it is the floor of a guarded read that no client code can go under.
     *
     * @return the text to run
     */
    String beginGuardByHand(Connection c, String sql) throws SQLException {
        return sql;
    }

    /**
     * The same for a read with a row cap, which the driver may send otherwise; by default as
     * without one.
     *
     * @return the text to run
     */
    String beginGuardByHand(Connection c, String sql, long limit) throws SQLException {
        return beginGuardByHand(c, sql);
    }

    /** What the mechanism sends after the read: PostgreSQL's ROLLBACK (nothing, when the read's own flight ended the transaction). */
    void endGuardByHand(Connection c) throws SQLException {}

    /** Reads the current row's five columns into locals, as typed as this engine allows. */
    abstract void readRow(ResultSet rs, Blackhole bh) throws SQLException;

    /** Why this engine cannot be measured at all, or empty. */
    Optional<String> unavailable() {
        Optional<String> server = serverAbsent();
        if (server.isPresent()) {
            return server;
        }
        return Registry.discover().driver(driver).isPresent()
                ? Optional.empty()
                : Optional.of("the tobira " + driver + " driver is not on the class path (tobira-driver-" + driver
                        + " has not landed in benchmarks/pom.xml yet)");
    }

    /** Opens the tobira side: a read-only connection, so every query is guarded. */
    Conn openTobira() {
        return Registry.discover()
                .open(ConnConfig.of(tobiraDsn()).withName("bench").withReadOnly(true));
    }

    /** Prepares the streamed query the way a careful user does: forward-only, read-only, a fetch size. */
    PreparedStatement prepareStream(Connection c) throws SQLException {
        PreparedStatement ps =
                c.prepareStatement(Dataset.streamSql(), ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
        ps.setFetchSize(FETCH_SIZE);
        return ps;
    }

    @Override
    public String toString() {
        return display;
    }

    /**
     * Touches every value of the row through tobira's typed getters ({@link dev.tobira.api.ResultSet#forEachRow}),
     * the counterpart of {@link #readRow}.
     */
    void readView(RowView row, Blackhole bh) {
        bh.consume(row.getLong(0));
        bh.consume(row.getText(1));
        bh.consume(row.get(2, java.math.BigDecimal.class));
        bh.consume(row.get(3, LocalDateTime.class));
        bh.consume(row.getBoolean(4));
    }

    static void typedRow(ResultSet rs, Blackhole bh) throws SQLException {
        bh.consume(rs.getLong(1));
        bh.consume(rs.getString(2));
        bh.consume(rs.getBigDecimal(3));
        bh.consume(rs.getObject(4, LocalDateTime.class));
        bh.consume(rs.getBoolean(5));
    }

    static long count(Connection c) {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("select count(*) from " + Dataset.table())) {
            return rs.next() ? rs.getLong(1) : -1;
        } catch (SQLException e) {
            return -1; // no table yet
        }
    }
}
