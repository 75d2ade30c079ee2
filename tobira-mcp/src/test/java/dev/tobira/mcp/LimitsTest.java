package dev.tobira.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Registry;
import dev.tobira.api.Secret;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The per-call timeout, and connections configured but not exposed. */
class LimitsTest {
    /** Never ends by itself: each row makes the next. */
    static final String ENDLESS =
            "with recursive n(i) as (select 1 union all select i + 1 from n) select count(*) from n";

    @ParameterizedTest
    @EnumSource(Transport.class)
    void aCallPastTheTimeoutFailsAndTheNextCallWorks(Transport t) {
        try (SqliteTarget target = new SqliteTarget();
                Session s =
                        Session.open(t, Session.Spec.of("shop", target.dsn()).timeout(Duration.ofSeconds(1)))) {
            String message = s.error("query", Map.of("connection", "shop", "query", ENDLESS));
            assertTrue(message.endsWith(": timed out"), message);
            JsonNode after = s.ok("query", Map.of("connection", "shop", "query", "select count(*) from orders"));
            assertEquals(7, after.get("rows").get(0).get(0).asLong(), after.toString());
        }
    }

    @Test
    void aConfiguredButUnexposedConnectionIsUnknown() {
        try (SqliteTarget shop = new SqliteTarget();
                SqliteTarget hidden = new SqliteTarget();
                TobiraMcpServer server = TobiraMcpServer.builder(Registry.discover())
                        .connection("shop", ConnConfig.of(shop.dsn()).withReadOnly(true))
                        .connection("hidden", ConnConfig.of(hidden.dsn()).withReadOnly(true))
                        .policy(new McpPolicy(
                                List.of("shop"), Set.of(), 200, McpPolicy.DEFAULT_TIMEOUT, Secret.of(Session.TOKEN)))
                        .build();
                Session s = Session.attach(server)) {
            JsonNode list = s.ok("list_connections", Map.of());
            assertEquals(1, list.size(), list.toString());
            Map<String, Map<String, Object>> calls = Map.of(
                    "query", Map.of("connection", "hidden", "query", "select 1"),
                    "describe", Map.of("connection", "hidden", "collection", "orders"),
                    "list_collections", Map.of("connection", "hidden"));
            calls.forEach((tool, args) -> assertEquals(
                    "unknown connection \"hidden\": call list_connections for the names", s.error(tool, args), tool));
        }
    }
}
