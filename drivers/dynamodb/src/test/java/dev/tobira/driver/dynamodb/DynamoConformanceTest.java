package dev.tobira.driver.dynamodb;

import static dev.tobira.drivertest.ProbeFamily.ADMIN;
import static dev.tobira.drivertest.ProbeFamily.COMMENT_TRICK;
import static dev.tobira.drivertest.ProbeFamily.DDL;
import static dev.tobira.drivertest.ProbeFamily.DML;
import static dev.tobira.drivertest.ProbeFamily.SIDE_EFFECT_FUNCTION;
import static dev.tobira.drivertest.ProbeFamily.STACKING;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Secret;
import dev.tobira.api.Value;
import dev.tobira.drivertest.BadInput;
import dev.tobira.drivertest.Behavior;
import dev.tobira.drivertest.DriverConformanceTest;
import dev.tobira.drivertest.Fixture;
import dev.tobira.drivertest.JsonLanguage;
import dev.tobira.drivertest.SafeRead;
import dev.tobira.drivertest.SilentServer;
import dev.tobira.drivertest.TypeCase;
import dev.tobira.drivertest.WriteProbe;
import java.math.BigDecimal;
import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * The strict kit against dynalite (or {@code TOBIRA_TEST_DYNAMODB_URL}), in the JSON operation
 * language: every write operation dynalite has is proven on a writable connection and refused
 * read-only with the kit's JSON variants. PartiQL and the operations dynalite lacks
 * ({@code ExecuteStatement}, {@code BatchExecuteStatement}, {@code ExecuteTransaction},
 * {@code TransactWriteItems}, {@code UpdateTimeToLive}) cannot be proven there: they are inapplicable
 * probes, still sent on both read-only paths, where they must be refused with nothing changed.
 */
class DynamoConformanceTest extends DriverConformanceTest {
    private static final String DYNALITE_LACKS = "dynalite lacks ";

