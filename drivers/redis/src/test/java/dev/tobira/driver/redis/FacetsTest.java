package dev.tobira.driver.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Browser;
import dev.tobira.api.Capability;
import dev.tobira.api.ChangeFeed;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.Completer;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Mutator;
import dev.tobira.api.Page;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/** Browser, describe, completer, mutator and change feed on the primary server. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FacetsTest {
    private final RedisDriver driver = new RedisDriver();
    private RedisServers.Address address;
    private Native nat;
    private String notify;

    @BeforeAll
    void start() {
        address = RedisServers.primary();
        nat = new Native(address.host(), address.port(), RedisServers.TEST_DB);
        notify = nat.configGet("notify-keyspace-events");
    }

    @AfterAll
    void stop() {
        if (nat != null) {
            nat.call("CONFIG", "SET", "notify-keyspace-events", notify);
            nat.call("FLUSHDB");
            nat.close();
        }
    }

    @BeforeEach
    void seed() {
        nat.call("FLUSHDB");
        Shop.seed(nat);
        nat.call("XADD", "events:orders", "1-1", "order", "1", "status", "paid");
        nat.call("XADD", "events:orders", "1-2", "order", "2", "note", "gift");
        nat.call("SET", "greeting", "hello", "EX", "1000");
    }

    private Conn open(boolean readOnly) {
        return driver.open(ConnConfig.of(address.dsn(RedisServers.TEST_DB)).withReadOnly(readOnly));
    }

    @Test
    void browsePagesThroughAPrefixAsATable() {
        try (Conn conn = open(true)) {
            Browser browser = conn.as(Browser.class).orElseThrow();
            for (int size = 1; size <= 8; size++) {
                List<Row> rows = new ArrayList<>();
                Optional<String> cursor = Optional.empty();
                int pages = 0;
                do {
                    Page page = browser.browse(CollectionRef.of("order"), cursor, size);
                    assertTrue(page.rows().size() <= size);
                    assertFalse(page.rows().isEmpty(), "no empty page");
                    assertEquals(
                            List.of("key", "id", "customer_id", "total_cents", "status", "created_at"),
                            page.columns().stream().map(Column::name).toList());
                    rows.addAll(page.rows());
                    cursor = page.next();
                    pages++;
                } while (!cursor.isEmpty());
                assertEquals(7, new HashSet<>(rows).size(), "size " + size);
                assertEquals((7 + size - 1) / size, pages, "pages of " + size);
            }
            Page one = browser.browse(CollectionRef.of("customer"), 5);
            Row linus = one.rows().stream()
                    .filter(r -> r.get("key").toString().equals("customer:3"))
                    .findFirst()
                    .orElseThrow();
            assertTrue(linus.get("email").isNull(), "a field the hash lacks is NULL");
            assertEquals(Value.of("FI"), linus.get("country"));
            assertThrows(
                    IllegalArgumentException.class,
                    () -> browser.browse(CollectionRef.of("order"), Optional.of("nonsense"), 2));
            DriverException missing =
                    assertThrows(DriverException.class, () -> browser.browse(CollectionRef.of("no_such_prefix"), 2));
            assertEquals(ErrorKind.NOT_FOUND, missing.kind());
        }
    }

    @Test
    void browseShowsOtherTypesWithTypeTtlAndValue() {
        try (Conn conn = open(true)) {
            Page events = conn.as(Browser.class).orElseThrow().browse(CollectionRef.of("greeting"), 10);
            assertEquals(
                    List.of("key", "type", "ttl", "value"),
                    events.columns().stream().map(Column::name).toList());
            Row row = events.rows().get(0);
            assertEquals(Value.of("string"), row.get("type"));
            assertTrue(((Value.Int) row.get("ttl")).value() > 0, "ttl in milliseconds");
            assertEquals(Value.of("hello"), row.get("value"));
        }
    }

    @Test
    void describeReportsTypeEncodingTtlAndFields() {
        try (Conn conn = open(true)) {
            CollectionInfo customers = conn.describe(CollectionRef.of("customer"));
            assertTrue(customers.type().startsWith("hash (5 keys sampled; encoding "), customers.type());
            assertTrue(customers.type().endsWith("; no ttl)"), customers.type());
            Map<String, Column> fields = new java.util.LinkedHashMap<>();
            customers.fields().forEach(f -> fields.put(f.name(), f));
            assertEquals("key", customers.fields().get(0).name());
            assertEquals(Set.of("key", "id", "name", "email", "country", "created_at"), fields.keySet());
            assertTrue(fields.get("email").nullable(), "Linus has no email");
            assertFalse(fields.get("name").nullable());
            assertEquals(List.of("key"), customers.primaryKey());

            CollectionInfo key = conn.describe(CollectionRef.of("greeting"));
            assertTrue(key.type().startsWith("string (key; encoding embstr; ttl "), key.type());

            CollectionInfo stream = conn.describe(CollectionRef.of("events"));
            assertEquals(
                    List.of("key", "id", "order", "status", "note"),
                    stream.fields().stream().map(Column::name).toList());

            DriverException e = assertThrows(DriverException.class, () -> conn.describe(CollectionRef.of("nothing")));
            assertEquals(ErrorKind.NOT_FOUND, e.kind());
        }
    }

    @Test
    void collectionsAreKeyPrefixes() {
        try (Conn conn = open(true)) {
            Set<String> names = new HashSet<>();
            conn.collections().forEach(c -> names.add(c.name()));
            assertEquals(Set.of("customer", "order", "idx", "events", "greeting"), names);
        }
    }

    @Test
    void completionSuggestsCommandsAndKeys() {
        try (Conn rw = open(false);
                Conn ro = open(true)) {
            Completer w = rw.as(Completer.class).orElseThrow();
            Set<String> commands = texts(w.complete("HG", 2));
            assertTrue(commands.containsAll(Set.of("HGET", "HGETALL")), commands.toString());
            assertTrue(texts(w.complete("fl", 2)).contains("FLUSHDB"));
            assertFalse(
                    texts(ro.as(Completer.class).orElseThrow().complete("fl", 2))
                            .contains("FLUSHDB"),
                    "a read-only connection suggests only what its guard allows");
            assertTrue(texts(ro.as(Completer.class).orElseThrow().complete("HG", 2))
                    .contains("HGETALL"));
            assertEquals(Set.of("customer"), texts(w.complete("HGETALL cu", 10)));
            assertEquals(
                    Set.of("customer:1", "customer:2", "customer:3", "customer:4", "customer:5"),
                    texts(w.complete("HGETALL customer:", 17)));
            assertEquals(Set.of("customer:1"), texts(w.complete("HGETALL customer:1 name", 18)));
        }
    }

    private static Set<String> texts(List<Completer.Completion> completions) {
        Set<String> out = new HashSet<>();
        completions.forEach(c -> out.add(c.text()));
        return out;
    }

    @Test
    void mutatorWritesHashesAndStringsByKey() {
        try (Conn conn = open(false)) {
            Mutator m = conn.as(Mutator.class).orElseThrow();
            CollectionRef customers = CollectionRef.of("customer");
            assertEquals(
                    1,
                    m.insert(
                            customers,
                            Map.of("id", Value.of(7), "name", Value.of("Frances Allen"), "email", Value.NULL)));
            assertEquals("Frances Allen", Native.str(nat.call("HGET", "customer:7", "name")));
            assertEquals("7", Native.str(nat.call("HGET", "customer:7", "id")));
            assertEquals(0L, nat.call("HEXISTS", "customer:7", "email"), "a NULL value is a missing field");
            DriverException dup = assertThrows(
                    DriverException.class,
                    () -> m.insert(customers, Map.of("id", Value.of(1), "name", Value.of("Ada again"))));
            assertEquals(ErrorKind.CONSTRAINT, dup.kind(), dup.getMessage());
            assertEquals(
                    1,
                    m.update(
                            customers,
                            Map.of("id", Value.of(7)),
                            Map.of("email", Value.of("fran@example.com"), "name", Value.NULL)));
            assertEquals(0L, nat.call("HEXISTS", "customer:7", "name"), "a NULL change removes the field");
            assertEquals("fran@example.com", Native.str(nat.call("HGET", "customer:7", "email")));
            assertEquals(0, m.update(customers, Map.of("id", Value.of(99)), Map.of("name", Value.of("nobody"))));
            assertEquals(0L, nat.call("EXISTS", "customer:99"), "update does not create");
            assertEquals(1, m.delete(customers, Map.of("key", Value.of("customer:7"))));
            assertEquals(0, m.delete(customers, Map.of("id", Value.of(7))));

            CollectionRef greeting = CollectionRef.of("greeting");
            assertEquals(1, m.update(greeting, Map.of("key", Value.of("greeting")), Map.of("value", Value.of("hi"))));
            assertEquals("hi", Native.str(nat.call("GET", "greeting")));
            assertTrue((Long) nat.call("TTL", "greeting") > 0, "a string keeps its TTL when updated");
            assertEquals(
                    1, m.insert(CollectionRef.of("note"), Map.of("id", Value.of(1), "value", Value.of("a string"))));
            assertEquals("string", Native.str(nat.call("TYPE", "note:1")));
            assertThrows(IllegalArgumentException.class, () -> m.insert(customers, Map.of("name", Value.of("no id"))));
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS) // a hang guard, not a timing assertion
    void theChangeFeedFollowsKeyspaceNotifications() throws Exception {
        nat.call("CONFIG", "SET", "notify-keyspace-events", "KEA");
        try (Conn conn = open(true)) {
            assertTrue(conn.capabilities().contains(Capability.CHANGE_FEED));
            ResultSet feed = conn.as(ChangeFeed.class).orElseThrow().tail(CollectionRef.of("customer"));
            try {
                nat.call("HSET", "customer:9", "name", "Eve");
                nat.call("SET", "unrelated", "x");
                nat.call("DEL", "customer:9");
                assertTrue(feed.hasNext());
                Row first = feed.next();
                assertEquals(Value.of("hset"), first.get("op"));
                assertEquals(Value.of("customer:9"), first.get("key"));
                assertEquals(Value.Kind.TIMESTAMP, first.get("at").kind());
                assertTrue(feed.hasNext());
                assertEquals(Value.of("del"), feed.next().get("op"), "the unrelated key is not in the feed");
                AtomicReference<Thread> reader = new AtomicReference<>();
                CompletableFuture<Boolean> waiting = CompletableFuture.supplyAsync(() -> {
                    reader.set(Thread.currentThread());
                    try {
                        return feed.hasNext();
                    } catch (DriverException e) {
                        return e.kind() != ErrorKind.CANCELLED;
                    }
                });
                awaitParked(reader); // the close must end a wait, not come before it
                feed.close();
                assertFalse(waiting.get(30, TimeUnit.SECONDS), "closing the feed from another thread ends the wait");
            } finally {
                feed.close();
            }
        }
    }

    @Test
    void withoutNotificationsTheFeedIsUnsupported() {
        nat.call("CONFIG", "SET", "notify-keyspace-events", "");
        try (Conn conn = open(false)) {
            assertFalse(conn.capabilities().contains(Capability.CHANGE_FEED));
            assertTrue(conn.as(ChangeFeed.class).isEmpty());
            assertFalse(conn instanceof ChangeFeed, "the connection is not a change feed itself");
        } finally {
            nat.call("CONFIG", "SET", "notify-keyspace-events", notify);
        }
    }

    @Test
    void aFeedWhoseNotificationsWereTurnedOffSinceIsUnsupported() {
        nat.call("CONFIG", "SET", "notify-keyspace-events", "KEA");
        try (Conn conn = open(false)) {
            ChangeFeed feed = conn.as(ChangeFeed.class).orElseThrow();
            nat.call("CONFIG", "SET", "notify-keyspace-events", "");
            DriverException e = assertThrows(DriverException.class, () -> feed.tail(CollectionRef.of("customer")));
            assertEquals(ErrorKind.UNSUPPORTED, e.kind());
            assertEquals("redis: tail: change feeds are not supported: unsupported", e.getMessage());
        } finally {
            nat.call("CONFIG", "SET", "notify-keyspace-events", notify);
        }
    }

    @Test
    void aReadOnlyConnectionOffersNoMutatorAndIsNotOne() {
        try (Conn conn = open(true)) {
            assertFalse(conn.capabilities().contains(Capability.MUTATOR));
            assertTrue(conn.as(Mutator.class).isEmpty());
            assertFalse(conn instanceof Mutator, "no cast reaches mutation code");
        }
    }

    /** Waits until the thread {@code reader} will name is blocked, as a reader waiting for the next event is. */
    private static void awaitParked(AtomicReference<Thread> reader) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            Thread t = reader.get();
            if (t != null && (t.getState() == Thread.State.WAITING || t.getState() == Thread.State.TIMED_WAITING)) {
                return;
            }
            Thread.onSpinWait();
        }
        throw new AssertionError("the reader never waited");
    }
}
