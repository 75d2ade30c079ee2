package dev.tobira.format;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The one mapping between JSON and {@link Value}, both ways, shared by the CLI, the MCP server and
 * the drivers that speak JSON.
 *
 * <p>Value to JSON ("typed JSON"): {@code NULL} is {@code null}; {@code Bool} a boolean; {@code Int}
 * an integer number; {@code Decimal} a number written exactly as its {@link BigDecimal} (plain
 * notation, never through a double); {@code Float} a number in its shortest round-trip form, or
 * the string {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"} where JSON has no number;
 * {@code Text} and {@code Uuid} strings; {@code Bytes} a base64 string (RFC 4648, with padding);
 * {@code Date}, {@code Time}, {@code DateTime} and {@code Timestamp} ISO-8601 strings
 * ({@code 2026-10-21}, {@code 23:02:32}, {@code 2026-10-21T23:02:32}, {@code 2026-10-21T23:02:32Z});
 * {@code Json} the JSON it holds, embedded as a value, not as a string; {@code Array} and
 * {@code Vector} arrays; {@code Doc} an object with its fields in order.
 *
 * <p>JSON to Value, untyped ({@link #fromJson(String)}, {@link #fromNode(JsonNode)}): {@code null},
 * booleans and strings as themselves; an integer that fits 64 bits is an {@code Int}, a larger one
 * a {@code Decimal}; a number with a fraction or an exponent is a {@code Decimal} holding exactly
 * the digits written (so {@code 0.1} stays {@code 0.1}); arrays are {@code Array}s and objects
 * {@code Doc}s. Strings are never guessed to be dates or bytes: for that, say the kind
 * ({@link #fromNode(JsonNode, Value.Kind)}).
 *
 * <p>Thread-safe; holds no state but Jackson's shared factory.
 *
 * @since 0.1
 */
public final class JsonValues {
    /** Reads numbers as BigDecimal (exact) and refuses nothing JSON allows. */
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .nodeFactory(NODES)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES) // 1.50 stays 1.50
            .build();
    static final JsonFactory FACTORY = MAPPER.getFactory();
    private static final String COMPONENT = "format";

    private JsonValues() {}

    /**
     * Returns the Jackson mapper this class reads and writes with: numbers exact, BigDecimals plain.
     * Callers that build their own JSON around values (an MCP server's replies) may share it.
     *
     * @return the shared mapper; do not reconfigure it
     */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /**
     * Returns the compact typed JSON text of a value.
     *
     * @param value the value
     * @return the JSON text, on one line
     * @throws NullPointerException if value is null
     */
    public static String toJson(Value value) {
        requireNonNull(value, "value is null");
        StringWriter out = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            write(g, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.toString();
    }

    /**
     * Returns the typed JSON of a value as a Jackson tree.
     *
     * @param value the value
     * @return the tree, never null ({@code NullNode} for {@code NULL})
     * @throws NullPointerException if value is null
     */
    public static JsonNode toNode(Value value) {
        requireNonNull(value, "value is null");
        JsonNodeFactory f = NODES;
        return switch (value.kind()) {
            case NULL -> f.nullNode();
            case BOOL -> f.booleanNode(((Value.Bool) value).value());
            case INT -> f.numberNode(((Value.Int) value).value());
            case FLOAT -> {
                double d = ((Value.Float) value).value();
                yield Double.isFinite(d) ? f.numberNode(d) : f.textNode(Double.toString(d));
            }
            case DECIMAL -> f.numberNode(((Value.Decimal) value).value());
            case TEXT -> f.textNode(((Value.Text) value).value());
            case BYTES -> f.textNode(Base64.getEncoder().encodeToString(((Value.Bytes) value).value()));
            case JSON -> {
                String text = ((Value.Json) value).text();
                try {
                    JsonNode n = MAPPER.readTree(text);
                    yield n == null ? f.nullNode() : n;
                } catch (JsonProcessingException e) {
                    yield f.textNode(text); // as write() does: broken JSON stays a string
                }
            }
            case ARRAY -> {
                ArrayNode a = f.arrayNode();
                ((Value.Array) value).values().forEach(v -> a.add(toNode(v)));
                yield a;
            }
            case DOC -> {
                ObjectNode o = f.objectNode();
                ((Value.Doc) value).fields().forEach((k, v) -> o.set(k, toNode(v)));
                yield o;
            }
            case VECTOR -> {
                Value.Vector v = (Value.Vector) value;
                ArrayNode a = f.arrayNode(v.dimensions());
                for (int i = 0; i < v.dimensions(); i++) {
                    float x = v.get(i);
                    a.add(Float.isFinite(x) ? f.numberNode(x) : f.textNode(Float.toString(x)));
                }
                yield a;
            }
            default -> f.textNode(value.toString());
        };
    }

    /**
     * Writes the typed JSON of a value to a generator, as one JSON value (a field name, if any,
     * is the caller's to write first).
     *
     * @param g the generator
     * @param value the value
     * @throws IOException if the generator's output fails
     * @throws NullPointerException if an argument is null
     */
    public static void write(JsonGenerator g, Value value) throws IOException {
        requireNonNull(g, "generator is null");
        requireNonNull(value, "value is null");
        switch (value.kind()) {
            case NULL -> g.writeNull();
            case BOOL -> g.writeBoolean(((Value.Bool) value).value());
            case INT -> g.writeNumber(((Value.Int) value).value());
            case FLOAT -> writeDouble(g, ((Value.Float) value).value());
            case DECIMAL -> g.writeNumber(((Value.Decimal) value).value());
            case TEXT -> g.writeString(((Value.Text) value).value());
            case BYTES -> g.writeString(Base64.getEncoder().encodeToString(((Value.Bytes) value).value()));
            case JSON -> writeEmbedded(g, ((Value.Json) value).text());
            case ARRAY -> {
                List<Value> values = ((Value.Array) value).values();
                g.writeStartArray(values, values.size());
                for (Value v : values) {
                    write(g, v);
                }
                g.writeEndArray();
            }
            case DOC -> {
                Map<String, Value> fields = ((Value.Doc) value).fields();
                g.writeStartObject(fields, fields.size());
                for (Map.Entry<String, Value> e : fields.entrySet()) {
                    g.writeFieldName(e.getKey());
                    write(g, e.getValue());
                }
                g.writeEndObject();
            }
            case VECTOR -> {
                Value.Vector v = (Value.Vector) value;
                g.writeStartArray(v, v.dimensions());
                for (int i = 0; i < v.dimensions(); i++) {
                    float f = v.get(i);
                    if (Float.isFinite(f)) {
                        g.writeNumber(f);
                    } else {
                        g.writeString(Float.toString(f));
                    }
                }
                g.writeEndArray();
            }
            // DATE, TIME, DATETIME, TIMESTAMP, UUID: their toString() is the ISO-8601 / RFC 4122 form
            default -> g.writeString(value.toString());
        }
    }

    private static void writeDouble(JsonGenerator g, double d) throws IOException {
        if (Double.isFinite(d)) {
            g.writeNumber(d);
        } else {
            g.writeString(Double.toString(d));
        }
    }

    /** A Json value is embedded as JSON; its text is parsed, so broken text cannot break the output. */
    private static void writeEmbedded(JsonGenerator g, String text) throws IOException {
        JsonNode node;
        try {
            node = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            // not JSON after all (a driver's bug or a database's lax type): kept as a string
            g.writeString(text);
            return;
        }
        if (node == null) {
            g.writeNull();
        } else {
            MAPPER.writeTree(g, node);
        }
    }

    /**
     * Reads a JSON text as a value, untyped (see the class comment).
     *
     * @param json the JSON text: exactly one value
     * @return the value
     * @throws DriverException of kind {@link ErrorKind#INVALID_ARGUMENT} if the text is not one
     *     JSON value; the message names the line and column, not the text
     * @throws NullPointerException if json is null
     */
    public static Value fromJson(String json) {
        requireNonNull(json, "json is null");
        try (JsonParser p = FACTORY.createParser(json)) {
            if (p.nextToken() == null) {
                throw invalid("empty text, expected a JSON value");
            }
            Value v = read(p);
            if (p.nextToken() != null) {
                throw invalid("text after the JSON value at line "
                        + p.currentLocation().getLineNr() + ", column "
                        + p.currentLocation().getColumnNr());
            }
            return v;
        } catch (JsonProcessingException e) {
            throw invalid("not JSON at line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr());
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a string does not fail to read
        }
    }

    /**
     * Reads the value at a parser's current token, untyped, leaving the parser on the value's last
     * token (its {@code END_OBJECT}/{@code END_ARRAY}, or the scalar itself).
     *
     * @param p the parser, on the first token of a value
     * @return the value
     * @throws IOException if the input is not JSON or fails
     * @throws NullPointerException if p is null
     */
    public static Value read(JsonParser p) throws IOException {
        requireNonNull(p, "parser is null");
        JsonToken t = p.currentToken();
        if (t == null) {
            t = p.nextToken();
        }
        if (t == null) {
            throw invalid("end of input, expected a JSON value");
        }
        return switch (t) {
            case VALUE_NULL -> Value.NULL;
            case VALUE_TRUE -> Value.Bool.TRUE;
            case VALUE_FALSE -> Value.Bool.FALSE;
            case VALUE_STRING -> new Value.Text(p.getText());
            case VALUE_NUMBER_INT -> integer(p.getBigIntegerValue());
            case VALUE_NUMBER_FLOAT -> new Value.Decimal(p.getDecimalValue());
            case START_ARRAY -> {
                List<Value> values = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    values.add(read(p));
                }
                yield new Value.Array(values);
            }
            case START_OBJECT -> {
                Map<String, Value> fields = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    if (fields.put(name, read(p)) != null) {
                        throw invalid("field \"" + name + "\" appears twice in one object");
                    }
                }
                yield new Value.Doc(fields);
            }
            case VALUE_EMBEDDED_OBJECT -> embedded(p.getEmbeddedObject());
            default -> throw invalid("unexpected " + t + ", expected a JSON value");
        };
    }

    private static Value embedded(Object o) {
        // a token buffer of our own holds BigDecimals and byte arrays; nothing else reaches here
        if (o instanceof byte[] b) {
            return new Value.Bytes(b);
        }
        if (o instanceof BigDecimal d) {
            return new Value.Decimal(d);
        }
        return o == null ? Value.NULL : new Value.Text(o.toString());
    }

    /**
     * Reads a Jackson tree as a value, untyped (see the class comment).
     *
     * @param node the tree; a Java null reads as {@code NULL}
     * @return the value
     */
    public static Value fromNode(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return Value.NULL;
        }
        if (node.isBoolean()) {
            return Value.of(node.booleanValue());
        }
        if (node.isIntegralNumber()) {
            return integer(node.bigIntegerValue());
        }
        if (node.isNumber()) {
            // a DoubleNode from a mapper that read doubles: its shortest form is what was written
            return new Value.Decimal(node.isBigDecimal() ? node.decimalValue() : new BigDecimal(node.asText()));
        }
        if (node.isTextual()) {
            return new Value.Text(node.textValue());
        }
        if (node.isBinary()) {
            try {
                return new Value.Bytes(node.binaryValue());
            } catch (IOException e) {
                throw new UncheckedIOException(e); // a BinaryNode holds its bytes
            }
        }
        if (node.isArray()) {
            List<Value> values = new ArrayList<>(node.size());
            node.forEach(n -> values.add(fromNode(n)));
            return new Value.Array(values);
        }
        if (node.isObject()) {
            Map<String, Value> fields = new LinkedHashMap<>();
            node.properties().forEach(e -> fields.put(e.getKey(), fromNode(e.getValue())));
            return new Value.Doc(fields);
        }
        if (node.isPojo()) {
            return embedded(((com.fasterxml.jackson.databind.node.POJONode) node).getPojo());
        }
        throw invalid("unexpected JSON node " + node.getNodeType());
    }

    /**
     * Reads a Jackson tree as a value of a given kind, the inverse of {@link #toNode(Value)}: a
     * base64 string as {@code BYTES}, an ISO-8601 string as a date or time, a number or numeric
     * string as {@code INT}, {@code FLOAT} or {@code DECIMAL}, any JSON as {@code JSON}. A JSON
     * {@code null} is {@code NULL} whatever the kind.
     *
     * @param node the tree; a Java null reads as {@code NULL}
     * @param kind the kind wanted
     * @return the value, of that kind or {@code NULL}
     * @throws DriverException of kind {@link ErrorKind#INVALID_ARGUMENT} if the node cannot be a
     *     value of that kind; the message names the kind and the JSON type, not the value
     * @throws NullPointerException if kind is null
     */
    public static Value fromNode(JsonNode node, Value.Kind kind) {
        requireNonNull(kind, "kind is null");
        if (node == null || node.isNull() || node.isMissingNode()) {
            return Value.NULL;
        }
        try {
            return switch (kind) {
                case NULL -> throw mismatch(node, kind);
                case BOOL -> {
                    if (node.isBoolean()) {
                        yield Value.of(node.booleanValue());
                    }
                    if (node.isTextual()
                            && (node.textValue().equals("true")
                                    || node.textValue().equals("false"))) {
                        yield Value.of(Boolean.parseBoolean(node.textValue()));
                    }
                    throw mismatch(node, kind);
                }
                case INT -> {
                    BigDecimal d = number(node, kind);
                    yield Value.of(d.longValueExact());
                }
                case FLOAT -> {
                    if (node.isTextual() && isNonFinite(node.textValue())) {
                        yield Value.of(Double.parseDouble(node.textValue()));
                    }
                    yield Value.of(number(node, kind).doubleValue());
                }
                case DECIMAL -> new Value.Decimal(number(node, kind));
                case TEXT ->
                    node.isTextual()
                            ? new Value.Text(node.textValue())
                            : node.isValueNode()
                                    ? new Value.Text(node.asText())
                                    : new Value.Text(MAPPER.writeValueAsString(node));
                case BYTES ->
                    node.isBinary()
                            ? new Value.Bytes(node.binaryValue())
                            : new Value.Bytes(Base64.getDecoder().decode(text(node, kind)));
                case DATE -> Value.of(LocalDate.parse(text(node, kind)));
                case TIME -> Value.of(LocalTime.parse(text(node, kind)));
                case DATETIME -> Value.of(LocalDateTime.parse(text(node, kind)));
                case TIMESTAMP -> Value.of(instant(text(node, kind)));
                case UUID -> Value.of(UUID.fromString(text(node, kind)));
                case JSON -> new Value.Json(MAPPER.writeValueAsString(node));
                case ARRAY -> {
                    if (!node.isArray()) {
                        throw mismatch(node, kind);
                    }
                    yield fromNode(node);
                }
                case DOC -> {
                    if (!node.isObject()) {
                        throw mismatch(node, kind);
                    }
                    yield fromNode(node);
                }
                case VECTOR -> {
                    if (!node.isArray()) {
                        throw mismatch(node, kind);
                    }
                    float[] values = new float[node.size()];
                    for (int i = 0; i < values.length; i++) {
                        JsonNode n = node.get(i);
                        if (!n.isNumber()) {
                            throw mismatch(node, kind);
                        }
                        values[i] = n.floatValue();
                    }
                    yield new Value.Vector(values);
                }
            };
        } catch (DateTimeParseException | IllegalArgumentException | ArithmeticException e) {
            // IllegalArgumentException covers bad base64 and bad UUIDs; the value stays out of the message
            throw mismatch(node, kind);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a tree does not fail to read
        }
    }

    private static boolean isNonFinite(String s) {
        return s.equals("NaN") || s.equals("Infinity") || s.equals("-Infinity");
    }

    private static Instant instant(String s) {
        try {
            return Instant.parse(s);
        } catch (DateTimeParseException e) {
            return OffsetDateTime.parse(s).toInstant(); // an offset other than Z
        }
    }

    private static BigDecimal number(JsonNode node, Value.Kind kind) {
        if (node.isNumber()) {
            return node.isBigDecimal() || node.isIntegralNumber() ? node.decimalValue() : new BigDecimal(node.asText());
        }
        if (node.isTextual()) {
            try {
                return new BigDecimal(node.textValue().trim());
            } catch (NumberFormatException e) {
                throw mismatch(node, kind);
            }
        }
        throw mismatch(node, kind);
    }

    private static String text(JsonNode node, Value.Kind kind) {
        if (!node.isTextual()) {
            throw mismatch(node, kind);
        }
        return node.textValue();
    }

    private static Value integer(BigInteger i) {
        return i.bitLength() < 64 ? Value.of(i.longValue()) : new Value.Decimal(new BigDecimal(i));
    }

    /**
     * Returns the type name the JSON result shape gives a column of a kind ({@code "int"},
     * {@code "string"}, …), as in {@code {"name": "id", "type": "int"}}.
     *
     * @param kind the kind
     * @return the name, lower case
     */
    public static String typeName(Value.Kind kind) {
        return switch (requireNonNull(kind, "kind is null")) {
            case NULL -> "null";
            case BOOL -> "bool";
            case INT -> "int";
            case FLOAT -> "float";
            case DECIMAL -> "decimal";
            case TEXT -> "string";
            case BYTES -> "bytes";
            case DATE -> "date";
            case TIME -> "time";
            case DATETIME -> "datetime";
            case TIMESTAMP -> "timestamp";
            case UUID -> "uuid";
            case JSON -> "json";
            case ARRAY -> "array";
            case DOC -> "object";
            case VECTOR -> "vector";
        };
    }

    private static DriverException mismatch(JsonNode node, Value.Kind kind) {
        return invalid(
                "a JSON " + node.getNodeType().name().toLowerCase(java.util.Locale.ROOT) + " is not a " + typeName(kind)
                        + (kind == Value.Kind.BYTES
                                ? " (expected base64)"
                                : kind.ordinal() >= Value.Kind.DATE.ordinal()
                                                && kind.ordinal() <= Value.Kind.TIMESTAMP.ordinal()
                                        ? " (expected ISO-8601)"
                                        : ""));
    }

    static DriverException invalid(String detail) {
        return DriverException.of(ErrorKind.INVALID_ARGUMENT, COMPONENT, "json", detail);
    }
}
