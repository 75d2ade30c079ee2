package dev.tobira.driver.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.Secret;
import dev.tobira.drivertest.SilentServer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** DSNs, credentials and their redaction, against a private server that requires a password. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DsnTest {
    private static final String PASSWORD = "s3cr3t-p@ss:word";
    private static final String ALICE = "w0nd3r/land";
    private RedisServers.Running server;
    private final RedisDriver driver = new RedisDriver();

    private RedisServers.Running server() {
        if (server == null) {
            server = RedisServers.start(
                    RedisServers.Binary.EMBEDDED,
                    List.of("requirepass \"" + PASSWORD + "\"", "user alice on >" + ALICE + " ~* +@all"));
        }
        return server;
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.stop();
        }
    }

    private static String encode(String s) {
        return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void parsesTheDsn() {
        Target t = Target.of(ConnConfig.of("rediss://bob:" + encode(PASSWORD) + "@db.example:6380/3?verifyPeer=ca"));
        assertEquals("db.example", t.host());
        assertEquals(6380, t.port());
        assertTrue(t.tls());
        assertEquals(3, t.db());
        assertEquals("bob", t.user().orElseThrow());
        assertEquals(PASSWORD, t.password());
        assertEquals("ca", t.verifyPeer());
        assertFalse(t.toString().contains(PASSWORD), t.toString());
        Target defaults = Target.of(ConnConfig.of("redis://"));
        assertEquals("127.0.0.1", defaults.host());
        assertEquals(6379, defaults.port());
        assertEquals(0, defaults.db());
        assertFalse(defaults.tls());
    }

    @Test
    void badDsnsAreInvalidArguments() {
        for (String dsn : List.of(
                "redis://:" + encode(PASSWORD) + "@h/notadb",
                "redis://:" + encode(PASSWORD) + "@h/0?nope=1",
                "redis://:" + encode(PASSWORD) + "@h/0?verifyPeer=sometimes",
                "postgres://:" + encode(PASSWORD) + "@h/0")) {
            DriverException e = assertThrows(DriverException.class, () -> driver.open(ConnConfig.of(dsn)), dsn);
            assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
            assertTrue(e.getMessage().startsWith("redis: open: "), e.getMessage());
            assertFalse(e.getMessage().contains(PASSWORD) || e.getMessage().contains(encode(PASSWORD)), e.getMessage());
        }
    }

    @Test
    void thePasswordComesFromTheDsnOrTheConfigAndNeverShows() {
        String base = "redis://127.0.0.1:" + server().port() + "/0";
        try (Conn c =
                driver.open(ConnConfig.of("redis://:" + encode(PASSWORD) + "@127.0.0.1:" + server().port() + "/0"))) {
            c.ping();
        }
        try (Conn c = driver.open(
                ConnConfig.of(base).withPassword(Secret.of(PASSWORD)).withReadOnly(true))) {
            c.query(Query.of("DBSIZE")).close();
        }
        try (Conn c =
                driver.open(ConnConfig.of("redis://alice:" + encode(ALICE) + "@127.0.0.1:" + server().port() + "/0"))) {
            assertEquals("alice", c.query(Query.of("ECHO alice")).next().get(0).toString());
        }
        for (ConnConfig wrong : List.of(
                ConnConfig.of(base).withPassword(Secret.of(PASSWORD + "x")),
                ConnConfig.of("redis://alice:" + encode(PASSWORD) + "@127.0.0.1:" + server().port() + "/0"))) {
            DriverException e = assertThrows(DriverException.class, () -> driver.open(wrong));
            assertEquals(ErrorKind.AUTH, e.kind(), e.getMessage());
            assertNoSecret(e);
        }
        DriverException none = assertThrows(DriverException.class, () -> driver.open(ConnConfig.of(base)));
        assertEquals(ErrorKind.AUTH, none.kind(), none.getMessage());
    }

    @Test
    void anUnreachableServerIsAConnectionError() throws Exception {
        int closed = RedisServers.freePort();
        ConnConfig config = ConnConfig.of("redis://:" + encode(PASSWORD) + "@127.0.0.1:" + closed + "/0")
                .withConnectTimeout(Duration.ofSeconds(3));
        DriverException e = assertThrows(DriverException.class, () -> driver.open(config));
        assertEquals(ErrorKind.CONNECTION, e.kind(), e.getMessage());
        assertNoSecret(e);
    }

    /** Issue 15: a server that accepts and never answers ends the open within the connect timeout, as TIMEOUT. */
    @Test
    void aSilentServerIsATimeoutWithinTheConnectTimeout() {
        try (SilentServer silent = SilentServer.start()) {
            ConnConfig config = ConnConfig.of("redis://:" + encode(PASSWORD) + "@127.0.0.1:" + silent.port() + "/0")
                    .withConnectTimeout(Duration.ofSeconds(1));
            DriverException e = assertThrows(DriverException.class, () -> driver.open(config));
            assertEquals(ErrorKind.TIMEOUT, e.kind(), e.getMessage());
            assertNoSecret(e);
        }
    }

    @Test
    void tlsAgainstAPlainServerFails() {
        ConnConfig config = ConnConfig.of("rediss://:" + encode(PASSWORD) + "@127.0.0.1:" + server().port() + "/0")
                .withConnectTimeout(Duration.ofSeconds(3));
        DriverException e = assertThrows(DriverException.class, () -> driver.open(config));
        assertTrue(e.kind() == ErrorKind.CONNECTION || e.kind() == ErrorKind.TIMEOUT, e.getMessage());
        assertNoSecret(e);
    }

    /** Neither the message nor any cause's (a logged stack trace shows them all) holds the password. */
    private static void assertNoSecret(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = String.valueOf(t.getMessage()) + " " + t;
            assertFalse(m.contains(PASSWORD) || m.contains(encode(PASSWORD)), m);
        }
    }
}
