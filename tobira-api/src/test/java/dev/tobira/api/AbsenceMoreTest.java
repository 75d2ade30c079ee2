package dev.tobira.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Absence in CollectionRef, Column, ConnInfo, ConnConfig's connect timeout and Browser is Optional, never "" or ZERO. */
class AbsenceMoreTest {

    @Test
    void aCollectionRefHasAnOptionalNamespace() {
        assertEquals(Optional.empty(), CollectionRef.of("orders").namespace());
        assertEquals(Optional.of("shop"), CollectionRef.of("shop", "orders").namespace());
        assertEquals("orders", CollectionRef.of("shop", "orders").name());
        assertEquals(CollectionRef.of("orders"), CollectionRef.of(Optional.empty(), "orders"));
        assertEquals(CollectionRef.of("shop", "orders"), CollectionRef.of(Optional.of("shop"), "orders"));
        assertEquals(
                CollectionRef.of("shop", "orders").hashCode(),
                CollectionRef.of("shop", "orders").hashCode());
        assertNotEquals(CollectionRef.of("orders"), CollectionRef.of("shop", "orders"));
        assertEquals("shop.orders", CollectionRef.of("shop", "orders").toString());
        assertEquals("orders", CollectionRef.of("orders").toString());
        IllegalArgumentException ns =
                assertThrows(IllegalArgumentException.class, () -> CollectionRef.of("", "orders"));
        assertTrue(ns.getMessage().contains("namespace"), ns.getMessage());
        assertThrows(IllegalArgumentException.class, () -> CollectionRef.of(Optional.of(""), "orders"));
        assertThrows(IllegalArgumentException.class, () -> CollectionRef.of("shop", ""));
        assertThrows(IllegalArgumentException.class, () -> CollectionRef.of(""));
        assertThrows(NullPointerException.class, () -> CollectionRef.of((String) null, "orders"));
    }

    @Test
    void aColumnsNativeTypeIsOptional() {
        Column plain = Column.of("id", Value.Kind.INT);
        assertEquals(Optional.empty(), plain.nativeType());
        assertTrue(plain.nullable());
        Column typed = Column.of("id", Value.Kind.INT, "int8", false);
        assertEquals(Optional.of("int8"), typed.nativeType());
        assertFalse(typed.nullable());
        assertEquals(typed, plain.withNativeType("int8").withNullable(false));
        assertEquals(
                typed.hashCode(),
                plain.withNativeType("int8").withNullable(false).hashCode());
        assertNotEquals(plain, typed);
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Column.of("id", Value.Kind.INT, "", true));
        assertTrue(e.getMessage().contains("nativeType"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> plain.withNativeType(""));
        assertThrows(NullPointerException.class, () -> Column.of("id", null));
    }

    @Test
    void aServerVersionIsOptional() {
        ConnInfo info = ConnInfo.of("toy", ConnInfo.Model.KV, "toy");
        assertEquals(Optional.empty(), info.serverVersion());
        ConnInfo versioned = info.withServerVersion("1.0");
        assertEquals(Optional.of("1.0"), versioned.serverVersion());
        assertEquals("toy", versioned.driver());
        assertEquals(ConnInfo.Model.KV, versioned.model());
        assertEquals("toy", versioned.dialect());
        assertNotEquals(info, versioned);
        assertEquals(versioned, ConnInfo.of("toy", ConnInfo.Model.KV, "toy").withServerVersion("1.0"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> info.withServerVersion(""));
        assertTrue(e.getMessage().contains("serverVersion"), e.getMessage());
    }

    @Test
    void theConnectTimeoutIsPositiveOrLeftToTheDriver() {
        ConnConfig c = ConnConfig.of("toy:x");
        assertEquals(Optional.of(ConnConfig.DEFAULT_CONNECT_TIMEOUT), c.connectTimeout());
        assertEquals(Optional.empty(), c.withoutConnectTimeout().connectTimeout());
        assertEquals(
                Optional.of(Duration.ofSeconds(3)),
                c.withConnectTimeout(Duration.ofSeconds(3)).connectTimeout());
        assertEquals(c, c.withoutConnectTimeout().withConnectTimeout(ConnConfig.DEFAULT_CONNECT_TIMEOUT));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> c.withConnectTimeout(Duration.ZERO));
        assertTrue(e.getMessage().contains("withoutConnectTimeout"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> c.withConnectTimeout(Duration.ofSeconds(-1)));
    }

    @Test
    void theFirstPageHasNoCursor() {
        Browser browser = (collection, cursor, size) ->
                cursor.isPresent() ? Page.last(List.of(), List.of()) : Page.of(List.of(), List.of(), "2");
        Page first = browser.browse(CollectionRef.of("orders"), 10);
        assertEquals(Optional.of("2"), first.next());
        assertFalse(browser.browse(CollectionRef.of("orders"), first.next(), 10).hasNext());
    }
}
