package dev.tobira.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Issue 31: absence in Query, QueryStats and Page is Optional, never 0, ZERO, "" or -1. */
class AbsenceTest {

    @Test
    void aNewQueryHasNoLimitTimeoutOrNamespace() {
        Query q = Query.of("select 1");
        assertEquals(OptionalLong.empty(), q.limit());
        assertEquals(Optional.empty(), q.timeout());
        assertEquals(Optional.empty(), q.namespace());
    }

    @Test
    void setValuesArePresentAndWithoutRemovesThem() {
        Query q = Query.of("select 1")
                .withLimit(3)
                .withTimeout(Duration.ofSeconds(2))
                .withNamespace("main");
        assertEquals(OptionalLong.of(3), q.limit());
        assertEquals(Optional.of(Duration.ofSeconds(2)), q.timeout());
        assertEquals(Optional.of("main"), q.namespace());
        Query none = q.withoutLimit().withoutTimeout().withoutNamespace();
        assertEquals(Query.of("select 1"), none);
        assertEquals(Query.of("select 1").hashCode(), none.hashCode());
        assertEquals(OptionalLong.of(1), Query.of("x").withLimit(1).limit(), "1 is the smallest limit");
    }

    @Test
    void noSentinelIsAcceptedAsAValue() {
        Query q = Query.of("select 1");
        IllegalArgumentException limit = assertThrows(IllegalArgumentException.class, () -> q.withLimit(0));
        assertTrue(limit.getMessage().contains("limit"), limit.getMessage());
        assertThrows(IllegalArgumentException.class, () -> q.withLimit(-1));
        IllegalArgumentException timeout =
                assertThrows(IllegalArgumentException.class, () -> q.withTimeout(Duration.ZERO));
        assertTrue(timeout.getMessage().contains("timeout"), timeout.getMessage());
        assertThrows(IllegalArgumentException.class, () -> q.withTimeout(Duration.ofMillis(-1)));
        IllegalArgumentException ns = assertThrows(IllegalArgumentException.class, () -> q.withNamespace(""));
        assertTrue(ns.getMessage().contains("namespace"), ns.getMessage());
        assertThrows(NullPointerException.class, () -> q.withTimeout(null));
        assertThrows(NullPointerException.class, () -> q.withNamespace(null));
    }

    @Test
    void queryEqualityCoversEveryPartAndToStringHidesValues() {
        Query q = Query.of("select ?")
                .withParams(Value.of("hunter2"))
                .withReadOnly(true)
                .withLimit(5);
        assertEquals(q, Query.of("select ?").withReadOnly(true).withLimit(5).withParams(Value.of("hunter2")));
        assertNotEquals(q, q.withLimit(6));
        assertNotEquals(q, q.withReadOnly(false));
        assertNotEquals(q, q.withParams(Value.of("other")));
        assertNotEquals(q, q.withNamespace("main"));
        assertNotEquals(q, q.withTimeout(Duration.ofSeconds(1)));
        assertEquals(
                "Query[select ?, readOnly, limit=5, timeout=PT1S, namespace=main, 1 params]",
                q.withTimeout(Duration.ofSeconds(1)).withNamespace("main").toString());
        assertFalse(q.toString().contains("hunter2"));
    }

    @Test
    void connConfigIsAValueWithTheSameChecks() {
        ConnConfig c = ConnConfig.of("postgres://app@db/shop")
                .withName("shop")
                .withReadOnly(true)
                .withPassword(Secret.of("hunter2"))
                .withOption("sslmode", "require")
                .withConnectTimeout(Duration.ofSeconds(3));
        assertEquals("shop", c.name());
        assertEquals("postgres://app@db/shop", c.dsn());
        assertTrue(c.readOnly());
        assertEquals(Secret.of("hunter2"), c.password());
        assertEquals(java.util.Map.of("sslmode", "require"), c.options());
        assertEquals(Optional.of(Duration.ofSeconds(3)), c.connectTimeout());
        assertEquals("postgres", c.scheme());
        assertEquals(
                c,
                ConnConfig.of("postgres://app@db/shop")
                        .withConnectTimeout(Duration.ofSeconds(3))
                        .withOption("sslmode", "require")
                        .withPassword(Secret.of("hunter2"))
                        .withReadOnly(true)
                        .withName("shop"));
        assertEquals(c.hashCode(), c.withName("shop").hashCode());
        assertNotEquals(c, c.withPassword(Secret.none()));
        assertNotEquals(c, c.withOption("sslmode", "disable"));
        assertEquals(
                Optional.of(ConnConfig.DEFAULT_CONNECT_TIMEOUT),
                ConnConfig.of("sqlite:x").connectTimeout());
        assertEquals(
                "ConnConfig[name=shop, dsn=postgres:[redacted], readOnly=true, password=[redacted], options=[sslmode], connectTimeout=PT3S]",
                c.toString());
        assertThrows(UnsupportedOperationException.class, () -> c.options().put("x", "y"));
        assertThrows(NullPointerException.class, () -> c.withName(null));
        assertThrows(DriverException.class, () -> ConnConfig.of("no-scheme"));
    }

    @Test
    void rowsAffectedIsAbsentUntilADriverSetsIt() {
        QueryStats read = QueryStats.of(4, Duration.ofMillis(2), true);
        assertEquals(OptionalLong.empty(), read.rowsAffected());
        assertEquals(4, read.rows());
        assertEquals(Duration.ofMillis(2), read.duration());
        assertTrue(read.truncated());
        QueryStats write = QueryStats.of(0, Duration.ZERO, false).withRowsAffected(0);
        assertEquals(OptionalLong.of(0), write.rowsAffected(), "0 rows changed is a count, not absence");
        assertEquals(write, QueryStats.of(0, Duration.ZERO, false).withRowsAffected(0));
        assertNotEquals(write, QueryStats.of(0, Duration.ZERO, false));
        assertThrows(IllegalArgumentException.class, () -> write.withRowsAffected(-1));
        assertThrows(IllegalArgumentException.class, () -> QueryStats.of(-1, Duration.ZERO, false));
        assertThrows(IllegalArgumentException.class, () -> QueryStats.of(0, Duration.ofMillis(-1), false));
        assertThrows(NullPointerException.class, () -> QueryStats.of(0, null, false));
    }

    @Test
    void aPagesNextCursorIsOptional() {
        List<Column> cols = List.of(Column.of("k", Value.Kind.TEXT));
        List<Row> rows = List.of(Row.of(cols, Value.of("a")));
        Page last = Page.last(cols, rows);
        assertEquals(Optional.empty(), last.next());
        assertFalse(last.hasNext());
        Page more = Page.of(cols, rows, "cursor-1");
        assertEquals(Optional.of("cursor-1"), more.next());
        assertTrue(more.hasNext());
        assertEquals(rows, more.rows());
        assertEquals(cols, more.columns());
        assertEquals(more, Page.of(cols, rows, "cursor-1"));
        assertNotEquals(more, last);
        assertThrows(IllegalArgumentException.class, () -> Page.of(cols, rows, ""), "an empty cursor is no cursor");
        assertThrows(NullPointerException.class, () -> Page.of(cols, rows, null));
    }
}
