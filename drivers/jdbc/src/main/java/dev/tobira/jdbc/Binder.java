package dev.tobira.jdbc;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** The standard Value to JDBC parameter binding behind {@link TypeMapping#bind}. */
final class Binder {
    private Binder() {}

    /**
     * The instant as an {@link OffsetDateTime} in UTC, the form JDBC takes; an instant past the
     * years that form holds (beyond ±999,999,999) is an INVALID_ARGUMENT naming the parameter.
     */
    static OffsetDateTime utc(String driver, int index, Value.Timestamp value) {
        try {
            return OffsetDateTime.ofInstant(value.value(), ZoneOffset.UTC);
        } catch (java.time.DateTimeException e) {
            throw outOfRange(driver, index, value, "years -999999999 to 999999999 in UTC", e);
        }
    }

    /** The error for a parameter outside the range the database or its JDBC driver takes. */
    static DriverException outOfRange(String driver, int index, Value value, String range, Throwable cause) {
        return DriverException.builder(ErrorKind.INVALID_ARGUMENT, driver, "query")
                .detail("parameter " + index + " is the " + value.kind().name() + " " + shown(value)
                        + ", outside the range it can be sent in (" + range + ")")
                .cause(cause)
                .build();
    }

    /** The value as a message shows it: its display form, cut to 60 characters. */
    static String shown(Value value) {
        String s = value.toString();
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }

    static void bind(String driver, PreparedStatement st, int index, Value value) throws SQLException {
        switch (value.kind()) {
            case NULL:
                st.setNull(index, Types.NULL);
                return;
            case BOOL:
                st.setBoolean(index, ((Value.Bool) value).value());
                return;
            case INT:
                st.setLong(index, ((Value.Int) value).value());
                return;
            case FLOAT:
                st.setDouble(index, ((Value.Float) value).value());
                return;
            case DECIMAL:
                st.setBigDecimal(index, ((Value.Decimal) value).value());
                return;
            case TEXT:
                st.setString(index, ((Value.Text) value).value());
                return;
            case BYTES:
                st.setBytes(index, ((Value.Bytes) value).value());
                return;
            case DATE:
                st.setObject(index, ((Value.Date) value).value());
                return;
            case TIME:
                st.setObject(index, ((Value.Time) value).value());
                return;
            case DATETIME:
                st.setObject(index, ((Value.DateTime) value).value());
                return;
            case TIMESTAMP:
                st.setObject(index, utc(driver, index, (Value.Timestamp) value));
                return;
            case UUID:
                st.setObject(index, ((Value.Uuid) value).value());
                return;
            case JSON:
            case DOC:
                st.setString(index, value.toString());
                return;
            default:
                throw DriverException.of(
                        ErrorKind.UNSUPPORTED,
                        driver,
                        "query",
                        "parameters of kind " + value.kind().name().toLowerCase(java.util.Locale.ROOT)
                                + " are not supported");
        }
    }
}
