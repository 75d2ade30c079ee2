package dev.tobira.driver.mongodb;

import static dev.tobira.drivertest.ProbeFamily.ADMIN;
import static dev.tobira.drivertest.ProbeFamily.DDL;
import static dev.tobira.drivertest.ProbeFamily.DML;
import static dev.tobira.drivertest.ProbeFamily.SIDE_EFFECT_FUNCTION;
import static dev.tobira.drivertest.ProbeFamily.STACKING;

import dev.tobira.api.Capability;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Value;
import dev.tobira.drivertest.BadInput;
import dev.tobira.drivertest.DriverConformanceTest;
import dev.tobira.drivertest.Fixture;
import dev.tobira.drivertest.JsonLanguage;
import dev.tobira.drivertest.SafeRead;
import dev.tobira.drivertest.SilentServer;
import dev.tobira.drivertest.TypeCase;
import dev.tobira.drivertest.WriteProbe;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The driver against the conformance kit, strict, on the server {@link MongoServers#primary()}
 * finds. The driver under test declares what the driver declares minus what this server lacks, as
 * the native side channel finds it (not the driver's own probe): mongo-java-server has no explain,
 * a standalone mongod no change streams.
 */
class MongoConformanceTest extends DriverConformanceTest {
    static final String ORDER_100 =
            "{\"_id\": 100, \"customer_id\": 1, \"total_cents\": 1, \"status\": \"probe\", \"created_at\": \"2026-12-01\"}";

    @Override
    protected Fixture fixture() {
        MongoServers.Server server = MongoServers.primary();
        Native nat = new Native(server);
        EnumSet<Capability> lacking = EnumSet.noneOf(Capability.class);
        if (!nat.hasExplain()) {
            lacking.add(Capability.EXPLAINER);
        }
        nat.seed();
        if (!nat.hasChangeStreams()) {
            lacking.add(Capability.CHANGE_FEED);
        }
        ConnConfig writable = ConnConfig.of(server.dsn(MongoServers.DB)).withName("mongodb");
        String slow = server.embedded()
                ? "{\"sleep\": 1, \"millis\": 12000}"
                : "{\"find\": \"orders\", \"filter\": {\"$where\": \"sleep(20000) || true\"}}";
        List<WriteProbe> probes = new ArrayList<>(List.of(
                WriteProbe.of("mongo.insert", DML, "{\"insert\": \"orders\", \"documents\": [" + ORDER_100 + "]}"),
                WriteProbe.of(
                        "mongo.update",
                        DML,
                        "{\"update\": \"orders\", \"updates\": [{\"q\": {\"_id\": 1}, \"u\": {\"$set\": {\"status\": \"probe\"}}}]}"),
                WriteProbe.of(
                        "mongo.delete", DML, "{\"delete\": \"orders\", \"deletes\": [{\"q\": {}, \"limit\": 0}]}"),
                WriteProbe.of(
                        "mongo.findAndModify",
                        DML,
                        "{\"findAndModify\": \"orders\", \"query\": {\"_id\": 1}, \"update\": {\"$set\": {\"status\": \"probe\"}}}"),
                WriteProbe.of(
                        "mongo.findandmodify-alias",
                        DML,
                        "{\"findandmodify\": \"orders\", \"query\": {\"_id\": 2}, \"remove\": true}"),
                WriteProbe.of(
                        "mongo.upsert",
                        DML,
                        "{\"update\": \"customers\", \"updates\": [{\"q\": {\"_id\": 9}, "
                                + "\"u\": {\"$set\": {\"name\": \"Mallory\"}}, \"upsert\": true}]}"),
                WriteProbe.of("mongo.drop", DDL, "{\"drop\": \"orders\"}"),
                WriteProbe.of("mongo.create", DDL, "{\"create\": \"probe_c\"}"),
                WriteProbe.of(
                        "mongo.createIndexes",
                        DDL,
                        "{\"createIndexes\": \"orders\", \"indexes\": [{\"key\": {\"status\": 1}, \"name\": \"probe_status\"}]}"),
                WriteProbe.of("mongo.dropIndexes", DDL, "{\"dropIndexes\": \"orders\", \"index\": \"by_customer\"}"),
                WriteProbe.of(
                        "mongo.renameCollection",
                        DDL,
                        "{\"renameCollection\": \"tobira_kit.orders\", \"to\": \"tobira_kit.probe_orders\"}"),
                WriteProbe.of(
                        "mongo.aggregate-out",
                        STACKING,
                        "{\"aggregate\": \"orders\", \"pipeline\": [{\"$match\": {\"status\": \"paid\"}}, {\"$out\": \"probe_orders\"}], \"cursor\": {}}"),
                WriteProbe.of(
                        "mongo.aggregate-merge",
                        STACKING,
                        "{\"aggregate\": \"orders\", \"pipeline\": [{\"$merge\": {\"into\": \"probe_orders\"}}], \"cursor\": {}}"),
                WriteProbe.of("mongo.dropDatabase", ADMIN, "{\"dropDatabase\": 1}")));
        WriteProbe mapReduce = WriteProbe.of(
                "mongo.mapReduce-out",
                SIDE_EFFECT_FUNCTION,
                "{\"mapReduce\": \"orders\", "
                        + "\"map\": {\"$code\": \"function() { emit(this.status, 1); }\"}, "
                        + "\"reduce\": {\"$code\": \"function(k, v) { return Array.sum(v); }\"}, \"out\": \"probe_orders\"}");
        probes.add(mapReduce);
        List<WriteProbe> inapplicable = List.of(
                WriteProbe.of(
                        "mongo.facet-out",
                        STACKING,
                        "{\"aggregate\": \"orders\", \"pipeline\": [{\"$facet\": {\"a\": [{\"$out\": \"probe_orders\"}]}}], \"cursor\": {}}"),
                WriteProbe.of(
                        "mongo.lookup-merge",
                        STACKING,
                        "{\"aggregate\": \"orders\", \"pipeline\": [{\"$lookup\": {\"from\": \"customers\", "
                                + "\"as\": \"c\", \"pipeline\": [{\"$merge\": {\"into\": \"probe_orders\"}}]}}], \"cursor\": {}}"),
                WriteProbe.of(
                        "mongo.unionWith-out",
                        STACKING,
                        "{\"aggregate\": \"orders\", \"pipeline\": [{\"$unionWith\": {\"coll\": \"customers\", "
                                + "\"pipeline\": [{\"$out\": \"probe_orders\"}]}}], \"cursor\": {}}"),
                WriteProbe.of("mongo.find-writeConcern", DML, "{\"find\": \"orders\", \"writeConcern\": {\"w\": 1}}"),
                WriteProbe.of(
                        "mongo.where",
                        SIDE_EFFECT_FUNCTION,
                        "{\"find\": \"orders\", \"filter\": {\"$where\": \"true\"}}"),
                WriteProbe.of(
                        "mongo.function",
                        SIDE_EFFECT_FUNCTION,
                        "{\"aggregate\": \"orders\", \"pipeline\": [{\"$match\": {\"$expr\": "
                                + "{\"$function\": {\"body\": \"function() { return true; }\", \"args\": [], \"lang\": \"js\"}}}}], \"cursor\": {}}"),
                WriteProbe.of(
                        "mongo.currentOp",
                        ADMIN,
                        "{\"aggregate\": 1, \"pipeline\": [{\"$currentOp\": {}}], \"cursor\": {}}"),
                WriteProbe.of(
                        "mongo.createUser",
                        ADMIN,
                        "{\"createUser\": \"tobira_kit_mallory\", \"pwd\": \"tobira-kit-secret\", \"roles\": []}"));
        Fixture.Builder b = Fixture.builder(new MongoDriver(lacking))
                .withoutStatementCheck(new MongoDriver(lacking, false))
                .writable(writable)
                .seed(nat::seed)
                .fingerprint(nat::fingerprint)
                .nativeExecution(nat::execute)
                .json(JsonLanguage.builder()
                        .nesting("explain", "{\"explain\": {{probe}}, \"verbosity\": \"executionStats\"}")
                        .valueSlot("{\"find\": \"orders\", \"filter\": {\"status\": {{value}}}}")
                        .fieldSlot("{\"find\": \"orders\", \"filter\": {{{field}}: 1}}")
                        .build())
                .probes(probes)
                .rows(n -> "{\"find\": \"numbers\", \"filter\": {\"_id\": {\"$lt\": " + n + "}}, \"batchSize\": 1000}")
                .slow(slow)
                .missing("{\"validate\": \"no_such_collection\"}", CollectionRef.of("no_such_collection"))
                .shop(
                        CollectionRef.of("customers"),
                        CollectionRef.of("orders"),
                        "{\"find\": \"customers\", \"projection\": {\"_id\": 0, \"name\": 1, \"country\": 1}, \"sort\": {\"_id\": 1}}")
                .insertQuery("{\"insert\": \"customers\", \"documents\": [{\"_id\": 6, \"name\": \"Barbara Liskov\", "
                        + "\"email\": \"barbara@example.com\", \"country\": \"US\", \"created_at\": \"2026-11-01\"}]}")
                .parameterQuery(
                        "{\"find\": \"customers\", \"filter\": {\"name\": {\"$param\": 1}}, \"projection\": {\"_id\": 0, \"name\": 1}}",
                        Value.of("Grace Hopper"))
                .types(
                        kind("int", Value.of(42)),
                        kind("long", Value.of(1L << 40)),
                        kind("double", Value.of(2.5)),
                        kind("decimal", Value.of(new BigDecimal("12.345"))),
                        kind("string", Value.of("caf\u00e9")),
                        kind("bool", Value.of(true)),
                        kind("date", Value.of(Instant.ofEpochMilli(1_790_000_000_000L))),
                        kind("objectId", Value.of("65a1b2c3d4e5f60718293a4b")),
                        kind("uuid", Value.of(UUID.fromString("123e4567-e89b-12d3-a456-426614174000"))),
                        kind("binary", Value.of(new byte[] {1, 2, 3})),
                        kind("null", Value.NULL),
                        kind("doc", new Value.Doc(new java.util.LinkedHashMap<>(Map.of("a", Value.of(1))) {
                            private static final long serialVersionUID = 1L;

                            {
                                put("b", Value.of("x"));
                            }
                        })),
                        kind("array", new Value.Array(List.of(Value.of(1), Value.of("two")))))
                .customerKey(id -> Map.of("_id", Value.of(id)))
                .mutation(
                        Map.of(
                                "_id",
                                Value.of(6),
                                "name",
                                Value.of("Barbara Liskov"),
                                "email",
                                Value.of("barbara@example.com"),
                                "country",
                                Value.of("US"),
                                "created_at",
                                Value.of("2026-11-01")),
                        Map.of("name", Value.of("Barbara H. Liskov")))
                .completion("{\"find\": \"cust", "customers")
                .safeReads(
                        SafeRead.of(
                                "mongo.group",
                                "{\"aggregate\": \"orders\", \"pipeline\": [{\"$match\": {\"status\": \"paid\"}}, "
                                        + "{\"$group\": {\"_id\": \"$customer_id\", \"cents\": {\"$sum\": \"$total_cents\"}}}], \"cursor\": {}}"),
                        SafeRead.of("mongo.string-out", "{\"find\": \"orders\", \"filter\": {\"status\": \"$out\"}}"),
                        SafeRead.of(
                                "mongo.string-write-doc",
                                "{\"find\": \"orders\", \"filter\": {\"status\": \"{\\\"drop\\\": \\\"orders\\\"}\"}}"),
                        SafeRead.of(
                                "mongo.lookup",
                                "{\"aggregate\": \"orders\", \"pipeline\": [{\"$lookup\": {\"from\": \"customers\", "
                                        + "\"localField\": \"customer_id\", \"foreignField\": \"_id\", \"as\": \"customer\"}}], \"cursor\": {}}"),
                        SafeRead.of(
                                "mongo.facet",
                                "{\"aggregate\": \"orders\", \"pipeline\": [{\"$facet\": {\"paid\": [{\"$match\": "
                                        + "{\"status\": \"paid\"}}], \"n\": [{\"$count\": \"n\"}]}}], \"cursor\": {}}"),
                        SafeRead.of("mongo.count", "{\"count\": \"orders\", \"query\": {\"status\": \"delete\"}}"),
                        SafeRead.of("mongo.distinct", "{\"distinct\": \"orders\", \"key\": \"status\"}"),
                        SafeRead.of(
                                "mongo.field-named-delete",
                                "{\"find\": \"orders\", \"projection\": {\"delete\": 1, \"update\": 1}}"),
                        SafeRead.of("mongo.listCollections", "{\"listCollections\": 1}"),
                        SafeRead.of("mongo.listIndexes", "{\"listIndexes\": \"orders\"}"),
                        SafeRead.of("mongo.dbStats", "{\"dbStats\": 1}"),
                        SafeRead.of("mongo.comment-drop", "{\"find\": \"orders\", \"comment\": \"drop the orders\"}"))
                .onClose(nat)
                .minimumProvenProbes(100);
        for (WriteProbe p : inapplicable) {
            b.probes(p);
        }
        b.withoutProbe(
                        "mongo.facet-out",
                        "the server refuses $out inside $facet, so it never writes; refused read-only all the same")
                .withoutProbe(
                        "mongo.lookup-merge",
                        "the server refuses $merge inside $lookup; refused read-only all the same")
                .withoutProbe(
                        "mongo.unionWith-out",
                        "the server refuses $out inside $unionWith (and mongo-java-server has no $unionWith)")
                .withoutProbe(
                        "mongo.find-writeConcern",
                        "a find with a write concern writes nothing; refused read-only all the same")
                .withoutProbe(
                        "mongo.where", "$where runs JavaScript but writes nothing; refused read-only all the same")
                .withoutProbe(
                        "mongo.function",
                        "$function runs JavaScript but writes nothing; refused read-only all the same")
                .withoutProbe(
                        "mongo.currentOp", "an admin stage that reads other sessions' operations; refused read-only")
                .withoutProbe(
                        "mongo.createUser",
                        "users are server-wide, outside what the fingerprint may look at; refused read-only");
        if (server.embedded()) {
            b.withoutProbe("mongo.mapReduce-out", "mongo-java-server has no mapReduce; refused read-only all the same")
                    .without(
                            SIDE_EFFECT_FUNCTION,
                            "mongo-java-server runs no server-side JavaScript: mapReduce, $where,"
                                    + " $function and $accumulator are unknown to it; the guard refuses them (inapplicable probes)");
        }
        if (lacking.contains(Capability.CHANGE_FEED)) {
            b.changeFeed(CollectionRef.of("customers"));
        }
        // a server on 127.0.0.1:port that accepts and never answers: open and query must end as TIMEOUT in time
        b.serverAt(SilentServer.hostPort(writable));
        // malformed Extended JSON (the README says SYNTAX), and $param in every place a command takes one
        String find = "{\"find\": \"orders\", \"filter\": {\"_id\": ";
        b.badInput(BadInput.builder()
                .malformed(
                        find + "{\"$oid\": \"zz\"}}}",
                        find + "ObjectId(\"zz\")}}",
                        find + "{\"$binary\": {\"base64\": \"!!\", \"subType\": \"00\"}}}}",
                        find + "{\"$binary\": {\"base64\": \"AA==\", \"subType\": \"zz\"}}}}",
                        find + "BinData(0, \"!!\")}}",
                        find + "UUID(\"zz\")}}",
                        find + "HexData(0, \"zz\")}}",
                        find + "NumberInt(\"x\")}}",
                        find + "NumberLong(\"x\")}}",
                        find + "NumberDecimal(\"x\")}}",
                        find + "{\"$date\": \"nope\"}}}",
                        find + "{\"$numberLong\": \"x\"}}}",
                        find + "{\"$numberDecimal\": \"x\"}}}",
                        find + "{\"$numberInt\": \"99999999999\"}}}",
                        find + "{\"$regularExpression\": {\"pattern\": \"(\", \"options\": \"z\"}}}}",
                        find + "{\"$timestamp\": {\"t\": -1, \"i\": \"x\"}}}}",
                        find + "{\"$uuid\": \"zz\"}}}",
                        "{\"find\": \"orders\", \"limit\": {\"$param\": 1}}",
                        "{\"find\": {\"$param\": 1}}")
                .positions(
                        "{\"find\": \"customers\", \"filter\": {\"name\": {\"$param\": 1}}, \"projection\": {\"_id\": 0, \"name\": 1}}",
                        "{\"$param\": 1}",
                        "{\"find\": \"orders\", \"limit\": {\"$param\": 1}}",
                        "{\"aggregate\": \"orders\", \"pipeline\": [{\"$match\": {\"status\": {\"$param\": 1}}}], \"cursor\": {}}",
                        "{\"delete\": \"orders\", \"deletes\": [{\"q\": {\"_id\": {\"$param\": 1}}, \"limit\": 1}]}")
                .build());
        return b.build();
    }

    private static TypeCase kind(String id, Value expected) {
        return TypeCase.of(
                "{\"find\": \"kinds\", \"filter\": {\"_id\": \"" + id + "\"}, \"projection\": {\"_id\": 0, \"v\": 1}}",
                expected);
    }
}
