package dev.tobira.driver.dynamodb;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import dev.tobira.spi.ValueDepth;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * DynamoDB attribute values and tobira values, both ways, in one place.
 *
 * <p>To a {@link Value}: S is {@code Text}, B {@code Bytes}, BOOL {@code Bool}, NULL {@code Null},
 * M a {@code Doc} (its names in sorted order, as the SDK's map gives no order), L an {@code Array},
 * SS, NS and BS an {@code Array} of {@code Text}, numbers and {@code Bytes}. An N is an {@code Int}
 * when its value is a whole number from {@link Long#MIN_VALUE} to {@link Long#MAX_VALUE}, whatever
 * its spelling ({@code 5}, {@code 5.0} and {@code 5E0} alike: DynamoDB stores the number, not its
 * text), and otherwise a {@code Decimal} holding the exact number: {@code 1.5}, {@code 1E+40},
 * {@code 18446744073709551616}. Never a {@code Float}: N has 38 digits of precision.
 */
final class Items {
    private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

    private Items() {}

    static Value value(AttributeValue a) {
        if (a.s() != null) {
            return Value.of(a.s());
        }
        if (a.n() != null) {
            return number(a.n());
        }
        if (a.b() != null) {
            return new Value.Bytes(a.b().asByteArrayUnsafe());
        }
        if (a.bool() != null) {
            return Value.of(a.bool());
        }
        if (Boolean.TRUE.equals(a.nul())) {
            return Value.NULL;
        }
        if (a.hasM()) {
            return doc(a.m());
        }
        if (a.hasL()) {
            List<Value> out = new ArrayList<>(a.l().size());
            for (AttributeValue e : a.l()) {
                out.add(value(e));
            }
            return new Value.Array(out);
        }
        if (a.hasSs()) {
            List<Value> out = new ArrayList<>(a.ss().size());
            for (String s : a.ss()) {
                out.add(Value.of(s));
            }
            return new Value.Array(out);
        }
        if (a.hasNs()) {
            List<Value> out = new ArrayList<>(a.ns().size());
            for (String s : a.ns()) {
                out.add(number(s));
            }
            return new Value.Array(out);
        }
        if (a.hasBs()) {
            List<Value> out = new ArrayList<>(a.bs().size());
            for (SdkBytes b : a.bs()) {
                out.add(new Value.Bytes(b.asByteArrayUnsafe()));
            }
            return new Value.Array(out);
        }
        // an attribute value of a type this SDK does not know (a newer service): say so, drop nothing
        return Value.of(a.toString());
    }

    /** The N rule: a whole number in the range of a long is an Int, anything else the exact Decimal. */
    static Value number(String n) {
        if (isPlainLong(n)) {
            return Value.of(Long.parseLong(n));
        }
        BigDecimal d;
        try {
            d = new BigDecimal(n);
        } catch (NumberFormatException e) {
            return Value.of(n); // the server sent a number it cannot have stored: keep its text
        }
        if (d.signum() == 0) {
            return Value.of(0L);
        }
        BigDecimal whole = d.stripTrailingZeros();
        if (whole.scale() <= 0 && whole.compareTo(LONG_MIN) >= 0 && whole.compareTo(LONG_MAX) <= 0) {
            return Value.of(whole.longValueExact());
        }
        return Value.of(d);
    }

    /** Digits with an optional minus and at most 18 of them: always a long, parsed without BigDecimal. */
    private static boolean isPlainLong(String n) {
        int len = n.length();
        int start = len > 0 && n.charAt(0) == '-' ? 1 : 0;
        if (len == start || len - start > 18) {
            return false;
        }
        for (int i = start; i < len; i++) {
            char c = n.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    static Value.Doc doc(Map<String, AttributeValue> m) {
        Map<String, Value> out = new LinkedHashMap<>();
        m.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> out.put(e.getKey(), value(e.getValue())));
        return new Value.Doc(out);
    }

    /** DynamoDB's limit on nesting: a document or list 32 levels deep is the most an item can hold. */
    static final int MAX_DEPTH = 32;

    /** A double as the exact decimal DynamoDB stores; NaN and the infinities have none. */
    private static BigDecimal finite(double d, String op) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            throw DriverException.of(
                    ErrorKind.INVALID_ARGUMENT, DynamoDriver.NAME, op, "DynamoDB numbers cannot be NaN or infinite");
        }
        return BigDecimal.valueOf(d);
    }

    /**
     * A tobira value as an attribute value, for parameters of a PartiQL statement and for the
     * mutator: Text S, Int, Float and Decimal N, Bool BOOL, Null NULL, Bytes B, Array L, Doc M, a
     * Vector an L of N; dates, times, timestamps and UUIDs their ISO text as S. JSON text is refused:
     * give a Doc or an Array. The one path every caller's value takes to the SDK: its nesting is
     * checked here, once, against DynamoDB's own limit of {@value #MAX_DEPTH} levels, before any of it
     * converts (the conversion recurses, a check after it would come too late).
     *
     * @throws DriverException INVALID_ARGUMENT for a value DynamoDB cannot hold: NaN or an infinity
     *     anywhere, JSON text, nesting past {@value #MAX_DEPTH} levels
     */
    static AttributeValue attribute(Value v, String op) {
        ValueDepth.check(v, MAX_DEPTH, DynamoDriver.NAME, op);
        return convert(v, op);
    }

    private static AttributeValue convert(Value v, String op) {
        switch (v.kind()) {
            case NULL:
                return AttributeValue.fromNul(true);
            case BOOL:
                return AttributeValue.fromBool(((Value.Bool) v).value());
            case INT:
                return AttributeValue.fromN(Long.toString(((Value.Int) v).value()));
            case FLOAT:
                return AttributeValue.fromN(
                        finite(((Value.Float) v).value(), op).toString());
            case DECIMAL:
                return AttributeValue.fromN(((Value.Decimal) v).value().toString());
            case TEXT:
                return AttributeValue.fromS(((Value.Text) v).value());
            case BYTES:
                return AttributeValue.fromB(SdkBytes.fromByteArray(((Value.Bytes) v).value()));
            case ARRAY: {
                List<AttributeValue> l = new ArrayList<>();
                for (Value e : ((Value.Array) v).values()) {
                    l.add(convert(e, op));
                }
                return AttributeValue.fromL(l);
            }
            case DOC: {
                Map<String, AttributeValue> m = new LinkedHashMap<>();
                ((Value.Doc) v).fields().forEach((k, e) -> m.put(k, convert(e, op)));
                return AttributeValue.fromM(m);
            }
            case VECTOR: {
                List<AttributeValue> l = new ArrayList<>();
                for (float f : ((Value.Vector) v).values()) {
                    finite(f, op); // before Float.toString, whose "NaN" and "Infinity" BigDecimal cannot read
                    l.add(AttributeValue.fromN(new BigDecimal(Float.toString(f)).toString()));
                }
                return AttributeValue.fromL(l);
            }
            case JSON:
                throw DriverException.of(
                        ErrorKind.INVALID_ARGUMENT,
                        DynamoDriver.NAME,
                        op,
                        "a JSON value has no DynamoDB type: give a Doc or an Array");
            default:
                return AttributeValue.fromS(v.toString());
        }
    }
}
