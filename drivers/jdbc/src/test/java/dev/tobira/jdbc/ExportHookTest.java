package dev.tobira.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Capability;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Exporter;
import dev.tobira.api.Query;
import dev.tobira.api.Value;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlScan;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exporter: offered only when declared, guarded like a query, between the same hooks, with
 * deadline and cancel; a dialect's fast path through the hook, else the base's CSV/TEXT rows.
 */
class ExportHookTest {
    @TempDir
    Path dir;

    /** Declares the exporter and has no fast path: the base streams the rows. */
    static class StreamingDialect extends TestDialect {
        final AtomicInteger cancels = new AtomicInteger();

        StreamingDialect() {
            super(EnumSet.of(Capability.READ_ONLY, Capability.EXPORTER));
        }

        /** The fast path: none here, so the base streams the rows. */
        OptionalLong export(Export export) throws SQLException, IOException {
            return OptionalLong.empty();
        }

        @Override
        protected Optional<BulkExport> bulkExport() {
            return Optional.of(new BulkExport() {
                @Override
                public OptionalLong export(JdbcSession session, Export export) throws SQLException, IOException {
                    return StreamingDialect.this.export(export);
                }

                @Override
                public void cancel(JdbcSession session) {
                    cancels.incrementAndGet();
                }
            });
        }
    }

    /** Exports as plain lines through a statement of its own. */
    static class ExportingDialect extends StreamingDialect {
        @Override
        OptionalLong export(Export export) throws SQLException, IOException {
            hooks.add("export " + export.format());
            long n = 0;
            try (PreparedStatement st = export.prepare(export.sql());
                    ResultSet rs = st.executeQuery()) {
                export.out().write("code\n".getBytes(StandardCharsets.UTF_8));
                while (rs.next()) {
                    export.out().write((rs.getString(1) + "\n").getBytes(StandardCharsets.UTF_8));
                    n++;
                }
            }
            return OptionalLong.of(n);
        }
    }

