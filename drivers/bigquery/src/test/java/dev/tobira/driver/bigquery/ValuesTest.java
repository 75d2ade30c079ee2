package dev.tobira.driver.bigquery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.cloud.bigquery.Field;
import com.google.cloud.bigquery.FieldList;
import com.google.cloud.bigquery.FieldValue;
import com.google.cloud.bigquery.FieldValueList;
import com.google.cloud.bigquery.QueryParameterValue;
import com.google.cloud.bigquery.StandardSQLTypeName;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Cells as BigQuery's client hands them over, and parameters as it sends them. */
class ValuesTest {
    private static FieldValue v(Object o) {
        return FieldValue.of(FieldValue.Attribute.PRIMITIVE, o);
    }

    @Test
    void aStructHoldingAnArrayIsADocHoldingAnArray() {
        Field tags = Field.newBuilder("tags", StandardSQLTypeName.STRING)
                .setMode(Field.Mode.REPEATED)
                .build();
        Field n = Field.of("n", StandardSQLTypeName.INT64);
        Field s = Field.of("s", StandardSQLTypeName.STRUCT, FieldList.of(n, tags));
        FieldValue cell = FieldValue.of(
                FieldValue.Attribute.RECORD,
                FieldValueList.of(
                        List.of(v("7"), FieldValue.of(FieldValue.Attribute.REPEATED, List.of(v("a"), v("b")))),
                        FieldList.of(n, tags)));
        Map<String, Value> doc = new LinkedHashMap<>();
        doc.put("n", Value.of(7));
        doc.put("tags", new Value.Array(List.of(Value.of("a"), Value.of("b"))));
        assertEquals(new Value.Doc(doc), Values.cell(s, cell));
        assertEquals("STRUCT<n INT64, tags ARRAY<STRING>>", Values.nativeType(s));
        assertEquals(Value.Kind.DOC, Values.kind(s));
        assertEquals(Value.Kind.ARRAY, Values.kind(tags));
    }

    @Test
    void scalars() {
        assertEquals(
                Value.of(Instant.parse("2026-10-21T12:34:56.123456Z")),
                Values.cell(Field.of("t", StandardSQLTypeName.TIMESTAMP), v("1.792586096123456E9")));
        assertEquals(
                Value.of(new BigDecimal("1.5")), Values.cell(Field.of("d", StandardSQLTypeName.BIGNUMERIC), v("1.5")));
        assertEquals(
                Value.of("POINT(1 2)"), Values.cell(Field.of("g", StandardSQLTypeName.GEOGRAPHY), v("POINT(1 2)")));
        assertEquals(Value.Kind.TEXT, Values.kind(Field.of("g", StandardSQLTypeName.GEOGRAPHY)));
        assertEquals("GEOGRAPHY", Values.nativeType(Field.of("g", StandardSQLTypeName.GEOGRAPHY)));
        assertEquals(Value.NULL, Values.cell(Field.of("i", StandardSQLTypeName.INT64), v(null)));
        assertEquals(
                new Value.Json("{\"a\":1}"), Values.cell(Field.of("j", StandardSQLTypeName.JSON), v("{\"a\": 1}")));
    }

    @Test
    void parametersCarryTheirTypes() {
        assertEquals(
                StandardSQLTypeName.NUMERIC,
                Params.of(Value.of(new BigDecimal("12.5")), 1).getType());
        assertEquals(
                StandardSQLTypeName.BIGNUMERIC,
                Params.of(Value.of(new BigDecimal("1.0123456789012")), 1).getType());
        assertEquals(
                StandardSQLTypeName.BIGNUMERIC,
                Params.of(Value.of(new BigDecimal("1e37")), 1).getType());
        QueryParameterValue ts = Params.of(Value.of(Instant.parse("2026-10-21T12:34:56.5Z")), 1);
        assertEquals("2026-10-21 12:34:56.500000+00:00", ts.getValue());
        QueryParameterValue array = Params.of(new Value.Array(List.of(Value.of(1), Value.of(2))), 1);
        assertEquals(StandardSQLTypeName.INT64, array.getArrayType());
        DriverException mixed = assertThrows(
                DriverException.class, () -> Params.of(new Value.Array(List.of(Value.of(1), Value.of("x"))), 2));
        assertEquals(ErrorKind.INVALID_ARGUMENT, mixed.kind());
        assertEquals(
                "bigquery: query: parameter 2 is an array of mixed types (INT64 and STRING), which BigQuery cannot bind:"
                        + " invalid argument",
                mixed.getMessage());
    }
}
