package dev.tobira.driver.qdrant;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import java.util.Iterator;
import java.util.Map;

/**
 * One query document, parsed once: {@code {"<operation>": {<request body>}}} with exactly one member,
 * the operation's REST name, whose value is the request body holding {@code collection}. The guard
 * reads this parsed tree and the driver builds its gRPC request from the same tree, so nothing is
 * parsed twice. A repeated key anywhere is refused (readers disagree on which one wins).
 *
 * @param operation the operation
 * @param body the request body
 */
record Request(Operation operation, ObjectNode body) {
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(JsonParser.Feature.ALLOW_COMMENTS)
            .build();

    static Request parse(String text, String op) {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            String why = e.getOriginalMessage();
            if (why != null && why.startsWith("Duplicate field")) {
                throw invalid(
                        op,
                        "a key is repeated in the document: "
                                + why.substring("Duplicate field".length()).strip());
            }
            throw DriverException.builder(ErrorKind.SYNTAX, QdrantDriver.NAME, op)
                    .detail("the query is not a JSON document: " + (why == null ? "malformed JSON" : firstLine(why)))
                    .cause(e)
                    .build();
        }
        if (root == null || !root.isObject()) {
            throw invalid(op, "the query must be a JSON object such as {\"scroll\": {\"collection\": \"orders\"}}");
        }
        if (root.size() != 1) {
            throw invalid(
                    op,
                    "the document must hold exactly one operation, as in {\"scroll\": {\"collection\": \"orders\"}}");
        }
        Iterator<Map.Entry<String, JsonNode>> it = root.properties().iterator();
        Map.Entry<String, JsonNode> only = it.next();
        Operation operation = Operation.of(only.getKey())
                .orElseThrow(() -> invalid(
                        op,
                        "unknown operation \"" + Display.clip(only.getKey()) + "\": the reads are "
                                + Operation.reads()));
        if (!only.getValue().isObject()) {
            throw invalid(op, operation.restName() + " takes an object: its request body");
        }
        return new Request(operation, (ObjectNode) only.getValue());
    }

    /** The request's collection, required of every operation. */
    String collection(String op) {
        JsonNode c = body.get("collection");
        if (c == null || !c.isTextual() || c.textValue().isEmpty()) {
            throw invalid(op, operation.restName() + " needs \"collection\": the collection's name");
        }
        return c.textValue();
    }

    static DriverException invalid(String op, String detail) {
        return DriverException.of(ErrorKind.INVALID_ARGUMENT, QdrantDriver.NAME, op, detail);
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
