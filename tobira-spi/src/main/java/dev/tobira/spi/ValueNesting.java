package dev.tobira.spi;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;

/**
 * How deep {@link Value.Array}s and {@link Value.Doc}s nest, measured without recursion, so that a
 * driver can refuse a parameter nested past what it converts before any recursive code (its own, a
 * vendor encoder's, a JSON writer's) overflows the stack on it. A scalar has depth 0, an empty or
 * flat array or document depth 1, and each level of nesting adds one.
 *
 * <p>The walk stops as soon as the limit is passed, so a hostile value costs at most the nodes up
 * to that depth; the walk keeps its path on the heap, one iterator per level.
 *
 * <p>Thread-safe: it holds no state.
 *
 * @since 0.1
 */
public final class ValueNesting {
    /**
     * A limit that no legitimate parameter reaches and that any driver's recursive conversion on a
     * thread's default stack survives: 64 levels.
     */
    public static final int DEFAULT_MAX_DEPTH = 64;

    private ValueNesting() {
    }

    /**
     * Returns how deep a value nests, counting no further than {@code limit + 1}.
     *
     * @param value the value
     * @param limit the depth past which counting stops
     * @return the depth, or {@code limit + 1} when it is deeper than {@code limit}
     * @throws NullPointerException if value is null
     * @throws IllegalArgumentException if limit is negative
     */
    public static int depth(Value value, int limit) {
        requireNonNull(value, "value is null");
        if (limit < 0) {
            throw new IllegalArgumentException("limit is negative: " + limit);
        }
        Iterator<Value> root = children(value);
        if (root == null) {
            return 0;
        }
        ArrayDeque<Iterator<Value>> path = new ArrayDeque<>();
        path.push(root);
        int deepest = 1;
        while (!path.isEmpty()) {
            if (path.size() > limit) {
                return limit + 1;
            }
            Iterator<Value> level = path.peek();
            if (!level.hasNext()) {
                path.pop();
                continue;
            }
            Iterator<Value> inner = children(level.next());
            if (inner != null) {
                path.push(inner);
                deepest = Math.max(deepest, path.size());
            }
        }
        return deepest;
    }

    /**
     * Refuses parameters nested deeper than a limit, with {@link ErrorKind#INVALID_ARGUMENT} and
     * the message {@code <driver>: <op>: parameter N is nested deeper than M levels: invalid argument}.
     *
     * @param params the parameters, numbered from 1 in the message
     * @param maxDepth the deepest nesting allowed
     * @param driver the driver's name, the first part of the message
     * @param op the operation, such as {@code query}
     * @throws DriverException of kind {@link ErrorKind#INVALID_ARGUMENT} for the first parameter too deep
     * @throws NullPointerException if an argument is or holds null
     * @throws IllegalArgumentException if maxDepth is negative
     */
    public static void check(List<Value> params, int maxDepth, String driver, String op) {
        requireNonNull(params, "params is null");
        requireNonNull(driver, "driver is null");
        requireNonNull(op, "op is null");
        for (int i = 0; i < params.size(); i++) {
            if (depth(params.get(i), maxDepth) > maxDepth) {
                throw DriverException.of(ErrorKind.INVALID_ARGUMENT, driver, op,
                        "parameter " + (i + 1) + " is nested deeper than " + maxDepth + " levels");
            }
        }
    }

    private static Iterator<Value> children(Value value) {
        if (value instanceof Value.Array array) {
            return array.values().iterator();
        }
        if (value instanceof Value.Doc doc) {
            return doc.fields().values().iterator();
        }
        return null;
    }
}
