package dev.tobira.driver.qdrant;

import static io.qdrant.client.PointIdFactory.id;
import static io.qdrant.client.ValueFactory.nullValue;
import static io.qdrant.client.ValueFactory.value;
import static io.qdrant.client.VectorsFactory.namedVectors;
import static io.qdrant.client.VectorsFactory.vectors;

import com.google.common.util.concurrent.ListenableFuture;
import com.google.protobuf.TextFormat;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.qdrant.client.QdrantClient;
import io.qdrant.client.QdrantGrpcClient;
import io.qdrant.client.VectorFactory;
import io.qdrant.client.grpc.Collections.CollectionInfo;
import io.qdrant.client.grpc.Collections.Distance;
import io.qdrant.client.grpc.Collections.PayloadSchemaType;
import io.qdrant.client.grpc.Collections.VectorParams;
import io.qdrant.client.grpc.JsonWithInt.Value;
import io.qdrant.client.grpc.Points.PointStruct;
import io.qdrant.client.grpc.Points.RetrievedPoint;
import io.qdrant.client.grpc.Points.ScrollPoints;
import io.qdrant.client.grpc.Points.ScrollResponse;
import io.qdrant.client.grpc.Points.WithPayloadSelector;
import io.qdrant.client.grpc.Points.WithVectorsSelector;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;

/**
 * The tests' native side channel: the official client on its own channel, never the driver under
 * test. It seeds the shop (points for {@code customers} without vectors; {@code orders} with a
 * 4-dimensional Cosine vector and the order fields as payload, and an integer index on
 * {@code customer_id}; {@code types} with two named vectors and one payload of each JSON kind),
 * no aliases; builds row collections {@code rows_<n>} once, and reads the fingerprint.
 */
final class Native implements AutoCloseable {
    static final Set<String> SHOP = Set.of("customers", "orders", "types");

    private final QdrantClient client;
    private final Set<String> built = ConcurrentHashMap.newKeySet();
    private String pristine;

    Native(String dsn, String apiKey) {
        URI u = URI.create(dsn.replaceFirst("^qdrants?://", "http://"));
        ManagedChannelBuilder<?> b = ManagedChannelBuilder.forAddress(u.getHost(), u.getPort());
        if (dsn.startsWith("qdrants:")) {
            b.useTransportSecurity();
        } else {
            b.usePlaintext();
        }
        ManagedChannel channel = b.maxInboundMessageSize(64 << 20).build();
        QdrantGrpcClient.Builder g = QdrantGrpcClient.newBuilder(channel, true, false);
        if (!apiKey.isEmpty()) {
            g.withApiKey(apiKey);
        }
        client = new QdrantClient(g.build());
    }

    QdrantClient client() {
        return client;
    }

