package dev.tobira.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command against Redis, as a process, on keys under a prefix of the test's own. */
class RedisCommandIT {
    @TempDir
    Path dir;

    Tobira tobira;
    String dsn;
    String prefix;

    @BeforeEach
    void seed() throws Exception {
        Servers.Address redis = Servers.redis();
        dsn = "redis://" + redis.host() + ":" + redis.port() + "/0";
        prefix = "tobiracli" + ProcessHandle.current().pid() + Long.toHexString(System.nanoTime() & 0xffffff) + ":";
        tobira = new Tobira(dir);
        tobira.config("""
                connections:
                  - name: cache
                    driver: redis
                    dsn: %s
                  - name: cache-ro
                    driver: redis
                    dsn: %s
                    read_only: true
                """.formatted(dsn, dsn));
        Tobira.Run w = tobira.run(
                "query", "cache", "HSET " + prefix + "customer:2 name 'Grace Hopper' country US", "--format", "csv");
        assertEquals("value\n2\n", w.out(), w.err());
    }

    @AfterEach
    void clean() throws Exception {
        if (tobira != null) {
            tobira.run("query", "cache", "DEL " + prefix + "customer:2");
        }
    }

    @Test
    void everyFormatOfAHash() throws Exception {
        String q = "HGETALL " + prefix + "customer:2";
        assertEquals("""
                {
                  "columns": [{"name": "field", "type": "string"}, {"name": "value", "type": "string"}],
                  "rows": [
                    {"field": "name", "value": "Grace Hopper"},
                    {"field": "country", "value": "US"}
                  ],
                  "stats": {"rows_affected": -1, "duration_ms": <DURATION>, "truncated": false}
                }
                """, tobira.run("query", "cache-ro", q).outStable());
        assertEquals(
                """
                field    value
                ───────  ────────────
                name     Grace Hopper
                country  US

                2 rows · <DURATION>
                """, tobira.run("query", "cache-ro", q, "--format", "table").outStable());
        assertEquals(
                "field,value\nname,Grace Hopper\ncountry,US\n",
                tobira.run("query", "cache-ro", q, "--format", "csv").out());
        assertEquals(
                "{\"field\":\"name\",\"value\":\"Grace Hopper\"}\n{\"field\":\"country\",\"value\":\"US\"}\n",
                tobira.run("query", "cache-ro", q, "--format", "ndjson").out());
    }

    /** Issue 29: WRONGTYPE (ErrorKind.DATA) is a query error, exit 3, not usage. */
    @Test
    void aCommandOnAKeyOfAnotherTypeExits3() throws Exception {
        Tobira.Run r = tobira.run("query", "cache-ro", "GET " + prefix + "customer:2");
        assertEquals(3, r.exit(), r.err());
        assertTrue(r.err().startsWith("error: redis: query: ") && r.err().contains("WRONGTYPE"), r.err());
    }

    @Test
    void aWriteOnTheReadOnlyConnectionExits4AndChangesNothing() throws Exception {
        Tobira.Run r = tobira.run("query", "cache-ro", "DEL " + prefix + "customer:2");
        assertEquals(4, r.exit());
        assertEquals("error: redis: query: DEL is not on the read-only allow-list: read-only violation\n", r.err());
        assertEquals(
                "value\n1\n",
                tobira.run("query", "cache-ro", "EXISTS " + prefix + "customer:2", "--format", "csv")
                        .out());
        Tobira.Run flag = tobira.run("query", dsn, "DEL " + prefix + "customer:2", "--read-only");
        assertEquals(4, flag.exit(), "--read-only on a bare DSN");
    }
}
