package dev.tobira.driver.bigquery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Browser;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.Completer;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import dev.tobira.driver.bigquery.fake.FakeBigQuery;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Datasets, tables and views, and what describe reads from a table's metadata. */
class MetadataTest {
    private static FakeBigQuery fake;

    @BeforeAll
    static void start() throws IOException {
        fake = FakeBigQuery.start();
        new Shop(fake).seed();
        fake.sqlite("CREATE VIEW paid AS SELECT id, total_cents FROM orders WHERE status = 'paid'");
    }

    @AfterAll
    static void stop() {
        fake.close();
    }

    private static Conn open() {
        return new BigQueryDriver().open(ConnConfig.of(fake.dsn("")).withReadOnly(true));
    }

    @Test
    void partitioningAndClusteringAreIndexLikeFacts() {
        try (Conn conn = open()) {
            CollectionInfo orders = conn.describe(CollectionRef.of("orders"));
            assertEquals(CollectionRef.of("shop", "orders"), orders.ref());
            assertEquals("table", orders.type());
            assertEquals(
                    List.of(
                            new CollectionInfo.Index("partitioning DAY", List.of("created_at"), false),
                            new CollectionInfo.Index("clustering", List.of("customer_id"), false)),
                    orders.indexes());
            assertEquals(List.of("id"), orders.primaryKey());
            Column created = orders.fields().stream()
                    .filter(f -> f.name().equals("created_at"))
                    .findFirst()
                    .orElseThrow();
            assertEquals(Optional.of("DATE"), created.nativeType());
            assertEquals(Value.Kind.DATE, created.kind());
            assertFalse(created.nullable(), "a REQUIRED field");
        }
    }

    @Test
    void aViewIsACollectionWithoutKeys() {
        try (Conn conn = open()) {
            assertTrue(conn.collections(Optional.of("shop")).contains(CollectionRef.of("shop", "paid")));
            CollectionInfo paid = conn.describe(CollectionRef.of("shop", "paid"));
            assertEquals("view", paid.type());
            assertEquals(List.of(), paid.primaryKey());
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> conn.as(Browser.class).orElseThrow().browse(CollectionRef.of("paid"), 2));
            assertEquals(ErrorKind.UNSUPPORTED, e.kind(), e.getMessage());
        }
    }

    @Test
    void namespacesAreDatasetsAndCompletionsKnowThem() {
        try (Conn conn = open()) {
            assertEquals(List.of("shop"), conn.namespaces());
            List<Completer.Completion> c =
                    conn.as(Completer.class).orElseThrow().complete("SELECT * FROM sh", 16);
            assertTrue(c.contains(new Completer.Completion("shop", Completer.Completion.Type.NAMESPACE)), c.toString());
            c = conn.as(Completer.class).orElseThrow().complete("SELECT * FROM shop.or", 21);
            assertEquals(List.of(new Completer.Completion("orders", Completer.Completion.Type.COLLECTION)), c);
            // the contract of Completer.complete: outside the text is an IndexOutOfBoundsException, as on every driver
            Completer completer = conn.as(Completer.class).orElseThrow();
            assertThrows(IndexOutOfBoundsException.class, () -> completer.complete("SELECT", 7));
            assertThrows(
                    IllegalArgumentException.class,
                    () -> conn.as(dev.tobira.api.Browser.class)
                            .orElseThrow()
                            .browse(dev.tobira.api.CollectionRef.of("shop", "orders"), 0));
        }
    }
}
