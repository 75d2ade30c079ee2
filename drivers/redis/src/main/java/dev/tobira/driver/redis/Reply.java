package dev.tobira.driver.redis;

import dev.tobira.api.Value;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A Redis reply as it arrived, RESP2 or RESP3, before it becomes rows. */
sealed interface Reply permits Reply.Scalar, Reply.Aggregate {
    /** The RESP type name, used as a column's native type. */
    String type();

    /** The reply as one value: aggregates become Array, or Doc for maps. */
    Value value();

    /** A scalar reply: a string, number, boolean or null. */
    record Scalar(Value value, String type) implements Reply {
        static final Scalar NULL = new Scalar(Value.NULL, "null");
    }

    /** An array, map, set or push reply; a map's items alternate keys and values. */
    record Aggregate(Shape shape, List<Reply> items) implements Reply {
        @Override
        public String type() {
            return shape.type;
        }

        @Override
        public Value value() {
            if (shape == Shape.MAP) {
                Map<String, Value> fields = new LinkedHashMap<>();
                for (int i = 0; i + 1 < items.size(); i += 2) {
                    fields.put(items.get(i).value().toString(), items.get(i + 1).value());
                }
                return new Value.Doc(fields);
            }
            List<Value> values = new ArrayList<>(items.size());
            for (Reply r : items) {
                values.add(r.value());
            }
            return new Value.Array(values);
        }
    }

    /** The aggregate types of RESP. */
    enum Shape {
        ARRAY("array"),
        MAP("map"),
        SET("set"),
        PUSH("push");

        final String type;

        Shape(String type) {
            this.type = type;
        }
    }

    /** The reply's elements if it is an array or set, else empty. */
    static List<Reply> elements(Reply r) {
        return r instanceof Aggregate a && a.shape() != Shape.MAP ? a.items() : List.of();
    }

    /** The reply's text, for replies the driver reads itself; empty for null. */
    static String text(Reply r) {
        Value v = r.value();
        return v.isNull() ? "" : v.toString();
    }
}
