package dev.tobira.driver.mongodb;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The read-only guard on parsed documents, without a server: what it refuses and what it lets through. */
class GuardTest {
    private static void check(String json) {
        ReadOnlyGuard.check(CommandParser.parse(json, "query"), "query");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"insert\": \"orders\", \"documents\": [{}]}",
                "{\"update\": \"orders\", \"updates\": []}",
                "{\"delete\": \"orders\", \"deletes\": []}",
                "{\"findAndModify\": \"orders\", \"query\": {}, \"remove\": true}",
                "{\"findandmodify\": \"orders\", \"query\": {}, \"remove\": true}",
                "{\"mapReduce\": \"orders\", \"map\": \"\", \"reduce\": \"\", \"out\": {\"inline\": 1}}",
                "{\"mapreduce\": \"orders\", \"map\": \"\", \"reduce\": \"\", \"out\": {\"inline\": 1}}",
                "{\"drop\": \"orders\"}",
                "{\"dropDatabase\": 1}",
                "{\"create\": \"x\"}",
                "{\"createIndexes\": \"orders\", \"indexes\": []}",
                "{\"renameCollection\": \"a.b\", \"to\": \"a.c\"}",
                "{\"FIND\": \"orders\"}",
                "{\"Find\": \"orders\"}",
                "{\"find \": \"orders\"}",
                "{\"getMore\": 1, \"collection\": \"orders\"}",
                "{\"killCursors\": \"orders\", \"cursors\": []}",
                "{\"eval\": \"db.orders.drop()\"}",
                "{\"bulkWrite\": 1, \"ops\": []}",
                "{\"aggregate\": \"orders\", \"pipeline\": [{\"$out\": \"x\"}], \"cursor\": {}}",
                "{\"aggregate\": \"orders\", \"pipeline\": [{\"$merge\": {\"into\": \"x\"}}], \"cursor\": {}}",
                "{\"aggregate\": \"orders\", \"pipeline\": [{\"$facet\": {\"a\": [{\"$out\": \"x\"}]}}], \"cursor\": {}}",
                "{\"aggregate\": \"orders\", \"pipeline\": [{\"$facet\": {\"a\": [{\"$lookup\": {\"from\": \"c\", \"as\": \"c\","
                        + " \"pipeline\": [{\"$unionWith\": {\"coll\": \"d\", \"pipeline\": [{\"$merge\": \"x\"}]}}]}}]}}], \"cursor\": {}}",
                "{\"aggregate\": \"orders\", \"pipeline\": [{\"$lookup\": {\"from\": \"c\", \"as\": \"c\", \"pipeline\": [{\"$out\": \"x\"}]}}], \"cursor\": {}}",
                "{\"aggregate\": \"orders\", \"pipeline\": [{\"$unionWith\": {\"coll\": \"c\", \"pipeline\": [{\"$merge\": {\"into\": \"x\"}}]}}], \"cursor\": {}}",
                "{\"aggregate\": 1, \"pipeline\": [{\"$currentOp\": {}}], \"cursor\": {}}",
                "{\"aggregate\": 1, \"pipeline\": [{\"$listSessions\": {}}], \"cursor\": {}}",
                "{\"aggregate\": \"orders\", \"pipeline\": [{\"$planCacheStats\": {}}], \"cursor\": {}}",
                "{\"aggregate\": \"orders\", \"pipeline\": [{\"$changeStream\": {}}], \"cursor\": {}}",
                "{\"aggregate\": \"orders\", \"pipeline\": [{\"$match\": {}, \"$out\": \"x\"}], \"cursor\": {}}",
                "{\"aggregate\": \"orders\", \"pipeline\": {\"$out\": \"x\"}, \"cursor\": {}}",
                "{\"aggregate\": \"orders\", \"cursor\": {}}",
                "{\"aggregate\": \"orders\", \"pipeline\": [{\"\\u0024out\": \"x\"}], \"cursor\": {}}",
                "{\"find\": \"orders\", \"filter\": {\"$where\": \"sleep(1000) || true\"}}",
                "{\"find\": \"orders\", \"filter\": {\"$expr\": {\"$function\": {\"body\": \"function() {return true}\", \"args\": [], \"lang\": \"js\"}}}}",
                "{\"aggregate\": \"orders\", \"pipeline\": [{\"$group\": {\"_id\": 1, \"a\": {\"$accumulator\": {}}}}], \"cursor\": {}}",
                "{\"find\": \"orders\", \"filter\": {\"a\": {\"$code\": \"function() {}\"}}}",
                "{\"find\": \"orders\", \"writeConcern\": {\"w\": 1}}",
                "{\"aggregate\": \"orders\", \"pipeline\": [], \"cursor\": {}, \"writeConcern\": {\"w\": \"majority\"}}",
                "{\"find\": \"orders\", \"lsid\": {\"id\": 1}}",
                "{\"find\": \"orders\", \"$db\": \"admin\"}",
                "{\"find\": \"orders\", \"startTransaction\": true}",
                "{\"explain\": {\"insert\": \"orders\", \"documents\": [{}]}, \"verbosity\": \"executionStats\"}",
                "{\"explain\": {\"aggregate\": \"orders\", \"pipeline\": [{\"$out\": \"x\"}], \"cursor\": {}}}",
                "{\"explain\": {\"explain\": {\"find\": \"orders\"}}}",
                "{\"explain\": \"orders\"}",
                "{\"find\": \"orders\", \"find\": \"orders\"}",
                "{\"insert\": null, \"insert\": \"orders\", \"documents\": [{}]}",
                "{\"find\": \"orders\", \"filter\": {\"a\": 1, \"a\": 2}}",
            })
    void refused(String json) {
        DriverException e = assertThrows(DriverException.class, () -> check(json), json);
        assertEquals(ErrorKind.READ_ONLY, e.kind(), e.getMessage());
        assertTrue(e.getMessage().startsWith("mongodb: query: "), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"find\": \"orders\", \"filter\": {\"status\": \"$out\"}, \"sort\": {\"_id\": 1}}",
                "{\"find\": \"orders\", \"filter\": {\"delete\": 1, \"writeConcern\": 1, \"out\": \"merge\"}}",
                "{\"aggregate\": \"orders\", \"pipeline\": [{\"$match\": {\"status\": \"paid\"}}, {\"$group\": {\"_id\": \"$customer_id\"}}],"
                        + " \"cursor\": {}}",
                "{\"aggregate\": \"orders\", \"pipeline\": [{\"$facet\": {\"a\": [{\"$match\": {}}], \"b\": [{\"$count\": \"n\"}]}}], \"cursor\": {}}",
                "{\"aggregate\": \"orders\", \"pipeline\": [{\"$lookup\": {\"from\": \"c\", \"as\": \"c\", \"pipeline\": [{\"$match\": {}}]}}],"
                        + " \"cursor\": {}}",
                "{\"aggregate\": \"orders\", \"pipeline\": [{\"$unionWith\": \"customers\"}], \"cursor\": {}}",
                "{\"aggregate\": \"orders\", \"pipeline\": [{\"$set\": {\"x\": 1}}, {\"$unset\": \"x\"}], \"cursor\": {}}",
                "{\"count\": \"orders\", \"query\": {\"status\": \"drop\"}}",
                "{\"distinct\": \"orders\", \"key\": \"status\"}",
                "{\"listCollections\": 1, \"nameOnly\": true}",
                "{\"listIndexes\": \"orders\"}",
                "{\"collStats\": \"orders\"}",
                "{\"collstats\": \"orders\"}",
                "{\"dbStats\": 1}",
                "{\"dbstats\": 1}",
                "{\"explain\": {\"find\": \"orders\"}, \"verbosity\": \"queryPlanner\"}",
                "{\"ping\": 1}",
                "{\"find\": \"orders\", \"comment\": \"drop table orders; $out\"}",
                "{\"find\": \"orders\", \"filter\": {\"_id\": {\"$oid\": \"65a1b2c3d4e5f60718293a4b\"}}}",
            })
    void allowed(String json) {
        assertDoesNotThrow(() -> check(json), json);
    }
}
