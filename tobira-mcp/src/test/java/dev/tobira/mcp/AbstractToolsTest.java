package dev.tobira.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every tool over both transports, driven by the SDK's own Java client against one database: the
 * tool list, each tool's result, the refused write (data unchanged, read through the side channel),
 * the unknown connection, {@code execute} absent, the row cap, the schema resource.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AbstractToolsTest {
    static final Set<String> READING_TOOLS =
            Set.of("list_connections", "list_namespaces", "list_collections", "describe", "sample", "query", "explain");
    static final int MAX_ROWS = 20;

    private Target target;
    private final Map<Transport, Session> sessions = new EnumMap<>(Transport.class);

    abstract Target newTarget();

    @BeforeAll
    void start() {
        target = newTarget();
    }

    @AfterAll
    void stop() {
        sessions.values().forEach(Session::close);
        if (target != null) {
            target.close();
        }
    }

    private Session session(Transport t) {
        return sessions.computeIfAbsent(
                t, x -> Session.open(x, Session.Spec.of("shop", target.dsn()).maxRows(MAX_ROWS)));
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void theToolListHasEveryReadingToolAndNoExecute(Transport t) {
        List<McpSchema.Tool> tools = session(t).client.listTools().tools();
        assertEquals(
                new TreeSet<>(READING_TOOLS),
                tools.stream().map(McpSchema.Tool::name).collect(Collectors.toCollection(TreeSet::new)));
        for (McpSchema.Tool tool : tools) {
            assertNotNull(tool.annotations(), tool.name());
            assertEquals(Boolean.TRUE, tool.annotations().readOnlyHint(), tool.name() + " is read-only");
            assertEquals(Boolean.FALSE, tool.annotations().destructiveHint(), tool.name());
            assertEquals("object", tool.inputSchema().get("type"), tool.name());
            assertNotNull(tool.description(), tool.name());
        }
        McpSchema.Tool query =
                tools.stream().filter(x -> x.name().equals("query")).findFirst().orElseThrow();
        assertEquals(List.of("connection", "query"), query.inputSchema().get("required"));
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void listConnectionsShowsTheExposedConnectionReadOnly(Transport t) {
        JsonNode list = session(t).ok("list_connections", Map.of());
        assertEquals(1, list.size(), list.toString());
        JsonNode shop = list.get(0);
        assertEquals("shop", shop.get("name").asText());
        assertTrue(shop.get("read_only").asBoolean());
        assertFalse(shop.get("driver").asText().isEmpty(), shop.toString());
        assertFalse(shop.get("kind").asText().isEmpty(), shop.toString());
        assertFalse(shop.get("dialect").asText().isEmpty(), shop.toString());
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void listNamespacesAndCollections(Transport t) {
        Session s = session(t);
        JsonNode ns = s.ok("list_namespaces", Map.of("connection", "shop"));
        assertTrue(texts(ns).contains(target.namespace()), ns.toString());
        JsonNode cols = s.ok("list_collections", Map.of("connection", "shop", "namespace", target.namespace()));
        Set<String> names = new TreeSet<>();
        cols.forEach(c -> names.add(c.get("name").asText()));
        assertTrue(names.containsAll(Set.of(target.orders(), target.customers())), names.toString());
        cols.forEach(c -> assertTrue(c.get("resource").asText().startsWith("tobira://shop/"), c.toString()));
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void describeGivesFieldsAndKeysButNoRows(Transport t) {
        JsonNode d = session(t)
                .ok(
                        "describe",
                        Map.of("connection", "shop", "collection", target.orders(), "namespace", target.namespace()));
        assertEquals(target.orders(), d.get("collection").asText());
        String[] field = target.orderField().split(":", 2);
        JsonNode f = field(d, field[0]);
        assertNotNull(f, d.toString());
        if (!field[1].isEmpty()) {
            assertEquals(field[1], f.get("type").asText(), f.toString());
        }
        assertTrue(d.has("primary_key") && d.has("foreign_keys"), d.toString());
        assertFalse(
                d.toString().contains("Lovelace")
                        || d.toString().toLowerCase(java.util.Locale.ROOT).contains("create table"),
                "no rows, no DDL: " + d);
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void sampleReturnsTheFirstRows(Transport t) {
        JsonNode r = session(t)
                .ok(
                        "sample",
                        Map.of(
                                "connection",
                                "shop",
                                "collection",
                                target.orders(),
                                "namespace",
                                target.namespace(),
                                "limit",
                                3));
        assertEquals(3, r.get("rows").size(), r.toString());
        assertTrue(r.get("truncated").asBoolean(), r.toString());
        assertFalse(r.get("columns").isEmpty());
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void queryFindsTheTopPaidCustomer(Transport t) {
        JsonNode r = session(t).ok("query", Map.of("connection", "shop", "query", target.topPaidCustomer()));
        assertEquals("Ada Lovelace", r.get("rows").get(0).get(0).asText(), r.toString());
        assertFalse(r.get("truncated").asBoolean());
        assertFalse(r.get("columns").get(0).get("name").asText().isEmpty());
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void anEmptyNamespaceArgumentIsTheConnectionsDefault(Transport t) {
        // Query.withNamespace refuses "" (issue 31): the tool maps it to the default, as clients always had it
        Session s = session(t);
        JsonNode empty =
                s.ok("query", Map.of("connection", "shop", "query", target.topPaidCustomer(), "namespace", ""));
        assertEquals("Ada Lovelace", empty.get("rows").get(0).get(0).asText(), empty.toString());
        JsonNode named = s.ok(
                "query",
                Map.of("connection", "shop", "query", target.topPaidCustomer(), "namespace", target.namespace()));
        assertEquals("Ada Lovelace", named.get("rows").get(0).get(0).asText(), named.toString());
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void explainShowsAPlanOrSaysItCannot(Transport t) {
        Session s = session(t);
        Map<String, Object> args = Map.of("connection", "shop", "query", target.topPaidCustomer());
        if (target.explains()) {
            JsonNode plan = s.ok("explain", args);
            assertFalse(plan.get("plan").toString().isEmpty(), plan.toString());
        } else {
            String message = s.error("explain", args);
            assertTrue(message.endsWith(": unsupported"), message);
        }
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void theGuardRefusesTheDeleteAndNothingChanges(Transport t) {
        List<String> before = target.fingerprint();
        String message = session(t).error("query", Map.of("connection", "shop", "query", target.refundedDelete()));
        assertTrue(message.startsWith(target.refusalPrefix()), message);
        assertTrue(message.endsWith(": read-only violation"), message);
        assertEquals(before, target.fingerprint(), "the refused delete changed nothing");
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void anUnknownConnectionIsNamedAsTheReferenceDoes(Transport t) {
        String message = session(t).error("query", Map.of("connection", "prod", "query", "select 1"));
        assertEquals("unknown connection \"prod\": call list_connections for the names", message);
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void executeIsNotATool(Transport t) {
        Session s = session(t);
        McpError e = assertThrows(
                McpError.class,
                () -> s.call("execute", Map.of("connection", "shop", "statement", target.refundedDelete())));
        // the SDK's own unknown-tool error, as for any name the server does not offer
        assertEquals(McpSchema.ErrorCodes.INVALID_PARAMS, e.getJsonRpcError().code(), e.getMessage());
        assertTrue(e.getMessage().startsWith("Unknown tool"), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void theRowCapCutsAndSaysTruncated(Transport t) {
        Session s = session(t);
        JsonNode capped = s.ok("query", Map.of("connection", "shop", "query", target.manyRows()));
        assertEquals(MAX_ROWS, capped.get("rows").size(), "max_rows caps the result");
        assertTrue(capped.get("truncated").asBoolean());
        JsonNode asked = s.ok("query", Map.of("connection", "shop", "query", target.manyRows(), "limit", 5));
        assertEquals(5, asked.get("rows").size());
        assertTrue(asked.get("truncated").asBoolean());
        JsonNode over = s.ok("query", Map.of("connection", "shop", "query", target.manyRows(), "limit", 100_000));
        assertEquals(MAX_ROWS, over.get("rows").size(), "a client cannot ask past max_rows");
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void everyCollectionIsASchemaResource(Transport t) {
        Session s = session(t);
        List<McpSchema.ResourceTemplate> templates =
                s.client.listResourceTemplates().resourceTemplates();
        assertEquals(
                List.of(SchemaResource.TEMPLATE),
                templates.stream().map(McpSchema.ResourceTemplate::uriTemplate).toList());
        String uri = "tobira://shop/" + target.namespace() + "/" + target.orders() + "/schema";
        McpSchema.ReadResourceResult r =
                s.client.readResource(McpSchema.ReadResourceRequest.builder(uri).build());
        McpSchema.TextResourceContents c =
                (McpSchema.TextResourceContents) r.contents().get(0);
        assertEquals("application/json", c.mimeType());
        assertTrue(c.text().contains("\"" + target.orderField().split(":")[0] + "\""), c.text());
        McpError e = assertThrows(
                McpError.class,
                () -> s.client.readResource(
                        McpSchema.ReadResourceRequest.builder("tobira://prod/" + target.namespace() + "/orders/schema")
                                .build()));
        assertTrue(e.getMessage().contains("unknown connection \"prod\""), e.getMessage());
    }

    static Set<String> texts(JsonNode array) {
        Set<String> out = new TreeSet<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    static JsonNode field(JsonNode describe, String name) {
        for (JsonNode f : describe.get("fields")) {
            if (f.get("name").asText().equals(name)) {
                return f;
            }
        }
        return null;
    }
}
