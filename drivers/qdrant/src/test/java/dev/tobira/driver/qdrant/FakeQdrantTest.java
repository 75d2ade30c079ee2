package dev.tobira.driver.qdrant;

import static io.qdrant.client.ConditionFactory.matchKeyword;
import static io.qdrant.client.PointIdFactory.id;
import static io.qdrant.client.ValueFactory.value;
import static io.qdrant.client.VectorsFactory.vectors;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.qdrant.client.QdrantClient;
import io.qdrant.client.QdrantGrpcClient;
import io.qdrant.client.grpc.Collections.Distance;
import io.qdrant.client.grpc.Collections.VectorParams;
import io.qdrant.client.grpc.Common.Filter;
import io.qdrant.client.grpc.Common.PointId;
import io.qdrant.client.grpc.Points.PointStruct;
import io.qdrant.client.grpc.Points.QueryPoints;
import io.qdrant.client.grpc.Points.ScoredPoint;
import io.qdrant.client.grpc.Points.ScrollPoints;
import io.qdrant.client.grpc.Points.ScrollResponse;
import io.qdrant.client.grpc.Points.SearchPoints;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The fake against Qdrant's own documented examples, through the official client on an in-process
 * channel: the quickstart's search (same points, same query, the same ids in the same order with the
 * same scores), the filtering guide's must / should / must_not cases, scroll pages, and the errors a
 * real server gives.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FakeQdrantTest {
    private FakeQdrant fake;
    private Server server;
    private QdrantClient client;

    @BeforeAll
    void start() throws Exception {
        fake = new FakeQdrant(null);
        String name = InProcessServerBuilder.generateName();
        InProcessServerBuilder b = InProcessServerBuilder.forName(name).directExecutor();
        fake.services().forEach(b::addService);
        server = b.build().start();
        ManagedChannel channel =
                InProcessChannelBuilder.forName(name).directExecutor().build();
        client = new QdrantClient(
                QdrantGrpcClient.newBuilder(channel, true, false).build());
        // https://qdrant.tech/documentation/quickstart/
        client.createCollectionAsync(
                        "test_collection",
                        VectorParams.newBuilder()
                                .setDistance(Distance.Dot)
                                .setSize(4)
                                .build())
                .get();
        client.upsertAsync(
                        "test_collection",
                        List.of(
                                point(1, new float[] {0.05f, 0.61f, 0.76f, 0.74f}, "city", "Berlin"),
                                point(2, new float[] {0.19f, 0.81f, 0.75f, 0.11f}, "city", "London"),
                                point(3, new float[] {0.36f, 0.55f, 0.47f, 0.94f}, "city", "Moscow"),
                                point(4, new float[] {0.18f, 0.01f, 0.85f, 0.80f}, "city", "New York"),
                                point(5, new float[] {0.24f, 0.18f, 0.22f, 0.44f}, "city", "Beijing"),
                                point(6, new float[] {0.35f, 0.08f, 0.11f, 0.44f}, "city", "Mumbai")))
                .get();
        // https://qdrant.tech/documentation/concepts/filtering/
        client.createCollectionAsync(
                        "filtering",
                        VectorParams.newBuilder()
                                .setDistance(Distance.Dot)
                                .setSize(1)
                                .build())
                .get();
        String[][] rows = {
            {"London", "green"},
            {"London", "red"},
            {"London", "blue"},
            {"Berlin", "red"},
            {"Moscow", "green"},
            {"Moscow", "blue"}
        };
        for (int i = 0; i < rows.length; i++) {
            client.upsertAsync(
                            "filtering",
                            List.of(PointStruct.newBuilder()
                                    .setId(id(i + 1))
                                    .setVectors(vectors(1f))
                                    .putPayload("city", value(rows[i][0]))
                                    .putPayload("color", value(rows[i][1]))
                                    .build()))
                    .get();
        }
    }

    private static PointStruct point(long id, float[] v, String key, String value) {
        return PointStruct.newBuilder()
                .setId(id(id))
                .setVectors(vectors(v))
                .putPayload(key, value(value))
                .build();
    }

    @AfterAll
    void stop() {
        client.close();
        server.shutdownNow();
    }

    @Test
    void quickstartSearchGivesTheDocumentedIdsScoresAndOrder() throws Exception {
        List<ScoredPoint> hits = client.queryAsync(QueryPoints.newBuilder()
                        .setCollectionName("test_collection")
                        .setQuery(io.qdrant.client.QueryFactory.nearest(0.2f, 0.1f, 0.9f, 0.7f))
                        .setLimit(3)
                        .build())
                .get();
        assertEquals(List.of(4L, 1L, 3L), ids(hits));
        assertEquals(1.362f, hits.get(0).getScore(), 0.001f);
        assertEquals(1.273f, hits.get(1).getScore(), 0.001f);
        assertEquals(1.208f, hits.get(2).getScore(), 0.001f);
    }

    @Test
    void quickstartFilteredSearchFindsLondon() throws Exception {
        List<ScoredPoint> hits = client.searchAsync(SearchPoints.newBuilder()
                        .setCollectionName("test_collection")
                        .addAllVector(List.of(0.2f, 0.1f, 0.9f, 0.7f))
                        .setFilter(Filter.newBuilder().addMust(matchKeyword("city", "London")))
                        .setLimit(3)
                        .build())
                .get();
        assertEquals(List.of(2L), ids(hits));
        assertEquals(0.871f, hits.get(0).getScore(), 0.001f);
    }

    @Test
    void filteringGuideCases() throws Exception {
        assertEquals(
                List.of(2L),
                scroll(Filter.newBuilder()
                        .addMust(matchKeyword("city", "London"))
                        .addMust(matchKeyword("color", "red"))
                        .build()));
        assertEquals(
                List.of(1L, 2L, 3L, 4L),
                scroll(Filter.newBuilder()
                        .addShould(matchKeyword("city", "London"))
                        .addShould(matchKeyword("color", "red"))
                        .build()));
        assertEquals(
                List.of(5L, 6L),
                scroll(Filter.newBuilder()
                        .addMustNot(matchKeyword("city", "London"))
                        .addMustNot(matchKeyword("color", "red"))
                        .build()));
        assertEquals(
                List.of(1L, 3L),
                scroll(Filter.newBuilder()
                        .addMust(matchKeyword("city", "London"))
                        .addMustNot(matchKeyword("color", "red"))
                        .build()));
    }

    @Test
    void scrollPagesByNextPageOffset() throws Exception {
        ScrollResponse first = client.scrollAsync(ScrollPoints.newBuilder()
                        .setCollectionName("filtering")
                        .setLimit(4)
                        .build())
                .get();
        assertEquals(4, first.getResultCount());
        assertEquals(5L, first.getNextPageOffset().getNum());
        ScrollResponse second = client.scrollAsync(ScrollPoints.newBuilder()
                        .setCollectionName("filtering")
                        .setLimit(4)
                        .setOffset(first.getNextPageOffset())
                        .build())
                .get();
        assertEquals(
                List.of(5L, 6L),
                second.getResultList().stream().map(p -> p.getId().getNum()).collect(Collectors.toList()));
        assertFalse(second.hasNextPageOffset());
    }

    @Test
    void countEuclidAndErrorsAreAQdrantServers() throws Exception {
        assertEquals(
                3L,
                client.countAsync(
                                "filtering",
                                Filter.newBuilder()
                                        .addMust(matchKeyword("city", "London"))
                                        .build(),
                                true)
                        .get());
        client.createCollectionAsync(
                        "euclid",
                        VectorParams.newBuilder()
                                .setDistance(Distance.Euclid)
                                .setSize(2)
                                .build())
                .get();
        client.upsertAsync(
                        "euclid",
                        List.of(
                                PointStruct.newBuilder()
                                        .setId(id(1))
                                        .setVectors(vectors(0f, 0f))
                                        .build(),
                                PointStruct.newBuilder()
                                        .setId(id(2))
                                        .setVectors(vectors(3f, 4f))
                                        .build()))
                .get();
        List<ScoredPoint> hits = client.queryAsync(QueryPoints.newBuilder()
                        .setCollectionName("euclid")
                        .setQuery(io.qdrant.client.QueryFactory.nearest(3f, 3f))
                        .build())
                .get();
        assertEquals(List.of(2L, 1L), ids(hits));
        assertEquals(1f, hits.get(0).getScore(), 1e-6);
        ExecutionException missing = assertThrows(
                ExecutionException.class, () -> client.countAsync("nope").get());
        assertEquals(
                Status.Code.NOT_FOUND, Status.fromThrowable(missing.getCause()).getCode());
        ExecutionException wrong = assertThrows(
                ExecutionException.class,
                () -> client.upsertAsync(
                                "euclid",
                                List.of(PointStruct.newBuilder()
                                        .setId(id(3))
                                        .setVectors(vectors(1f, 2f, 3f))
                                        .build()))
                        .get());
        assertEquals(
                Status.Code.INVALID_ARGUMENT,
                Status.fromThrowable(wrong.getCause()).getCode());
        assertTrue(Status.fromThrowable(wrong.getCause()).getDescription().contains("expected dim: 2, got 3"));
    }

    private List<Long> scroll(Filter f) throws Exception {
        return client
                .scrollAsync(ScrollPoints.newBuilder()
                        .setCollectionName("filtering")
                        .setFilter(f)
                        .setLimit(10)
                        .build())
                .get()
                .getResultList()
                .stream()
                .map(p -> p.getId().getNum())
                .collect(Collectors.toList());
    }

    private static List<Long> ids(List<ScoredPoint> hits) {
        return hits.stream().map(ScoredPoint::getId).map(PointId::getNum).collect(Collectors.toList());
    }
}
