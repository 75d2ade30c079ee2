package dev.tobira.driver.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The N rule and the other attribute types, both ways. */
class ItemsTest {
    @Test
    void aWholeNumberInTheRangeOfALongIsAnInt() {
        assertEquals(Value.of(42), Items.number("42"));
        assertEquals(Value.of(-7), Items.number("-7"));
        assertEquals(Value.of(7), Items.number("7.000"));
        assertEquals(Value.of(500), Items.number("5E2"));
        assertEquals(Value.of(0), Items.number("-0.0"));
        assertEquals(Value.of(Long.MAX_VALUE), Items.number("9223372036854775807"));
        assertEquals(Value.of(Long.MIN_VALUE), Items.number("-9223372036854775808"));
    }

    @Test
    void anyOtherNumberIsTheExactDecimal() {
        assertEquals(Value.of(new BigDecimal("12.5")), Items.number("12.5"));
        assertEquals(Value.of(new BigDecimal("9223372036854775808")), Items.number("9223372036854775808"));
        assertEquals(Value.of(new BigDecimal("-9223372036854775809")), Items.number("-9223372036854775809"));
        assertEquals(Value.of(new BigDecimal("1E+40")), Items.number("1E+40"));
        assertEquals(Value.Kind.DECIMAL, Items.number("0.1").kind());
    }

    @Test
    void everyTypeHasItsKind() {
        assertEquals(Value.of("x"), Items.value(AttributeValue.fromS("x")));
        assertEquals(
                new Value.Bytes(new byte[] {1, 2}),
                Items.value(AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1, 2}))));
        assertEquals(Value.of(false), Items.value(AttributeValue.fromBool(false)));
        assertEquals(Value.NULL, Items.value(AttributeValue.fromNul(true)));
        assertEquals(
                new Value.Array(List.of(Value.of("a"), Value.of(1))),
                Items.value(AttributeValue.fromL(List.of(AttributeValue.fromS("a"), AttributeValue.fromN("1")))));
        assertEquals(
                new Value.Array(List.of(Value.of(1), Value.of(new BigDecimal("2.5")))),
                Items.value(AttributeValue.fromNs(List.of("1", "2.5"))));
        assertEquals(new Value.Array(List.of(Value.of("a"))), Items.value(AttributeValue.fromSs(List.of("a"))));
        Value doc = Items.value(
                AttributeValue.fromM(Map.of("b", AttributeValue.fromN("2"), "a", AttributeValue.fromS("x"))));
        assertEquals(List.of("a", "b"), List.copyOf(((Value.Doc) doc).fields().keySet()), "names in sorted order");
    }

    @Test
    void valuesBecomeAttributesAndBack() {
        for (Value v : List.of(
                Value.of("x"),
                Value.of(5),
                Value.of(new BigDecimal("1.25")),
                Value.of(true),
                Value.NULL,
                new Value.Bytes(new byte[] {9}),
                new Value.Array(List.of(Value.of(1), Value.of("y"))))) {
            assertEquals(v, Items.value(Items.attribute(v, "query")), v.toString());
        }
        assertEquals(AttributeValue.fromN("1.5"), Items.attribute(Value.of(1.5), "query"));
        assertEquals(
                ErrorKind.INVALID_ARGUMENT,
                assertThrows(DriverException.class, () -> Items.attribute(Value.of(Double.NaN), "query"))
                        .kind());
    }
}
