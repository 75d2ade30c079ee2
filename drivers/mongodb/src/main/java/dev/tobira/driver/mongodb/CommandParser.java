package dev.tobira.driver.mongodb;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.Redactor;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.Optional;
import org.bson.BSONException;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonJavaScript;
import org.bson.BsonJavaScriptWithScope;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonSymbol;
import org.bson.BsonType;
import org.bson.BsonUndefined;
import org.bson.BsonValue;
import org.bson.json.JsonParseException;
import org.bson.json.JsonReader;
import org.jspecify.annotations.Nullable;

/**
 * Parses a query's text, once, into the BSON document that is checked and sent: Extended JSON
 * (canonical or relaxed, and the shell forms {@code ObjectId("…")}, {@code ISODate("…")} the vendor's
 * reader takes) read by the vendor's {@link JsonReader} into a tree this class builds itself, so
 * that a key given twice at any depth is seen rather than silently kept once, as a
 * {@code BsonDocument} would. The text must be exactly one JSON object: anything after it but white
 * space is refused. Keys with a NUL character (which BSON cannot hold) and nesting deeper than
 * {@value #MAX_DEPTH} are refused.
 */
final class CommandParser {
    /** Deeper than the server takes (its limit on nesting is 100 levels of documents and arrays, plus the command). */
    static final int MAX_DEPTH = 120;

    private CommandParser() {}

    /**
     * A parsed document and the first key found twice in one document, if any.
     *
     * @param document the document, in the order written (a duplicate keeps its last value)
     * @param duplicate the path of a key written twice, such as {@code pipeline.0.$match.status}
     */
    record Parsed(BsonDocument document, Optional<String> duplicate) {}

    static Parsed parse(String text, String op) {
        if (text.isBlank()) {
            throw syntax(op, "the query is empty: it must be a command document such as {\"find\": \"orders\"}", null);
        }
        Counting in = new Counting(new StringReader(text));
        String[] duplicate = {null};
        BsonDocument doc;
        try (JsonReader r = new JsonReader(in)) {
            BsonType type = r.readBsonType();
            if (type != BsonType.DOCUMENT) {
                throw syntax(
                        op,
                        "the query must be one JSON object, a command document such as {\"find\": \"orders\"}, not "
                                + article(type),
                        null);
            }
            doc = document(r, 1, "", duplicate, op);
        } catch (JsonParseException | BSONException e) {
            throw syntax(op, "the query is not valid Extended JSON: " + e.getMessage(), e);
        } catch (DriverException e) {
            throw e;
        } catch (RuntimeException e) {
            // the reader takes a literal's shape as syntax and then builds its value, which can fail on its
            // content: ObjectId("zz") or bad base64 (IllegalArgumentException), NumberInt("x")
            // (NumberFormatException). However the vendor's code fails on the text, the text is malformed.
            throw syntax(op, "the query holds a malformed Extended JSON literal: " + e.getMessage(), e);
        }
        // the reader stops at the closing brace: whatever it did not consume must be white space
        if (!text.substring(Math.min(text.length(), in.consumed)).isBlank()) {
            throw syntax(op, "the query holds more than one JSON value: send one command document per query", null);
        }
        if (doc.isEmpty()) {
            throw syntax(op, "the command document is empty: its first key names the command", null);
        }
        return new Parsed(doc, Optional.ofNullable(duplicate[0]));
    }

    /** Parses one JSON value (a parameter of kind Json), refusing a duplicate key outright. */
    static BsonValue parseValue(String json, String op) {
        Parsed p;
        try {
            p = parse("{\"v\": " + json + "\n}", op);
        } catch (DriverException e) {
            throw DriverException.builder(ErrorKind.INVALID_ARGUMENT, MongoDriver.NAME, op)
                    .detail("a Json parameter is not one JSON value")
                    .cause(e)
                    .build();
        }
        BsonValue v = p.document().get("v");
        if (v == null || p.duplicate().isPresent() || p.document().size() != 1) {
            throw DriverException.of(
                    ErrorKind.INVALID_ARGUMENT,
                    MongoDriver.NAME,
                    op,
                    "a Json parameter is not one JSON value, or holds a key twice");
        }
        return v;
    }

    static String checkKey(String key, String op) {
        if (key.indexOf('\0') >= 0) {
            throw DriverException.of(
                    ErrorKind.INVALID_ARGUMENT,
                    MongoDriver.NAME,
                    op,
                    "a key holds a NUL character, which BSON cannot hold");
        }
        return key;
    }

