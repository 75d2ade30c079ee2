package dev.tobira.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.spec.McpSchema;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** allow_writes: execute appears, writes only where allowed, and query stays read-only even there. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WritesTest {
    private SqliteTarget shop;
    private SqliteTarget scratch;
    private final Map<Transport, Session> sessions = new EnumMap<>(Transport.class);

    @BeforeAll
    void start() {
        shop = new SqliteTarget();
        scratch = new SqliteTarget();
    }

    @AfterAll
    void stop() {
        sessions.values().forEach(Session::close);
        shop.close();
        scratch.close();
    }

    private Session session(Transport t) {
        return sessions.computeIfAbsent(
                t,
                x -> Session.open(
                        x,
                        Session.Spec.of("shop", shop.dsn())
                                .with("scratch", scratch.dsn())
                                .allowWrites("scratch")));
    }

    private long count(SqliteTarget t, String sql) {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + t.file);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getLong(1) : -1;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void executeIsListedAsDestructive(Transport t) {
        McpSchema.Tool execute = session(t).client.listTools().tools().stream()
                .filter(x -> x.name().equals("execute"))
                .findFirst()
                .orElseThrow();
        assertEquals(Boolean.FALSE, execute.annotations().readOnlyHint());
        assertEquals(Boolean.TRUE, execute.annotations().destructiveHint());
        assertTrue(execute.description().contains("scratch"), execute.description());
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void executeWritesToAnAllowedConnection(Transport t) {
        long before = count(scratch, "select count(*) from orders where status = 'refunded'");
        JsonNode r = session(t)
                .ok(
                        "execute",
                        Map.of(
                                "connection",
                                "scratch",
                                "statement",
                                "update orders set status = 'refunded' where id = ?",
                                "params",
                                java.util.List.of(t.ordinal() + 1)));
        assertEquals(1, r.get("rows_affected").asLong(), r.toString());
        assertEquals(before + 1, count(scratch, "select count(*) from orders where status = 'refunded'"));
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void executeIsRefusedOnAConnectionNotInAllowWrites(Transport t) {
        var before = shop.fingerprint();
        String message = session(t)
                .error(
                        "execute",
                        Map.of("connection", "shop", "statement", "DELETE FROM orders WHERE status='refunded'"));
        assertEquals("execute: connection \"shop\" is not in allow_writes: refused by policy", message);
        assertEquals(before, shop.fingerprint());
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void queryStaysReadOnlyOnAWritableConnection(Transport t) {
        var before = scratch.fingerprint();
        String message = session(t)
                .error("query", Map.of("connection", "scratch", "query", "DELETE FROM orders WHERE status='refunded'"));
        assertTrue(message.endsWith(": read-only violation"), message);
        assertEquals(before, scratch.fingerprint());
    }
}
