package dev.tobira.driver.redis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Column;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** How replies become rows and values, binary-safe, against a real server. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AbstractReplyMappingTest {
    private static final byte[] BINARY = {(byte) 0xff, 0x00, (byte) 0xc3, 0x28, 0x41};

    private final RedisDriver driver = new RedisDriver();
    private RedisServers.Address address;
    private Native nat;
    private Conn conn;
    private int major;

    abstract RedisServers.Address server();

    @BeforeAll
    void start() {
        address = server();
        nat = new Native(address.host(), address.port(), RedisServers.TEST_DB);
        String v = nat.info("server", "redis_version");
        major = Integer.parseInt(v.substring(0, v.indexOf('.')));
        conn = driver.open(ConnConfig.of(address.dsn(RedisServers.TEST_DB)));
    }

    @AfterAll
    void stop() {
        if (conn != null) {
            conn.close();
        }
        if (nat != null) {
            nat.call("FLUSHDB");
            nat.close();
        }
    }

    @BeforeEach
    void seed() {
        nat.call("FLUSHDB");
        Shop.seed(nat);
        nat.callBytes(List.of(b("SET"), b("bin"), BINARY));
        nat.callBytes(List.of(b("HSET"), b("binhash"), b("text"), b("plain"), b("raw"), BINARY));
        nat.call("RPUSH", "list", "a", "b", "c");
        nat.call("SADD", "set", "x", "y");
        nat.call("XADD", "stream", "1-1", "order", "1", "status", "paid");
        nat.call("XGROUP", "CREATE", "stream", "billing", "0");
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private record Result(List<Column> columns, List<Row> rows) {}

    private Result run(Query q) {
        try (ResultSet rs = conn.query(q)) {
            List<Row> rows = new ArrayList<>();
            rs.forEachRemaining(rows::add);
            return new Result(rs.columns(), rows);
        }
    }

    private Result run(String text) {
        return run(Query.of(text));
    }

    @Test
    void aScalarIsOneRowWithOneColumnValue() {
        Result r = run("HGET customer:1 name");
        assertEquals(List.of(Column.of("value", Value.Kind.TEXT, "string", true)), r.columns());
        assertEquals(List.of(Value.of("Ada Lovelace")), r.rows().get(0).values());
        assertEquals(Value.of(5), run("HLEN customer:1").rows().get(0).get("value"));
        assertEquals(
                Optional.of("integer"), run("HLEN customer:1").columns().get(0).nativeType());
        assertEquals(Value.of("OK"), run("SET greeting hi").rows().get(0).get(0));
        assertEquals(
                Optional.of("string"), run("SET greeting hi").columns().get(0).nativeType());
        Result nil = run("GET no:such:key");
        assertEquals(1, nil.rows().size());
        assertTrue(nil.rows().get(0).get(0).isNull());
    }

    @Test
    void anArrayIsOneRowPerElement() {
        Result r = run("LRANGE list 0 -1");
        assertEquals(
                List.of("a", "b", "c"), r.rows().stream().map(Row::toString).toList());
        assertEquals("value", r.columns().get(0).name());
        assertEquals(0, run("LRANGE no:such:list 0 -1").rows().size());
        Result mget = run("HMGET customer:3 name email");
        assertEquals(Value.of("Linus Torvalds"), mget.rows().get(0).get(0));
        assertTrue(mget.rows().get(1).get(0).isNull(), "a missing field is NULL");
    }

    @Test
    void aHashIsFieldValueRows() {
        Result r = run("HGETALL customer:3");
        assertEquals(
                List.of("field", "value"),
                r.columns().stream().map(Column::name).toList());
        assertEquals(
                List.of("id\t3", "name\tLinus Torvalds", "country\tFI", "created_at\t2026-09-15"),
                r.rows().stream().map(Row::toString).toList());
        assertEquals(
                Set.of(
                        "Ada Lovelace\tGB",
                        "Grace Hopper\tUS",
                        "Linus Torvalds\tFI",
                        "Margaret Hamilton\tUS",
                        "Ken Thompson\tUS"),
                run("HGETALL idx:customer:country").rows().stream()
                        .map(Row::toString)
                        .collect(Collectors.toSet()));
    }

    @Test
    void aSetIsOneRowPerMember() {
        Result r = run("SMEMBERS set");
        assertEquals(Set.of("x", "y"), r.rows().stream().map(Row::toString).collect(Collectors.toSet()));
    }

    @Test
    void nestedRepliesBecomeArraysAndDocs() {
        Result z = run("ZRANGE idx:order:total 0 1 WITHSCORES");
        assertEquals(
                List.of(
                        new Value.Array(List.of(Value.of("6"), Value.of(720.0))),
                        new Value.Array(List.of(Value.of("2"), Value.of(1250.0)))),
                z.rows().stream().map(r -> r.get(0)).toList());
        assertEquals(Value.Kind.ARRAY, z.columns().get(0).kind());
        Result x = run("XRANGE stream - +");
        assertEquals(
                new Value.Array(List.of(
                        Value.of("1-1"),
                        new Value.Array(
                                List.of(Value.of("order"), Value.of("1"), Value.of("status"), Value.of("paid"))))),
                x.rows().get(0).get(0));
        Result groups = run("XINFO GROUPS stream");
        Value.Doc group = assertInstanceOf(Value.Doc.class, groups.rows().get(0).get(0));
        assertEquals(Value.of("billing"), group.fields().get("name"));
        assertEquals(Value.Kind.DOC, groups.columns().get(0).kind());
        Result read = run("XREAD COUNT 5 STREAMS stream 0");
        assertEquals(
                Value.of("stream"), read.rows().get(0).get("field"), "XREAD is a map of stream to entries in RESP3");
        assertInstanceOf(Value.Array.class, read.rows().get(0).get("value"));
        assertEquals(
                Value.of(15000.0), run("ZSCORE idx:order:total 5").rows().get(0).get(0));
    }

    @Test
    void resp3BooleansAndBigNumbersKeepTheirKinds() {
        assertEquals(
                Value.of(true),
                run("EVAL \"redis.setresp(3); return true\" 0").rows().get(0).get(0));
        assertEquals(
                Value.Kind.BOOL,
                run("EVAL \"redis.setresp(3); return false\" 0")
                        .columns()
                        .get(0)
                        .kind());
        if (major >= 7) {
            assertEquals(
                    new Value.Decimal(new BigDecimal("123456789012345678901234567890")),
                    run("EVAL \"redis.setresp(3); return {big_number='123456789012345678901234567890'}\" 0")
                            .rows()
                            .get(0)
                            .get(0));
        }
    }

    @Test
    void bulkStringsThatAreNotUtf8AreBytes() {
        Value v = run("GET bin").rows().get(0).get(0);
        assertArrayEquals(BINARY, assertInstanceOf(Value.Bytes.class, v).value());
        Result hash = run("HGETALL binhash");
        assertEquals(Value.of("plain"), hash.rows().get(0).get("value"));
        assertArrayEquals(BINARY, ((Value.Bytes) hash.rows().get(1).get("value")).value());
        assertEquals(
                Value.of("café"), run("ECHO \"caf\\xc3\\xa9\"").rows().get(0).get(0), "escapes make valid UTF-8");
    }

    @Test
    void binaryArgumentsArriveByteForByte() {
        run("SET \"k:\\xff\\x00\" \"\\xff\\x00\\xc3\\x28\\x41\"");
        Object stored = nat.callBytes(List.of(b("GET"), new byte[] {'k', ':', (byte) 0xff, 0}));
        assertArrayEquals(BINARY, (byte[]) stored);
        run(Query.of("SET k:param").withParams(new Value.Bytes(BINARY)));
        assertArrayEquals(BINARY, (byte[]) nat.call("GET", "k:param"));
        assertEquals(
                Value.of("Ada Lovelace"),
                run(Query.of("HGET customer:1").withParams(Value.of("name")))
                        .rows()
                        .get(0)
                        .get(0));
    }

    @Test
    void scansFollowTheCursorAndStopAtTheLimit() {
        List<String> args = new ArrayList<>(List.of("SADD", "big"));
        for (int i = 0; i < 3000; i++) {
            args.add("m" + i);
        }
        nat.call(args.toArray(new String[0]));
        Result all = run("SSCAN big 0 COUNT 100");
        assertEquals(
                3000,
                all.rows().stream()
                        .map(Row::toString)
                        .collect(Collectors.toSet())
                        .size());
        assertEquals(List.of("member"), all.columns().stream().map(Column::name).toList());
        try (ResultSet rs = conn.query(Query.of("SSCAN big 0 COUNT 100").withLimit(150))) {
            int n = 0;
            while (rs.hasNext()) {
                rs.next();
                n++;
            }
            assertEquals(150, n);
            assertTrue(rs.stats().truncated());
        }
        Result hscan = run("HSCAN customer:1 0");
        assertEquals(
                List.of("field", "value"),
                hscan.columns().stream().map(Column::name).toList());
        assertEquals(5, hscan.rows().size());
        Result keys = run("SCAN 0 MATCH customer:* COUNT 2");
        assertEquals(
                Set.of("customer:1", "customer:2", "customer:3", "customer:4", "customer:5"),
                keys.rows().stream().map(Row::toString).collect(Collectors.toSet()));
        Result zscan = run("ZSCAN idx:order:total 0");
        assertEquals(
                List.of("member", "score"),
                zscan.columns().stream().map(Column::name).toList());
        assertEquals(7, zscan.rows().size());
    }

    @Test
    void namespacesAreLogicalDatabases() {
        nat.select(RedisServers.SCRATCH_DB);
        nat.call("FLUSHDB");
        nat.call("SET", "where", "scratch");
        nat.select(RedisServers.TEST_DB);
        assertEquals(
                Value.of("scratch"),
                run(Query.of("GET where").withNamespace(Integer.toString(RedisServers.SCRATCH_DB)))
                        .rows()
                        .get(0)
                        .get(0));
        assertTrue(run("GET where").rows().get(0).get(0).isNull(), "the DSN's database again");
        DriverException e = assertThrows(
                DriverException.class, () -> run(Query.of("GET where").withNamespace("nope")));
        assertEquals(ErrorKind.NOT_FOUND, e.kind());
        DriverException range = assertThrows(
                DriverException.class, () -> run(Query.of("GET where").withNamespace("9999")));
        assertEquals(ErrorKind.NOT_FOUND, range.kind(), range.getMessage());
        List<String> namespaces = conn.namespaces();
        assertEquals(16, namespaces.size());
        assertTrue(namespaces.contains(Integer.toString(RedisServers.TEST_DB)));
        nat.select(RedisServers.SCRATCH_DB);
        nat.call("FLUSHDB");
        nat.select(RedisServers.TEST_DB);
    }

    @Test
    void serverErrorsAreClassified() {
        assertEquals(ErrorKind.DATA, kind("LRANGE customer:1 0 -1"), "WRONGTYPE");
        assertEquals(ErrorKind.SYNTAX, kind("HGET customer:1"), "wrong number of arguments");
        assertEquals(ErrorKind.SYNTAX, kind("NOSUCHCOMMAND"), "unknown command");
        assertEquals(ErrorKind.NOT_FOUND, kind("XINFO STREAM no:such:stream"), "no such key");
        assertEquals(ErrorKind.NOT_FOUND, kind("EVALSHA 0123456789012345678901234567890123456789 0"), "NOSCRIPT");
        assertEquals(ErrorKind.INVALID_ARGUMENT, kind("INCRBY greeting x"), "not an integer");
        assertFalse(run("PING").rows().isEmpty(), "the connection survives server errors");
    }

    @Test
    void transactionsSpanQueriesOnAWritableConnection() {
        assertEquals(Value.of("OK"), run("MULTI").rows().get(0).get(0));
        assertTrue(
                run("SET probe:multi 1").rows().get(0).get(0).isNull(),
                "a queued command's reply is QUEUED, shown as NULL");
        Result exec = run("EXEC");
        assertEquals(
                List.of(Value.of("OK")), exec.rows().stream().map(r -> r.get(0)).toList());
        assertArrayEquals(b("1"), (byte[]) nat.call("GET", "probe:multi"));
    }

    private ErrorKind kind(String text) {
        DriverException e = assertThrows(DriverException.class, () -> run(text), text);
        assertTrue(e.getMessage().startsWith("redis: query: "), e.getMessage());
        return e.kind();
    }
}