    @Override
    protected Fixture fixture() {
        URI endpoint = DynamoServers.endpoint();
        Native nat = new Native(endpoint);
        nat.seed();
        String slowTable = nat.rows(20_000);
        String customersArn = nat.arn("customers");
        // describeSample=0: describe reports the definitions only (the key). With its sample of items it would
        // report every shop attribute, which the kit's SCHEMA check, absent for a JSON language and not
        // declarable, takes for a schema; DescribeTest checks the sampled attributes instead
        ConnConfig writable = ConnConfig.of(DynamoServers.dsn(endpoint))
                .withPassword(Secret.of(DynamoServers.SECRET))
                .withOption("describeSample", "0");
        return Fixture.builder(new DynamoDriver())
                .writable(writable)
                .json(JsonLanguage.builder()
                        .valueSlot("{\"Scan\": {\"TableName\": \"orders\", \"FilterExpression\": \"#s = :v\","
                                + " \"ExpressionAttributeNames\": {\"#s\": \"status\"},"
                                + " \"ExpressionAttributeValues\": {\":v\": {\"S\": {{value}}}}}}")
                        .fieldSlot("{\"Scan\": {\"TableName\": \"orders\", \"ProjectionExpression\": \"#f\","
                                + " \"ExpressionAttributeNames\": {\"#f\": {{field}}}}}")
                        .build())
                .seed(nat::seed)
                .fingerprint(nat::fingerprint)
                .rows(n -> "{\"Scan\": {\"TableName\": \"" + nat.rows(n) + "\", \"Limit\": 1000}}")
                // one item per request, and none matches: twenty thousand round trips
                .slow(
                        "{\"Scan\": {\"TableName\": \"" + slowTable
                                + "\", \"Limit\": 1, \"FilterExpression\": \"#n < :z\","
                                + " \"ExpressionAttributeNames\": {\"#n\": \"n\"}, \"ExpressionAttributeValues\": {\":z\": {\"N\": \"-1\"}}}}")
                .missing("{\"Scan\": {\"TableName\": \"no_such_collection\"}}", CollectionRef.of("no_such_collection"))
                .shop(
                        CollectionRef.of("customers"),
                        CollectionRef.of("orders"),
                        "{\"Scan\": {\"TableName\": \"customers\", \"ProjectionExpression\": \"#n, country\","
                                + " \"ExpressionAttributeNames\": {\"#n\": \"name\"}}}")
                .insertQuery("{\"PutItem\": {\"TableName\": \"customers\", \"Item\": {\"id\": {\"N\": \"6\"},"
                        + " \"name\": {\"S\": \"Barbara Liskov\"}, \"email\": {\"S\": \"barbara@example.com\"},"
                        + " \"country\": {\"S\": \"US\"}, \"created_at\": {\"S\": \"2026-11-01\"}}}}")
                // a bound parameter needs PartiQL (ExecuteStatement), which dynalite lacks: the server's UNSUPPORTED
                .parameterQuery("SELECT name FROM \"customers\" WHERE id = ?", Value.of(1))
                .without(
                        Behavior.PARAMETERS,
                        "parameters are PartiQL's (ExecuteStatement), and " + DYNALITE_LACKS
                                + "ExecuteStatement; JSON documents carry values in ExpressionAttributeValues")
                // a server on 127.0.0.1:port that accepts and never answers: open and query must end as TIMEOUT in time
                .serverAt(SilentServer.hostPort(writable))
                // parameters are bound (and refused) after they are read: every kind, in a read and in a DELETE
                .badInput(BadInput.builder()
                        .malformed(
                                "{\"GetItem\": {\"TableName\": \"customers\", \"Key\": {\"id\": {\"N\": \"x\"}}}}",
                                "{\"GetItem\": {\"TableName\": \"customers\", \"Key\": {\"id\": {\"N\": \"1e999999\"}}}}",
                                "{\"GetItem\": {\"TableName\": \"customers\", \"Key\": {\"id\": {\"B\": \"!!\"}}}}",
                                "{\"GetItem\": {\"TableName\": \"customers\", \"Key\": {\"id\": {\"NOPE\": \"1\"}}}}",
                                "{\"GetItem\": {\"TableName\": \"customers\", \"Key\": {\"id\": {\"N\": 1}}}}",
                                "{\"GetItem\": {\"TableName\": \"customers\", \"Key\": {\"id\": {\"NS\": [\"x\"]}}}}",
                                "{\"GetItem\": {\"TableName\": \"customers\", \"Key\": {\"id\": {\"L\": {\"N\": \"1\"}}}}}",
                                "{\"Scan\": {\"TableName\": \"orders\", \"Limit\": -1}}",
                                "{\"Scan\": {\"TableName\": \"orders\", \"Limit\": \"x\"}}",
                                "{\"Scan\": {\"TableName\": 1}}",
                                "SELECT * FROM",
                                "SELECT * FROM \"orders\" WHERE id = 1e999999",
                                "SELECT * FROM \"orders\" WHERE id = ?")
                        .positions("SELECT name FROM \"customers\" WHERE id = ?", "DELETE FROM \"orders\" WHERE id = ?")
                        .build())
                .types(types())
                .probes(probes(customersArn))
                .withoutProbe("dynamodb.transact-write-items", DYNALITE_LACKS + "TransactWriteItems")
                .withoutProbe("dynamodb.execute-transaction", DYNALITE_LACKS + "ExecuteTransaction")
                .withoutProbe("dynamodb.batch-execute-statement", DYNALITE_LACKS + "BatchExecuteStatement")
                .withoutProbe("dynamodb.update-time-to-live", DYNALITE_LACKS + "UpdateTimeToLive")
                .withoutProbe("dynamodb.execute-statement-delete", DYNALITE_LACKS + "ExecuteStatement")
                .withoutProbe("partiql.insert", DYNALITE_LACKS + "ExecuteStatement (PartiQL)")
                .withoutProbe("partiql.update", DYNALITE_LACKS + "ExecuteStatement (PartiQL)")
                .withoutProbe("partiql.delete", DYNALITE_LACKS + "ExecuteStatement (PartiQL)")
                .withoutProbe("partiql.select-then-delete", DYNALITE_LACKS + "ExecuteStatement (PartiQL)")
                .withoutProbe("partiql.comment-hides-delete", DYNALITE_LACKS + "ExecuteStatement (PartiQL)")
                .withoutProbe("partiql.exists", DYNALITE_LACKS + "ExecuteStatement (PartiQL)")
                .safeReads(
                        SafeRead.of(
                                "get-item",
                                "{\"GetItem\": {\"TableName\": \"customers\", \"Key\": {\"id\": {\"N\": \"1\"}}}}"),
                        SafeRead.of(
                                "query",
                                "{\"Query\": {\"TableName\": \"orders\", \"KeyConditionExpression\": \"id = :id\","
                                        + " \"ExpressionAttributeValues\": {\":id\": {\"N\": \"1\"}}}}"),
                        SafeRead.of(
                                "batch-get-item",
                                "{\"BatchGetItem\": {\"RequestItems\": {\"orders\": {\"Keys\":"
                                        + " [{\"id\": {\"N\": \"1\"}}, {\"id\": {\"N\": \"2\"}}]}}}}"),
                        SafeRead.of("describe-table", "{\"DescribeTable\": {\"TableName\": \"orders\"}}"),
                        SafeRead.of(
                                "scan-string-holding-put-item",
                                "{\"Scan\": {\"TableName\": \"orders\", \"FilterExpression\":"
                                        + " \"#s = :v\", \"ExpressionAttributeNames\": {\"#s\": \"status\"}, \"ExpressionAttributeValues\":"
                                        + " {\":v\": {\"S\": \"{\\\"PutItem\\\": {\\\"TableName\\\": \\\"orders\\\"}}\"}}}}"),
                        SafeRead.of(
                                "get-item-attribute-named-delete",
                                "{\"GetItem\": {\"TableName\": \"orders\", \"Key\":"
                                        + " {\"id\": {\"N\": \"1\"}}, \"ProjectionExpression\": \"#d\", \"ExpressionAttributeNames\":"
                                        + " {\"#d\": \"DeleteItem\"}}}"),
                        SafeRead.of(
                                "scan-select-count", "{\"Scan\": {\"TableName\": \"orders\", \"Select\": \"COUNT\"}}"))
                .without(
                        SIDE_EFFECT_FUNCTION,
                        "DynamoDB has no code a request can call: no functions, procedures,"
                                + " scripts or triggers of the request's own")
                .minimumProvenProbes(60)
                .onClose(nat)
                .build();
    }

