package dev.tobira.driver.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.Select;

/** The AWS JSON shape read into the SDK's request objects: every member, or a refusal naming it. */
class RequestReaderTest {
    private static Object read(String doc) {
        Command.Document d = (Command.Document) Command.parse(doc, List.of(), "query");
        return new RequestReader("query").read(d.operation().orElseThrow().newBuilder(), d.request(), "");
    }

    private static DriverException refused(String doc) {
        DriverException e = assertThrows(DriverException.class, () -> read(doc), doc);
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
        return e;
    }

    @Test
    void readsEveryMemberOfTheDocument() {
        QueryRequest q =
                (QueryRequest) read("{\"Query\": {\"TableName\": \"orders\", \"KeyConditionExpression\": \"id = :id\","
                        + " \"ExpressionAttributeValues\": {\":id\": {\"N\": \"1\"}, \":m\": {\"M\": {\"a\": {\"L\": [{\"S\": \"x\"},"
                        + " {\"NULL\": true}]}}}, \":b\": {\"B\": \"AAE=\"}}, \"Limit\": 10, \"ConsistentRead\": true,"
                        + " \"ScanIndexForward\": false, \"Select\": \"COUNT\"}}");
        assertEquals("orders", q.tableName());
        assertEquals("id = :id", q.keyConditionExpression());
        assertEquals(AttributeValue.fromN("1"), q.expressionAttributeValues().get(":id"));
        assertEquals(
                "x",
                q.expressionAttributeValues().get(":m").m().get("a").l().get(0).s());
        assertEquals(
                true,
                q.expressionAttributeValues().get(":m").m().get("a").l().get(1).nul());
        assertEquals(2, q.expressionAttributeValues().get(":b").b().asByteArray().length);
        assertEquals(10, q.limit());
        assertEquals(true, q.consistentRead());
        assertEquals(false, q.scanIndexForward());
        assertEquals(Select.COUNT, q.select());
    }

    @Test
    void anUnknownMemberIsRefusedWithItsPathNeverDropped() {
        assertTrue(refused("{\"Scan\": {\"TableName\": \"orders\", \"ReturnValues\": \"ALL_OLD\"}}")
                .getMessage()
                .contains("'ReturnValues' is not a member"));
        assertTrue(
                refused("{\"Scan\": {\"tablename\": \"orders\"}}").getMessage().contains("'tablename'"));
        assertTrue(refused("{\"Scan\": {\"TableName\": \"orders\", \"ExclusiveStartKey\": {\"id\": {\"X\": \"1\"}}}}")
                .getMessage()
                .contains("'ExclusiveStartKey.id.X'"));
    }

    @Test
    void aValueOfTheWrongTypeIsRefused() {
        refused("{\"Scan\": {\"TableName\": 5}}");
        refused("{\"Scan\": {\"TableName\": \"orders\", \"Limit\": \"10\"}}");
        refused("{\"Scan\": {\"TableName\": \"orders\", \"Limit\": 1.5}}");
        refused("{\"Scan\": {\"TableName\": \"orders\", \"Limit\": 99999999999}}");
        refused("{\"Scan\": {\"TableName\": \"orders\", \"ConsistentRead\": \"yes\"}}");
        refused("{\"Scan\": {\"TableName\": \"orders\", \"AttributesToGet\": \"id\"}}");
        refused("{\"Scan\": {\"TableName\": \"orders\", \"AttributesToGet\": [null]}}");
        refused("{\"Scan\": {\"TableName\": \"orders\", \"ExclusiveStartKey\": {\"id\": {\"B\": \"not base64!\"}}}}");
    }

    @Test
    void aJsonNullIsTheMemberLeftOut() {
        ScanRequest s = (ScanRequest) read("{\"Scan\": {\"TableName\": \"orders\", \"Limit\": null}}");
        assertEquals(null, s.limit());
    }
}
