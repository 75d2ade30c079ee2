package dev.tobira.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code max_rows} caps rows; a tool result is capped in bytes too, so that wide rows cannot make
 * an answer too large to build (100 MB of rows in a 256 MB heap got no answer at all): reading stops
 * at the cap and the result says {@code truncated}.
 */
class ResultBytesTest {
    /** 300 rows of 100,000 characters each: 30 MB, well past any cap and far below max_rows 1000. */
    static final String WIDE = "with recursive n(i) as (select 1 union all select i + 1 from n where i < 300)"
            + " select i, hex(zeroblob(50000)) as pad from n";

    private static int bytes(McpSchema.CallToolResult r) {
        return Session.text(r).getBytes(StandardCharsets.UTF_8).length;
    }

    private static JsonNode json(McpSchema.CallToolResult r) throws Exception {
        assertEquals(Boolean.FALSE, r.isError(), () -> Session.text(r));
        return Session.JSON.readTree(Session.text(r));
    }

    @Test
    void aQueryStopsAtTheDefaultByteCapAndSaysTruncated() throws Exception {
        try (SqliteTarget target = new SqliteTarget();
                Session s = Session.open(
                        Transport.HTTP, Session.Spec.of("shop", target.dsn()).maxRows(1000))) {
            McpSchema.CallToolResult r = s.call("query", Map.of("connection", "shop", "query", WIDE));
            JsonNode result = json(r);
            assertTrue(bytes(r) <= McpPolicy.DEFAULT_MAX_RESULT_BYTES, bytes(r) + " bytes");
            assertTrue(result.get("truncated").asBoolean(), "truncated");
            int rows = result.get("rows").size();
            assertTrue(rows >= 5 && rows < 300, rows + " rows");
            // the rows given are whole, in order
            for (int i = 0; i < rows; i++) {
                assertEquals(i + 1, result.get("rows").get(i).get(0).asInt());
                assertEquals(100_000, result.get("rows").get(i).get(1).asText().length());
            }
            // a small result is untouched
            JsonNode small = s.ok("query", Map.of("connection", "shop", "query", "select count(*) from orders"));
            assertFalse(small.get("truncated").asBoolean());
        }
    }

    @Test
    void theByteCapIsConfigurableAndHoldsForSampleAndForARowLargerThanTheCap() throws Exception {
        try (SqliteTarget target = new SqliteTarget()) {
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + target.file);
                    Statement st = c.createStatement()) {
                st.execute("create table wide(id integer primary key, pad text)");
                st.execute(
                        "insert into wide(pad) select hex(zeroblob(5000)) from (with recursive n(i) as (select 1 union all select i + 1 from n where i < 40) select i from n)");
                st.execute("insert into wide(pad) values (hex(zeroblob(100000)))");
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
            McpPolicy policy =
                    Session.Spec.of("shop", target.dsn()).maxRows(1000).policy().withMaxResultBytes(64 * 1024);
            try (TobiraMcpServer server = TobiraMcpServer.builder(dev.tobira.api.Registry.discover())
                            .connection(
                                    "shop",
                                    dev.tobira.api.ConnConfig.of(target.dsn()).withReadOnly(true))
                            .policy(policy)
                            .build();
                    Session s = Session.attach(server)) {
                McpSchema.CallToolResult sample =
                        s.call("sample", Map.of("connection", "shop", "collection", "wide", "limit", 41));
                JsonNode rows = json(sample);
                assertTrue(bytes(sample) <= 64 * 1024, bytes(sample) + " bytes");
                assertTrue(rows.get("truncated").asBoolean());
                assertTrue(
                        rows.get("rows").size() >= 3 && rows.get("rows").size() < 41,
                        rows.get("rows").size() + " rows");
                // one row larger than the whole cap: no row, truncated
                McpSchema.CallToolResult big =
                        s.call("query", Map.of("connection", "shop", "query", "select pad from wide where id = 41"));
                JsonNode none = json(big);
                assertEquals(0, none.get("rows").size(), none.toString());
                assertTrue(none.get("truncated").asBoolean());
                assertTrue(s.ok("list_connections", Map.of()).isArray());
            }
        }
    }
}
