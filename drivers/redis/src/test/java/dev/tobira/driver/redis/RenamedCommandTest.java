package dev.tobira.driver.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Commands renamed in redis.conf, on private servers of both versions (the machine's redis-server
 * when installed, and embedded-redis's 6.2): a renamed write stays refused under its new name and
 * its old one, a write renamed to a read's name is caught by the name COMMAND INFO answers with, and
 * a server that hides COMMAND itself gets no reads at all.
 *
 * <p>The configuration: FLUSHDB is {@code zzflush}; GET is disabled and SET renamed to GET; TYPE is
 * disabled and DEL renamed to TYPE (a write under the name the driver's own describe uses); CONFIG
 * is disabled. The tests therefore never use GET, SET, TYPE or DEL on the side channel.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RenamedCommandTest {
    private static final List<String> RENAMES = List.of(
            "rename-command FLUSHDB zzflush",
            "rename-command GET \"\"",
            "rename-command SET GET",
            "rename-command TYPE \"\"",
            "rename-command DEL TYPE",
            "rename-command CONFIG \"\"");

    private final Map<RedisServers.Binary, RedisServers.Running> renamed = new EnumMap<>(RedisServers.Binary.class);
    private final Map<RedisServers.Binary, RedisServers.Running> noCommand = new EnumMap<>(RedisServers.Binary.class);
    private final RedisDriver driver = new RedisDriver();

    static Stream<RedisServers.Binary> binaries() {
        return Stream.of(RedisServers.Binary.values());
    }

    private RedisServers.Running server(
            Map<RedisServers.Binary, RedisServers.Running> pool, RedisServers.Binary b, List<String> settings) {
        if (b == RedisServers.Binary.LOCAL && RedisServers.localBinary().isEmpty()) {
            if ("all".equals(System.getProperty("tobira.test.require"))) {
                throw new AssertionError("no redis-server on PATH, and -Dtobira.test.require=all requires one");
            }
            Assumptions.abort("no redis-server on PATH");
        }
        return pool.computeIfAbsent(b, k -> RedisServers.start(k, settings));
    }

    @AfterAll
    void stopServers() {
        renamed.values().forEach(RedisServers.Running::stop);
        noCommand.values().forEach(RedisServers.Running::stop);
    }

    private Native seeded(RedisServers.Running r) {
        Native nat = new Native("127.0.0.1", r.port(), 0);
        nat.call("zzflush");
        nat.call("HSET", "customer:1", "id", "1", "name", "Ada Lovelace");
        nat.call("HSET", "customer:2", "id", "2", "name", "Grace Hopper");
        return nat;
    }

    private Conn open(RedisServers.Running r, boolean readOnly) {
        return driver.open(ConnConfig.of("redis://127.0.0.1:" + r.port() + "/0").withReadOnly(readOnly));
    }

    private static long drain(ResultSet rs) {
        try (rs) {
            long n = 0;
            while (rs.hasNext()) {
                rs.next();
                n++;
            }
            return n;
        }
    }

    private static DriverException refused(Conn conn, Query q) {
        DriverException e = assertThrows(DriverException.class, () -> drain(conn.query(q)), q.text());
        assertEquals(ErrorKind.READ_ONLY, e.kind(), e.getMessage());
        assertTrue(
                e.getMessage().startsWith("redis: query: ") && e.getMessage().endsWith(": read-only violation"),
                e.getMessage());
        return e;
    }

    @ParameterizedTest
    @MethodSource("binaries")
    void aRenamedWriteIsRefusedUnderBothNames(RedisServers.Binary binary) {
        RedisServers.Running r = server(renamed, binary, RENAMES);
        try (Native nat = seeded(r);
                Conn ro = open(r, true);
                Conn rw = open(r, false)) {
            for (String text : List.of("zzflush", "ZZFLUSH", "FLUSHDB", "flushdb")) {
                refused(ro, Query.of(text));
                refused(rw, Query.of(text).withReadOnly(true));
                assertEquals(2L, nat.call("DBSIZE"), text + " changed nothing");
            }
            DriverException unknown = assertThrows(DriverException.class, () -> drain(rw.query(Query.of("FLUSHDB"))));
            assertEquals(
                    ErrorKind.SYNTAX, unknown.kind(), "the old name is unknown to the server: " + unknown.getMessage());
            assertEquals(1, drain(rw.query(Query.of("zzflush"))), "the renamed command is a real write");
            assertEquals(0L, nat.call("DBSIZE"));
        }
    }

    @ParameterizedTest
    @MethodSource("binaries")
    void aWriteRenamedToAReadsNameIsRefused(RedisServers.Binary binary) {
        RedisServers.Running r = server(renamed, binary, RENAMES);
        try (Native nat = seeded(r);
                Conn ro = open(r, true);
                Conn rw = open(r, false)) {
            DriverException e = refused(ro, Query.of("GET probe v"));
            assertTrue(e.getMessage().contains("the server runs GET as SET"), e.getMessage());
            refused(rw, Query.of("get probe v").withReadOnly(true));
            assertEquals(0L, nat.call("EXISTS", "probe"), "the refused write did not happen");
            drain(rw.query(Query.of("GET probe v")));
            assertEquals(1L, nat.call("EXISTS", "probe"), "GET is SET on this server: a real write");
            refused(ro, Query.of("CONFIG GET maxmemory"));
        }
    }

    @ParameterizedTest
    @MethodSource("binaries")
    void theDriversOwnReadsAreConfirmedToo(RedisServers.Binary binary) {
        RedisServers.Running r = server(renamed, binary, RENAMES);
        try (Native nat = seeded(r)) {
            for (boolean readOnly : List.of(true, false)) {
                try (Conn conn = open(r, readOnly)) {
                    DriverException e =
                            assertThrows(DriverException.class, () -> conn.describe(CollectionRef.of("customer")));
                    assertEquals(ErrorKind.READ_ONLY, e.kind(), e.getMessage());
                    assertTrue(
                            e.getMessage().startsWith("redis: describe: the server runs TYPE as DEL"), e.getMessage());
                    assertEquals(2L, nat.call("DBSIZE"), "describe sent no DEL");
                    List<String> names = new ArrayList<>();
                    conn.collections().forEach(c -> names.add(c.name()));
                    assertEquals(List.of("customer"), names, "SCAN is still SCAN here");
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("binaries")
    void withoutCommandInfoNothingPassesReadOnly(RedisServers.Binary binary) {
        RedisServers.Running r = server(noCommand, binary, List.of("rename-command COMMAND \"\""));
        try (Native nat = new Native("127.0.0.1", r.port(), 0);
                Conn ro = open(r, true);
                Conn rw = open(r, false)) {
            nat.call("HSET", "customer:1", "name", "Ada Lovelace");
            DriverException e = refused(ro, Query.of("HGET customer:1 name"));
            assertTrue(e.getMessage().contains("did not answer COMMAND INFO"), e.getMessage());
            assertEquals(1, drain(rw.query(Query.of("HGET customer:1 name"))), "writable connections still work");
        }
    }
}
