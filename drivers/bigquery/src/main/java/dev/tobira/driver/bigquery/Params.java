package dev.tobira.driver.bigquery;

import com.google.cloud.bigquery.QueryParameterValue;
import com.google.cloud.bigquery.StandardSQLTypeName;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import dev.tobira.spi.ValueDepth;
import java.math.BigDecimal;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code Query.params} as BigQuery's positional query parameters, each with its type: the values
 * travel in the job's {@code queryParameters}, beside the text, and are never spliced into it.
 */
final class Params {
    /** NUMERIC holds 38 digits, 9 of them after the point; anything wider is BIGNUMERIC. */
    private static final int NUMERIC_SCALE = 9;

    private static final int NUMERIC_INTEGER_DIGITS = 29;
    /** Far past BigQuery's own 15 levels of STRUCT, so BigQuery's message is the one a caller sees. */
    static final int MAX_DEPTH = 64;

    private static final DateTimeFormatter TIMESTAMP =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSSxxx").withZone(ZoneOffset.UTC);

    /** What the client takes (and BigQuery keeps): microseconds, the nanoseconds past them cut as a TIMESTAMP's are. */
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSSSSS");

    private static final DateTimeFormatter DATETIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");

    private Params() {}

    static List<QueryParameterValue> of(List<Value> values) {
        // the conversion below and the client's JSON encoder recurse per level: bound the levels first
        // (BigQuery itself nests a STRUCT no deeper than 15)
        ValueDepth.checkParameters(values, MAX_DEPTH, BigQueryDriver.NAME, "query");
        List<QueryParameterValue> out = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) {
            out.add(of(values.get(i), i + 1));
        }
        return out;
    }

    /**
     * The value as BigQuery's parameter; a value past BigQuery's range (a date outside the years
     * 0001 to 9999, a number past BIGNUMERIC) is an INVALID_ARGUMENT naming the parameter and the
     * range, and whatever else the client refuses is one too: never the client's own exception.
     */
    static QueryParameterValue of(Value value, int position) {
        try {
            return convert(value, position);
        } catch (DriverException e) {
            throw e;
        } catch (RuntimeException e) {
            throw DriverException.builder(ErrorKind.INVALID_ARGUMENT, BigQueryDriver.NAME, "query")
                    .detail("parameter " + position + " is the " + value.kind().name() + " " + shown(value)
                            + ", which BigQuery's client cannot send: " + e.getMessage())
                    .cause(e)
                    .build();
        }
    }

    private static final java.time.Instant FIRST = java.time.Instant.parse("0001-01-01T00:00:00Z");
    private static final java.time.Instant AFTER_LAST = java.time.Instant.parse("+10000-01-01T00:00:00Z");
    private static final String YEARS = "BigQuery's DATE, DATETIME and TIMESTAMP take the years 0001 to 9999";
    private static final String BIGNUMERIC =
            "BigQuery's BIGNUMERIC takes up to ±5.7896e38 with up to 38 digits after the point";
    private static final BigDecimal BIGNUMERIC_MAX =
            new BigDecimal("578960446186580977117854925043439539266.34992332820282019728792003956564819967");
    private static final int BIGNUMERIC_DIGITS = 38;

    private static DriverException outOfRange(int position, Value value, String range) {
        return DriverException.of(
                ErrorKind.INVALID_ARGUMENT,
                BigQueryDriver.NAME,
                "query",
                "parameter " + position + " is the " + value.kind().name() + " " + shown(value)
                        + ", outside the range it can be sent in (" + range + ")");
    }

    private static String shown(Value value) {
        String s = value.toString();
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }

    private static java.time.LocalDate date(java.time.LocalDate d, int position, Value value) {
        if (d.getYear() < 1 || d.getYear() > 9999) {
            throw outOfRange(position, value, YEARS);
        }
        return d;
    }

    private static QueryParameterValue convert(Value value, int position) {
        switch (value.kind()) {
            case NULL:
                // an untyped NULL: BigQuery coerces it where it is used
                return QueryParameterValue.of(null, StandardSQLTypeName.INT64);
            case BOOL:
                return QueryParameterValue.bool(((Value.Bool) value).value());
            case INT:
                return QueryParameterValue.int64(((Value.Int) value).value());
            case FLOAT:
                return QueryParameterValue.float64(((Value.Float) value).value());
            case DECIMAL:
                BigDecimal d = ((Value.Decimal) value).value();
                if (d.abs().compareTo(BIGNUMERIC_MAX) > 0) {
                    throw outOfRange(position, value, BIGNUMERIC);
                }
                if (d.scale() > BIGNUMERIC_DIGITS) {
                    BigDecimal stripped = d.stripTrailingZeros();
                    if (stripped.scale() > BIGNUMERIC_DIGITS) {
                        throw outOfRange(position, value, BIGNUMERIC);
                    }
                    d = stripped;
                }
                boolean numeric =
                        Math.max(d.scale(), 0) <= NUMERIC_SCALE && d.precision() - d.scale() <= NUMERIC_INTEGER_DIGITS;
                return numeric ? QueryParameterValue.numeric(d) : QueryParameterValue.bigNumeric(d);
            case TEXT:
                return QueryParameterValue.string(((Value.Text) value).value());
            case UUID:
                return QueryParameterValue.string(((Value.Uuid) value).value().toString());
            case BYTES:
                return QueryParameterValue.bytes(((Value.Bytes) value).value());
            case DATE:
                return QueryParameterValue.date(
                        date(((Value.Date) value).value(), position, value).toString());
            case TIME:
                // BigQuery keeps microseconds, as a TIMESTAMP parameter is sent: the nanoseconds past them are cut
                return QueryParameterValue.time(TIME.format(((Value.Time) value).value()));
            case DATETIME:
                java.time.LocalDateTime t = ((Value.DateTime) value).value();
                date(t.toLocalDate(), position, value);
                return QueryParameterValue.dateTime(DATETIME.format(t));
            case TIMESTAMP:
                java.time.Instant instant = ((Value.Timestamp) value).value();
                if (instant.isBefore(FIRST) || !instant.isBefore(AFTER_LAST)) {
                    throw outOfRange(position, value, YEARS + " in UTC");
                }
                return QueryParameterValue.timestamp(TIMESTAMP.format(instant));
            case JSON:
                return QueryParameterValue.json(((Value.Json) value).text());
            case ARRAY:
                return array(((Value.Array) value).values(), position);
            case DOC:
                Map<String, QueryParameterValue> fields = new LinkedHashMap<>();
                ((Value.Doc) value).fields().forEach((k, v) -> fields.put(k, of(v, position)));
                return QueryParameterValue.struct(fields);
            case VECTOR:
                float[] floats = ((Value.Vector) value).values();
                Double[] doubles = new Double[floats.length];
                for (int i = 0; i < floats.length; i++) {
                    doubles[i] = (double) floats[i];
                }
                return QueryParameterValue.array(doubles, StandardSQLTypeName.FLOAT64);
            default:
                throw unsupported(position, "a " + value.kind() + " value");
        }
    }

    private static QueryParameterValue array(List<Value> items, int position) {
        List<QueryParameterValue> elements = new ArrayList<>(items.size());
        StandardSQLTypeName type = null;
        for (Value item : items) {
            if (item.kind() == Value.Kind.NULL || item.kind() == Value.Kind.ARRAY) {
                // BigQuery arrays hold no NULL and no array
                throw unsupported(
                        position, "an array holding " + (item.kind() == Value.Kind.NULL ? "NULL" : "an array"));
            }
            QueryParameterValue element = of(item, position);
            if (type != null && type != element.getType()) {
                throw unsupported(position, "an array of mixed types (" + type + " and " + element.getType() + ")");
            }
            type = element.getType();
            elements.add(element);
        }
        return QueryParameterValue.newBuilder()
                .setType(StandardSQLTypeName.ARRAY)
                .setArrayType(type == null ? StandardSQLTypeName.STRING : type)
                .setArrayValues(elements)
                .build();
    }

    private static DriverException unsupported(int position, String what) {
        return DriverException.of(
                ErrorKind.INVALID_ARGUMENT,
                BigQueryDriver.NAME,
                "query",
                "parameter " + position + " is " + what + ", which BigQuery cannot bind");
    }
}
