package dev.tobira.driver.qdrant;

import static dev.tobira.drivertest.ProbeFamily.ADMIN;
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
import dev.tobira.drivertest.Evidence;
import dev.tobira.drivertest.Fixture;
import dev.tobira.drivertest.JsonLanguage;
import dev.tobira.drivertest.SafeRead;
import dev.tobira.drivertest.SilentServer;
import dev.tobira.drivertest.TypeCase;
import dev.tobira.drivertest.VectorCase;
import dev.tobira.drivertest.WriteProbe;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The strict kit against the in-process {@link FakeQdrant} (or {@code TOBIRA_TEST_QDRANT_URL}, or a
 * {@code qdrant/qdrant} container), in the JSON operation language: every point write, the batch and
 * the collection and index operations the driver sends are proven on a writable connection and refused
 * read-only with the kit's JSON variants; the inference inputs are proven by the fake's inference log
 * (a real server would send them to an embedding service) and refused read-only. The alias, snapshot,
 * shard and collection-update operations the driver does not send are inapplicable, still sent on both
 * read-only paths.
 */
class QdrantConformanceTest extends DriverConformanceTest {
    private static final String NOT_SENT = "the driver does not send this operation even on a writable connection"
            + " (UNSUPPORTED), so it cannot be proven; read-only it is refused by name";

