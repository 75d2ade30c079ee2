package dev.tobira.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 29: the {@code tobira} jar is the command with every published driver, as its README says. */
class DistributionIT {
    @TempDir
    Path dir;

    @Test
    void theJarHoldsEveryPublishedDriver() throws Exception {
        Tobira tobira = new Tobira(dir);
        Tobira.Run r = tobira.run("drivers", "--format", "csv");
        assertEquals(0, r.exit(), r.err());
        assertEquals(
                List.of("bigquery", "duckdb", "dynamodb", "mongodb", "mysql", "postgres", "qdrant", "redis", "sqlite"),
                r.out().lines().skip(1).map(l -> l.substring(0, l.indexOf(','))).toList(),
                r.out());
        assertEquals("", r.err());
    }

    @Test
    void eachAddedDriverOpensItsSchemeAndSpeaksOnlyThroughOneErrorLine() throws Exception {
        Tobira tobira = new Tobira(dir);
        for (String dsn : new String[] {
            "mongodb://127.0.0.1:1/shop", "qdrant://127.0.0.1:1", "dynamodb://127.0.0.1:1?region=us-east-1"
        }) {
            Tobira.Run r = tobira.run("query", dsn, "select 1", "--timeout", "3s");
            assertTrue(r.exit() == 2 || r.exit() == 3, dsn + ": " + r.err());
            assertFalse(r.err().contains("no driver for scheme"), r.err());
            assertTrue(
                    r.err().startsWith("error: ") && r.err().lines().count() == 1,
                    "one error line, no client's log: " + r.err());
        }
    }
}