    private static List<TypeCase> types() {
        return List.of(
                TypeCase.of(getType("s"), Value.of("text")),
                TypeCase.of(getType("n_int"), Value.of(42)),
                TypeCase.of(getType("n_whole_spelled_decimal"), Value.of(7)),
                TypeCase.of(getType("n_dec"), Value.of(new BigDecimal("12.5"))),
                TypeCase.of(getType("n_big"), Value.of(new BigDecimal("18446744073709551616"))),
                TypeCase.of(getType("b"), new Value.Bytes(Native.BLOB)),
                TypeCase.of(getType("bool"), Value.of(true)),
                TypeCase.of(getType("nul"), Value.NULL),
                TypeCase.of(
                        getType("m"),
                        new Value.Doc(new java.util.LinkedHashMap<>(Map.of("a", Value.of(1), "b", Value.of("x"))))),
                TypeCase.of(getType("l"), new Value.Array(List.of(Value.of("x"), Value.of(2)))),
                TypeCase.of(getType("ss"), new Value.Array(List.of(Value.of("a"), Value.of("b")))),
                TypeCase.of(getType("ns"), new Value.Array(List.of(Value.of(1), Value.of(new BigDecimal("2.5"))))));
    }

    private static String getType(String attribute) {
        return "{\"GetItem\": {\"TableName\": \"types\", \"Key\": {\"id\": {\"N\": \"1\"}}, \"ProjectionExpression\": \"#a\","
                + " \"ExpressionAttributeNames\": {\"#a\": \"" + attribute + "\"}}}";
    }

