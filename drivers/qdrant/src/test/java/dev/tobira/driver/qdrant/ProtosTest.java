package dev.tobira.driver.qdrant;

import static io.qdrant.client.ConditionFactory.filter;
import static io.qdrant.client.ConditionFactory.hasId;
import static io.qdrant.client.ConditionFactory.isEmpty;
import static io.qdrant.client.ConditionFactory.isNull;
import static io.qdrant.client.ConditionFactory.match;
import static io.qdrant.client.ConditionFactory.matchExceptKeywords;
import static io.qdrant.client.ConditionFactory.matchKeyword;
import static io.qdrant.client.ConditionFactory.matchKeywords;
import static io.qdrant.client.ConditionFactory.matchText;
import static io.qdrant.client.ConditionFactory.matchValues;
import static io.qdrant.client.ConditionFactory.nested;
import static io.qdrant.client.ConditionFactory.range;
import static io.qdrant.client.PointIdFactory.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import io.qdrant.client.VectorInputFactory;
import io.qdrant.client.WithPayloadSelectorFactory;
import io.qdrant.client.grpc.Common.Filter;
import io.qdrant.client.grpc.Common.Range;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * REST's JSON shapes (as Qdrant's documentation writes them) read into gRPC messages, each compared
 * with what the official client's own factories build for the same request.
 */
class ProtosTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    private static Filter read(String text) throws Exception {
        return Protos.filter(json(text), "filter", "query");
    }

    @Test
    void matchConditionsAreTheClientsOwn() throws Exception {
        assertEquals(
                Filter.newBuilder()
                        .addMust(matchKeyword("city", "London"))
                        .addMust(match("count", 3L))
                        .addMust(match("sale", true))
                        .build(),
                read(
                        "{\"must\": [{\"key\": \"city\", \"match\": {\"value\": \"London\"}},"
                                + " {\"key\": \"count\", \"match\": {\"value\": 3}}, {\"key\": \"sale\", \"match\": {\"value\": true}}]}"));
        assertEquals(
                Filter.newBuilder()
                        .addShould(matchKeywords("color", List.of("black", "yellow")))
                        .addShould(matchValues("n", List.of(1L, 2L)))
                        .addMustNot(matchExceptKeywords("color", List.of("red")))
                        .addMust(matchText("description", "good cheap"))
                        .build(),
                read("{\"should\": [{\"key\": \"color\", \"match\": {\"any\": [\"black\", \"yellow\"]}},"
                        + " {\"key\": \"n\", \"match\": {\"any\": [1, 2]}}],"
                        + " \"must_not\": [{\"key\": \"color\", \"match\": {\"except\": [\"red\"]}}],"
                        + " \"must\": [{\"key\": \"description\", \"match\": {\"text\": \"good cheap\"}}]}"));
    }

    @Test
    void rangeIdsEmptinessNestingAreTheClientsOwn() throws Exception {
        assertEquals(
                Filter.newBuilder()
                        .addMust(range(
                                "price",
                                Range.newBuilder().setGte(100.0).setLte(450.0).build()))
                        .addMust(hasId(
                                List.of(id(1), id(3), id(UUID.fromString("5c56c793-69f3-4fbf-87e6-c4bf54c28c26")))))
                        .addMust(isEmpty("reports"))
                        .addMust(isNull("reports"))
                        .build(),
                read("{\"must\": [{\"key\": \"price\", \"range\": {\"gte\": 100, \"lte\": 450}},"
                        + " {\"has_id\": [1, 3, \"5c56c793-69f3-4fbf-87e6-c4bf54c28c26\"]},"
                        + " {\"is_empty\": {\"key\": \"reports\"}}, {\"is_null\": {\"key\": \"reports\"}}]}"));
        Filter inner =
                Filter.newBuilder().addMust(matchKeyword("diet[].food", "meat")).build();
        assertEquals(
                Filter.newBuilder()
                        .addMust(nested("diet", inner))
                        .addMust(filter(Filter.newBuilder()
                                .addShould(matchKeyword("a", "b"))
                                .build()))
                        .build(),
                read(
                        "{\"must\": [{\"nested\": {\"key\": \"diet\", \"filter\": {\"must\": [{\"key\": \"diet[].food\","
                                + " \"match\": {\"value\": \"meat\"}}]}}}, {\"should\": [{\"key\": \"a\", \"match\": {\"value\": \"b\"}}]}]}"));
    }

    @Test
    void selectorsAndQueryInputsAreTheClientsOwn() throws Exception {
        assertEquals(
                WithPayloadSelectorFactory.include(List.of("city", "color")),
                Protos.withPayload(json("[\"city\", \"color\"]"), "with_payload", "query"));
        assertEquals(
                WithPayloadSelectorFactory.exclude(List.of("city")),
                Protos.withPayload(json("{\"exclude\": [\"city\"]}"), "with_payload", "query"));
        assertEquals(
                VectorInputFactory.vectorInput(0.2f, 0.1f, 0.9f, 0.7f),
                Protos.vectorInput(json("[0.2, 0.1, 0.9, 0.7]"), "query", "query"));
        assertEquals(VectorInputFactory.vectorInput(43L), Protos.vectorInput(json("43"), "query", "query"));
        assertEquals(
                io.qdrant.client.QueryFactory.nearest(43L), Protos.query(json("{\"nearest\": 43}"), "query", "query"));
    }

    @Test
    void whatIsNotMappedIsRefusedNotDropped() {
        for (String bad : List.of(
                "{\"must\": [{\"key\": \"a\", \"geo_radius\": {}}]}",
                "{\"must\": [{\"key\": \"a\"}]}",
                "{\"must\": [{\"key\": \"a\", \"match\": {\"value\": 1.5}}]}",
                "{\"filter\": {}}",
                "{\"must\": [{\"key\": \"a\", \"range\": {\"gte\": 1, \"between\": 2}}]}",
                "{\"must\": [{\"has_id\": [-1]}]}",
                "{\"must\": [{\"has_id\": [\"not-a-uuid\"]}]}")) {
            DriverException e = assertThrows(DriverException.class, () -> read(bad), bad);
            assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), bad);
        }
    }
}
