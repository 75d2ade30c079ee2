package dev.tobira.driver.dynamodb;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The read-only guard on parsed commands, without a server: what it lets through and what it refuses, and as what. */
class GuardTest {
    private static void check(String text) {
        ReadOnlyGuard.check(Command.parse(text, List.of(), "query"), "query");
    }

    private static ErrorKind refusal(String text) {
        DriverException e = assertThrows(DriverException.class, () -> check(text), text);
        assertTrue(e.getMessage().startsWith("dynamodb: query: "), e.getMessage());
        return e.kind();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT * FROM \"orders\" WHERE id = 1",
                "select name from \"customers\"",
                "  -- a comment that says DELETE\nSELECT * FROM \"orders\"",
                "SELECT * FROM \"orders\" WHERE status = 'DELETE FROM \"orders\"'",
                "SELECT * FROM \"orders\" /* ; DELETE FROM \"orders\" */",
                "SELECT * FROM \"orders\";",
                "SELECT \"delete\" FROM \"orders\""
            })
    void aPartiqlSelectPasses(String text) {
        assertDoesNotThrow(() -> check(text));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "INSERT INTO \"customers\" VALUE {'id': 9}",
                "UPDATE \"orders\" SET status = 'x' WHERE id = 1",
                "DELETE FROM \"orders\" WHERE id = 1",
                "delete from \"orders\" where id = 1",
                "SELECT * FROM \"orders\"; DELETE FROM \"orders\" WHERE id = 1",
                // a reader that nests comments sees one comment then SELECT; one that does not sees DELETE
                "/* /* */ DELETE FROM \"orders\" WHERE id = 1 /* */ SELECT * FROM \"orders\"",
                // a carriage return ends the comment for one reader and not for the other
                "SELECT 1 -- \r; DELETE FROM \"orders\" WHERE id = 1",
                "SELECT * FROM \"orders\" WHERE a = `{'x': 1}`"
            })
    void partiqlThatIsNotOneSelectIsRefused(String text) {
        ErrorKind kind = refusal(text);
        assertTrue(kind == ErrorKind.READ_ONLY || kind == ErrorKind.SYNTAX, text + ": " + kind);
    }

    @Test
    void existsAndTyposAreRefusedBeforeAnyRequest() {
        assertEquals(ErrorKind.SYNTAX, refusal("EXISTS(SELECT * FROM \"orders\" WHERE id = 1)"));
        assertEquals(ErrorKind.SYNTAX, refusal("selec * from \"orders\""));
        assertEquals(ErrorKind.SYNTAX, refusal("SELECT * FROM \"orders"));
    }

    static List<String> writes() {
        return List.of(
                "PutItem",
                "UpdateItem",
                "DeleteItem",
                "BatchWriteItem",
                "TransactWriteItems",
                "TransactGetItems",
                "BatchExecuteStatement",
                "ExecuteTransaction",
                "CreateTable",
                "UpdateTable",
                "DeleteTable",
                "UpdateTimeToLive",
                "TagResource",
                "UntagResource",
                "CreateBackup",
                "DeleteBackup",
                "RestoreTableFromBackup",
                "RestoreTableToPointInTime",
                "ExportTableToPointInTime",
                "ImportTable",
                "UpdateContinuousBackups",
                "CreateGlobalTable",
                "UpdateGlobalTable",
                "PutResourcePolicy",
                "DeleteResourcePolicy",
                "EnableKinesisStreamingDestination",
                "UpdateContributorInsights",
                "ListTables",
                "DescribeLimits");
    }

    @ParameterizedTest
    @MethodSource("writes")
    void everyOperationButTheReadsIsRefusedByNameInAnyCase(String name) {
        for (String spelling : List.of(
                name,
                name.toLowerCase(Locale.ROOT),
                name.toUpperCase(Locale.ROOT),
                "\\u00" + Integer.toHexString(name.charAt(0)) + name.substring(1))) {
            for (String doc : List.of(
                    "{\"" + spelling + "\": {}}", " {\n\t\"" + spelling + "\" : { \"TableName\" : \"orders\" } } ")) {
                DriverException e = assertThrows(DriverException.class, () -> check(doc), doc);
                assertEquals(ErrorKind.READ_ONLY, e.kind(), doc + ": " + e.getMessage());
                assertTrue(e.getMessage().contains(name + " is not a read"), e.getMessage());
            }
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"Scan\": {\"TableName\": \"orders\"}}",
                "{\"scan\": {\"TableName\": \"orders\"}}",
                "{\"Query\": {\"TableName\": \"orders\", \"KeyConditionExpression\": \"id = :id\"}}",
                "{\"GetItem\": {\"TableName\": \"orders\", \"Key\": {\"id\": {\"N\": \"1\"}}}}",
                "{\"BatchGetItem\": {\"RequestItems\": {}}}",
                "{\"DescribeTable\": {\"TableName\": \"orders\"}}",
                "{\"ExecuteStatement\": {\"Statement\": \"SELECT * FROM \\\"orders\\\"\"}}"
            })
    void theReadOperationsPass(String doc) {
        assertDoesNotThrow(() -> check(doc));
    }

    @Test
    void executeStatementCarriesItsStatementThroughThePartiqlCheck() {
        assertEquals(
                ErrorKind.READ_ONLY,
                refusal("{\"ExecuteStatement\": {\"Statement\": \"DELETE FROM \\\"orders\\\"\"}}"));
        // several statements are refused as such, before anything is read of what they are (issue 29)
        assertEquals(
                ErrorKind.SYNTAX,
                refusal("{\"ExecuteStatement\": {\"Statement\": \"SELECT 1; DELETE FROM \\\"o\\\"\"}}"));
        assertEquals(ErrorKind.INVALID_ARGUMENT, refusal("{\"ExecuteStatement\": {\"Statement\": 1}}"));
        assertEquals(ErrorKind.INVALID_ARGUMENT, refusal("{\"ExecuteStatement\": {}}"));
    }

    @Test
    void badDocumentsAreRefusedAsWhatTheyAre() {
        assertEquals(ErrorKind.SYNTAX, refusal("{\"Scan\": {\"TableName\": \"orders\""));
        assertEquals(ErrorKind.SYNTAX, refusal("{\"Scan\": {\"TableName\": \"orders\"}} trailing"));
        assertEquals(ErrorKind.INVALID_ARGUMENT, refusal("{\"Scan\": {\"TableName\": \"orders\"}, \"PutItem\": {}}"));
        assertEquals(ErrorKind.INVALID_ARGUMENT, refusal("{\"Scan\": {}, \"Scan\": {}}"));
        assertEquals(ErrorKind.INVALID_ARGUMENT, refusal("{\"PutItem\": null, \"PutItem\": {}}"));
        assertEquals(ErrorKind.INVALID_ARGUMENT, refusal("{\"Scan\": {\"TableName\": \"a\", \"TableName\": \"b\"}}"));
        assertEquals(ErrorKind.INVALID_ARGUMENT, refusal("{\"Frobnicate\": {}}"));
        assertEquals(ErrorKind.INVALID_ARGUMENT, refusal("{\" PutItem\": {}}"));
        assertEquals(ErrorKind.INVALID_ARGUMENT, refusal("{}"));
        assertEquals(ErrorKind.INVALID_ARGUMENT, refusal("{\"Scan\": \"orders\"}"));
        assertEquals(ErrorKind.INVALID_ARGUMENT, refusal("   "));
    }

    @Test
    void anUnknownOperationIsNamedAndCut() {
        String name = "Frobnicate" + "x".repeat(200);
        DriverException e = assertThrows(DriverException.class, () -> check("{\"" + name + "\": {}}"));
        assertTrue(e.getMessage().contains("unknown operation 'Frobnicate"), e.getMessage());
        assertFalse(e.getMessage().contains(name), "a long name is cut: " + e.getMessage());
    }

    @Test
    void aJsonDocumentTakesNoParameters() {
        DriverException e = assertThrows(
                DriverException.class,
                () -> Command.parse(
                        "{\"Scan\": {\"TableName\": \"orders\"}}", List.of(dev.tobira.api.Value.of(1)), "query"));
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
    }
}