    private static List<WriteProbe> probes(String customersArn) {
        return List.of(
                WriteProbe.of(
                        "dynamodb.put-item",
                        DML,
                        "{\"PutItem\": {\"TableName\": \"customers\", \"Item\":"
                                + " {\"id\": {\"N\": \"9\"}, \"name\": {\"S\": \"Mallory\"}, \"country\": {\"S\": \"XX\"}}}}"),
                WriteProbe.of(
                        "dynamodb.put-item-overwrite",
                        DML,
                        "{\"PutItem\": {\"TableName\": \"customers\", \"Item\":"
                                + " {\"id\": {\"N\": \"1\"}, \"name\": {\"S\": \"hacked\"}}}}"),
                WriteProbe.of(
                        "dynamodb.update-item",
                        DML,
                        "{\"UpdateItem\": {\"TableName\": \"orders\", \"Key\": {\"id\": {\"N\": \"1\"}},"
                                + " \"UpdateExpression\": \"SET #s = :s\", \"ExpressionAttributeNames\": {\"#s\": \"status\"},"
                                + " \"ExpressionAttributeValues\": {\":s\": {\"S\": \"refunded\"}}}}"),
                WriteProbe.of(
                        "dynamodb.delete-item",
                        DML,
                        "{\"DeleteItem\": {\"TableName\": \"orders\", \"Key\": {\"id\": {\"N\": \"1\"}}}}"),
                WriteProbe.of(
                        "dynamodb.batch-write-item",
                        DML,
                        "{\"BatchWriteItem\": {\"RequestItems\": {\"orders\":"
                                + " [{\"DeleteRequest\": {\"Key\": {\"id\": {\"N\": \"2\"}}}}]}}}"),
                // two writes, to two tables, in one request
                WriteProbe.of(
                        "dynamodb.batch-write-two-tables",
                        STACKING,
                        "{\"BatchWriteItem\": {\"RequestItems\": {\"orders\":"
                                + " [{\"DeleteRequest\": {\"Key\": {\"id\": {\"N\": \"5\"}}}}], \"customers\": [{\"PutRequest\":"
                                + " {\"Item\": {\"id\": {\"N\": \"10\"}, \"name\": {\"S\": \"Mallory\"}}}}]}}}"),
                WriteProbe.of(
                        "dynamodb.transact-write-items",
                        DML,
                        "{\"TransactWriteItems\": {\"TransactItems\":"
                                + " [{\"Delete\": {\"TableName\": \"orders\", \"Key\": {\"id\": {\"N\": \"3\"}}}}]}}"),
                WriteProbe.of(
                        "dynamodb.execute-transaction",
                        STACKING,
                        "{\"ExecuteTransaction\": {\"TransactStatements\":"
                                + " [{\"Statement\": \"DELETE FROM \\\"orders\\\" WHERE id = 3\"}]}}"),
                WriteProbe.of(
                        "dynamodb.batch-execute-statement",
                        STACKING,
                        "{\"BatchExecuteStatement\": {\"Statements\":"
                                + " [{\"Statement\": \"SELECT * FROM \\\"orders\\\"\"}, {\"Statement\": \"DELETE FROM \\\"orders\\\" WHERE id = 3\"}]}}"),
                WriteProbe.of(
                        "dynamodb.execute-statement-delete",
                        DML,
                        "{\"ExecuteStatement\": {\"Statement\":" + " \"DELETE FROM \\\"orders\\\" WHERE id = 4\"}}"),
                WriteProbe.of(
                        "dynamodb.create-table",
                        DDL,
                        "{\"CreateTable\": {\"TableName\": \"probe_t\", \"KeySchema\":"
                                + " [{\"AttributeName\": \"id\", \"KeyType\": \"HASH\"}], \"AttributeDefinitions\": [{\"AttributeName\": \"id\","
                                + " \"AttributeType\": \"S\"}], \"ProvisionedThroughput\": {\"ReadCapacityUnits\": 1, \"WriteCapacityUnits\": 1}}}"),
                WriteProbe.of("dynamodb.delete-table", DDL, "{\"DeleteTable\": {\"TableName\": \"orders\"}}"),
                WriteProbe.of(
                        "dynamodb.update-table",
                        DDL,
                        "{\"UpdateTable\": {\"TableName\": \"customers\", \"ProvisionedThroughput\":"
                                + " {\"ReadCapacityUnits\": 7, \"WriteCapacityUnits\": 7}}}"),
                WriteProbe.of(
                        "dynamodb.update-time-to-live",
                        ADMIN,
                        "{\"UpdateTimeToLive\": {\"TableName\": \"customers\","
                                + " \"TimeToLiveSpecification\": {\"Enabled\": true, \"AttributeName\": \"created_at\"}}}"),
                WriteProbe.of(
                        "dynamodb.tag-resource",
                        ADMIN,
                        "{\"TagResource\": {\"ResourceArn\": \"" + customersArn + "\","
                                + " \"Tags\": [{\"Key\": \"probe\", \"Value\": \"1\"}]}}"),
                // PartiQL: one language of this driver, not JSON, so the kit's JSON variants do not apply
                WriteProbe.of("partiql.insert", DML, "INSERT INTO \"customers\" VALUE {'id': 9, 'name': 'Mallory'}")
                        .withoutVariants(),
                WriteProbe.of("partiql.update", DML, "UPDATE \"orders\" SET status = 'refunded' WHERE id = 1")
                        .withoutVariants(),
                WriteProbe.of("partiql.delete", DML, "delete from \"orders\" where id = 1")
                        .withoutVariants(),
                WriteProbe.of(
                                "partiql.select-then-delete",
                                STACKING,
                                "SELECT * FROM \"orders\"; DELETE FROM \"orders\" WHERE id = 1")
                        .withoutVariants(),
                WriteProbe.of(
                                "partiql.comment-hides-delete",
                                COMMENT_TRICK,
                                "/* /* */ DELETE FROM \"orders\" WHERE id = 1 /* */ SELECT * FROM \"orders\"")
                        .withoutVariants(),
                WriteProbe.of("partiql.exists", DML, "EXISTS(SELECT * FROM \"orders\" WHERE id = 1)")
                        .withoutVariants());
    }
}