    static <T> T get(ListenableFuture<T> f) {
        try {
            return f.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The orders' vectors: total, customer, paid or not, and the id, each scaled into [0, 1]. */
    static float[] orderVector(int id, int customer, int total, String status) {
        return new float[] {total / 15000f, customer / 5f, status.equals("paid") ? 1f : 0f, id / 7f};
    }

    static final Object[][] ORDERS = {
        {1, 1, 4999, "paid", "2026-10-21"}, {2, 1, 1250, "paid", "2026-10-22"}, {3, 2, 8900, "refunded", "2026-10-22"},
        {4, 3, 2300, "paid", "2026-10-23"}, {5, 4, 15000, "pending", "2026-10-24"}, {6, 2, 720, "paid", "2026-10-25"},
        {7, 5, 3100, "paid", "2026-10-26"},
    };

    private static final Object[][] CUSTOMERS = {
        {1, "Ada Lovelace", "ada@example.com", "GB", "2026-09-02"},
        {2, "Grace Hopper", "grace@example.com", "US", "2026-09-10"},
        {3, "Linus Torvalds", null, "FI", "2026-09-15"},
        {4, "Margaret Hamilton", "margaret@example.com", "US", "2026-10-01"},
        {5, "Ken Thompson", "ken@example.com", "US", "2026-10-20"},
    };

    void seed() {
        if (pristine != null && pristine.equals(fingerprint())) {
            return;
        }
        for (var a : get(client.listAliasesAsync())) {
            get(client.deleteAliasAsync(a.getAliasName()));
        }
        for (String c : get(client.listCollectionsAsync())) {
            if (!c.startsWith("rows_")) {
                get(client.deleteCollectionAsync(c));
            }
        }
        get(client.createCollectionAsync(io.qdrant.client.grpc.Collections.CreateCollection.newBuilder()
                .setCollectionName("customers")
                .build()));
        List<PointStruct> customers = new ArrayList<>();
        for (Object[] c : CUSTOMERS) {
            Map<String, Value> p = new LinkedHashMap<>();
            p.put("name", value((String) c[1]));
            p.put("email", c[2] == null ? nullValue() : value((String) c[2]));
            p.put("country", value((String) c[3]));
            p.put("created_at", value((String) c[4]));
            customers.add(PointStruct.newBuilder()
                    .setId(id((int) c[0]))
                    .putAllPayload(p)
                    .build());
        }
        get(client.upsertAsync("customers", customers));

        get(client.createCollectionAsync(
                "orders",
                VectorParams.newBuilder()
                        .setSize(4)
                        .setDistance(Distance.Cosine)
                        .build()));
        List<PointStruct> orders = new ArrayList<>();
        for (Object[] o : ORDERS) {
            Map<String, Value> p = new LinkedHashMap<>();
            p.put("customer_id", value((int) o[1]));
            p.put("total_cents", value((int) o[2]));
            p.put("status", value((String) o[3]));
            p.put("created_at", value((String) o[4]));
            orders.add(PointStruct.newBuilder()
                    .setId(id((int) o[0]))
                    .setVectors(vectors(orderVector((int) o[0], (int) o[1], (int) o[2], (String) o[3])))
                    .putAllPayload(p)
                    .build());
        }
        get(client.upsertAsync("orders", orders));
        get(client.createPayloadIndexAsync("orders", "customer_id", PayloadSchemaType.Integer, null, true, null, null));

        get(client.createCollectionAsync(
                "types",
                Map.of(
                        "a",
                                VectorParams.newBuilder()
                                        .setSize(2)
                                        .setDistance(Distance.Dot)
                                        .build(),
                        "b",
                                VectorParams.newBuilder()
                                        .setSize(2)
                                        .setDistance(Distance.Dot)
                                        .build())));
        Map<String, Value> t = new LinkedHashMap<>();
        t.put("s", value("text"));
        t.put("i", value(42));
        t.put("f", value(2.5));
        t.put("t", value(true));
        t.put("nul", nullValue());
        t.put("l", value(List.of(value("x"), value(2))));
        t.put("m", value(Map.of("a", value(1))));
        get(client.upsertAsync(
                "types",
                List.of(PointStruct.newBuilder()
                        .setId(id(java.util.UUID.fromString("5c56c793-69f3-4fbf-87e6-c4bf54c28c26")))
                        .setVectors(namedVectors(
                                Map.of("a", VectorFactory.vector(1f, 0f), "b", VectorFactory.vector(0f, 1f))))
                        .putAllPayload(t)
                        .build())));
        pristine = fingerprint();
    }

    /** The collection {@code rows_<n>}: points 1 to n, no vector, payload {@code {"n": i}}. */
    String rows(long n) {
        String name = "rows_" + n;
        if (built.contains(name)) {
            return name;
        }
        synchronized (this) {
            if (!get(client.listCollectionsAsync()).contains(name)) {
                get(client.createCollectionAsync(io.qdrant.client.grpc.Collections.CreateCollection.newBuilder()
                        .setCollectionName(name)
                        .build()));
                List<PointStruct> batch = new ArrayList<>();
                for (long i = 1; i <= n; i++) {
                    batch.add(PointStruct.newBuilder()
                            .setId(id(i))
                            .putPayload("n", value(i))
                            .build());
                    if (batch.size() == 5000 || i == n) {
                        get(client.upsertAsync(name, batch));
                        batch = new ArrayList<>();
                    }
                }
            }
            built.add(name);
        }
        return name;
    }

    /**
     * Every collection's vector configuration, payload indexes and point count; every point of the
     * others than the row collections (which no probe targets, and which are too large to read each
     * time), with payload and vectors, in id order.
     */
    String fingerprint() {
        StringBuilder sb = new StringBuilder();
        for (var a : get(client.listAliasesAsync())) {
            sb.append("alias ")
                    .append(a.getAliasName())
                    .append(" -> ")
                    .append(a.getCollectionName())
                    .append('\n');
        }
        for (String c : new TreeSet<>(get(client.listCollectionsAsync()))) {
            CollectionInfo info = get(client.getCollectionInfoAsync(c));
            sb.append("collection ")
                    .append(c)
                    .append(" vectors=")
                    .append(TextFormat.shortDebugString(
                            info.getConfig().getParams().getVectorsConfig()))
                    .append(" indexes=")
                    .append(new TreeMap<>(info.getPayloadSchemaMap()).keySet())
                    .append(" points=")
                    .append(info.getPointsCount())
                    .append('\n');
            if (c.startsWith("rows_")) {
                continue;
            }
            ScrollPoints.Builder req = ScrollPoints.newBuilder()
                    .setCollectionName(c)
                    .setLimit(1000)
                    .setWithPayload(WithPayloadSelector.newBuilder().setEnable(true))
                    .setWithVectors(WithVectorsSelector.newBuilder().setEnable(true));
            while (true) {
                ScrollResponse r = get(client.scrollAsync(req.build()));
                for (RetrievedPoint p : r.getResultList()) {
                    sb.append("  ")
                            .append(TextFormat.shortDebugString(p.getId()))
                            .append(" payload=")
                            .append(new TreeMap<>(p.getPayloadMap())
                                    .entrySet().stream()
                                            .map(e -> e.getKey() + ":" + TextFormat.shortDebugString(e.getValue()))
                                            .toList())
                            .append(" vectors=")
                            .append(TextFormat.shortDebugString(p.getVectors()))
                            .append('\n');
                }
                if (!r.hasNextPageOffset()) {
                    break;
                }
                req.setOffset(r.getNextPageOffset());
            }
        }
        return sb.toString();
    }

    @Override
    public void close() {
        client.close();
    }
}
