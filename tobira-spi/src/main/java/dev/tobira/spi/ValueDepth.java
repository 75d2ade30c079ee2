package dev.tobira.spi;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;

/**
 * The one check a driver makes before it turns a caller's {@link Value} into its vendor's type: how
 * deep the value nests and how many elements it holds. Every vendor conversion (and
 * {@code Value.toString()}) recurses once per level, so a {@code Value.Doc} nested 10,000 deep
 * would end in a {@link StackOverflowError}; and a value may share one sub-value many times
 * ({@code a = [b, b]}, {@code b = [c, c]}, …), which costs the caller nothing and the conversion
 * an exponential number of elements. This check walks the value without recursion, so it never
 * overflows itself, and refuses both as {@link ErrorKind#INVALID_ARGUMENT} before any of it is
 * converted.
 *
 * <p>A scalar (and a {@code Vector}, whose components are not values, and {@code Json}, whose text
 * the driver's own parser bounds) has depth 0; an {@code Array} or {@code Doc} one more than its
 * deepest element. A shared sub-value counts once per place it appears.
 *
 * @since 0.1
 */
public final class ValueDepth {
    /**
     * The most elements of arrays and documents one value may hold, counted over every level: more
     * than any server of the drivers takes in one request (MongoDB's 16 MiB command, DynamoDB's
     * 400 KB item), yet far below what would exhaust a heap when a shared sub-value is expanded.
     */
    public static final int MAX_ELEMENTS = 1_000_000;

    private ValueDepth() {}

    /**
     * Refuses a value that nests deeper than {@code maxDepth} levels of arrays and documents or
     * that holds more than {@link #MAX_ELEMENTS} elements. Runs in constant stack space.
     *
     * @param value the value, as the caller gave it
     * @param maxDepth the deepest nesting allowed, 0 for scalars only
     * @param driver the driver's name, for the message
     * @param op the operation, for the message
     * @throws DriverException {@link ErrorKind#INVALID_ARGUMENT} for a value nested too deep or too large
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if maxDepth is negative
     */
    public static void check(Value value, int maxDepth, String driver, String op) {
        requireNonNull(value, "value is null");
        check(value, maxDepth, driver, op, "a parameter");
    }

    /**
     * Refuses the first of a call's parameters that {@link #check(Value, int, String, String)}
     * refuses, naming it by its position from 1: {@code <driver>: <op>: parameter 2 nests deeper
     * than 64 levels of arrays and documents: invalid argument}.
     *
     * @param params the call's parameters, in order
     * @param maxDepth the deepest nesting allowed, 0 for scalars only
     * @param driver the driver's name, for the message
     * @param op the operation, for the message
     * @throws DriverException {@link ErrorKind#INVALID_ARGUMENT} for a parameter nested too deep or too large
     * @throws NullPointerException if an argument is or holds null
     * @throws IllegalArgumentException if maxDepth is negative
     */
    public static void checkParameters(List<Value> params, int maxDepth, String driver, String op) {
        requireNonNull(params, "params is null");
        for (int i = 0; i < params.size(); i++) {
            check(requireNonNull(params.get(i), "a parameter is null"), maxDepth, driver, op, "parameter " + (i + 1));
        }
    }

    private static void check(Value value, int maxDepth, String driver, String op, String what) {
        requireNonNull(driver, "driver is null");
        requireNonNull(op, "op is null");
        if (maxDepth < 0) {
            throw new IllegalArgumentException("maxDepth is negative: " + maxDepth);
        }
        Iterator<Value> top = children(value);
        if (top == null) {
            return;
        }
        // one iterator per open level: the stack is on the heap, its size the current depth
        Deque<Iterator<Value>> open = new ArrayDeque<>();
        enter(open, top, maxDepth, driver, op, what);
        long elements = 0;
        while (!open.isEmpty()) {
            Iterator<Value> it = open.peek();
            if (!it.hasNext()) {
                open.pop();
                continue;
            }
            Value element = it.next();
            if (++elements > MAX_ELEMENTS) {
                throw DriverException.of(
                        ErrorKind.INVALID_ARGUMENT,
                        driver,
                        op,
                        what + " holds more than " + MAX_ELEMENTS + " array and document elements");
            }
            Iterator<Value> inner = children(element);
            if (inner != null) {
                enter(open, inner, maxDepth, driver, op, what);
            }
        }
    }

    private static void enter(
            Deque<Iterator<Value>> open, Iterator<Value> level, int maxDepth, String driver, String op, String what) {
        if (open.size() >= maxDepth) {
            throw DriverException.of(
                    ErrorKind.INVALID_ARGUMENT,
                    driver,
                    op,
                    what + " nests deeper than " + maxDepth + " levels of arrays and documents");
        }
        open.push(level);
    }

    /** The elements of an array or document, null for every other kind. */
    private static @Nullable Iterator<Value> children(Value v) {
        if (v instanceof Value.Array a) {
            return a.values().iterator();
        }
        if (v instanceof Value.Doc d) {
            return d.fields().values().iterator();
        }
        return null;
    }
}
