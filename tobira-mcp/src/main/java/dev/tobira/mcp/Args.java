package dev.tobira.mcp;

import dev.tobira.api.Value;
import dev.tobira.format.JsonValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The arguments of one tool call, read with the checks the input schemas state. */
final class Args {
    private final String tool;
    private final Map<String, Object> values;

    Args(String tool, Map<String, Object> values) {
        this.tool = tool;
        this.values = values == null ? Map.of() : values;
    }

    Map<String, Object> all() {
        return values;
    }

    String text(String name) {
        Object v = values.get(name);
        if (!(v instanceof String s) || s.isEmpty()) {
            throw new ToolError(tool + ": argument \"" + name + "\" is required and must be a non-empty string");
        }
        return s;
    }

    /** An absent or empty "namespace" argument is the connection's default, as it always was for clients. */
    Optional<String> namespace() {
        String ns = optionalText("namespace");
        return ns.isEmpty() ? Optional.empty() : Optional.of(ns);
    }

    String optionalText(String name) {
        Object v = values.get(name);
        if (v == null) {
            return "";
        }
        if (!(v instanceof String s)) {
            throw new ToolError(tool + ": argument \"" + name + "\" must be a string");
        }
        return s;
    }

    /** The string argument, or empty when absent or not a string: for the history, which records refused calls too. */
    String optionalTextQuietly(String name) {
        return values.get(name) instanceof String s ? s : "";
    }

    /** A whole number from 1 to max, or the default when absent. */
    int count(String name, int dflt, int max) {
        Object v = values.get(name);
        if (v == null) {
            return Math.min(dflt, max);
        }
        if (!(v instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue()) || n.longValue() < 1) {
            throw new ToolError(tool + ": argument \"" + name + "\" must be a whole number of at least 1");
        }
        return (int) Math.min(n.longValue(), max);
    }

    List<Value> params() {
        Object v = values.get("params");
        if (v == null) {
            return List.of();
        }
        if (!(v instanceof List<?> list)) {
            throw new ToolError(tool + ": argument \"params\" must be an array");
        }
        List<Value> out = new ArrayList<>(list.size());
        for (Object o : list) {
            out.add(JsonValues.fromNode(JsonValues.mapper().valueToTree(o)));
        }
        return out;
    }

    float[] vector(String name) {
        Object v = values.get(name);
        if (!(v instanceof List<?> list) || list.isEmpty()) {
            throw new ToolError(
                    tool + ": argument \"" + name + "\" is required and must be a non-empty array of numbers");
        }
        float[] out = new float[list.size()];
        for (int i = 0; i < out.length; i++) {
            if (!(list.get(i) instanceof Number n)) {
                throw new ToolError(tool + ": argument \"" + name + "\" must hold numbers only");
            }
            out[i] = n.floatValue();
        }
        return out;
    }
}
