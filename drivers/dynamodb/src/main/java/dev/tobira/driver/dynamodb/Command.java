package dev.tobira.driver.dynamodb;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A query's text as the driver reads it, once: a JSON operation document when its first character
 * that is not white space is <code>&#123;</code>, a PartiQL statement otherwise. The guard checks this parsed
 * form and the driver sends exactly it: there is no second parse that could read a duplicate member
 * or an escape otherwise.
 */
sealed interface Command permits Command.Partiql, Command.Document {
    JsonMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS)
            .build();

    /**
     * A PartiQL statement, sent with {@code ExecuteStatement}.
     *
     * @param text the statement as written
     * @param params {@code Query.params()}, for its {@code ?}
     */
    record Partiql(String text, List<Value> params) implements Command {
        public Partiql {
            params = List.copyOf(params);
        }

        /**
         * The parameters as attribute values, converted only when the statement is sent: the guard reads
         * the statement first, so a write on a read-only path is refused as one whatever its values hold.
         */
        List<AttributeValue> parameters(String op) {
            List<AttributeValue> values = new ArrayList<>(params.size());
            for (Value v : params) {
                values.add(Items.attribute(v, op));
            }
            return values;
        }
    }

    /**
     * A JSON operation document: one member, named after the API operation, whose value is the
     * request in the AWS JSON shape.
     *
     * @param apiName the operation's name as the API spells it
     * @param operation the operation, when the driver sends it
     * @param request the request's JSON object
     */
    record Document(String apiName, Optional<Operation> operation, JsonNode request) implements Command {}

    static Command parse(String text, List<Value> params, String op) {
        int i = 0;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        if (i == text.length()) {
            throw DriverException.of(ErrorKind.INVALID_ARGUMENT, DynamoDriver.NAME, op, "empty query");
        }
        if (text.charAt(i) != '{') {
            return new Partiql(text, params);
        }
        if (!params.isEmpty()) {
            throw DriverException.of(
                    ErrorKind.INVALID_ARGUMENT,
                    DynamoDriver.NAME,
                    op,
                    "a JSON operation document takes no parameters: put values in its ExpressionAttributeValues");
        }
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonParseException e) {
            String why = String.valueOf(e.getOriginalMessage());
            if (why.startsWith("Duplicate field")) {
                throw DriverException.builder(ErrorKind.INVALID_ARGUMENT, DynamoDriver.NAME, op)
                        .detail("the JSON operation document gives a member twice" + at(e))
                        .cause(e)
                        .build();
            }
            throw DriverException.builder(ErrorKind.SYNTAX, DynamoDriver.NAME, op)
                    .detail("the JSON operation document does not parse" + at(e))
                    .cause(e)
                    .build();
        } catch (JsonProcessingException e) {
            throw DriverException.builder(ErrorKind.SYNTAX, DynamoDriver.NAME, op)
                    .detail("the JSON operation document does not parse" + at(e))
                    .cause(e)
                    .build();
        }
        if (root == null || !root.isObject()) {
            throw DriverException.of(
                    ErrorKind.SYNTAX, DynamoDriver.NAME, op, "the JSON operation document is not an object");
        }
        if (root.size() != 1) {
            throw DriverException.of(
                    ErrorKind.INVALID_ARGUMENT,
                    DynamoDriver.NAME,
                    op,
                    root.isEmpty()
                            ? "the JSON operation document names no operation, as in {\"Scan\": {\"TableName\": \"orders\"}}"
                            : "the JSON operation document names " + root.size() + " operations: send one per query");
        }
        Map.Entry<String, JsonNode> only = root.properties().iterator().next();
        String name = Operation.apiSpelling(only.getKey())
                .orElseThrow(() -> DriverException.of(
                        ErrorKind.INVALID_ARGUMENT,
                        DynamoDriver.NAME,
                        op,
                        "unknown operation " + Display.name(only.getKey())
                                + ": name a DynamoDB API operation such as Query, Scan or GetItem"));
        if (!only.getValue().isObject()) {
            throw DriverException.of(
                    ErrorKind.INVALID_ARGUMENT,
                    DynamoDriver.NAME,
                    op,
                    "the request of " + name + " must be a JSON object");
        }
        return new Document(name, Operation.of(name), only.getValue());
    }

    private static String at(JsonProcessingException e) {
        return e.getLocation() == null
                ? ""
                : " (line " + e.getLocation().getLineNr() + ", column "
                        + e.getLocation().getColumnNr() + ")";
    }
}