    @Override
    protected Fixture fixture() {
        String dsn = QdrantServers.dsn();
        Native nat = new Native(dsn, QdrantServers.apiKey());
        nat.seed();
        String slow = nat.rows(200_000);
        Optional<FakeQdrant> fake = QdrantServers.runningFake();
        // describeSample=0: describe reports the point id, the vectors and the indexes only. With its sample of
        // payloads it would report every shop field, which the kit's SCHEMA check, absent for a JSON language and
        // not declarable, takes for a schema; DriverTest checks the sampled fields instead
        ConnConfig writable = ConnConfig.of(dsn)
                .withPassword(Secret.of(QdrantServers.apiKey()))
                .withOption("describeSample", "0");
        // read-only connections carry the server's read-only key (the fake's, as Qdrant's read_only_api_key), the
        // boundary the README recommends; the layer without tobira's statement check shows what that key stops alone
        ConnConfig readOnly = ConnConfig.of(dsn)
                .withPassword(Secret.of(QdrantServers.readOnlyApiKey()))
                .withOption("describeSample", "0")
                .withReadOnly(true);
        Fixture.Builder b = Fixture.builder(new QdrantDriver())
                .writable(writable)
                .readOnly(readOnly)
                .withoutStatementCheck(new QdrantDriver(false))
                .json(JsonLanguage.builder()
                        .valueSlot(
                                "{\"scroll\": {\"collection\": \"orders\", \"filter\": {\"must\": [{\"key\": \"status\","
                                        + " \"match\": {\"value\": {{value}}}}]}}}")
                        .build())
                .seed(() -> {
                    nat.seed();
                    fake.ifPresent(FakeQdrant::forgetInferences);
                })
                .fingerprint(nat::fingerprint)
                .rows(n -> "{\"scroll\": {\"collection\": \"" + nat.rows(n) + "\", \"limit\": 1000}}")
                // a page of one point per call: two hundred thousand round trips
                .slow("{\"scroll\": {\"collection\": \"" + slow + "\", \"limit\": 1}}")
                .missing(
                        "{\"scroll\": {\"collection\": \"no_such_collection\"}}",
                        CollectionRef.of("no_such_collection"))
                .shop(
                        CollectionRef.of("customers"),
                        CollectionRef.of("orders"),
                        "{\"scroll\": {\"collection\": \"customers\", \"with_payload\": [\"name\", \"country\"]}}")
                .insertQuery("{\"upsert\": {\"collection\": \"customers\", \"points\": [{\"id\": 6, \"payload\":"
                        + " {\"name\": \"Barbara Liskov\", \"email\": \"barbara@example.com\", \"country\": \"US\","
                        + " \"created_at\": \"2026-11-01\"}}]}}")
                .without(
                        Behavior.PARAMETERS,
                        "a Qdrant operation document has no placeholders; values are in the document")
                // a result of one column is only count's: every other read has the point id first (see DriverTest for
                // the kinds)
                .types(TypeCase.of("{\"count\": {\"collection\": \"orders\"}}", Value.of(7)))
                .completion("{\"scroll\": {\"collection\": \"cust", "customers")
                .vector(VectorCase.of(
                        CollectionRef.of("orders"),
                        new Value.Vector(Native.orderVector(5, 4, 15000, "pending")),
                        3,
                        Value.of(5)))
                .probes(probes())
                .safeReads(
                        SafeRead.of(
                                "scroll-filter",
                                "{\"scroll\": {\"collection\": \"orders\", \"filter\": {\"must\":"
                                        + " [{\"key\": \"status\", \"match\": {\"value\": \"paid\"}}], \"must_not\": [{\"key\": \"total_cents\","
                                        + " \"range\": {\"gt\": 4000}}]}, \"limit\": 2}}"),
                        SafeRead.of(
                                "search",
                                "{\"search\": {\"collection\": \"orders\", \"vector\": [0.3, 0.2, 1, 0.1], \"limit\": 3}}"),
                        SafeRead.of(
                                "query-by-id",
                                "{\"query\": {\"collection\": \"orders\", \"query\": {\"nearest\": 1}, \"limit\": 2}}"),
                        SafeRead.of(
                                "count-filter",
                                "{\"count\": {\"collection\": \"orders\", \"filter\": {\"should\": [{\"key\":"
                                        + " \"status\", \"match\": {\"any\": [\"pending\", \"refunded\"]}}]}}}"),
                        SafeRead.of(
                                "retrieve",
                                "{\"retrieve\": {\"collection\": \"customers\", \"ids\": [1, 3], \"with_vector\": true}}"),
                        SafeRead.of("facet", "{\"facet\": {\"collection\": \"orders\", \"key\": \"status\"}}"),
                        SafeRead.of(
                                "scroll-string-holding-delete",
                                "{\"scroll\": {\"collection\": \"orders\", \"filter\": {\"must\":"
                                        + " [{\"key\": \"status\", \"match\": {\"value\": \"{\\\"delete\\\": {\\\"collection\\\": \\\"orders\\\","
                                        + " \\\"points\\\": [1]}}\"}}]}}}"),
                        SafeRead.of(
                                "scroll-field-named-upsert",
                                "{\"scroll\": {\"collection\": \"orders\", \"filter\": {\"must\":"
                                        + " [{\"key\": \"upsert\", \"match\": {\"value\": \"delete_collection\"}}]}}}"),
                        SafeRead.of(
                                "payload-fields-named-model-and-document",
                                "{\"scroll\": {\"collection\": \"orders\","
                                        + " \"with_payload\": [\"model\", \"document\", \"image\"]}}"),
                        SafeRead.of(
                                "text-match",
                                "{\"count\": {\"collection\": \"customers\", \"filter\": {\"must\": [{\"key\":"
                                        + " \"name\", \"match\": {\"text\": \"Lovelace\"}}]}}}"))
                .minimumProvenProbes(145)
                .onClose(nat);
        if (fake.isEmpty()) {
            for (String p : List.of("qdrant.query-document", "qdrant.query-nearest-image", "qdrant.query-object")) {
                b.withoutProbe(
                        p,
                        "only the in-process fake logs what its inference service is asked: another server's"
                                + " embedding calls cannot be seen from here");
            }
        }
        for (String p : List.of(
                "qdrant.create-snapshot",
                "qdrant.update-collection",
                "qdrant.create-shard-key",
                "qdrant.delete-snapshot")) {
            b.withoutProbe(p, NOT_SENT);
        }
        // a server on 127.0.0.1:port that accepts and never answers: open and query must end as TIMEOUT in time
        b.serverAt(SilentServer.hostPort(writable));
        b.badInput(BadInput.builder()
                .malformed(
                        "{\"scroll\": {\"collection\": \"orders\", \"limit\": -1}}",
                        "{\"scroll\": {\"collection\": \"orders\", \"limit\": 1.5}}",
                        "{\"scroll\": {\"collection\": \"orders\", \"offset\": {\"x\": 1}}}",
                        "{\"retrieve\": {\"collection\": \"orders\", \"ids\": [\"zz\"]}}",
                        "{\"search\": {\"collection\": \"orders\", \"vector\": [NaN, 1, 2, 3], \"limit\": 1}}",
                        "{\"search\": {\"collection\": \"orders\", \"vector\": [1e999, 1, 2, 3], \"limit\": 1}}",
                        "{\"search\": {\"collection\": \"orders\", \"vector\": [\"x\"], \"limit\": 1}}",
                        "{\"query\": {\"collection\": \"orders\", \"query\": {\"nearest\": [1, 2]}, \"limit\": 99999999999999999999}}",
                        "{\"count\": {\"collection\": \"orders\", \"filter\": {\"must\": [{\"key\": \"status\", \"match\": {\"value\": {}}}]}}}",
                        "{\"scroll\": {\"collection\": \"\"}}",
                        "{\"scroll\": {}}",
                        "{\"scroll\": null}")
                .build());
        return b.build();
    }

