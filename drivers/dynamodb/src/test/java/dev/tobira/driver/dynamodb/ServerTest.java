package dev.tobira.driver.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Secret;
import dev.tobira.api.Value;
import java.net.ServerSocket;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The driver against the test server through {@link CountingProxy}, which counts what reached the
 * server: PartiQL reads arrive as {@code ExecuteStatement} (and come back UNSUPPORTED from dynalite),
 * PartiQL writes on a read-only path send nothing, pages are requested one at a time, a limit
 * stops paging; throttling, a missing table, missing credentials and an endpoint that is down
 * each have their kind.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ServerTest {
    private final DynamoDriver driver = new DynamoDriver();
    private Native nat;
    private CountingProxy proxy;

    @BeforeAll
    void start() {
        URI endpoint = DynamoServers.endpoint();
        nat = new Native(endpoint);
        nat.seed();
        proxy = new CountingProxy(endpoint);
    }

    @AfterAll
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        if (nat != null) {
            nat.close();
        }
    }

    @BeforeEach
    void clear() {
        proxy.reset();
    }

    private ConnConfig config() {
        return ConnConfig.of(DynamoServers.dsn(proxy.endpoint())).withPassword(Secret.of(DynamoServers.SECRET));
    }

    private Conn open(boolean readOnly) {
        Conn c = driver.open(config().withReadOnly(readOnly));
        proxy.reset(); // the ping of open
        return c;
    }

    private static List<Row> all(ResultSet rs) {
        List<Row> rows = new ArrayList<>();
        try (rs) {
            rs.forEachRemaining(rows::add);
        }
        return rows;
    }

    @Test
    void aPartiqlReadReachesTheServerAsExecuteStatementAndDynaliteSaysUnsupported() {
        try (Conn c = open(true)) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> all(c.query(
                            Query.of("SELECT * FROM \"orders\" WHERE id = ?").withParams(Value.of(1)))));
            assertEquals(ErrorKind.UNSUPPORTED, e.kind(), e.getMessage());
            assertTrue(
                    e.getMessage().contains("the server does not support this operation (UnknownOperationException)"),
                    e.getMessage());
            assertEquals(List.of("ExecuteStatement"), proxy.operations());
        }
    }

    @Test
    void partiqlWritesOnAReadOnlyPathSendNothing() {
        try (Conn ro = open(true);
                Conn rw = open(false)) {
            for (String text : List.of(
                    "DELETE FROM \"orders\" WHERE id = 1",
                    "INSERT INTO \"orders\" VALUE {'id': 99}",
                    "UPDATE \"orders\" SET status = 'x' WHERE id = 1",
                    "EXISTS(SELECT * FROM \"orders\")",
                    "SELECT * FROM \"orders\"; DELETE FROM \"orders\"",
                    "{\"ExecuteStatement\": {\"Statement\": \"DELETE FROM \\\"orders\\\" WHERE id = 1\"}}",
                    "{\"BatchExecuteStatement\": {\"Statements\": [{\"Statement\": \"DELETE FROM \\\"orders\\\"\"}]}}",
                    "{\"ExecuteTransaction\": {\"TransactStatements\": [{\"Statement\": \"DELETE FROM \\\"orders\\\"\"}]}}",
                    "{\"PutItem\": {\"TableName\": \"orders\", \"Item\": {\"id\": {\"N\": \"99\"}}}}")) {
                for (DriverException e : List.of(
                        assertThrows(DriverException.class, () -> ro.query(Query.of(text))),
                        assertThrows(
                                DriverException.class,
                                () -> rw.query(Query.of(text).withReadOnly(true))))) {
                    assertTrue(
                            e.kind() == ErrorKind.READ_ONLY || e.kind() == ErrorKind.SYNTAX,
                            text + ": " + e.getMessage());
                }
            }
            assertEquals(List.of(), proxy.operations(), "no request reached the server");
        }
    }

    @Test
    void aPartiqlWriteOnAWritableConnectionIsSent() {
        try (Conn rw = open(false)) {
            DriverException e = assertThrows(
                    DriverException.class, () -> rw.query(Query.of("DELETE FROM \"orders\" WHERE id = 1")));
            assertEquals(ErrorKind.UNSUPPORTED, e.kind(), "dynalite lacks ExecuteStatement: " + e.getMessage());
            assertEquals(List.of("ExecuteStatement"), proxy.operations());
        }
    }

    @Test
    void pagesAreRequestedAsTheCallerIteratesAndLaterAttributesLandInTheRestColumn() {
        nat.seed();
        nat.client.putItem(r -> r.tableName("orders")
                .item(Map.of("id", AttributeValue.fromN("100"), "late", AttributeValue.fromS("only here"))));
        try (Conn c = open(false);
                ResultSet rs = c.query(Query.of("{\"Scan\": {\"TableName\": \"orders\", \"Limit\": 3}}"))) {
            int describesAndFirst = proxy.operations().size();
            assertEquals(List.of("DescribeTable", "Scan"), proxy.operations(), "keys, then the first page only");
            assertEquals("id", rs.columns().get(0).name(), "the key first");
            assertEquals(
                    ItemResultSet.REST,
                    rs.columns().get(rs.columns().size() - 1).name());
            List<Row> rows = new ArrayList<>();
            rs.forEachRemaining(rows::add);
            assertEquals(8, rows.size());
            assertTrue(proxy.operations().size() >= describesAndFirst + 2, "later pages: " + proxy.operations());
            boolean lateSeen = false;
            for (Row r : rows) {
                Value rest = r.get(ItemResultSet.REST);
                if (!rest.isNull()) {
                    assertEquals(
                            Value.of("only here"), ((Value.Doc) rest).fields().get("late"));
                    lateSeen = true;
                } else if (r.get("id").equals(Value.of(100))) {
                    assertTrue(
                            rs.columns().stream().anyMatch(col -> col.name().equals("late")),
                            "late was on the first page");
                    lateSeen = true;
                }
            }
            assertTrue(lateSeen, "the late attribute is not dropped");
        } finally {
            nat.seed();
        }
    }

    @Test
    void aLimitStopsPagingAndSaysTruncated() {
        try (Conn c = open(false);
                ResultSet rs = c.query(
                        Query.of("{\"Scan\": {\"TableName\": \"orders\"}}").withLimit(3))) {
            List<Row> rows = new ArrayList<>();
            rs.forEachRemaining(rows::add);
            assertEquals(3, rows.size());
            assertTrue(rs.stats().truncated());
            assertEquals(List.of("DescribeTable", "Scan"), proxy.operations(), "one page of limit + 1 items");
            assertFalse(
                    rs.columns().stream().anyMatch(col -> col.name().equals(ItemResultSet.REST)),
                    "no rest column when the first page serves the limit");
        }
    }

    @Test
    void throttlingIsRetryable() {
        try (Conn c = open(false)) {
            proxy.fail("GetItem", "ProvisionedThroughputExceededException");
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> all(c.query(Query.of(
                            "{\"GetItem\": {\"TableName\": \"orders\", \"Key\": {\"id\": {\"N\": \"1\"}}}}"))));
            assertEquals(ErrorKind.CONFLICT, e.kind(), e.getMessage());
            assertTrue(e.retryable());
            assertTrue(e.getMessage().contains("ProvisionedThroughputExceededException"), e.getMessage());
        }
    }

    @Test
    void aMissingTableIsNotFound() {
        try (Conn c = open(true)) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> c.query(Query.of(
                            "{\"Query\": {\"TableName\": \"no_such_table\", \"KeyConditionExpression\": \"id = :i\","
                                    + " \"ExpressionAttributeValues\": {\":i\": {\"N\": \"1\"}}}}")));
            assertEquals(ErrorKind.NOT_FOUND, e.kind(), e.getMessage());
            assertEquals(
                    ErrorKind.NOT_FOUND,
                    assertThrows(DriverException.class, () -> c.describe(CollectionRef.of("no_such_table")))
                            .kind());
        }
    }

    @Test
    void missingCredentialsAreAuth() {
        DriverException e = assertThrows(
                DriverException.class,
                () -> driver.open(ConnConfig.of("dynamodb://" + proxy.endpoint().getHost() + ":"
                        + proxy.endpoint().getPort() + "?profile=tobira-no-such-profile")));
        assertEquals(ErrorKind.AUTH, e.kind(), e.getMessage());
        assertEquals(List.of(), proxy.operations(), "nothing unsigned was sent");
    }

    @Test
    void anEndpointThatIsDownIsConnection() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        DriverException e = assertThrows(
                DriverException.class,
                () -> driver.open(ConnConfig.of("dynamodb://" + DynamoServers.ACCESS_KEY + "@127.0.0.1:" + port)
                        .withPassword(Secret.of(DynamoServers.SECRET))));
        assertEquals(ErrorKind.CONNECTION, e.kind(), e.getMessage());
        assertFalse(e.getMessage().contains(DynamoServers.SECRET), e.getMessage());
    }

    @Test
    void describeReportsTheKeyTheDefinitionsAndASampleMarkedSo() {
        try (Conn c = open(true)) {
            CollectionInfo info = c.describe(CollectionRef.of("customers"));
            assertEquals(List.of("id"), info.primaryKey());
            assertEquals("customers", info.ref().name());
            assertEquals(Optional.of("us-east-1"), info.ref().namespace());
            Column id = info.fields().get(0);
            assertEquals("id", id.name());
            assertEquals(Optional.of("N"), id.nativeType());
            assertEquals(Value.Kind.INT, id.kind());
            assertFalse(id.nullable());
            Column name = info.fields().stream()
                    .filter(f -> f.name().equals("name"))
                    .findFirst()
                    .orElseThrow();
            assertEquals(Optional.of("S (sampled)"), name.nativeType());
            assertEquals(Value.Kind.TEXT, name.kind());
            assertTrue(name.nullable());
        }
        try (Conn c = driver.open(config().withOption("describeSample", "0"))) {
            assertEquals(
                    List.of("id"),
                    c.describe(CollectionRef.of("customers")).fields().stream()
                            .map(Column::name)
                            .toList(),
                    "the definitions only");
        }
    }

    @Test
    void namespacesAndCollections() {
        try (Conn c = open(true)) {
            assertEquals(List.of("us-east-1"), c.namespaces());
            List<String> names = c.collections(Optional.of("us-east-1")).stream()
                    .map(CollectionRef::name)
                    .toList();
            assertTrue(names.containsAll(List.of("customers", "orders")), names.toString());
            assertEquals(
                    ErrorKind.NOT_FOUND,
                    assertThrows(DriverException.class, () -> c.collections(Optional.of("eu-west-1")))
                            .kind());
            assertEquals(
                    ErrorKind.NOT_FOUND,
                    assertThrows(
                                    DriverException.class,
                                    () -> c.query(Query.of("{\"Scan\": {\"TableName\": \"orders\"}}")
                                            .withNamespace("eu-west-1")))
                            .kind());
        }
    }

    @Test
    void describeTableIsOneRowOfTheDescription() {
        try (Conn c = open(true)) {
            List<Row> rows = all(c.query(Query.of("{\"DescribeTable\": {\"TableName\": \"orders\"}}")));
            assertEquals(1, rows.size());
            assertEquals(Value.of("orders"), rows.get(0).get("TableName"));
            assertEquals(Value.Kind.ARRAY, rows.get(0).get("KeySchema").kind());
        }
    }
}
