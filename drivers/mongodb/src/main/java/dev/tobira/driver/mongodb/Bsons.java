package dev.tobira.driver.mongodb;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import dev.tobira.spi.ValueDepth;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDocumentReader;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonReader;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * BSON to {@link Value} and back, the one mapping every path of the driver uses (results, the
 * browser, the mutator, parameters, the change feed).
 *
 * <p>BSON to Value: double {@code Float}; string, symbol, JavaScript code, regular expression
 * ({@code /pattern/flags}), min/max key and DBPointer {@code Text}; ObjectId {@code Text} (24 hex
 * digits, native type {@code objectId}); embedded document {@code Doc}; array {@code Array}; binary
 * subtype 4 of 16 bytes {@code Uuid}, any other binary {@code Bytes}; boolean {@code Bool}; date
 * {@code Timestamp}; null and undefined {@code NULL}; int32 and int64 {@code Int}; Decimal128
 * {@code Decimal} (NaN and the infinities, which BigDecimal cannot hold, {@code Float}); the internal
 * timestamp type {@code Doc {t, i}} as Extended JSON spells it.
 */
final class Bsons {
    private Bsons() {}

    /** The native type name of a BSON type: the alias {@code $type} takes. */
    static String typeName(BsonType type) {
        return switch (type) {
            case DOUBLE -> "double";
            case STRING -> "string";
            case DOCUMENT -> "object";
            case ARRAY -> "array";
            case BINARY -> "binData";
            case UNDEFINED -> "undefined";
            case OBJECT_ID -> "objectId";
            case BOOLEAN -> "bool";
            case DATE_TIME -> "date";
            case NULL -> "null";
            case REGULAR_EXPRESSION -> "regex";
            case DB_POINTER -> "dbPointer";
            case JAVASCRIPT -> "javascript";
            case SYMBOL -> "symbol";
            case JAVASCRIPT_WITH_SCOPE -> "javascriptWithScope";
            case INT32 -> "int";
            case TIMESTAMP -> "timestamp";
            case INT64 -> "long";
            case DECIMAL128 -> "decimal";
            case MIN_KEY -> "minKey";
            case MAX_KEY -> "maxKey";
            default -> type.name().toLowerCase(java.util.Locale.ROOT);
        };
    }

    /** The kind a value of a BSON type arrives as; binary is Bytes (a UUID is told apart per value). */
    static Value.Kind kind(BsonType type) {
        return switch (type) {
            case DOUBLE -> Value.Kind.FLOAT;
            case DOCUMENT, TIMESTAMP -> Value.Kind.DOC;
            case ARRAY -> Value.Kind.ARRAY;
            case BINARY -> Value.Kind.BYTES;
            case UNDEFINED, NULL -> Value.Kind.NULL;
            case BOOLEAN -> Value.Kind.BOOL;
            case DATE_TIME -> Value.Kind.TIMESTAMP;
            case INT32, INT64 -> Value.Kind.INT;
            case DECIMAL128 -> Value.Kind.DECIMAL;
            default -> Value.Kind.TEXT;
        };
    }

    /** Reads the current value of a reader, whose type {@code type} the reader just reported. */
    static Value read(BsonReader r, BsonType type) {
        switch (type) {
            case DOUBLE:
                return Value.of(r.readDouble());
            case STRING:
                return new Value.Text(r.readString());
            case DOCUMENT: {
                r.readStartDocument();
                Map<String, Value> fields = new LinkedHashMap<>();
                for (BsonType t = r.readBsonType(); t != BsonType.END_OF_DOCUMENT; t = r.readBsonType()) {
                    String name = r.readName();
                    fields.put(name, read(r, t));
                }
                r.readEndDocument();
                return new Value.Doc(fields);
            }
            case ARRAY: {
                r.readStartArray();
                List<Value> values = new ArrayList<>();
                for (BsonType t = r.readBsonType(); t != BsonType.END_OF_DOCUMENT; t = r.readBsonType()) {
                    values.add(read(r, t));
                }
                r.readEndArray();
                return new Value.Array(values);
            }
            case BINARY: {
                BsonBinary b = r.readBinaryData();
                if (b.getType() == BsonBinarySubType.UUID_STANDARD.getValue() && b.getData().length == 16) {
                    ByteBuffer bb = ByteBuffer.wrap(b.getData());
                    return new Value.Uuid(new UUID(bb.getLong(), bb.getLong()));
                }
                return new Value.Bytes(b.getData());
            }
            case UNDEFINED:
                r.readUndefined();
                return Value.NULL;
            case OBJECT_ID:
                return new Value.Text(r.readObjectId().toHexString());
            case BOOLEAN:
                return Value.of(r.readBoolean());
            case DATE_TIME:
                return new Value.Timestamp(Instant.ofEpochMilli(r.readDateTime()));
            case NULL:
                r.readNull();
                return Value.NULL;
            case REGULAR_EXPRESSION: {
                BsonRegularExpression re = r.readRegularExpression();
                return new Value.Text("/" + re.getPattern() + "/" + re.getOptions());
            }
            case DB_POINTER:
                return new Value.Text(r.readDBPointer().getNamespace());
            case JAVASCRIPT:
                return new Value.Text(r.readJavaScript());
            case SYMBOL:
                return new Value.Text(r.readSymbol());
            case JAVASCRIPT_WITH_SCOPE: {
                String code = r.readJavaScriptWithScope();
                r.skipValue(); // the scope document: the code is what a reader wants to see
                return new Value.Text(code);
            }
            case INT32:
                return Value.of((long) r.readInt32());
            case TIMESTAMP: {
                BsonTimestamp ts = r.readTimestamp();
                Map<String, Value> fields = new LinkedHashMap<>();
                fields.put("t", Value.of((long) ts.getTime()));
                fields.put("i", Value.of((long) ts.getInc()));
                return new Value.Doc(fields);
            }
            case INT64:
                return Value.of(r.readInt64());
            case DECIMAL128: {
                Decimal128 d = r.readDecimal128();
                if (d.isNaN() || d.isInfinite()) {
                    return Value.of(
                            d.isNaN()
                                    ? Double.NaN
                                    : d.isNegative() ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY);
                }
                return new Value.Decimal(d.bigDecimalValue());
            }
            case MIN_KEY:
                r.readMinKey();
                return new Value.Text("MinKey");
            case MAX_KEY:
                r.readMaxKey();
                return new Value.Text("MaxKey");
            default:
                r.skipValue();
                return Value.NULL;
        }
    }

