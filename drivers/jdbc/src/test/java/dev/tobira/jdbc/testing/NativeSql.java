package dev.tobira.jdbc.testing;

import static java.util.Objects.requireNonNull;

import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlScan;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
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
 * What the tests of every JDBC driver do over their native side channel, a plain connection of the
 * vendor's JDBC driver (never the driver under test): seed the shop, run text as the engine's shell
 * would, and read state for a fingerprint. Published in the {@code tests} jar of tobira-jdbc, for
 * test scope only.
 *
 * @since 0.1
 */
public final class NativeSql {
    /**
     * The shop dataset of the README (customers and orders, five and seven rows) in SQL that
     * SQLite, DuckDB, PostgreSQL and MySQL all take; statements end in {@code ;}. A fixture appends
     * its own objects, and runs it with {@link #script}.
     */
    public static final String SHOP = """
            create table customers (id integer primary key, name text not null, email text,
              country text not null, created_at text not null);
            create table orders (id integer primary key,
              customer_id integer not null references customers(id),
              total_cents integer not null, status text not null, created_at text not null);
            insert into customers values
             (1,'Ada Lovelace','ada@example.com','GB','2026-09-02'),
             (2,'Grace Hopper','grace@example.com','US','2026-09-10'),
             (3,'Linus Torvalds',NULL,'FI','2026-09-15'),
             (4,'Margaret Hamilton','margaret@example.com','US','2026-10-01'),
             (5,'Ken Thompson','ken@example.com','US','2026-10-20');
            insert into orders values
             (1,1,4999,'paid','2026-10-21'),(2,1,1250,'paid','2026-10-22'),
             (3,2,8900,'refunded','2026-10-22'),(4,3,2300,'paid','2026-10-23'),
             (5,4,15000,'pending','2026-10-24'),(6,2,720,'paid','2026-10-25'),
             (7,5,3100,'paid','2026-10-26');
            """;

    private NativeSql() {}

    /**
     * Runs one statement.
     *
     * @param connection the connection
     * @param sql the statement
     * @throws SQLException when it fails
     */
    public static void execute(Connection connection, String sql) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute(sql);
        }
    }

    /**
     * Runs each statement of a script in order, split as the dialect's lexer splits it, and stops
     * at the first that fails.
     *
     * @param connection the connection
     * @param script the statements
     * @param dialect how to split them
     * @throws SQLException when a statement fails; the ones after it have not run
     */
    public static void script(Connection connection, String script, SqlDialect dialect) throws SQLException {
        for (SqlScan.Statement s : SqlScan.of(script, dialect).statements()) {
            execute(connection, s.text());
        }
    }

    /**
     * Runs each statement of a text in autocommit and goes on past failures, as an engine's shell
     * without stop-on-error does: what a conformance kit's {@code executeNatively} proves a write
     * probe with.
     *
     * @param connection the connection
     * @param text the statements
     * @param dialect how to split them
     * @return how many statements failed
     */
    public static int executeEach(Connection connection, String text, SqlDialect dialect) {
        int failed = 0;
        for (SqlScan.Statement s : SqlScan.of(text, dialect).statements()) {
            try {
                execute(connection, s.text());
            } catch (SQLException e) {
                failed++; // as the shell: report and go on
            }
        }
        return failed;
    }

    /**
     * Returns the first column of every row of a query, as text.
     *
     * @param connection the connection
     * @param sql the query
     * @return the values, in the query's order
     * @throws SQLException when the query fails
     */
    public static List<String> strings(Connection connection, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    /**
     * Returns every row of a query as text, one line a row, each cell followed by a tab, the lines
     * sorted: the same whatever order the engine returns the rows in, for a fingerprint.
     *
     * @param connection the connection
     * @param sql the query
     * @return the rows
     * @throws SQLException when the query fails
     */
    public static String rows(Connection connection, String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            ResultSetMetaData md = rs.getMetaData();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    row.append(rs.getString(i)).append('\t');
                }
                rows.add(row.toString());
            }
        }
        Collections.sort(rows);
        return String.join("\n", rows);
    }

    /**
     * Returns the SHA-256 of a text's UTF-8 bytes, in hex.
     *
     * @param text the text
     * @return the digest
     */
    public static String sha256(String text) {
        return HexFormat.of().formatHex(sha().digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * Returns the SHA-256 of a file's bytes, in hex, or a text saying it could not be read (which
     * no digest equals).
     *
     * @param file the file
     * @return the digest
     */
    public static String sha256(Path file) {
        MessageDigest md = sha();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                md.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (IOException e) {
            return "unreadable: " + e.getMessage();
        }
    }

    private static MessageDigest sha() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Deletes a directory and everything in it, as far as it can; a temp directory left behind is
     * harmless.
     *
     * @param dir the directory
     */
    public static void deleteTree(Path dir) {
        requireNonNull(dir, "dir is null");
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // what is left goes with the temp directory
        }
    }
}
