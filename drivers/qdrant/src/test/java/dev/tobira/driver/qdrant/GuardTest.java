package dev.tobira.driver.qdrant;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The guard on parsed documents alone: what it lets through and what it refuses, by exact name. */
class GuardTest {
    private static DriverException refused(String text) {
        return assertThrows(DriverException.class, () -> ReadOnlyGuard.check(Request.parse(text, "query"), "query"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "upsert",
                "delete",
                "set_payload",
                "overwrite_payload",
                "delete_payload",
                "clear_payload",
                "update_vectors",
                "delete_vectors",
                "batch",
                "create_collection",
                "delete_collection",
                "update_collection",
                "create_payload_index",
                "delete_payload_index",
                "update_aliases",
                "create_alias",
                "delete_alias",
                "rename_alias",
                "create_snapshot",
                "delete_snapshot",
                "recover_snapshot",
                "create_full_snapshot",
                "delete_full_snapshot",
                "create_shard_key",
                "delete_shard_key",
                "update_collection_cluster_setup",
                "create_vector_name",
                "delete_vector_name",
                "recover_current_peer",
                "remove_peer"
            })
    void everyWriteAndControlOperationIsRefused(String op) {
        DriverException e = refused("{\"" + op + "\": {\"collection\": \"orders\"}}");
        assertEquals(ErrorKind.READ_ONLY, e.kind(), e.getMessage());
        assertTrue(e.getMessage().startsWith("qdrant: query: " + op + " is not a read"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"query\": {\"collection\": \"c\", \"query\": {\"text\": \"hi\", \"model\": \"m\"}}}",
                "{\"query\": {\"collection\": \"c\", \"query\": {\"nearest\": {\"image\": \"https://x/y.png\", \"model\": \"m\"}}}}",
                "{\"query\": {\"collection\": \"c\", \"query\": {\"object\": {}, \"model\": \"m\"}}}",
                "{\"query\": {\"collection\": \"c\", \"prefetch\": [{\"query\": {\"document\": {\"text\": \"hi\"}}}]}}",
                "{\"search\": {\"collection\": \"c\", \"vector\": [1], \"params\": {\"inference\": {\"x\": 1}}}}",
                "{\"query\": {\"collection\": \"c\", \"query\": {\"text\": \"hi\", \"\\u006dodel\": \"m\"}}}",
                "{\"query\": {\"collection\": \"c\", \"query\": {\"text\": \"hi\", \"model\": \"m\", \"options\": {\"k\": 1}}}}"
            })
    void inferenceInputsAreRefused(String text) {
        DriverException e = refused(text);
        assertEquals(ErrorKind.READ_ONLY, e.kind(), e.getMessage());
        assertTrue(e.getMessage().contains("inference service"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"scroll\": {\"collection\": \"c\", \"with_payload\": [\"model\", \"document\"]}}",
                "{\"count\": {\"collection\": \"c\", \"filter\": {\"must\": [{\"key\": \"model\", \"match\": {\"value\": \"image\"}}]}}}",
                "{\"search\": {\"collection\": \"c\", \"vector\": [1, 2]}}",
                "{\"retrieve\": {\"collection\": \"c\", \"ids\": [1]}}",
                "{\"facet\": {\"collection\": \"c\", \"key\": \"object\"}}",
                "{\"query\": {\"collection\": \"c\", \"query\": [0.1, 0.2]}}"
            })
    void readsPass(String text) {
        assertDoesNotThrow(() -> ReadOnlyGuard.check(Request.parse(text, "query"), "query"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"Upsert\": {\"collection\": \"c\"}}",
                "{\"DELETE\": {}}",
                "{\"recommend\": {}}",
                "{\"find\": {}}"
            })
    void unknownOperationsAreInvalidWhateverTheirCase(String text) {
        DriverException e = assertThrows(DriverException.class, () -> Request.parse(text, "query"));
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"scroll\": {\"collection\": \"c\"}, \"delete\": {\"collection\": \"c\"}}",
                "{\"scroll\": null, \"scroll\": {\"collection\": \"c\"}}",
                "{\"scroll\": {\"collection\": \"c\", \"collection\": \"d\"}}",
                "[{\"scroll\": {}}]",
                "{}"
            })
    void documentsOfMoreOrLessThanOneOperationAreRefused(String text) {
        DriverException e = assertThrows(DriverException.class, () -> Request.parse(text, "query"));
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"scroll\": {\"collection\": \"c\"}",
                "{\"scroll\": /* c */ {}}",
                "{\"scroll\": {}} x",
                "not json"
            })
    void malformedJsonIsASyntaxError(String text) {
        DriverException e = assertThrows(DriverException.class, () -> Request.parse(text, "query"));
        assertEquals(ErrorKind.SYNTAX, e.kind(), e.getMessage());
        assertTrue(e.getMessage().startsWith("qdrant: query: the query is not a JSON document"), e.getMessage());
    }
}
