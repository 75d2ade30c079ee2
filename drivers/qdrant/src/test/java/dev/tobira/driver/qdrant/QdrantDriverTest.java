package dev.tobira.driver.qdrant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Browser;
import dev.tobira.api.Capability;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Mutator;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Secret;
import dev.tobira.api.Value;
import dev.tobira.spi.OpenResults;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** The driver against the test server: results, describe, and each kind of bad input. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class QdrantDriverTest {
    private final QdrantDriver driver = new QdrantDriver();
    private Native nat;
    private String dsn;
    private ConnConfig config;

    @BeforeAll
    void seed() {
        dsn = QdrantServers.dsn();
        nat = new Native(dsn, QdrantServers.apiKey());
        nat.seed();
        config = ConnConfig.of(dsn).withPassword(Secret.of(QdrantServers.apiKey()));
    }

    @AfterAll
    void close() {
        nat.close();
    }

    private List<Row> rows(Conn c, Query q) {
        List<Row> out = new ArrayList<>();
        try (ResultSet rs = c.query(q)) {
            rs.forEachRemaining(out::add);
        }
        return out;
    }

    private DriverException fails(Conn c, String text) {
        return assertThrows(DriverException.class, () -> rows(c, Query.of(text)));
    }

    @Test
    void pointsBecomeRowsOfEveryKind() {
        try (Conn c = driver.open(config)) {
            List<Row> rows = rows(
                    c,
                    Query.of("{\"retrieve\": {\"collection\": \"types\", \"ids\":"
                            + " [\"5c56c793-69f3-4fbf-87e6-c4bf54c28c26\"], \"with_vector\": true}}"));
            assertEquals(1, rows.size());
            Row r = rows.get(0);
            assertEquals(Value.of(UUID.fromString("5c56c793-69f3-4fbf-87e6-c4bf54c28c26")), r.get("id"));
            assertEquals(
                    new Value.Doc(Map.of(
                            "a", new Value.Vector(new float[] {1f, 0f}), "b", new Value.Vector(new float[] {0f, 1f}))),
                    r.get("vector"));
            assertEquals(Value.of("text"), r.get("s"));
            assertEquals(Value.of(42), r.get("i"));
            assertEquals(Value.of(2.5), r.get("f"));
            assertEquals(Value.of(true), r.get("t"));
            assertEquals(Value.NULL, r.get("nul"));
            assertEquals(new Value.Array(List.of(Value.of("x"), Value.of(2))), r.get("l"));
            assertEquals(new Value.Doc(Map.of("a", Value.of(1))), r.get("m"));
            assertEquals(Value.Kind.UUID, r.columns().get(0).kind());
            assertEquals(Value.Kind.DOC, r.columns().get(1).kind());
        }
    }

    @Test
    void searchOrdersByScoreAndQueryByIdLeavesThePointOut() {
        try (Conn c = driver.open(config)) {
            float[] v = Native.orderVector(3, 2, 8900, "refunded");
            String vec = "[" + v[0] + ", " + v[1] + ", " + v[2] + ", " + v[3] + "]";
            List<Row> hits = rows(
                    c, Query.of("{\"search\": {\"collection\": \"orders\", \"vector\": " + vec + ", \"limit\": 3}}"));
            assertEquals(Value.of(3), hits.get(0).get("id"));
            assertEquals(1.0, ((Value.Float) hits.get(0).get("score")).value(), 1e-5);
            assertTrue(((Value.Float) hits.get(1).get("score")).value()
                    <= ((Value.Float) hits.get(0).get("score")).value());
            assertEquals(Value.of("refunded"), hits.get(0).get("status"));
            List<Row> byId = rows(
                    c,
                    Query.of("{\"query\": {\"collection\": \"orders\", \"query\": {\"nearest\": 3}, \"limit\": 2}}"));
            assertEquals(2, byId.size());
            assertFalse(byId.stream().anyMatch(r -> r.get("id").equals(Value.of(3))));
        }
    }

    @Test
    void scrollFollowsPagesAndTheLimitTruncates() {
        try (Conn c = driver.open(config)) {
            List<Row> all = rows(c, Query.of("{\"scroll\": {\"collection\": \"orders\", \"limit\": 2}}"));
            assertEquals(
                    List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L),
                    all.stream().map(r -> ((Value.Int) r.get("id")).value()).collect(Collectors.toList()));
            try (ResultSet rs = c.query(Query.of("{\"scroll\": {\"collection\": \"orders\", \"limit\": 2}}")
                    .withLimit(3))) {
                int n = 0;
                while (rs.hasNext()) {
                    rs.next();
                    n++;
                }
                assertEquals(3, n);
                assertTrue(rs.stats().truncated());
            }
            List<Row> paid = rows(
                    c,
                    Query.of(
                            "{\"scroll\": {\"collection\": \"orders\", \"filter\": {\"must\": [{\"key\": \"status\","
                                    + " \"match\": {\"value\": \"paid\"}}, {\"key\": \"total_cents\", \"range\": {\"gte\": 2000, \"lt\": 5000}}]}}}"));
            assertEquals(
                    List.of(Value.of(1), Value.of(4), Value.of(7)),
                    paid.stream().map(r -> r.get("id")).collect(Collectors.toList()));
            assertEquals(
                    List.of(Value.of(7)),
                    rows(c, Query.of("{\"count\": {\"collection\": \"orders\"}}"))
                            .get(0)
                            .values());
            List<Row> facet = rows(c, Query.of("{\"facet\": {\"collection\": \"orders\", \"key\": \"status\"}}"));
            assertEquals(List.of(Value.of("paid"), Value.of(5)), facet.get(0).values());
        }
    }

    @Test
    void aScrollIsTrackedUntilItIsDoneWith() {
        try (QdrantSession session = QdrantSession.open(Target.of(config))) {
            OpenResults results = new OpenResults();
            QdrantQueries queries = new QdrantQueries(session, new QdrantCatalog(session), true);
            Query scroll = Query.of("{\"scroll\": {\"collection\": \"orders\", \"limit\": 2}}");
            try (ResultSet rs = queries.run(scroll.withLimit(3), false, results)) {
                rs.forEachRemaining(r -> {});
            }
            assertEquals(0, results.size(), "a finished scroll is no longer tracked");
            ResultSet unfinished = queries.run(scroll, false, results);
            assertEquals(1, results.size());
            unfinished.close();
            assertEquals(0, results.size());
            try (ResultSet count = queries.run(Query.of("{\"count\": {\"collection\": \"orders\"}}"), false, results)) {
                assertEquals(0, results.size(), "a result of one reply is not tracked");
                assertEquals(List.of(Value.of(7)), count.next().values());
            }
        }
    }

    @Test
    void aReadOnlyConnectionOffersNoMutatorAndIsNotOne() {
        try (Conn c = driver.open(config.withReadOnly(true))) {
            assertTrue(c.as(Mutator.class).isEmpty());
            assertFalse(c.capabilities().contains(Capability.MUTATOR));
            assertFalse(c instanceof Mutator);
            assertTrue(c.as(Browser.class).isPresent());
            assertEquals(
                    Set.of(Capability.BROWSER, Capability.COMPLETER, Capability.VECTOR_SEARCHER), c.capabilities());
        }
        try (Conn c = driver.open(config)) {
            assertEquals(
                    Set.of(Capability.BROWSER, Capability.MUTATOR, Capability.COMPLETER, Capability.VECTOR_SEARCHER),
                    c.capabilities());
        }
    }

    @Test
    void aFieldFirstSeenOnALaterPageIsKeptInTheOtherColumn() {
        var c = nat.client();
        Native.get(c.createCollectionAsync(io.qdrant.client.grpc.Collections.CreateCollection.newBuilder()
                .setCollectionName("later_fields")
                .build()));
        Native.get(c.upsertAsync(
                "later_fields",
                List.of(
                        io.qdrant.client.grpc.Points.PointStruct.newBuilder()
                                .setId(io.qdrant.client.PointIdFactory.id(1))
                                .putPayload("a", io.qdrant.client.ValueFactory.value(1))
                                .build(),
                        io.qdrant.client.grpc.Points.PointStruct.newBuilder()
                                .setId(io.qdrant.client.PointIdFactory.id(2))
                                .putPayload("a", io.qdrant.client.ValueFactory.value(2))
                                .putPayload("late", io.qdrant.client.ValueFactory.value("x"))
                                .build(),
                        // the fields in another order than the first point's
                        io.qdrant.client.grpc.Points.PointStruct.newBuilder()
                                .setId(io.qdrant.client.PointIdFactory.id(3))
                                .putPayload("late", io.qdrant.client.ValueFactory.value("y"))
                                .putPayload("a", io.qdrant.client.ValueFactory.value(3))
                                .build())));
        try (Conn conn = driver.open(config)) {
            List<Row> rows = rows(conn, Query.of("{\"scroll\": {\"collection\": \"later_fields\", \"limit\": 1}}"));
            assertEquals(
                    List.of("id", "a", "*"),
                    rows.get(0).columns().stream()
                            .map(dev.tobira.api.Column::name)
                            .collect(Collectors.toList()));
            assertEquals(Value.NULL, rows.get(0).get("*"));
            assertEquals(
                    new Value.Doc(Map.of("late", Value.of("x"))), rows.get(1).get("*"));
            assertEquals(
                    List.of(Value.of(3), Value.of(3), new Value.Doc(Map.of("late", Value.of("y")))),
                    rows.get(2).values());
            // forEachRow's view in place reads the same cells as the rows
            List<List<Value>> viewed = new ArrayList<>();
            try (ResultSet rs = conn.query(Query.of(
                    "{\"scroll\": {\"collection\": \"later_fields\", \"limit\": 1," + " \"with_vector\": true}}"))) {
                rs.forEachRow(v -> {
                    List<Value> cells = new ArrayList<>();
                    for (int i = 0; i < v.size(); i++) {
                        cells.add(v.get(i));
                    }
                    assertEquals(cells, v.toRow().values());
                    viewed.add(cells);
                });
            }
            List<Row> iterated = rows(
                    conn,
                    Query.of("{\"scroll\": {\"collection\": \"later_fields\", \"limit\": 1,"
                            + " \"with_vector\": true}}"));
            assertEquals(iterated.stream().map(Row::values).collect(Collectors.toList()), viewed);
            assertEquals(
                    List.of("id", "vector", "a", "*"),
                    iterated.get(0).columns().stream()
                            .map(dev.tobira.api.Column::name)
                            .collect(Collectors.toList()));
            List<Row> whole = rows(conn, Query.of("{\"scroll\": {\"collection\": \"later_fields\"}}"));
            assertEquals(
                    List.of("id", "a", "late"),
                    whole.get(0).columns().stream()
                            .map(dev.tobira.api.Column::name)
                            .collect(Collectors.toList()));
        } finally {
            Native.get(c.deleteCollectionAsync("later_fields"));
        }
    }

    @Test
    void describeGivesVectorsIndexesAndSampledPayloadFields() {
        try (Conn c = driver.open(config)) {
            CollectionInfo info = c.describe(CollectionRef.of("orders"));
            Map<String, Column> f = info.fields().stream().collect(Collectors.toMap(Column::name, x -> x));
            assertEquals(Optional.of("vector(4, Cosine)"), f.get("vector").nativeType());
            assertEquals(Value.Kind.VECTOR, f.get("vector").kind());
            assertEquals(Value.Kind.INT, f.get("total_cents").kind());
            assertEquals(Value.Kind.TEXT, f.get("status").kind());
            assertEquals(
                    Optional.of("payload integer (indexed)"),
                    f.get("customer_id").nativeType());
            assertEquals(List.of("id"), info.primaryKey());
            assertEquals(List.of("customer_id"), info.indexes().get(0).fields());
            CollectionInfo types = c.describe(CollectionRef.of("types"));
            assertTrue(types.fields().stream()
                    .anyMatch(
                            x -> x.name().equals("vector.a") && x.nativeType().equals(Optional.of("vector(2, Dot)"))));
            assertEquals(
                    List.of(
                            CollectionRef.of("default", "customers"),
                            CollectionRef.of("default", "orders"),
                            CollectionRef.of("default", "types")),
                    c.collections().stream()
                            .filter(r -> !r.name().startsWith("rows_"))
                            .collect(Collectors.toList()));
        }
    }

    @Test
    void badInputIsClassified() {
        try (Conn c = driver.open(config)) {
            DriverException dim = fails(c, "{\"search\": {\"collection\": \"orders\", \"vector\": [1, 2, 3]}}");
            assertEquals(ErrorKind.INVALID_ARGUMENT, dim.kind(), dim.getMessage());
            assertTrue(
                    dim.getMessage().startsWith("qdrant: query: ")
                            && dim.getMessage().contains("dimension"),
                    dim.getMessage());
            DriverException missing = fails(c, "{\"scroll\": {\"collection\": \"no_such\"}}");
            assertEquals(ErrorKind.NOT_FOUND, missing.kind(), missing.getMessage());
            assertEquals(
                    ErrorKind.NOT_FOUND,
                    assertThrows(DriverException.class, () -> c.describe(CollectionRef.of("no_such")))
                            .kind());
            assertEquals(
                    ErrorKind.SYNTAX, fails(c, "{\"scroll\": {\"collection\": ").kind());
            DriverException unknownField = fails(c, "{\"scroll\": {\"collection\": \"orders\", \"limt\": 3}}");
            assertEquals(ErrorKind.INVALID_ARGUMENT, unknownField.kind());
            assertTrue(unknownField.getMessage().contains("\"limt\""), unknownField.getMessage());
            assertEquals(
                    ErrorKind.INVALID_ARGUMENT,
                    fails(
                                    c,
                                    "{\"scroll\": {\"collection\": \"orders\", \"filter\":"
                                            + " {\"must\": [{\"key\": \"a\", \"match\": {\"value\": 1}, \"geo_radius\": {}}]}}}")
                            .kind());
            assertEquals(
                    ErrorKind.UNSUPPORTED,
                    fails(c, "{\"create_snapshot\": {\"collection\": \"orders\"}}")
                            .kind());
            assertEquals(
                    ErrorKind.UNSUPPORTED,
                    assertThrows(
                                    DriverException.class,
                                    () -> c.query(Query.of("{\"count\": {\"collection\": \"orders\"}}")
                                            .withParams(Value.of(1))))
                            .kind());
        }
    }

    @Test
    void theServersReadOnlyKeyStopsWritesButNotInference() {
        if (QdrantServers.runningFake().isEmpty()) {
            return; // only the fake's inference log shows an inference call
        }
        FakeQdrant fake = QdrantServers.runningFake().get();
        ConnConfig ro = ConnConfig.of(dsn)
                .withPassword(Secret.of(QdrantServers.readOnlyApiKey()))
                .withReadOnly(true);
        // the test-only seam: tobira's statement check off, the server's key alone
        try (Conn c = new QdrantDriver(false).open(ro)) {
            DriverException e = fails(c, "{\"delete\": {\"collection\": \"orders\", \"points\": [1]}}");
            assertEquals(ErrorKind.PERMISSION, e.kind(), e.getMessage());
            assertFalse(e.getMessage().contains(QdrantServers.readOnlyApiKey()));
            fake.forgetInferences();
            rows(
                    c,
                    Query.of(
                            "{\"query\": {\"collection\": \"orders\", \"query\": {\"text\": \"x\", \"model\": \"m\"}}}"));
            assertEquals(List.of("DOCUMENT m"), fake.inferences());
        }
        fake.forgetInferences();
        try (Conn c = driver.open(ro)) {
            assertEquals(
                    ErrorKind.READ_ONLY,
                    fails(
                                    c,
                                    "{\"query\": {\"collection\": \"orders\", \"query\":"
                                            + " {\"text\": \"x\", \"model\": \"m\"}}}")
                            .kind());
            assertEquals(List.of(), fake.inferences());
        }
    }

    @Test
    void insertDoesNotReplaceAPoint() {
        try (Conn c = driver.open(config)) {
            var m = c.as(dev.tobira.api.Mutator.class).orElseThrow();
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> m.insert(
                            CollectionRef.of("customers"), Map.of("id", Value.of(1), "name", Value.of("Mallory"))));
            assertEquals(ErrorKind.CONFLICT, e.kind(), e.getMessage());
            assertEquals(
                    List.of(Value.of("Ada Lovelace")),
                    rows(
                                    c,
                                    Query.of("{\"retrieve\": {\"collection\": \"customers\","
                                            + " \"ids\": [1], \"with_payload\": [\"name\"]}}"))
                            .stream()
                            .map(r -> r.get("name"))
                            .collect(Collectors.toList()));
        }
    }

    @Test
    void aServerThatIsDownIsAConnectionError() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        DriverException e =
                assertThrows(DriverException.class, () -> driver.open(ConnConfig.of("qdrant://127.0.0.1:" + port)));
        assertEquals(ErrorKind.CONNECTION, e.kind(), e.getMessage());
        assertTrue(e.getMessage().startsWith("qdrant: ping: the server is unreachable"), e.getMessage());
    }

    @Test
    void theApiKeyIsSentAndNeverShown() {
        String key = QdrantServers.apiKey();
        if (key.isEmpty()) {
            return; // a server without a key: nothing to refuse
        }
        DriverException e = assertThrows(
                DriverException.class, () -> driver.open(ConnConfig.of(dsn).withPassword(Secret.of("wrong-" + key))));
        assertEquals(ErrorKind.AUTH, e.kind(), e.getMessage());
        assertFalse(e.getMessage().contains(key), e.getMessage());
        try (Conn c = driver.open(config)) {
            assertFalse(c.toString().contains(key));
            assertFalse(Target.of(config).toString().contains(key));
            assertTrue(Target.of(config).toString().contains("[redacted]"));
        }
    }

    @Test
    void dsnsAreChecked() {
        assertEquals(
                ErrorKind.INVALID_ARGUMENT,
                assertThrows(DriverException.class, () -> Target.of(ConnConfig.of("qdrants://h:6334?tls=false")))
                        .kind());
        assertEquals(
                ErrorKind.INVALID_ARGUMENT,
                assertThrows(DriverException.class, () -> Target.of(ConnConfig.of("qdrant://u@h:6334")))
                        .kind());
        assertEquals(
                ErrorKind.INVALID_ARGUMENT,
                assertThrows(DriverException.class, () -> Target.of(ConnConfig.of("qdrant://h:6334/db")))
                        .kind());
        assertTrue(Target.of(ConnConfig.of("qdrants://h")).tls());
        assertEquals(6334, Target.of(ConnConfig.of("qdrant://h")).port());
        assertTrue(Target.of(ConnConfig.of("qdrant://h:1?tls=true")).tls());
    }

    @Test
    void aReadOnlyConnectionRefusesInferenceAndWrites() {
        try (Conn c = driver.open(config.withReadOnly(true))) {
            DriverException e = fails(
                    c, "{\"query\": {\"collection\": \"orders\", \"query\": {\"text\": \"x\", \"model\": \"m\"}}}");
            assertEquals(ErrorKind.READ_ONLY, e.kind());
            assertEquals(
                    ErrorKind.READ_ONLY,
                    fails(c, "{\"delete\": {\"collection\": \"orders\", \"points\": [1]}}")
                            .kind());
            assertEquals(
                    7,
                    rows(c, Query.of("{\"scroll\": {\"collection\": \"orders\"}}"))
                            .size());
        }
    }
}
