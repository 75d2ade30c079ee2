package dev.tobira.driver.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Capability;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Explainer;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/** The driver against the test server: bad input, cursors closed by limits, bounded requests, honest probes, DSNs. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MongoDriverTest {
    private MongoServers.Server server;
    private Native nat;

    @BeforeAll
    void start() {
        server = MongoServers.primary();
        nat = new Native(server);
        nat.seed();
    }

    @AfterAll
    void stop() {
        nat.close();
    }

    private Conn open() {
        return new MongoDriver().open(ConnConfig.of(server.dsn(MongoServers.DB)));
    }

    private static DriverException fails(Conn c, String text) {
        return assertThrows(DriverException.class, () -> c.query(Query.of(text)).close(), text);
    }

    @Test
    void badInputIsAClearError() {
        try (Conn c = open()) {
            assertEquals(ErrorKind.SYNTAX, fails(c, "{\"find\": \"orders\"").kind());
            assertEquals(ErrorKind.SYNTAX, fails(c, "[{\"find\": \"orders\"}]").kind());
            assertEquals(
                    ErrorKind.SYNTAX,
                    fails(c, "{\"find\": \"orders\"} {\"drop\": \"orders\"}").kind());
            DriverException unknown = fails(c, "{\"noSuchCommand\": 1}");
            assertEquals(ErrorKind.SYNTAX, unknown.kind(), unknown.getMessage());
            assertEquals(java.util.OptionalInt.of(59), unknown.vendorCode());
            assertEquals(
                    ErrorKind.INVALID_ARGUMENT,
                    fails(c, "{\"find\": \"orders\", \"find\": \"orders\"}").kind());
            assertEquals(
                    ErrorKind.INVALID_ARGUMENT,
                    fails(c, "{\"find\": \"orders\", \"$db\": \"admin\"}").kind());
            assertEquals(
                    ErrorKind.INVALID_ARGUMENT,
                    fails(c, "{\"find\": \"orders\", \"lsid\": {\"id\": 1}}").kind());
            String big = "{\"insert\": \"orders\", \"documents\": [{\"_id\": 99, \"pad\": \""
                    + "x".repeat(17 * 1024 * 1024) + "\"}]}";
            DriverException tooBig = fails(c, big);
            assertEquals(ErrorKind.INVALID_ARGUMENT, tooBig.kind(), tooBig.getMessage());
            assertTrue(tooBig.getMessage().length() < 500, "the message does not quote the document");
            c.ping(); // still usable
        }
        Conn closed = open();
        closed.close();
        assertThrows(IllegalStateException.class, () -> closed.query(Query.of("{\"find\": \"orders\"}")));
    }

    @Test
    void aLimitClosesTheServerCursor() {
        long before = openCursors();
        try (Conn c = open();
                ResultSet rs = c.query(
                        Query.of("{\"find\": \"numbers\", \"batchSize\": 10}").withLimit(5))) {
            int n = 0;
            while (rs.hasNext()) {
                rs.next();
                n++;
            }
            assertEquals(5, n);
            assertTrue(rs.stats().truncated());
            assertEquals(before, openCursors(), "cursors open on the server after a cut result");
        }
        try (Conn c = open()) {
            ResultSet rs = c.query(Query.of("{\"find\": \"numbers\", \"batchSize\": 10}"));
            rs.next();
            assertEquals(before + 1, openCursors(), "the streaming cursor is open on the server");
            rs.close();
            assertEquals(before, openCursors(), "cursors open on the server after close()");
        }
    }

    private long openCursors() {
        Document status = nat.client.getDatabase("admin").runCommand(new Document("serverStatus", 1));
        Document cursor = status.get("metrics", Document.class).get("cursor", Document.class);
        return cursor.get("open", Document.class).get("total", Number.class).longValue();
    }

    @Test
    void aCommandRequestsOneReplyNeverMore() throws Exception {
        List<Long> requests = new ArrayList<>();
        Publisher<String> one = s -> s.onSubscribe(new Subscription() {
            private boolean done;

            @Override
            public void request(long n) {
                requests.add(n);
                if (!done) {
                    done = true;
                    s.onNext("reply");
                    s.onComplete();
                }
            }

            @Override
            public void cancel() {}
        });
        assertEquals("reply", Await.start(one).get(Duration.ofSeconds(5)));
        assertEquals(List.of(1L), requests);
    }

    @Test
    void aCancelFromAnotherThreadWakesTheWaiter() {
        Publisher<String> never = (Subscriber<? super String> s) -> s.onSubscribe(new Subscription() {
            @Override
            public void request(long n) {}

            @Override
            public void cancel() {}
        });
        Await<String> a = Await.start(never);
        new Thread(a::cancel).start();
        assertThrows(java.util.concurrent.CancellationException.class, () -> a.get(Duration.ofSeconds(30)));
    }

    @Test
    void explainIsOfferedOnlyWhereTheServerHasIt() {
        boolean has = nat.hasExplain();
        try (Conn c = open()) {
            assertEquals(has, c.as(Explainer.class).isPresent());
            assertEquals(has, c.capabilities().contains(Capability.EXPLAINER));
            Query q = Query.of("{\"find\": \"orders\"}");
            if (has) {
                assertFalse(
                        c.as(Explainer.class).orElseThrow().explain(q).text().isBlank());
            } else {
                // a server without explain: the connection offers no explainer and is not one
                assertFalse(c instanceof Explainer);
            }
        }
    }

    @Test
    void dsnsAreCheckedAndPasswordsNeverShown() {
        for (String dsn : List.of(
                "mongo://h/db",
                "mongodb://h1,h2/db",
                "mongodb://h/db?foo=1",
                "mongodb://ada@h/db",
                "mongodb+srv://h:27017/db",
                "mongodb://h/db?tls=maybe",
                "mongodb://h/a.b",
                "mongodb://h/db?readPreference=any",
                "mongodb://h/db?authSource=admin&AUTHSOURCE=x")) {
            DriverException e =
                    assertThrows(DriverException.class, () -> new MongoDriver().open(ConnConfig.of(dsn)), dsn);
            assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), dsn + ": " + e.getMessage());
        }
        int port = 1; // nothing listens on port 1
        ConnConfig refused = ConnConfig.of("mongodb://ada:s3cret-pass@127.0.0.1:" + port + "/db")
                .withName("x")
                .withConnectTimeout(Duration.ofSeconds(2));
        DriverException e = assertThrows(DriverException.class, () -> new MongoDriver().open(refused));
        assertFalse(e.getMessage().contains("s3cret-pass"), e.getMessage());
        assertTrue(e.is(ErrorKind.CONNECTION) || e.is(ErrorKind.TIMEOUT), e.getMessage());
    }
}
