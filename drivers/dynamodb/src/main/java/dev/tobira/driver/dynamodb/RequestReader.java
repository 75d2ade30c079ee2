package dev.tobira.driver.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.protocol.MarshallingKnownType;
import software.amazon.awssdk.core.traits.ListTrait;
import software.amazon.awssdk.core.traits.MapTrait;
import software.amazon.awssdk.utils.builder.SdkBuilder;

/**
 * Reads a request in the AWS JSON shape into the SDK's request object, member by member, from the
 * SDK's own description of each shape ({@link SdkPojo#sdkFields()}, whose location names are the
 * JSON member names of the DynamoDB API). A member the shape does not have, a value of the wrong
 * JSON type, a number out of range and bad base64 are all {@link ErrorKind#INVALID_ARGUMENT},
 * naming the member's path: nothing in the document is ever dropped or guessed.
 */
final class RequestReader {
    private final String op;

    RequestReader(String op) {
        this.op = op;
    }

    /** Fills a fresh builder from a JSON object and builds it. */
    Object read(SdkPojo builder, JsonNode node, String path) {
        if (!node.isObject()) {
            throw invalid(path, "must be a JSON object");
        }
        Map<String, SdkField<?>> fields = new LinkedHashMap<>();
        for (SdkField<?> f : builder.sdkFields()) {
            fields.put(f.locationName(), f);
        }
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            SdkField<?> field = fields.get(e.getKey());
            String at = path.isEmpty() ? e.getKey() : path + "." + e.getKey();
            if (field == null) {
                throw invalid(at, "is not a member of this request (members are case-sensitive)");
            }
            if (e.getValue().isNull()) {
                continue; // JSON null is the member left out, as the AWS JSON protocol reads it
            }
            field.set(builder, value(field, e.getValue(), at));
        }
        return ((SdkBuilder<?, ?>) builder).build();
    }

    private Object value(SdkField<?> field, JsonNode node, String path) {
        MarshallingKnownType type = field.marshallingType().getKnownType();
        if (type == null) {
            throw invalid(path, "has a type this driver cannot read");
        }
        switch (type) {
            case STRING:
                if (!node.isTextual()) {
                    throw invalid(path, "must be a string");
                }
                return node.textValue();
            case BOOLEAN:
                if (!node.isBoolean()) {
                    throw invalid(path, "must be true or false");
                }
                return node.booleanValue();
            case INTEGER:
                if (!node.isIntegralNumber() || !node.canConvertToInt()) {
                    throw invalid(path, "must be a whole number of at most 32 bits");
                }
                return node.intValue();
            case LONG:
                if (!node.isIntegralNumber() || !node.canConvertToLong()) {
                    throw invalid(path, "must be a whole number of at most 64 bits");
                }
                return node.longValue();
            case DOUBLE:
                if (!node.isNumber()) {
                    throw invalid(path, "must be a number");
                }
                return node.doubleValue();
            case FLOAT:
                if (!node.isNumber()) {
                    throw invalid(path, "must be a number");
                }
                return node.floatValue();
            case BIG_DECIMAL:
                if (!node.isNumber()) {
                    throw invalid(path, "must be a number");
                }
                return node.decimalValue();
            case INSTANT:
                if (!node.isNumber()) {
                    throw invalid(path, "must be seconds since the epoch");
                }
                BigDecimal seconds = node.decimalValue();
                return Instant.ofEpochSecond(
                        seconds.longValue(),
                        seconds.subtract(new BigDecimal(seconds.toBigInteger()))
                                .movePointRight(9)
                                .intValue());
            case SDK_BYTES:
                if (!node.isTextual()) {
                    throw invalid(path, "must be base64 text");
                }
                try {
                    return SdkBytes.fromByteArray(Base64.getDecoder().decode(node.textValue()));
                } catch (IllegalArgumentException e) {
                    throw invalid(path, "is not valid base64");
                }
            case SDK_POJO:
                return read(field.constructor().get(), node, path);
            case LIST: {
                if (!node.isArray()) {
                    throw invalid(path, "must be a JSON array");
                }
                SdkField<?> member = field.getRequiredTrait(ListTrait.class).memberFieldInfo();
                List<Object> out = new ArrayList<>(node.size());
                for (int i = 0; i < node.size(); i++) {
                    JsonNode e = node.get(i);
                    if (e.isNull()) {
                        throw invalid(path + "[" + i + "]", "must not be null");
                    }
                    out.add(value(member, e, path + "[" + i + "]"));
                }
                return out;
            }
            case MAP: {
                if (!node.isObject()) {
                    throw invalid(path, "must be a JSON object");
                }
                SdkField<?> member = field.getRequiredTrait(MapTrait.class).valueFieldInfo();
                Map<String, Object> out = new LinkedHashMap<>();
                for (Map.Entry<String, JsonNode> e : node.properties()) {
                    if (e.getValue().isNull()) {
                        throw invalid(path + "." + e.getKey(), "must not be null");
                    }
                    out.put(e.getKey(), value(member, e.getValue(), path + "." + e.getKey()));
                }
                return out;
            }
            default:
                throw invalid(path, "has a type this driver cannot read");
        }
    }

    private DriverException invalid(String path, String what) {
        return DriverException.of(
                ErrorKind.INVALID_ARGUMENT, DynamoDriver.NAME, op, "the request's " + Display.name(path) + " " + what);
    }
}
