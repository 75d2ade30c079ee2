package dev.tobira.api;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One value as it crossed the boundary between a database and tobira: a tagged union with one
 * record per {@link Kind}.
 *
 * <p>Every value is immutable and compares by content, arrays and vectors included. {@code
 * toString()} is the display form a table prints: {@code NULL}, ISO-8601 dates and times, JSON
 * for {@link Value.Doc} and {@link Value.Array}. Java 17 code switches on {@link #kind()}; newer code may
 * pattern-match on the records.
 *
 * @since 0.1
 */
public sealed interface Value
        permits Value.Null,
                Value.Bool,
                Value.Int,
                Value.Float,
                Value.Decimal,
                Value.Text,
                Value.Bytes,
                Value.Date,
                Value.Time,
                Value.DateTime,
                Value.Timestamp,
                Value.Uuid,
                Value.Json,
                Value.Array,
                Value.Doc,
                Value.Vector {

    /**
     * The SQL NULL, a missing field or a nil reply. Drivers and factories return this instance, but
     * a record's constructor is public, so {@code new Value.Null()} is another one, equal to it: test
     * for null with {@link #isNull()} or {@link #kind()}, never with {@code ==}.
     */
    // safe only while Value declares no default method: JLS 12.4.2 would then initialize Value
    // before any record, and a thread creating a Null while another reads NULL could deadlock
    Null NULL = new Null();

    /**
     * The kinds of value, one per record.
     *
     * @since 0.1
     */
    enum Kind {
        /** {@link Null}. */
        NULL,
        /** {@link Bool}. */
        BOOL,
        /** {@link Int}: a signed 64-bit integer. */
        INT,
        /** {@link Float}: a 64-bit IEEE 754 number. */
        FLOAT,
        /** {@link Decimal}: an exact number, also an integer past 64 bits. */
        DECIMAL,
        /** {@link Text}. */
        TEXT,
        /** {@link Bytes}. */
        BYTES,
        /** {@link Date}: a calendar date without zone. */
        DATE,
        /** {@link Time}: a time of day without zone. */
        TIME,
        /** {@link DateTime}: a date and time without zone. */
        DATETIME,
        /** {@link Timestamp}: an instant on the UTC time line. */
        TIMESTAMP,
        /** {@link Uuid}. */
        UUID,
        /** {@link Json}: JSON text. */
        JSON,
        /** {@link Array}: an ordered list of values. */
        ARRAY,
        /** {@link Doc}: an ordered map of field names to values. */
        DOC,
        /** {@link Vector}: an embedding, a list of 32-bit floats. */
        VECTOR
    }

    /**
     * Returns the kind of this value, for a {@code switch}.
     *
     * @return the kind, never null
     */
    Kind kind();

    /**
     * Returns whether this value is a null: whether its kind is {@link Kind#NULL}, whichever
     * {@link Null} instance it is.
     *
     * @return whether this value is null
     */
    // abstract, not default, and answered by each record: a default method here would make every
    // record's initialization initialize Value first (JLS 12.4.2), whose NULL needs Null: a deadlock
    boolean isNull();

    /**
     * Returns an {@link Int}.
     *
     * @param value the number
     * @return the value
     */
    static Int of(long value) {
        return new Int(value);
    }

    /**
     * Returns a {@link Float}.
     *
     * @param value the number
     * @return the value
     */
    static Float of(double value) {
        return new Float(value);
    }

    /**
     * Returns a {@link Bool}.
     *
     * @param value the truth value
     * @return the value
     */
    static Bool of(boolean value) {
        return value ? Bool.TRUE : Bool.FALSE;
    }

    /**
     * Returns a {@link Text}, or {@link #NULL} for a null string.
     *
     * @param value the text, or null
     * @return the value
     */
    static Value of(String value) {
        return value == null ? NULL : new Text(value);
    }

    /**
     * Returns a {@link Decimal}, or {@link #NULL} for a null number.
     *
     * @param value the number, or null
     * @return the value
     */
    static Value of(BigDecimal value) {
        return value == null ? NULL : new Decimal(value);
    }

    /**
     * Returns a {@link Bytes} holding a copy of the array, or {@link #NULL} for a null array.
     *
     * @param value the bytes, or null; the caller may change the array afterwards
     * @return the value
     * @since 0.1
     */
    static Value of(byte[] value) {
        return value == null ? NULL : new Bytes(value);
    }

    /**
     * Returns a {@link Date}, or {@link #NULL} for a null date.
     *
     * @param value the date, or null
     * @return the value
     * @since 0.1
     */
    static Value of(LocalDate value) {
        return value == null ? NULL : new Date(value);
    }

    /**
     * Returns a {@link Time}, or {@link #NULL} for a null time.
     *
     * @param value the time of day, or null
     * @return the value
     * @since 0.1
     */
    static Value of(LocalTime value) {
        return value == null ? NULL : new Time(value);
    }

    /**
     * Returns a {@link DateTime}, or {@link #NULL} for a null date-time.
     *
     * @param value the date and time without zone, or null
     * @return the value
     * @since 0.1
     */
    static Value of(LocalDateTime value) {
        return value == null ? NULL : new DateTime(value);
    }

    /**
     * Returns a {@link Timestamp}, or {@link #NULL} for a null instant.
     *
     * @param value the instant, or null
     * @return the value
     * @since 0.1
     */
    static Value of(Instant value) {
        return value == null ? NULL : new Timestamp(value);
    }

    /**
     * Returns a {@link Uuid}, or {@link #NULL} for a null UUID.
     *
     * @param value the UUID, or null
     * @return the value
     * @since 0.1
     */
    static Value of(java.util.UUID value) {
        return value == null ? NULL : new Uuid(value);
    }

    /**
     * The null value. Every instance equals every other; {@link #NULL} is the one to use.
     *
     * @since 0.1
     */
    record Null() implements Value {
        @Override
        public boolean isNull() {
            return true;
        }

        @Override
        public Kind kind() {
            return Kind.NULL;
        }

        @Override
        public String toString() {
            return "NULL";
        }
    }

    /**
     * A boolean.
     *
     * @param value the truth value
     * @since 0.1
     */
    record Bool(boolean value) implements Value {
        @Override
        public boolean isNull() {
            return false;
        }

        /** {@code true}. */
        public static final Bool TRUE = new Bool(true);
        /** {@code false}. */
        public static final Bool FALSE = new Bool(false);

        @Override
        public Kind kind() {
            return Kind.BOOL;
        }

        @Override
        public String toString() {
            return Boolean.toString(value);
        }
    }

    /**
     * A signed 64-bit integer. Integers that do not fit arrive as {@link Decimal}.
     *
     * @param value the number
     * @since 0.1
     */
    record Int(long value) implements Value {
        @Override
        public boolean isNull() {
            return false;
        }

        @Override
        public Kind kind() {
            return Kind.INT;
        }

        @Override
        public String toString() {
            return Long.toString(value);
        }
    }

    /**
     * A 64-bit floating-point number. Equality follows {@link Double#compare}, so {@code NaN}
     * equals itself.
     *
     * @param value the number
     * @since 0.1
     */
    @SuppressWarnings("JavaLangClash") // the kind's name in the public API, always qualified as Value.Float
    record Float(double value) implements Value {
        @Override
        public boolean isNull() {
            return false;
        }

        @Override
        public Kind kind() {
            return Kind.FLOAT;
        }

        @Override
        public String toString() {
            return Double.toString(value);
        }
    }

    /**
     * An exact decimal number. Equality ignores scale: {@code 1.0} equals {@code 1.00}.
     *
     * @param value the number, not null
     * @since 0.1
     */
    record Decimal(BigDecimal value) implements Value {
        @Override
        public boolean isNull() {
            return false;
        }

        /**
         * Creates a decimal.
         *
         * @param value the number
         * @throws NullPointerException if value is null
         */
        public Decimal {
            requireNonNull(value, "value is null");
        }

        @Override
        public Kind kind() {
            return Kind.DECIMAL;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Decimal d && value.compareTo(d.value) == 0;
        }

        @Override
        public int hashCode() {
            return value.signum() == 0 ? 0 : value.stripTrailingZeros().hashCode();
        }

        @Override
        public String toString() {
            return value.toPlainString();
        }
    }

    /**
     * A string.
     *
     * @param value the text, not null
     * @since 0.1
     */
    record Text(String value) implements Value {
        @Override
        public boolean isNull() {
            return false;
        }

        /**
         * Creates a text.
         *
         * @param value the text
         * @throws NullPointerException if value is null
         */
        public Text {
            requireNonNull(value, "value is null");
        }

        @Override
        public Kind kind() {
            return Kind.TEXT;
        }

        @Override
        public String toString() {
            return value;
        }
    }

    /**
     * A byte string. The array is copied in and out, so the value stays immutable.
     *
     * @param value the bytes, not null
     * @since 0.1
     */
    @SuppressWarnings("ArrayRecordComponent") // equals and hashCode below compare the contents
    record Bytes(byte[] value) implements Value {
        @Override
        public boolean isNull() {
            return false;
        }

        /**
         * Creates a byte string from a copy of the array.
         *
         * @param value the bytes
         * @throws NullPointerException if value is null
         */
        public Bytes {
            value = requireNonNull(value, "value is null").clone();
        }

        /**
         * Returns a copy of the bytes.
         *
         * @return a new array
         */
        @Override
        public byte[] value() {
            return value.clone();
        }

        /**
         * Returns the number of bytes.
         *
         * @return the length
         */
        public int length() {
            return value.length;
        }

        @Override
        public Kind kind() {
            return Kind.BYTES;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Bytes b && java.util.Arrays.equals(value, b.value);
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.hashCode(value);
        }

        /** Returns {@code \x} followed by the bytes in lower-case hex, as PostgreSQL prints bytea. */
        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder(2 + value.length * 2).append("\\x");
            for (byte b : value) {
                sb.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
            }
            return sb.toString();
        }
    }

    /**
     * A calendar date without zone.
     *
     * @param value the date, not null
     * @since 0.1
     */
    record Date(LocalDate value) implements Value {
        @Override
        public boolean isNull() {
            return false;
        }

        /**
         * Creates a date.
         *
         * @param value the date
         * @throws NullPointerException if value is null
         */
        public Date {
            requireNonNull(value, "value is null");
        }

        @Override
        public Kind kind() {
            return Kind.DATE;
        }

        @Override
        public String toString() {
            return value.toString();
        }
    }

    /**
     * A time of day without zone.
     *
     * @param value the time, not null
     * @since 0.1
     */
    record Time(LocalTime value) implements Value {
        @Override
        public boolean isNull() {
            return false;
        }

        /**
         * Creates a time.
         *
         * @param value the time
         * @throws NullPointerException if value is null
         */
        public Time {
            requireNonNull(value, "value is null");
        }

        @Override
        public Kind kind() {
            return Kind.TIME;
        }

        @Override
        public String toString() {
            return value.toString();
        }
    }

    /**
     * A date and time without zone, such as SQL {@code TIMESTAMP WITHOUT TIME ZONE}.
     *
     * @param value the date and time, not null
     * @since 0.1
     */
    record DateTime(LocalDateTime value) implements Value {
        @Override
        public boolean isNull() {
            return false;
        }

        /**
         * Creates a date-time.
         *
         * @param value the date and time
         * @throws NullPointerException if value is null
         */
        public DateTime {
            requireNonNull(value, "value is null");
        }

        @Override
        public Kind kind() {
            return Kind.DATETIME;
        }

        @Override
        public String toString() {
            return value.toString();
        }
    }

    /**
     * An instant, such as SQL {@code TIMESTAMP WITH TIME ZONE}, normalised to UTC.
     *
     * @param value the instant, not null
     * @since 0.1
     */
    record Timestamp(Instant value) implements Value {
        @Override
        public boolean isNull() {
            return false;
        }

        /**
         * Creates a timestamp.
         *
         * @param value the instant
         * @throws NullPointerException if value is null
         */
        public Timestamp {
            requireNonNull(value, "value is null");
        }

        @Override
        public Kind kind() {
            return Kind.TIMESTAMP;
        }

        @Override
        public String toString() {
            return value.toString();
        }
    }

    /**
     * A UUID.
     *
     * @param value the UUID, not null
     * @since 0.1
     */
    record Uuid(java.util.UUID value) implements Value {
        @Override
        public boolean isNull() {
            return false;
        }

        /**
         * Creates a UUID value.
         *
         * @param value the UUID
         * @throws NullPointerException if value is null
         */
        public Uuid {
            requireNonNull(value, "value is null");
        }

        @Override
        public Kind kind() {
            return Kind.UUID;
        }

        @Override
        public String toString() {
            return value.toString();
        }
    }

    /**
     * JSON text in canonical form: the whitespace outside strings removed, nothing else changed,
     * so two documents that differ only in layout are equal.
     *
     * @param text the JSON text, not null
     * @since 0.1
     */
    record Json(String text) implements Value {
        @Override
        public boolean isNull() {
            return false;
        }

        /**
         * Creates a JSON value, removing insignificant whitespace.
         *
         * @param text the JSON text
         * @throws NullPointerException if text is null
         */
        public Json {
            text = JsonText.compact(requireNonNull(text, "text is null"));
        }

        @Override
        public Kind kind() {
            return Kind.JSON;
        }

        @Override
        public String toString() {
            return text;
        }
    }

    /**
     * An ordered list of values, such as a SQL array or a Redis multi-bulk reply.
     *
     * @param values the elements, copied into an unmodifiable list
     * @since 0.1
     */
    record Array(List<Value> values) implements Value {
        @Override
        public boolean isNull() {
            return false;
        }

        /**
         * Creates an array.
         *
         * @param values the elements
         * @throws NullPointerException if values or an element is null
         */
        public Array {
            values = List.copyOf(values);
        }

        @Override
        public Kind kind() {
            return Kind.ARRAY;
        }

        /** Returns the elements as a JSON array. */
        @Override
        public String toString() {
            return JsonText.write(this);
        }
    }

    /**
     * An ordered map of field names to values, such as a document or a Redis hash.
     *
     * @param fields the fields, copied into an unmodifiable map that keeps their order
     * @since 0.1
     */
    record Doc(Map<String, Value> fields) implements Value {
        @Override
        public boolean isNull() {
            return false;
        }

        /**
         * Creates a document.
         *
         * @param fields the fields in order
         * @throws NullPointerException if fields, a name or a value is null
         */
        public Doc {
            Map<String, Value> copy = new LinkedHashMap<>();
            fields.forEach(
                    (k, v) -> copy.put(requireNonNull(k, "field name is null"), requireNonNull(v, "value is null")));
            fields = Collections.unmodifiableMap(copy);
        }

        @Override
        public Kind kind() {
            return Kind.DOC;
        }

        /** Returns the document as a JSON object. */
        @Override
        public String toString() {
            return JsonText.write(this);
        }
    }

    /**
     * An embedding vector. The array is copied in and out, so the value stays immutable.
     *
     * @param values the components, not null
     * @since 0.1
     */
    @SuppressWarnings("ArrayRecordComponent") // equals and hashCode below compare the contents
    record Vector(float[] values) implements Value {
        @Override
        public boolean isNull() {
            return false;
        }

        /**
         * Creates a vector from a copy of the array.
         *
         * @param values the components
         * @throws NullPointerException if values is null
         */
        public Vector {
            values = requireNonNull(values, "values is null").clone();
        }

        /**
         * Returns a copy of the components.
         *
         * @return a new array
         */
        @Override
        public float[] values() {
            return values.clone();
        }

        /**
         * Returns the number of dimensions.
         *
         * @return the length
         */
        public int dimensions() {
            return values.length;
        }

        /**
         * Returns one component without copying the array.
         *
         * @param index the component's index
         * @return the component
         * @throws IndexOutOfBoundsException if index is out of range
         */
        public float get(int index) {
            return values[index];
        }

        @Override
        public Kind kind() {
            return Kind.VECTOR;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Vector v && java.util.Arrays.equals(values, v.values);
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.hashCode(values);
        }

        /** Returns the components as a JSON array. */
        @Override
        public String toString() {
            return JsonText.write(this);
        }
    }
}
