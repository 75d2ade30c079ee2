package dev.tobira.bench;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Query;
import dev.tobira.api.Registry;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Secret;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.Blackhole;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * A Scan of a whole table of {@value #ITEMS} five-attribute items, every attribute of every item
 * handed to the blackhole, through tobira read-only ({@code {"Scan": …}}, streamed page by page) and
 * through the raw SDK's {@code scanPaginator} on the same endpoint, with the same client (the
 * URL-connection HTTP client) and the service's own page size (1 MB). The raw side consumes each
 * {@code AttributeValue}'s string or boolean as the SDK gives it; tobira also turns each into a
 * {@code Value} (numbers parsed by the N rule), which is the work it adds. The endpoint is
 * {@code TOBIRA_TEST_DYNAMODB_URL}, else dynalite's default {@code http://127.0.0.1:4567}; the table
 * {@code tobira_bench_scan} is filled once and kept.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 4, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-Dtobira.bench.rows=200000"})
public class DynamoScan {
    static final int ITEMS = 200_000;
    private static final String TABLE = "tobira_bench_scan";
    private static final String KEY = "tobirabench";
    private static final String SECRET = "tobira-bench-secret";

    private DynamoDbClient raw;
    private @Nullable Conn tobira;
    private @Nullable Query query;

    /** Why this benchmark cannot run, or empty. */
    static Optional<String> unavailable() {
        Optional<String> server = Servers.dynamodb().absent();
        if (server.isPresent()) {
            return server;
        }
        return Registry.discover().driver("dynamodb").isPresent()
                ? Optional.empty()
                : Optional.of("the tobira dynamodb driver is not on the class path");
    }

    @Setup(Level.Trial)
    public void open(BenchmarkParams params) {
        unavailable().ifPresent(why -> {
            throw new IllegalStateException("not run: " + why);
        });
        Servers.Server s = Servers.dynamodb();
        raw = DynamoDbClient.builder()
                .endpointOverride(URI.create("http://" + s.host() + ":" + s.port()))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(KEY, SECRET)))
                .httpClient(UrlConnectionHttpClient.create())
                .build();
        seed();
        if (!params.getBenchmark().endsWith(".raw")) {
            tobira = Registry.discover()
                    .open(ConnConfig.of("dynamodb://" + KEY + "@" + s.host() + ":" + s.port() + "?region=us-east-1")
                            .withPassword(Secret.of(SECRET))
                            .withName("bench")
                            .withReadOnly(true));
            query = Query.of("{\"Scan\": {\"TableName\": \"" + TABLE + "\"}}").withReadOnly(true);
        }
    }

    private void seed() {
        try {
            raw.describeTable(r -> r.tableName(TABLE));
            if (count() == ITEMS) {
                return;
            }
            raw.deleteTable(r -> r.tableName(TABLE));
        } catch (ResourceNotFoundException e) {
            // made below
        }
        raw.createTable(r -> r.tableName(TABLE)
                .keySchema(KeySchemaElement.builder()
                        .attributeName("id")
                        .keyType(KeyType.HASH)
                        .build())
                .attributeDefinitions(AttributeDefinition.builder()
                        .attributeName("id")
                        .attributeType(ScalarAttributeType.N)
                        .build())
                .provisionedThroughput(p -> p.readCapacityUnits(1000L).writeCapacityUnits(1000L)));
        List<WriteRequest> batch = new ArrayList<>(25);
        for (int id = 1; id <= ITEMS; id++) {
            Map<String, AttributeValue> item = new HashMap<>();
            item.put("id", AttributeValue.fromN(Integer.toString(id)));
            item.put("name", AttributeValue.fromS("customer-" + id));
            item.put(
                    "amount",
                    AttributeValue.fromN(java.math.BigDecimal.valueOf((id * 7919L) % 1_000_000, 2)
                            .toPlainString()));
            item.put(
                    "created_at",
                    AttributeValue.fromS(java.time.LocalDateTime.of(2026, 1, 1, 0, 0)
                            .plusSeconds(id)
                            .toString()));
            item.put("active", AttributeValue.fromBool(id % 3 == 0));
            batch.add(WriteRequest.builder()
                    .putRequest(PutRequest.builder().item(item).build())
                    .build());
            if (batch.size() == 25 || id == ITEMS) {
                Map<String, List<WriteRequest>> pending = Map.of(TABLE, List.copyOf(batch));
                while (!pending.isEmpty()) {
                    Map<String, List<WriteRequest>> send = pending;
                    pending = raw.batchWriteItem(r -> r.requestItems(send)).unprocessedItems();
                }
                batch.clear();
            }
        }
    }

    private long count() {
        long n = 0;
        for (var page : raw.scanPaginator(
                ScanRequest.builder().tableName(TABLE).select("COUNT").build())) {
            n += page.count();
        }
        return n;
    }

    @TearDown(Level.Trial)
    public void close() {
        if (tobira != null) {
            tobira.close();
        }
        if (raw != null) {
            raw.close();
        }
    }

    @Benchmark
    public void pair(Sides sides, Blackhole bh) throws Exception {
        sides.run(() -> tobira(bh), () -> raw(bh));
    }

    @Benchmark
    public long tobira(Blackhole bh) {
        long n;
        try (ResultSet rs = requireNonNull(tobira).query(requireNonNull(query))) {
            int width = rs.columns().size();
            n = rs.forEachRow(row -> {
                for (int i = 0; i < width; i++) {
                    bh.consume(row.get(i));
                }
            });
        }
        return checked(n);
    }

    @Benchmark
    public long raw(Blackhole bh) {
        long n = 0;
        for (var page : raw.scanPaginator(ScanRequest.builder().tableName(TABLE).build())) {
            for (Map<String, AttributeValue> item : page.items()) {
                for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
                    AttributeValue v = e.getValue();
                    bh.consume(e.getKey());
                    bh.consume(v.s() != null ? v.s() : v.n() != null ? v.n() : v.bool());
                }
                n++;
            }
        }
        return checked(n);
    }

    private static long checked(long n) {
        if (n != ITEMS) {
            throw new IllegalStateException("read " + n + " items, expected " + ITEMS);
        }
        return n;
    }
}