    /** Converts a BSON value already in hand. */
    static Value toValue(BsonValue v) {
        BsonDocument holder = new BsonDocument("v", v);
        try (BsonDocumentReader r = new BsonDocumentReader(holder)) {
            r.readStartDocument();
            BsonType t = r.readBsonType();
            r.readName();
            return read(r, t);
        }
    }

    /**
     * Converts a value to BSON: NULL null, Bool boolean, Int int32 when it fits, else int64, Float
     * double, Decimal Decimal128 (refused past its 34 digits), Text string, Bytes binary, Uuid binary
     * subtype 4, Timestamp a date (milliseconds), DateTime a date read as UTC, Date a date at UTC
     * midnight, Time an ISO string, Json the Extended JSON it holds, Array array, Doc document,
     * Vector an array of doubles.
     *
     * @throws DriverException INVALID_ARGUMENT for a value BSON cannot hold, or one nested deeper than
     *     {@link CommandParser#MAX_DEPTH} (checked once here, without recursion, before any of it converts)
     */
    static BsonValue toBson(Value v, String op) {
        ValueDepth.check(v, CommandParser.MAX_DEPTH, MongoDriver.NAME, op);
        return convert(v, op);
    }

    private static BsonValue convert(Value v, String op) {
        switch (v.kind()) {
            case NULL:
                return BsonNull.VALUE;
            case BOOL:
                return BsonBoolean.valueOf(((Value.Bool) v).value());
            case INT: {
                long i = ((Value.Int) v).value();
                return i == (int) i ? new BsonInt32((int) i) : new BsonInt64(i);
            }
            case FLOAT:
                return new BsonDouble(((Value.Float) v).value());
            case DECIMAL:
                return decimal(((Value.Decimal) v).value(), op);
            case TEXT:
                return new BsonString(((Value.Text) v).value());
            case BYTES:
                return new BsonBinary(((Value.Bytes) v).value());
            case UUID:
                return new BsonBinary(((Value.Uuid) v).value());
            case TIMESTAMP:
                return date(((Value.Timestamp) v).value(), op);
            case DATETIME:
                return date(((Value.DateTime) v).value().toInstant(ZoneOffset.UTC), op);
            case DATE:
                return date(
                        LocalDateTime.of(((Value.Date) v).value(), LocalTime.MIDNIGHT)
                                .toInstant(ZoneOffset.UTC),
                        op);
            case TIME:
                return new BsonString(((Value.Time) v).value().toString());
            case JSON:
                return CommandParser.parseValue(((Value.Json) v).text(), op);
            case ARRAY: {
                List<Value> values = ((Value.Array) v).values();
                BsonArray arr = new BsonArray(new ArrayList<>(values.size()));
                for (Value e : values) {
                    arr.add(convert(e, op));
                }
                return arr;
            }
            case DOC: {
                BsonDocument doc = new BsonDocument();
                for (Map.Entry<String, Value> e : ((Value.Doc) v).fields().entrySet()) {
                    doc.put(CommandParser.checkKey(e.getKey(), op), convert(e.getValue(), op));
                }
                return doc;
            }
            case VECTOR: {
                float[] floats = ((Value.Vector) v).values();
                BsonArray arr = new BsonArray(new ArrayList<>(floats.length));
                for (float f : floats) {
                    arr.add(new BsonDouble(f));
                }
                return arr;
            }
            default:
                throw DriverException.of(
                        ErrorKind.INVALID_ARGUMENT, MongoDriver.NAME, op, "a " + v.kind() + " value has no BSON form");
        }
    }

    /** A BSON date is a long of milliseconds: about 292 million years either side of 1970, less than Instant holds. */
    private static BsonValue date(Instant instant, String op) {
        try {
            return new BsonDateTime(instant.toEpochMilli());
        } catch (ArithmeticException e) {
            throw DriverException.builder(ErrorKind.INVALID_ARGUMENT, MongoDriver.NAME, op)
                    .detail("a date past BSON's range (milliseconds since 1970 in 64 bits)")
                    .cause(e)
                    .build();
        }
    }

    private static BsonValue decimal(BigDecimal d, String op) {
        try {
            return new BsonDecimal128(new Decimal128(d));
        } catch (NumberFormatException e) {
            throw DriverException.builder(ErrorKind.INVALID_ARGUMENT, MongoDriver.NAME, op)
                    .detail("a Decimal value does not fit MongoDB's Decimal128 (34 digits)")
                    .cause(e)
                    .build();
        }
    }
}
