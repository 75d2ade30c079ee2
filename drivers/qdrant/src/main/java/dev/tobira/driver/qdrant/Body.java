package dev.tobira.driver.qdrant;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One JSON object of a request, read member by member: each member the driver reads is marked, and
 * {@link #done()} refuses any member left unread, so a field this driver does not map is an error
 * instead of being dropped.
 */
final class Body {
    private final ObjectNode node;
    private final String where;
    private final String op;
    private final Set<String> read = new HashSet<>();

    Body(JsonNode node, String where, String op) {
        if (!node.isObject()) {
            throw Request.invalid(op, where + " must be an object");
        }
        this.node = (ObjectNode) node;
        this.where = where;
        this.op = op;
    }

    String where() {
        return where;
    }

    String op() {
        return op;
    }

    boolean has(String name) {
        return node.has(name);
    }

    Optional<JsonNode> opt(String name) {
        read.add(name);
        JsonNode v = node.get(name);
        return v == null || v.isNull() ? Optional.empty() : Optional.of(v);
    }

    JsonNode required(String name) {
        return opt(name).orElseThrow(() -> Request.invalid(op, where + " needs \"" + name + "\""));
    }

    String text(String name) {
        JsonNode v = required(name);
        if (!v.isTextual()) {
            throw Request.invalid(op, where + "." + name + " must be a string");
        }
        return v.textValue();
    }

    Optional<String> optText(String name) {
        return opt(name).map(v -> {
            if (!v.isTextual()) {
                throw Request.invalid(op, where + "." + name + " must be a string");
            }
            return v.textValue();
        });
    }

    Optional<Long> optCount(String name) {
        return opt(name).map(v -> {
            if (!v.isIntegralNumber() || !v.canConvertToLong() || v.longValue() < 0) {
                throw Request.invalid(op, where + "." + name + " must be a whole number, 0 or more");
            }
            return v.longValue();
        });
    }

    Optional<Boolean> optBool(String name) {
        return opt(name).map(v -> {
            if (!v.isBoolean()) {
                throw Request.invalid(op, where + "." + name + " must be true or false");
            }
            return v.booleanValue();
        });
    }

    /** A number as a double: one past a double's range (1e999, which JSON allows) is refused, never sent as infinite. */
    Optional<Double> optNumber(String name) {
        return opt(name).map(v -> {
            if (!v.isNumber()) {
                throw Request.invalid(op, where + "." + name + " must be a number");
            }
            return Protos.finite(v.doubleValue(), where + "." + name, op);
        });
    }

    /** A number as a float, refused past a float's range (1e39) rather than sent as infinite. */
    Optional<Float> optFloat(String name) {
        return optNumber(name).map(d -> Protos.finite(d.floatValue(), where + "." + name, op));
    }

    List<String> strings(String name) {
        JsonNode v = required(name);
        return strings(v, where + "." + name, op);
    }

    static List<String> strings(JsonNode v, String where, String op) {
        if (!v.isArray()) {
            throw Request.invalid(op, where + " must be an array of strings");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode s : v) {
            if (!s.isTextual()) {
                throw Request.invalid(op, where + " must be an array of strings");
            }
            out.add(s.textValue());
        }
        return out;
    }

    /** Refuses the members nothing read. */
    void done() {
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String n = names.next();
            if (!read.contains(n)) {
                throw Request.invalid(op, where + " has a field this driver does not map: \"" + Display.clip(n) + "\"");
            }
        }
    }
}
