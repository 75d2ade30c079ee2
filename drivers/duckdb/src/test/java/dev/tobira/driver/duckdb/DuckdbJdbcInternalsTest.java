package dev.tobira.driver.duckdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What {@link DuckdbJdbcInternals} relies on, asked of a real duckdb_jdbc: should an upgrade hand
 * out other classes for nested values, this fails here, naming the class it got, before STRUCTs
 * silently lose their field names or nested JSON becomes text.
 */
class DuckdbJdbcInternalsTest {
    @Test
    void aStructComesWithItsFieldNamesInOrder() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT {'b': 1, 'a': 'x'}")) {
            assertTrue(rs.next());
            Object struct = rs.getObject(1);
            Optional<Map<String, Object>> fields = DuckdbJdbcInternals.structFields(struct);
            assertTrue(
                    fields.isPresent(),
                    "duckdb_jdbc no longer hands out a STRUCT as DuckDBStruct: " + struct.getClass());
            Map<String, Object> expected = new LinkedHashMap<>();
            expected.put("b", 1);
            expected.put("a", "x");
            assertEquals(expected, fields.get());
            assertEquals(List.of("b", "a"), List.copyOf(fields.get().keySet()));
        }
    }

    @Test
    void aJsonValueInsideAListComesWithItsText() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT [JSON '{\"k\": [1, 2]}']")) {
            assertTrue(rs.next());
            Array array = rs.getArray(1);
            Object element = ((Object[]) array.getArray())[0];
            Optional<String> text = DuckdbJdbcInternals.jsonText(element);
            assertTrue(
                    text.isPresent(),
                    "duckdb_jdbc no longer hands out a nested JSON value as JsonNode: " + element.getClass());
            assertEquals("{\"k\": [1, 2]}", text.get());
        }
    }

    @Test
    void otherObjectsAreNeitherStructsNorJson() throws SQLException {
        assertTrue(DuckdbJdbcInternals.structFields(Map.of("a", 1)).isEmpty());
        assertTrue(DuckdbJdbcInternals.jsonText("{\"k\": 1}").isEmpty());
    }
}
