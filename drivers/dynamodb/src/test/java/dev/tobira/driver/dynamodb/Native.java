package dev.tobira.driver.dynamodb;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.Tag;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The tests' side channel: the raw SDK client, never the driver. It seeds the shop (tables
 * {@code customers} and {@code orders} with a number key {@code id}, and {@code types} with one item
 * of every attribute type), builds row tables {@code rows_<n>} once, and reads the fingerprint: every
 * table's schema, throughput and tags, and every item of the tables it seeds.
 */
final class Native implements AutoCloseable {
    static final Set<String> SHOP = Set.of("customers", "orders", "types");
    /** The size from which a row table lives only until the next seed(). */
    static final long LARGE = 50_000;

    static final byte[] BLOB = {(byte) 0xff, 0x00, 0x01, (byte) 0x80};

    final DynamoDbClient client;

    Native(URI endpoint) {
        client = DynamoDbClient.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(DynamoServers.ACCESS_KEY, DynamoServers.SECRET)))
                .httpClient(UrlConnectionHttpClient.create())
                .build();
    }

    static Map<String, AttributeValue> customer(long id, String name, String email, String country, String created) {
        Map<String, AttributeValue> m = new LinkedHashMap<>();
        m.put("id", AttributeValue.fromN(Long.toString(id)));
        m.put("name", AttributeValue.fromS(name));
        m.put("email", email == null ? AttributeValue.fromNul(true) : AttributeValue.fromS(email));
        m.put("country", AttributeValue.fromS(country));
        m.put("created_at", AttributeValue.fromS(created));
        return m;
    }

    static Map<String, AttributeValue> order(long id, long customer, long total, String status, String created) {
        Map<String, AttributeValue> m = new LinkedHashMap<>();
        m.put("id", AttributeValue.fromN(Long.toString(id)));
        m.put("customer_id", AttributeValue.fromN(Long.toString(customer)));
        m.put("total_cents", AttributeValue.fromN(Long.toString(total)));
        m.put("status", AttributeValue.fromS(status));
        m.put("created_at", AttributeValue.fromS(created));
        return m;
    }

    static List<Map<String, AttributeValue>> customers() {
        return List.of(
                customer(1, "Ada Lovelace", "ada@example.com", "GB", "2026-09-02"),
                customer(2, "Grace Hopper", "grace@example.com", "US", "2026-09-10"),
                customer(3, "Linus Torvalds", null, "FI", "2026-09-15"),
                customer(4, "Margaret Hamilton", "margaret@example.com", "US", "2026-10-01"),
                customer(5, "Ken Thompson", "ken@example.com", "US", "2026-10-20"));
    }

    static List<Map<String, AttributeValue>> orders() {
        return List.of(
                order(1, 1, 4999, "paid", "2026-10-21"),
                order(2, 1, 1250, "paid", "2026-10-22"),
                order(3, 2, 8900, "refunded", "2026-10-22"),
                order(4, 3, 2300, "paid", "2026-10-23"),
                order(5, 4, 15000, "pending", "2026-10-24"),
                order(6, 2, 720, "paid", "2026-10-25"),
                order(7, 5, 3100, "paid", "2026-10-26"));
    }

    static List<Map<String, AttributeValue>> types() {
        Map<String, AttributeValue> m = new LinkedHashMap<>();
        m.put("id", AttributeValue.fromN("1"));
        m.put("s", AttributeValue.fromS("text"));
        m.put("n_int", AttributeValue.fromN("42"));
        m.put("n_whole_spelled_decimal", AttributeValue.fromN("7.000"));
        m.put("n_dec", AttributeValue.fromN("12.5"));
        m.put("n_big", AttributeValue.fromN("18446744073709551616"));
        m.put("b", AttributeValue.fromB(SdkBytes.fromByteArray(BLOB)));
        m.put("bool", AttributeValue.fromBool(true));
        m.put("nul", AttributeValue.fromNul(true));
        m.put("m", AttributeValue.fromM(Map.of("a", AttributeValue.fromN("1"), "b", AttributeValue.fromS("x"))));
        m.put("l", AttributeValue.fromL(List.of(AttributeValue.fromS("x"), AttributeValue.fromN("2"))));
        m.put("ss", AttributeValue.fromSs(List.of("a", "b")));
        m.put("ns", AttributeValue.fromNs(List.of("1", "2.5")));
        return List.of(m);
    }

    private String pristine;
    private final Set<String> built = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /**
     * Restores the shop exactly: the tables' schema, no tags, the items; drops every other table but the
     * row tables. When the fingerprint is the one the last full restore left, there is nothing to do.
     * A row table of {@value #LARGE} items or more is dropped too, to be built again when asked for:
     * dynalite reads every key of every table for each ListTables and ListTagsOfResource, which a
     * hundred thousand items kept for the whole run would make the slowest part of every check.
     */
    void seed() {
        for (String t : List.copyOf(built)) {
            if (Long.parseLong(t.substring("rows_".length())) >= LARGE) {
                if (describe(t) != null) {
                    drop(t);
                }
                built.remove(t);
            }
        }
        if (pristine != null && pristine.equals(fingerprint())) {
            return;
        }
        restoreAll();
        pristine = fingerprint();
    }

    private void restoreAll() {
        for (String t : tables()) {
            if (!SHOP.contains(t) && !t.startsWith("rows_")) {
                drop(t);
            }
        }
        restore("customers", customers());
        restore("orders", orders());
        restore("types", types());
    }

    private void restore(String table, List<Map<String, AttributeValue>> items) {
        TableDescription d = describe(table);
        if (d != null && "DELETING".equals(d.tableStatusAsString())) {
            waitFor(table, false); // a probe's DeleteTable under way
            d = null;
        } else if (d != null && !"ACTIVE".equals(d.tableStatusAsString())) {
            waitFor(table, true); // a probe's UpdateTable under way
            d = describe(table);
        }
        if (d != null && !pristine(d)) {
            drop(table);
            d = null;
        }
        if (d == null) {
            create(table);
        } else {
            List<Tag> tags =
                    client.listTagsOfResource(r -> r.resourceArn(arn(table))).tags();
            if (!tags.isEmpty()) {
                List<String> keys = new ArrayList<>();
                tags.forEach(tag -> keys.add(tag.key()));
                client.untagResource(r -> r.resourceArn(arn(table)).tagKeys(keys));
            }
            List<WriteRequest> deletes = new ArrayList<>();
            for (Map<String, AttributeValue> item : scanAll(table)) {
                deletes.add(WriteRequest.builder()
                        .deleteRequest(DeleteRequest.builder()
                                .key(Map.of("id", item.get("id")))
                                .build())
                        .build());
            }
            write(table, deletes);
        }
        List<WriteRequest> puts = new ArrayList<>();
        for (Map<String, AttributeValue> item : items) {
            puts.add(WriteRequest.builder()
                    .putRequest(PutRequest.builder().item(item).build())
                    .build());
        }
        write(table, puts);
    }

    private static boolean pristine(TableDescription d) {
        return d.keySchema().size() == 1
                && d.keySchema().get(0).attributeName().equals("id")
                && d.attributeDefinitions().size() == 1
                && !d.hasGlobalSecondaryIndexes()
                && !d.hasLocalSecondaryIndexes()
                && d.provisionedThroughput() != null
                && d.provisionedThroughput().readCapacityUnits() == 5
                && d.provisionedThroughput().writeCapacityUnits() == 5;
    }

    /**
     * Deletes a table and waits until it is gone: dynalite removes a table after its DELETING state
     * on a timer, which would take a table of the same name created meanwhile with it.
     */
    void drop(String table) {
        client.deleteTable(r -> r.tableName(table));
        waitFor(table, false);
    }

    private void waitFor(String table, boolean active) {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (true) {
            TableDescription d = describe(table);
            if (active ? d != null && "ACTIVE".equals(d.tableStatusAsString()) : d == null) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "table " + table + (active ? " did not become active" : " was not deleted"));
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    void create(String table) {
        createNoWait(table);
        waitFor(table, true);
    }

    private void createNoWait(String table) {
        client.createTable(r -> r.tableName(table)
                .keySchema(KeySchemaElement.builder()
                        .attributeName("id")
                        .keyType(KeyType.HASH)
                        .build())
                .attributeDefinitions(AttributeDefinition.builder()
                        .attributeName("id")
                        .attributeType(ScalarAttributeType.N)
                        .build())
                .provisionedThroughput(p -> p.readCapacityUnits(5L).writeCapacityUnits(5L)));
    }

    /** A table of n items {id, n}, made once; seed() keeps it unless it is {@link #LARGE}. */
    String rows(long n) {
        String table = "rows_" + n;
        if (built.contains(table)) {
            return table;
        }
        built.add(table);
        TableDescription d = describe(table);
        if (d != null && scanCount(table) == n) {
            return table;
        }
        if (d != null) {
            drop(table);
        }
        create(table);
        List<WriteRequest> puts = new ArrayList<>();
        for (long i = 0; i < n; i++) {
            Map<String, AttributeValue> item =
                    Map.of("id", AttributeValue.fromN(Long.toString(i)), "n", AttributeValue.fromN(Long.toString(i)));
            puts.add(WriteRequest.builder()
                    .putRequest(PutRequest.builder().item(item).build())
                    .build());
            if (puts.size() == 25) {
                write(table, puts);
                puts.clear();
            }
        }
        write(table, puts);
        return table;
    }

    private long scanCount(String table) {
        long n = 0;
        Map<String, AttributeValue> from = null;
        do {
            Map<String, AttributeValue> start = from;
            ScanResponse r = client.scan(b -> b.tableName(table).select("COUNT").exclusiveStartKey(start));
            n += r.count();
            from = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
        } while (from != null);
        return n;
    }

    private void write(String table, List<WriteRequest> requests) {
        for (int i = 0; i < requests.size(); i += 25) {
            Map<String, List<WriteRequest>> pending =
                    Map.of(table, requests.subList(i, Math.min(requests.size(), i + 25)));
            while (!pending.isEmpty()) {
                Map<String, List<WriteRequest>> send = pending;
                pending = client.batchWriteItem(r -> r.requestItems(send)).unprocessedItems();
            }
        }
    }

    List<String> tables() {
        List<String> out = new ArrayList<>();
        String from = null;
        do {
            String start = from;
            var r = client.listTables(b -> b.exclusiveStartTableName(start));
            out.addAll(r.tableNames());
            from = r.lastEvaluatedTableName();
        } while (from != null);
        return out;
    }

    TableDescription describe(String table) {
        try {
            return client.describeTable(r -> r.tableName(table)).table();
        } catch (ResourceNotFoundException e) {
            return null;
        }
    }

    String arn(String table) {
        return describe(table).tableArn();
    }

    List<Map<String, AttributeValue>> scanAll(String table) {
        List<Map<String, AttributeValue>> out = new ArrayList<>();
        Map<String, AttributeValue> from = null;
        do {
            Map<String, AttributeValue> start = from;
            ScanResponse r = client.scan(b -> b.tableName(table).exclusiveStartKey(start));
            out.addAll(r.items());
            from = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
        } while (from != null);
        return out;
    }

    /** Every table's shape, throughput and tags, and every item of the shop's tables, in a fixed order. */
    String fingerprint() {
        StringBuilder sb = new StringBuilder();
        for (String t : new java.util.TreeSet<>(tables())) {
            if (t.startsWith("rows_")) {
                continue; // the fixture's own, built on demand, never a probe's target; too large to read each time
            }
            TableDescription d = describe(t);
            if (d == null) {
                continue;
            }
            sb.append("table ")
                    .append(t)
                    .append(" keys=")
                    .append(d.keySchema())
                    .append(" attrs=")
                    .append(d.attributeDefinitions())
                    .append(" gsi=")
                    .append(
                            d.hasGlobalSecondaryIndexes()
                                    ? d.globalSecondaryIndexes().stream()
                                            .map(g -> g.indexName() + g.keySchema())
                                            .toList()
                                    : "[]")
                    .append(" lsi=")
                    .append(
                            d.hasLocalSecondaryIndexes()
                                    ? d.localSecondaryIndexes().size()
                                    : 0)
                    .append(" rcu=")
                    .append(
                            d.provisionedThroughput() == null
                                    ? null
                                    : d.provisionedThroughput().readCapacityUnits())
                    .append(" wcu=")
                    .append(
                            d.provisionedThroughput() == null
                                    ? null
                                    : d.provisionedThroughput().writeCapacityUnits())
                    .append(" stream=")
                    .append(d.streamSpecification())
                    .append(" tags=")
                    .append(client.listTagsOfResource(r -> r.resourceArn(d.tableArn()))
                            .tags())
                    .append('\n');
            List<String> items = new ArrayList<>();
            for (Map<String, AttributeValue> item : scanAll(t)) {
                items.add(new TreeMap<>(item).toString());
            }
            items.sort(null);
            items.forEach(i -> sb.append("  ").append(i).append('\n'));
        }
        return sb.toString();
    }

    @Override
    public void close() {
        client.close();
    }
}
