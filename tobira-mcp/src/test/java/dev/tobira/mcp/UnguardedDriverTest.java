package dev.tobira.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tobira.api.Capability;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Driver;
import dev.tobira.api.Registry;
import dev.tobira.api.Secret;
import dev.tobira.driver.sqlite.SqliteDriver;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The reading tools are offered only on connections whose driver declares the read-only guard:
 * a driver that promises none (here the real SQLite driver under another scheme, declaring nothing)
 * gets its shape described, never a query run.
 */
class UnguardedDriverTest {
    /** SQLite's driver, opened as {@code unguarded:<path>}, declaring no read-only guard. */
    static final class Unguarded implements Driver {
        private final SqliteDriver sqlite = new SqliteDriver();

        @Override
        public String name() {
            return "unguarded";
        }

        @Override
        public Set<String> schemes() {
            return Set.of("unguarded");
        }

        @Override
        public Set<Capability> declared() {
            EnumSet<Capability> s = EnumSet.copyOf(sqlite.declared());
            s.remove(Capability.READ_ONLY);
            return s;
        }

        @Override
        public Conn open(ConnConfig config) {
            ConnConfig c = ConnConfig.of("sqlite:" + config.dsn().substring("unguarded:".length()))
                    .withName(config.name())
                    .withReadOnly(config.readOnly())
                    .withPassword(config.password());
            if (config.connectTimeout().isPresent()) {
                c = c.withConnectTimeout(config.connectTimeout().get());
            }
            for (var o : config.options().entrySet()) {
                c = c.withOption(o.getKey(), o.getValue());
            }
            return sqlite.open(c);
        }
    }

    @Test
    void noReadingToolRunsOnADriverWithoutTheGuard() {
        try (SqliteTarget target = new SqliteTarget();
                TobiraMcpServer server = TobiraMcpServer.builder(
                                Registry.empty().add(new SqliteDriver()).add(new Unguarded()))
                        .connection("shop", ConnConfig.of(target.dsn()).withReadOnly(true))
                        .connection(
                                "loose",
                                ConnConfig.of("unguarded:" + target.file).withReadOnly(true))
                        .policy(new McpPolicy(
                                List.of("shop", "loose"),
                                Set.of(),
                                200,
                                McpPolicy.DEFAULT_TIMEOUT,
                                Secret.of(Session.TOKEN)))
                        .build();
                Session s = Session.attach(server)) {
            for (String tool : List.of("query", "explain")) {
                String message = s.error(tool, Map.of("connection", "loose", "query", "select count(*) from orders"));
                assertEquals(
                        tool + ": connection \"loose\": its driver declares no read-only guard, so " + tool
                                + " is not offered on it",
                        message);
            }
            String sample = s.error("sample", Map.of("connection", "loose", "collection", "orders"));
            assertTrue(
                    sample.startsWith("sample: connection \"loose\": its driver declares no read-only guard"), sample);
            JsonNode described = s.ok("describe", Map.of("connection", "loose", "collection", "orders"));
            assertEquals("orders", described.get("collection").asText());
            JsonNode guarded = s.ok("query", Map.of("connection", "shop", "query", "select count(*) from orders"));
            assertEquals(7, guarded.get("rows").get(0).get(0).asLong());
        }
    }
}
