package dev.tobira.mcp;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The JSON schemas of the tools' arguments. */
final class Schemas {
    private Schemas() {}

    static final Map<String, Object> CONNECTION =
            text("the name of an exposed connection, as list_connections gives it");
    static final Map<String, Object> COLLECTION = text("the collection (table, view, key prefix, document collection)");
    static final Map<String, Object> NAMESPACE =
            text("the namespace (database, schema); the connection's default when absent");
    static final Map<String, Object> PARAMS = Map.of(
            "type",
            "array",
            "description",
            "positional parameters, bound in order where the language has placeholders",
            "items",
            Map.of("type", List.of("string", "number", "boolean", "null")));
    static final Map<String, Object> VECTOR = Map.of(
            "type", "array", "description", "the query vector", "items", Map.of("type", "number"), "minItems", 1);

    static Map<String, Object> text(String description) {
        return Map.of("type", "string", "description", description);
    }

    static Map<String, Object> limit(int max) {
        // no "maximum": a client that asks for more gets the cap (and truncated), not an error
        return Map.of(
                "type",
                "integer",
                "minimum",
                1,
                "description",
                "the most rows to return; the server caps it at " + max + ", and truncated says whether rows were cut");
    }

    /** An object schema: the named properties, those required, nothing else. */
    static Map<String, Object> object(Map<String, Map<String, Object>> properties, List<String> required) {
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", new TreeMap<>(properties));
        if (!required.isEmpty()) {
            schema.put("required", required);
        }
        schema.put("additionalProperties", false);
        return schema;
    }
}