    private ConnConfig config() throws SQLException {
        Path db = dir.resolve("e.db");
        try (Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db);
                Statement st = c.createStatement()) {
            st.execute("create table if not exists items (code text primary key, note text)");
            st.execute(
                    "insert or ignore into items values ('a', 'plain'), ('b', 'a,b'), ('c', 'say \"hi\"'), ('d', ''),"
                            + " ('e', null), ('f', 'two\nlines'), ('g', 'tab\there')");
        }
        return ConnConfig.of("testdb:" + db);
    }

    private static String export(Conn conn, Query query, Exporter.Format format, long rows) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(rows, conn.as(Exporter.class).orElseThrow().export(query, format, out));
        return out.toString(StandardCharsets.UTF_8);
    }

    private static final OutputStream BROKEN = new OutputStream() {
        @Override
        public void write(int b) throws IOException {
            throw new IOException("disk full");
        }
    };

    @Test
    void aFastPathRunsBetweenTheHooks() throws Exception {
        ExportingDialect dialect = new ExportingDialect();
        try (Conn conn = new TestDriver(dialect).open(config().withReadOnly(true))) {
            Exporter exporter = conn.as(Exporter.class).orElseThrow();
            assertEquals(
                    "code\na\nb\n",
                    export(
                            conn,
                            Query.of("select code from items where code < ? order by code")
                                    .withParams(Value.of("c")),
                            Exporter.Format.CSV,
                            2));
            DriverException refused = assertThrows(
                    DriverException.class,
                    () -> exporter.export(
                            Query.of("delete from items"), Exporter.Format.CSV, new ByteArrayOutputStream()));
            assertEquals(ErrorKind.READ_ONLY, refused.kind());
            DriverException io = assertThrows(
                    DriverException.class,
                    () -> exporter.export(Query.of("select code from items"), Exporter.Format.TEXT, BROKEN));
            assertEquals(ErrorKind.INTERNAL, io.kind());
            assertTrue(io.getCause() instanceof IOException);
        }
        assertEquals(
                List.of(
                        "before Call[guarded=true, inTransaction=false, readOnlyConnection=true]",
                        "export CSV",
                        "after true",
                        "before Call[guarded=true, inTransaction=false, readOnlyConnection=true]",
                        "export TEXT",
                        "after false"),
                dialect.hooks);
    }

    @Test
    void withoutAFastPathTheBaseWritesCsvAndText() throws Exception {
        StreamingDialect dialect = new StreamingDialect();
        try (Conn conn = new TestDriver(dialect).open(config())) {
            Query notes = Query.of("select code, note from items order by code").withReadOnly(true);
            assertEquals("""
                    code,note
                    a,plain
                    b,"a,b"
                    c,"say ""hi\"""
                    d,""
                    e,
                    f,"two
                    lines"
                    g,tab\there
                    """, export(conn, notes, Exporter.Format.CSV, 7));
            assertEquals("code\tnote\na\tplain\nb\ta,b\n", export(conn, notes.withLimit(2), Exporter.Format.TEXT, 2));
            assertEquals(
                    "g\n\"tab\there\"\n",
                    export(conn, Query.of("select note as g from items where code = 'g'"), Exporter.Format.TEXT, 1));
            assertEquals(
                    "n\n3\n",
                    export(
                            conn,
                            Query.of("select count(*) as n from items where code in (?, ?, ?)")
                                    .withParams(Value.of("a"), Value.of("b"), Value.of("c")),
                            Exporter.Format.CSV,
                            1));
            DriverException io = assertThrows(
                    DriverException.class,
                    () -> conn.as(Exporter.class)
                            .orElseThrow()
                            .export(Query.of("select code from items"), Exporter.Format.CSV, BROKEN));
            assertEquals(ErrorKind.INTERNAL, io.kind());
            conn.ping();
        }
        String guarded = "before Call[guarded=true, inTransaction=false, readOnlyConnection=false]";
        String unguarded = "before Call[guarded=false, inTransaction=false, readOnlyConnection=false]";
        String limited = "before Call[guarded=true, inTransaction=false, readOnlyConnection=false, limit=2]";
        assertEquals(
                List.of(
                        guarded,
                        "after true",
                        limited,
                        "after true",
                        unguarded,
                        "after true",
                        unguarded,
                        "after true",
                        unguarded,
                        "after false"),
                dialect.hooks);
    }

    @Test
    void theDeadlineCallsTheDialectsCancelWithoutAStatement() throws Exception {
        StreamingDialect dialect = new StreamingDialect() {
            @Override
            OptionalLong export(Export export) throws SQLException {
                long end = System.nanoTime() + Duration.ofSeconds(20).toNanos();
                while (cancels.get() == 0 && System.nanoTime() < end) {
                    Thread.onSpinWait();
                }
                throw new SQLException("canceling statement due to user request", "57014");
            }
        };
        try (Conn conn = new TestDriver(dialect).open(config())) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> conn.as(Exporter.class)
                            .orElseThrow()
                            .export(
                                    Query.of("select 1").withTimeout(Duration.ofMillis(100)),
                                    Exporter.Format.CSV,
                                    new ByteArrayOutputStream()));
            assertEquals(ErrorKind.TIMEOUT, e.kind(), e.getMessage());
            // the deadline sends the cancel again while the export has not ended, so a slow machine sees more than one
            assertTrue(dialect.cancels.get() >= 1, "cancels " + dialect.cancels.get());
        }
    }

    @Test
    void theDeadlineCancelsTheStatementOfTheRowStream() throws Exception {
        StreamingDialect dialect = new StreamingDialect();
        try (Conn conn = new TestDriver(dialect).open(config())) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> conn.as(Exporter.class)
                            .orElseThrow()
                            .export(
                                    Query.of(
                                                    "with recursive r(x) as (select 1 union all select x + 1 from r) select count(*) from r")
                                            .withTimeout(Duration.ofMillis(200)),
                                    Exporter.Format.CSV,
                                    new ByteArrayOutputStream()));
            assertEquals(ErrorKind.TIMEOUT, e.kind(), e.getMessage());
            assertEquals(0, dialect.cancels.get(), "the statement was cancelled, not the connection");
            assertEquals("x\n1\n", export(conn, Query.of("select 1 as x"), Exporter.Format.CSV, 1));
        }
    }

    @Test
    void aStatementOfTheDialectsOwnIsCancelledAndClosedByTheBase() throws Exception {
        AtomicReference<PreparedStatement> made = new AtomicReference<>();
        StreamingDialect dialect = new StreamingDialect() {
            @Override
            OptionalLong export(Export export) throws SQLException {
                PreparedStatement st = export.prepare("with recursive r(x) as (select 1 union all select x + 1 from r)"
                        + " select count(*) from r where x > ?");
                made.set(st);
                st.executeQuery();
                return OptionalLong.of(0);
            }
        };
        try (Conn conn = new TestDriver(dialect).open(config())) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> conn.as(Exporter.class)
                            .orElseThrow()
                            .export(
                                    Query.of("select ?").withParams(Value.of(1)).withTimeout(Duration.ofMillis(200)),
                                    Exporter.Format.CSV,
                                    new ByteArrayOutputStream()));
            assertEquals(ErrorKind.TIMEOUT, e.kind(), e.getMessage());
            assertEquals(0, dialect.cancels.get());
            assertTrue(made.get().isClosed());
        }
    }

    @Test
    void wrapKeepsTheQueryInsideItsParentheses() {
        assertEquals(Optional.of("COPY (\nselect 1 -- c\n+ 1\n) TO STDOUT"), wrap("select 1 -- c\n+ 1 -- trailing"));
        assertEquals(Optional.of("COPY (\nselect (1), ')'\n) TO STDOUT"), wrap("select (1), ')';"));
        assertEquals(
                Optional.of("COPY (\n(select 1) union (select 2)\n) TO STDOUT"), wrap("(select 1) union (select 2)"));
        for (String bad : List.of(
                "select 1) to program 'touch /tmp/x' --",
                "select 1)",
                "select (1",
                "select 1; select 2",
                "select 1) union (select 2")) {
            assertFalse(wrap(bad).isPresent(), bad);
        }
    }

    private static Optional<String> wrap(String sql) {
        return Export.wrap(SqlScan.of(sql, SqlDialect.SQLITE), "COPY (", ") TO STDOUT");
    }

    @Test
    void absentUnlessDeclared() throws Exception {
        try (Conn conn = new TestDriver(new TestDialect()).open(config())) {
            assertTrue(conn.as(Exporter.class).isEmpty());
            assertTrue(!conn.capabilities().contains(Capability.EXPORTER));
            assertFalse(conn instanceof Exporter, "an undeclared facet is not there to call");
        }
    }
}
