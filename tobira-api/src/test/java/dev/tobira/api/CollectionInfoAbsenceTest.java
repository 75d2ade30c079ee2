package dev.tobira.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A field's native type and a foreign key's name are Optional, never "". */
class CollectionInfoAbsenceTest {

    @Test
    void aForeignKeysNameIsOptional() {
        List<String> from = new ArrayList<>(List.of("customer_id"));
        CollectionInfo.ForeignKey unnamed =
                CollectionInfo.ForeignKey.of(from, CollectionRef.of("customers"), List.of("id"));
        from.add("later");
        assertEquals(List.of("customer_id"), unnamed.fields(), "the list is copied");
        assertEquals(Optional.empty(), unnamed.name());
        assertEquals(CollectionRef.of("customers"), unnamed.target());
        assertEquals(List.of("id"), unnamed.targetFields());
        CollectionInfo.ForeignKey named = CollectionInfo.ForeignKey.of(
                "orders_customer_fk", List.of("customer_id"), CollectionRef.of("customers"), List.of("id"));
        assertEquals(Optional.of("orders_customer_fk"), named.name());
        assertNotEquals(unnamed, named);
        assertEquals(
                named,
                CollectionInfo.ForeignKey.of(
                        "orders_customer_fk", List.of("customer_id"), CollectionRef.of("customers"), List.of("id")));
        assertEquals(
                unnamed.hashCode(),
                CollectionInfo.ForeignKey.of(List.of("customer_id"), CollectionRef.of("customers"), List.of("id"))
                        .hashCode());
        assertEquals("ForeignKey[[customer_id] -> customers[id]]", unnamed.toString());
        assertEquals("ForeignKey[orders_customer_fk [customer_id] -> customers[id]]", named.toString());
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> CollectionInfo.ForeignKey.of("", List.of("a"), CollectionRef.of("t"), List.of("b")));
        assertTrue(e.getMessage().contains("name"), e.getMessage());
        assertThrows(NullPointerException.class, () -> CollectionInfo.ForeignKey.of(List.of("a"), null, List.of("b")));
    }
}