    private static List<WriteProbe> probes() {
        List<WriteProbe> p = new ArrayList<>(List.of(
                WriteProbe.of(
                        "qdrant.upsert",
                        DML,
                        "{\"upsert\": {\"collection\": \"orders\", \"points\": [{\"id\": 99,"
                                + " \"vector\": [0.1, 0.2, 0.3, 0.4], \"payload\": {\"status\": \"hacked\"}}]}}"),
                WriteProbe.of(
                        "qdrant.upsert-overwrite",
                        DML,
                        "{\"upsert\": {\"collection\": \"customers\", \"points\":"
                                + " [{\"id\": 1, \"payload\": {\"name\": \"hacked\"}}]}}"),
                WriteProbe.of("qdrant.delete-ids", DML, "{\"delete\": {\"collection\": \"orders\", \"points\": [1]}}"),
                WriteProbe.of(
                        "qdrant.delete-filter",
                        DML,
                        "{\"delete\": {\"collection\": \"orders\", \"filter\": {\"must\":"
                                + " [{\"key\": \"status\", \"match\": {\"value\": \"paid\"}}]}}}"),
                WriteProbe.of(
                        "qdrant.set-payload",
                        DML,
                        "{\"set_payload\": {\"collection\": \"orders\", \"payload\":"
                                + " {\"status\": \"refunded\"}, \"points\": [1]}}"),
                WriteProbe.of(
                        "qdrant.overwrite-payload",
                        DML,
                        "{\"overwrite_payload\": {\"collection\": \"orders\","
                                + " \"payload\": {\"x\": 1}, \"points\": [2]}}"),
                WriteProbe.of(
                        "qdrant.delete-payload",
                        DML,
                        "{\"delete_payload\": {\"collection\": \"orders\", \"keys\":"
                                + " [\"status\"], \"points\": [3]}}"),
                WriteProbe.of(
                        "qdrant.clear-payload",
                        DML,
                        "{\"clear_payload\": {\"collection\": \"orders\", \"points\": [4]}}"),
                WriteProbe.of(
                        "qdrant.update-vectors",
                        DML,
                        "{\"update_vectors\": {\"collection\": \"orders\", \"points\":"
                                + " [{\"id\": 5, \"vector\": [1, 0, 0, 0]}]}}"),
                WriteProbe.of(
                        "qdrant.delete-vectors",
                        DML,
                        "{\"delete_vectors\": {\"collection\": \"types\", \"vector\": [\"b\"],"
                                + " \"filter\": {\"must\": [{\"key\": \"s\", \"match\": {\"value\": \"text\"}}]}}}"),
                // two writes in one request
                WriteProbe.of(
                        "qdrant.batch",
                        STACKING,
                        "{\"batch\": {\"collection\": \"orders\", \"operations\": [{\"delete\":"
                                + " {\"points\": [6]}}, {\"set_payload\": {\"payload\": {\"status\": \"void\"}, \"points\": [7]}}]}}"),
                WriteProbe.of(
                        "qdrant.create-collection",
                        DDL,
                        "{\"create_collection\": {\"collection\": \"probe_t\","
                                + " \"vectors\": {\"size\": 2, \"distance\": \"Dot\"}}}"),
                WriteProbe.of("qdrant.delete-collection", DDL, "{\"delete_collection\": {\"collection\": \"orders\"}}"),
                WriteProbe.of(
                        "qdrant.create-payload-index",
                        DDL,
                        "{\"create_payload_index\": {\"collection\": \"orders\","
                                + " \"field_name\": \"status\", \"field_schema\": \"keyword\"}}"),
                WriteProbe.of(
                        "qdrant.delete-payload-index",
                        DDL,
                        "{\"delete_payload_index\": {\"collection\": \"orders\","
                                + " \"field_name\": \"customer_id\"}}"),
                WriteProbe.of(
                        "qdrant.update-aliases",
                        ADMIN,
                        "{\"update_aliases\": {\"actions\": [{\"create_alias\":"
                                + " {\"collection_name\": \"orders\", \"alias_name\": \"probe_alias\"}}]}}"),
                WriteProbe.of("qdrant.create-snapshot", ADMIN, "{\"create_snapshot\": {\"collection\": \"orders\"}}"),
                WriteProbe.of(
                        "qdrant.delete-snapshot",
                        ADMIN,
                        "{\"delete_snapshot\": {\"collection\": \"orders\","
                                + " \"snapshot_name\": \"orders-1.snapshot\"}}"),
                WriteProbe.of(
                        "qdrant.update-collection",
                        DDL,
                        "{\"update_collection\": {\"collection\": \"orders\","
                                + " \"optimizers_config\": {\"indexing_threshold\": 0}}}"),
                WriteProbe.of(
                        "qdrant.create-shard-key",
                        ADMIN,
                        "{\"create_shard_key\": {\"collection\": \"orders\"," + " \"shard_key\": \"probe\"}}")));
        Evidence inference = Evidence.of(
                () -> QdrantServers.runningFake().ifPresent(FakeQdrant::forgetInferences),
                () -> QdrantServers.runningFake()
                        .map(f -> !f.inferences().isEmpty())
                        .orElse(false));
        p.add(WriteProbe.of(
                        "qdrant.query-document",
                        SIDE_EFFECT_FUNCTION,
                        "{\"query\": {\"collection\": \"orders\", \"query\":"
                                + " {\"text\": \"the orders of Ada\", \"model\": \"sentence-transformers/all-minilm-l6-v2\"}, \"limit\": 1}}")
                .provenBy(inference));
        p.add(WriteProbe.of(
                        "qdrant.query-nearest-image",
                        SIDE_EFFECT_FUNCTION,
                        "{\"query\": {\"collection\": \"orders\","
                                + " \"query\": {\"nearest\": {\"image\": \"https://example.com/x.png\", \"model\": \"qdrant/clip-vit-b-32-vision\"}},"
                                + " \"limit\": 1}}")
                .provenBy(inference));
        p.add(WriteProbe.of(
                        "qdrant.query-object",
                        SIDE_EFFECT_FUNCTION,
                        "{\"query\": {\"collection\": \"orders\", \"query\":"
                                + " {\"object\": {\"any\": \"thing\"}, \"model\": \"my-provider/model\", \"options\": {\"key\": \"x\"}}, \"limit\": 1}}")
                .provenBy(inference));
        return p;
    }
}
