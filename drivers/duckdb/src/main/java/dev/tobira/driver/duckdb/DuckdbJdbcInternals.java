package dev.tobira.driver.duckdb;

import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;
import org.duckdb.DuckDBStruct;
import org.duckdb.JsonNode;

/**
 * The only duckdb_jdbc classes beyond {@code java.sql} the driver relies on, both public: the
 * objects {@code getObject} and arrays hand out for nested values. A STRUCT comes as a
 * {@link DuckDBStruct}, whose {@link DuckDBStruct#getMap()} names its fields ({@code java.sql.Struct}
 * gives the values only); a JSON value inside a LIST or STRUCT comes as a {@link JsonNode}, whose
 * text is the JSON. Should an upgrade hand out other classes, STRUCTs would lose their field names
 * and nested JSON would become text; {@code DuckdbJdbcInternalsTest} fails first.
 */
final class DuckdbJdbcInternals {
    private DuckdbJdbcInternals() {}

    /** A STRUCT's fields by name, in order; empty for anything that is not duckdb_jdbc's STRUCT. */
    static Optional<Map<String, Object>> structFields(Object o) throws SQLException {
        return o instanceof DuckDBStruct s ? Optional.of(s.getMap()) : Optional.empty();
    }

    /** A JSON value's text; empty for anything that is not duckdb_jdbc's JSON value. */
    static Optional<String> jsonText(Object o) {
        return o instanceof JsonNode j ? Optional.of(j.toString()) : Optional.empty();
    }
}
