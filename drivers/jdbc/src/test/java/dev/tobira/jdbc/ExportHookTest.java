package dev.tobira.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The export hook: offered only when declared, guarded like a query, between the same hooks, with deadline and cancel. */
class ExportHookTest {
    @TempDir
    Path dir;

    /** Exports as plain CSV lines through an ordinary statement, and counts cancels. */
    static class ExportingDialect extends TestDialect {
        final AtomicInteger cancels = new AtomicInteger();

        ExportingDialect() {
            super(EnumSet.of(Capability.READ_ONLY, Capability.EXPORTER));
        }

        @Override
        protected long export(Connection connection, String sql, List<Value> params, Exporter.Format format, OutputStream out,
                              Call call) throws SQLException, IOException {
            hooks.add("export " + format);
            long n = 0;
            try (PreparedStatement st = connection.prepareStatement(sql); ResultSet rs = st.executeQuery()) {
                out.write("code\n".getBytes(StandardCharsets.UTF_8));
                while (rs.next()) {
                    out.write((rs.getString(1) + "\n").getBytes(StandardCharsets.UTF_8));
                    n++;
                }
            }
            return n;
        }

        @Override
        protected void cancel(Connection connection) {
            cancels.incrementAndGet();
        }
    }

    private ConnConfig config() throws SQLException {
        Path db = dir.resolve("e.db");
        try (Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db); Statement st = c.createStatement()) {
            st.execute("create table if not exists items (code text primary key)");
            st.execute("insert or ignore into items values ('a'), ('b')");
        }
        return ConnConfig.of("testdb:" + db);
    }

    @Test
    void exportsBetweenTheHooks() throws Exception {
        ExportingDialect dialect = new ExportingDialect();
        try (Conn conn = new TestDriver(dialect).open(config().withReadOnly(true))) {
            Exporter exporter = conn.as(Exporter.class).orElseThrow();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            assertEquals(2, exporter.export(Query.of("select code from items order by code"), Exporter.Format.CSV, out));
            assertEquals("code\na\nb\n", out.toString(StandardCharsets.UTF_8));
            DriverException refused = assertThrows(DriverException.class,
                    () -> exporter.export(Query.of("delete from items"), Exporter.Format.CSV, new ByteArrayOutputStream()));
            assertEquals(ErrorKind.READ_ONLY, refused.kind());
            DriverException io = assertThrows(DriverException.class, () -> exporter.export(Query.of("select code from items"),
                    Exporter.Format.TEXT, new OutputStream() {
                        @Override
                        public void write(int b) throws IOException {
                            throw new IOException("disk full");
                        }
                    }));
            assertEquals(ErrorKind.INTERNAL, io.kind());
            assertTrue(io.getCause() instanceof IOException);
        }
        assertEquals(List.of("before Call[guarded=true, inTransaction=false, readOnlyConnection=true]", "export CSV", "after true",
                "before Call[guarded=true, inTransaction=false, readOnlyConnection=true]", "export TEXT", "after false"), dialect.hooks);
    }

    @Test
    void theDeadlineCallsCancel() throws Exception {
        ExportingDialect dialect = new ExportingDialect() {
            @Override
            protected long export(Connection connection, String sql, List<Value> params, Exporter.Format format,
                                  OutputStream out, Call call) throws SQLException {
                long end = System.nanoTime() + Duration.ofSeconds(20).toNanos();
                while (cancels.get() == 0 && System.nanoTime() < end) {
                    Thread.onSpinWait();
                }
                throw new SQLException("canceling statement due to user request", "57014");
            }
        };
        try (Conn conn = new TestDriver(dialect).open(config())) {
            DriverException e = assertThrows(DriverException.class, () -> conn.as(Exporter.class).orElseThrow()
                    .export(Query.of("select 1").withTimeout(Duration.ofMillis(100)), Exporter.Format.CSV, new ByteArrayOutputStream()));
            assertEquals(ErrorKind.TIMEOUT, e.kind(), e.getMessage());
            assertEquals(1, dialect.cancels.get());
        }
    }

    @Test
    void absentUnlessDeclared() throws Exception {
        try (Conn conn = new TestDriver(new TestDialect()).open(config())) {
            assertTrue(conn.as(Exporter.class).isEmpty());
            assertTrue(!conn.capabilities().contains(Capability.EXPORTER));
            DriverException e = assertThrows(DriverException.class,
                    () -> ((Exporter) conn).export(Query.of("select 1"), Exporter.Format.CSV, new ByteArrayOutputStream()));
            assertEquals(ErrorKind.UNSUPPORTED, e.kind());
        }
    }

    @Test
    void theDefaultHookRefuses() {
        DriverException e = assertThrows(DriverException.class, () -> new TestDialect()
                .export(null, "select 1", List.of(), Exporter.Format.CSV, new ByteArrayOutputStream(), new Call(false, false, false)));
        assertEquals(ErrorKind.UNSUPPORTED, e.kind());
        assertTrue(Files.exists(dir));
    }
}
