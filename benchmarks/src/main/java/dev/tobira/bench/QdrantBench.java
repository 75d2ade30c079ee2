package dev.tobira.bench;

import static io.qdrant.client.PointIdFactory.id;
import static io.qdrant.client.ValueFactory.value;
import static io.qdrant.client.VectorsFactory.vectors;

import dev.tobira.api.Registry;
import io.grpc.ManagedChannelBuilder;
import io.qdrant.client.QdrantClient;
import io.qdrant.client.QdrantGrpcClient;
import io.qdrant.client.grpc.Collections.CreateCollection;
import io.qdrant.client.grpc.Collections.Distance;
import io.qdrant.client.grpc.Collections.VectorParams;
import io.qdrant.client.grpc.Points.PointStruct;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ExecutionException;

/**
 * What the two Qdrant benchmarks share: the raw client (the official one, on a plain-text gRPC channel
 * to {@code TOBIRA_TEST_QDRANT_URL} or {@code 127.0.0.1:6334}), and the collections they read, filled
 * once and kept: {@value #SCROLL} with {@value #POINTS} points of five payload fields and no vector,
 * {@value #VECTORS} with {@value #NEIGHBOURS} points of a {@value #DIM}-dimensional Cosine vector and
 * two payload fields.
 */
final class QdrantBench {
    static final String SCROLL = "tobira_bench_scroll";
    static final int POINTS = 200_000;
    static final String VECTORS = "tobira_bench_vectors";
    static final int NEIGHBOURS = 20_000;
    static final int DIM = 32;

    private QdrantBench() {}

    static Optional<String> unavailable() {
        Optional<String> server = Servers.qdrant().absent();
        if (server.isPresent()) {
            return server;
        }
        return Registry.discover().driver("qdrant").isPresent()
                ? Optional.empty()
                : Optional.of("the tobira qdrant driver is not on the class path");
    }

    static String dsn() {
        Servers.Server s = Servers.qdrant();
        return "qdrant://" + s.host() + ":" + s.port();
    }

    static QdrantClient raw() {
        Servers.Server s = Servers.qdrant();
        var channel = ManagedChannelBuilder.forAddress(s.host(), s.port())
                .usePlaintext()
                .maxInboundMessageSize(64 << 20)
                .build();
        return new QdrantClient(
                QdrantGrpcClient.newBuilder(channel, true, false).build());
    }

    static <T> T get(com.google.common.util.concurrent.ListenableFuture<T> f) {
        try {
            return f.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static void seedScroll(QdrantClient c) {
        if (get(c.listCollectionsAsync()).contains(SCROLL) && get(c.countAsync(SCROLL)) == POINTS) {
            return;
        }
        if (get(c.listCollectionsAsync()).contains(SCROLL)) {
            get(c.deleteCollectionAsync(SCROLL));
        }
        get(c.createCollectionAsync(
                CreateCollection.newBuilder().setCollectionName(SCROLL).build()));
        List<PointStruct> batch = new ArrayList<>();
        for (int i = 1; i <= POINTS; i++) {
            batch.add(PointStruct.newBuilder()
                    .setId(id(i))
                    .putPayload("name", value("customer-" + i))
                    .putPayload("amount", value(((i * 7919L) % 1_000_000) / 100.0))
                    .putPayload(
                            "created_at",
                            value(java.time.LocalDateTime.of(2026, 1, 1, 0, 0)
                                    .plusSeconds(i)
                                    .toString()))
                    .putPayload("active", value(i % 3 == 0))
                    .putPayload("n", value(i))
                    .build());
            if (batch.size() == 5000) {
                get(c.upsertAsync(SCROLL, batch));
                batch = new ArrayList<>();
            }
        }
    }

    static void seedVectors(QdrantClient c) {
        if (get(c.listCollectionsAsync()).contains(VECTORS) && get(c.countAsync(VECTORS)) == NEIGHBOURS) {
            return;
        }
        if (get(c.listCollectionsAsync()).contains(VECTORS)) {
            get(c.deleteCollectionAsync(VECTORS));
        }
        get(c.createCollectionAsync(
                VECTORS,
                VectorParams.newBuilder()
                        .setSize(DIM)
                        .setDistance(Distance.Cosine)
                        .build()));
        Random r = new Random(7);
        List<PointStruct> batch = new ArrayList<>();
        for (int i = 1; i <= NEIGHBOURS; i++) {
            batch.add(PointStruct.newBuilder()
                    .setId(id(i))
                    .setVectors(vectors(vector(r)))
                    .putPayload("name", value("item-" + i))
                    .putPayload("n", value(i))
                    .build());
            if (batch.size() == 2000) {
                get(c.upsertAsync(VECTORS, batch));
                batch = new ArrayList<>();
            }
        }
    }

    static float[] vector(Random r) {
        float[] v = new float[DIM];
        for (int i = 0; i < DIM; i++) {
            v[i] = r.nextFloat() - 0.5f;
        }
        return v;
    }
}
