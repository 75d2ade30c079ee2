package dev.tobira.driver.redis;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import dev.tobira.spi.ValueDepth;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Conversions between Redis byte strings and values, in both directions. */
final class Values {
    /** How deep an argument's JSON may nest: RedisJSON, the module that reads JSON arguments, stops at 128. */
    static final int MAX_DEPTH = 128;

    private Values() {}

    /** A byte string as Text when it is valid UTF-8, else as Bytes: Redis strings are binary-safe. */
    static Value ofBytes(byte[] bytes) {
        try {
            return new Value.Text(StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString());
        } catch (CharacterCodingException e) {
            return new Value.Bytes(bytes);
        }
    }

    /**
     * The bytes a value is sent as: text in UTF-8, bytes as they are, numbers in their decimal form,
     * booleans as 1 or 0, dates and times in ISO-8601, arrays and documents as JSON.
     *
     * @throws DriverException INVALID_ARGUMENT for NULL, which Redis has no argument for, and for an
     *     array or document nested deeper than {@value #MAX_DEPTH} levels or too large to write out
     */
    static byte[] toArgument(Value v, String op) {
        // the JSON rendering recurses per level and expands shared sub-values: checked once, first
        ValueDepth.check(v, MAX_DEPTH, RedisDriver.NAME, op);
        switch (v.kind()) {
            case NULL:
                throw DriverException.of(
                        ErrorKind.INVALID_ARGUMENT, RedisDriver.NAME, op, "NULL has no Redis argument form");
            case BYTES:
                return ((Value.Bytes) v).value();
            case BOOL:
                return ((Value.Bool) v).value() ? new byte[] {'1'} : new byte[] {'0'};
            case FLOAT:
                return floatText(((Value.Float) v).value()).getBytes(StandardCharsets.US_ASCII);
            default:
                return v.toString().getBytes(StandardCharsets.UTF_8);
        }
    }

    /** A double as Redis writes it: integral values without a fraction, infinities as inf/-inf. */
    static String floatText(double d) {
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf" : "-inf";
        }
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        return Double.toString(d);
    }
}