    private static BsonDocument document(JsonReader r, int depth, String path, String[] duplicate, String op) {
        if (depth > MAX_DEPTH) {
            throw syntax(op, "the document nests deeper than " + MAX_DEPTH + " levels", null);
        }
        r.readStartDocument();
        BsonDocument doc = new BsonDocument();
        for (BsonType t = r.readBsonType(); t != BsonType.END_OF_DOCUMENT; t = r.readBsonType()) {
            String name = r.readName();
            if (name.indexOf('\0') >= 0) {
                throw syntax(op, "a key holds a NUL character, which BSON cannot hold", null);
            }
            BsonValue v = value(r, t, depth, path + name + ".", duplicate, op);
            if (doc.containsKey(name) && duplicate[0] == null) {
                duplicate[0] = path + name;
            }
            doc.put(name, v);
        }
        r.readEndDocument();
        return doc;
    }

    private static BsonValue value(JsonReader r, BsonType t, int depth, String path, String[] duplicate, String op) {
        switch (t) {
            case DOCUMENT:
                return document(r, depth + 1, path, duplicate, op);
            case ARRAY: {
                if (depth + 1 > MAX_DEPTH) {
                    throw syntax(op, "the document nests deeper than " + MAX_DEPTH + " levels", null);
                }
                r.readStartArray();
                BsonArray a = new BsonArray();
                int i = 0;
                for (BsonType e = r.readBsonType(); e != BsonType.END_OF_DOCUMENT; e = r.readBsonType()) {
                    a.add(value(r, e, depth + 1, path + i++ + ".", duplicate, op));
                }
                r.readEndArray();
                return a;
            }
            case DOUBLE:
                return new BsonDouble(r.readDouble());
            case STRING:
                return new BsonString(r.readString());
            case BINARY:
                return r.readBinaryData();
            case UNDEFINED:
                r.readUndefined();
                return new BsonUndefined();
            case OBJECT_ID:
                return new BsonObjectId(r.readObjectId());
            case BOOLEAN:
                return BsonBoolean.valueOf(r.readBoolean());
            case DATE_TIME:
                return new BsonDateTime(r.readDateTime());
            case NULL:
                r.readNull();
                return BsonNull.VALUE;
            case REGULAR_EXPRESSION:
                return r.readRegularExpression();
            case DB_POINTER:
                return r.readDBPointer();
            case JAVASCRIPT:
                return new BsonJavaScript(r.readJavaScript());
            case SYMBOL:
                return new BsonSymbol(r.readSymbol());
            case JAVASCRIPT_WITH_SCOPE: {
                String code = r.readJavaScriptWithScope();
                return new BsonJavaScriptWithScope(code, document(r, depth + 1, path, duplicate, op));
            }
            case INT32:
                return new BsonInt32(r.readInt32());
            case TIMESTAMP:
                return r.readTimestamp();
            case INT64:
                return new BsonInt64(r.readInt64());
            case DECIMAL128:
                return new BsonDecimal128(r.readDecimal128());
            case MIN_KEY:
                r.readMinKey();
                return new BsonMinKey();
            case MAX_KEY:
                r.readMaxKey();
                return new BsonMaxKey();
            default:
                throw syntax(op, "a value of BSON type " + t + " cannot be read", null);
        }
    }

    private static String article(BsonType type) {
        return switch (type) {
            case ARRAY -> "an array";
            case STRING -> "a string";
            case INT32, INT64, DOUBLE, DECIMAL128 -> "a number";
            case BOOLEAN -> "a boolean";
            case NULL -> "null";
            default -> "a " + Bsons.typeName(type);
        };
    }

    private static DriverException syntax(String op, String detail, @Nullable Throwable cause) {
        // the vendor reader's message may quote the text: it passes the redactor like every message
        DriverException.Builder b = DriverException.builder(ErrorKind.SYNTAX, MongoDriver.NAME, op)
                .detail(Redactor.standard().redact(detail));
        if (cause != null) {
            b.cause(cause);
        }
        return b.build();
    }

    /** Counts the characters the JSON reader took, so that text after the document is seen. */
    private static final class Counting extends Reader {
        private final Reader in;
        int consumed;

        Counting(Reader in) {
            this.in = in;
        }

        @Override
        public int read(char[] buf, int off, int len) throws IOException {
            // one character at a time: the reader must not take text past the document from us
            if (len == 0) {
                return 0;
            }
            int c = in.read();
            if (c < 0) {
                return -1;
            }
            buf[off] = (char) c;
            consumed++;
            return 1;
        }

        @Override
        public int read() throws IOException {
            int c = in.read();
            if (c >= 0) {
                consumed++;
            }
            return c;
        }

        @Override
        public void close() {}
    }
}
