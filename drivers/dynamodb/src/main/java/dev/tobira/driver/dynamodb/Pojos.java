package dev.tobira.driver.dynamodb;

import dev.tobira.api.Value;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A response of the SDK as tobira values, member by member under the API's JSON names, the
 * reverse of {@link RequestReader}: for {@code DescribeTable} and the control plane's answers.
 * Members the service left out are left out; attribute values follow {@link Items}.
 */
final class Pojos {
    private Pojos() {}

    /** The set members of a response or shape, in the API's order. */
    static Map<String, Value> members(SdkPojo pojo) {
        Map<String, Value> out = new LinkedHashMap<>();
        for (SdkField<?> f : pojo.sdkFields()) {
            Object v = f.getValueOrDefault(pojo);
            if (v == null || isUnsetCollection(v)) {
                continue;
            }
            out.put(f.locationName(), value(v));
        }
        return out;
    }

    private static boolean isUnsetCollection(Object v) {
        // the SDK's "auto construct" lists and maps stand for a member the service did not send
        return v instanceof software.amazon.awssdk.core.util.SdkAutoConstructList
                || v instanceof software.amazon.awssdk.core.util.SdkAutoConstructMap;
    }

    static Value value(Object v) {
        if (v instanceof AttributeValue) {
            return Items.value((AttributeValue) v);
        }
        if (v instanceof SdkPojo) {
            return new Value.Doc(members((SdkPojo) v));
        }
        if (v instanceof String) {
            return Value.of((String) v);
        }
        if (v instanceof Boolean) {
            return Value.of((Boolean) v);
        }
        if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
            return Value.of(((Number) v).longValue());
        }
        if (v instanceof Double || v instanceof Float) {
            return Value.of(((Number) v).doubleValue());
        }
        if (v instanceof BigDecimal) {
            return Value.of((BigDecimal) v);
        }
        if (v instanceof Instant) {
            return Value.of((Instant) v);
        }
        if (v instanceof SdkBytes) {
            return new Value.Bytes(((SdkBytes) v).asByteArrayUnsafe());
        }
        if (v instanceof List) {
            List<Value> out = new ArrayList<>();
            for (Object e : (List<?>) v) {
                out.add(value(e));
            }
            return new Value.Array(out);
        }
        if (v instanceof Map) {
            Map<String, Value> out = new LinkedHashMap<>();
            ((Map<?, ?>) v).forEach((k, e) -> out.put(String.valueOf(k), value(e)));
            return new Value.Doc(out);
        }
        return Value.of(String.valueOf(v));
    }
}
