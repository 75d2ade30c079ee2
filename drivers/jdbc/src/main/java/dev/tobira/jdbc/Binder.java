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
                st.setObject(index, OffsetDateTime.ofInstant(((Value.Timestamp) value).value(), ZoneOffset.UTC));
                return;
            case UUID:
                st.setObject(index, ((Value.Uuid) value).value());
                return;
            case JSON:
            case DOC:
                st.setString(index, value.toString());
                return;
            default:
                throw DriverException.of(ErrorKind.UNSUPPORTED, driver, "query",
                        "parameters of kind " + value.kind().name().toLowerCase(java.util.Locale.ROOT) + " are not supported");
        }
    }
}
