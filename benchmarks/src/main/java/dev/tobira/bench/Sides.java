package dev.tobira.bench;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The clocks of a {@code pair} benchmark: one invocation runs every side once, in an order that
 * rotates from one invocation to the next, and each side's time goes to its own counter. The sides
 * thus share every moment of load on a busy machine, and the report takes the ratio per iteration
 * from these counters ({@code tobiraNanos}, {@code rawNanos}, {@code anchorNanos}, {@code byHandNanos}, {@code ops} in
 * JMH's JSON), not from separate forks minutes apart.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class Sides {
    /** Nanoseconds spent in the tobira side during this iteration. */
    public long tobiraNanos;
    /** Nanoseconds spent in the raw vendor client's side during this iteration. */
    public long rawNanos;
    /**
     * Nanoseconds spent in the third side, when there is one: psql for the export, the raw read after
     * one more round trip for point reads, tobira's row iterator for streaming.
     */
    public long anchorNanos;
    /** Nanoseconds spent in the fourth side, when there is one: a server point read's guard done by hand in the raw client. */
    public long byHandNanos;
    /** Invocations this iteration, each of which ran every side once. */
    public long ops;

    private int turn;

    /** One side's work. */
    @FunctionalInterface
    public interface Op {
        /**
         * Runs it once.
         *
         * @throws Exception when it fails, which fails the benchmark
         */
        void run() throws Exception;
    }

    /** JMH resets nothing by itself: each iteration's counters start at zero. */
    @Setup(Level.Iteration)
    public void reset() {
        tobiraNanos = 0;
        rawNanos = 0;
        anchorNanos = 0;
        byHandNanos = 0;
        ops = 0;
    }

    /**
     * Runs tobira and raw once each, first one then the other by turns.
     *
     * @param tobira the tobira side
     * @param raw the raw client's side
     * @throws Exception when a side fails
     */
    public void run(Op tobira, Op raw) throws Exception {
        if ((turn++ & 1) == 0) {
            tobiraNanos += time(tobira);
            rawNanos += time(raw);
        } else {
            rawNanos += time(raw);
            tobiraNanos += time(tobira);
        }
        ops++;
    }

    /**
     * Runs the three sides once each, the order rotating.
     *
     * @param tobira the tobira side
     * @param raw the raw client's side
     * @param anchor the third side
     * @throws Exception when a side fails
     */
    public void run(Op tobira, Op raw, Op anchor) throws Exception {
        switch (turn++ % 3) {
            case 0 -> {
                tobiraNanos += time(tobira);
                rawNanos += time(raw);
                anchorNanos += time(anchor);
            }
            case 1 -> {
                rawNanos += time(raw);
                anchorNanos += time(anchor);
                tobiraNanos += time(tobira);
            }
            default -> {
                anchorNanos += time(anchor);
                tobiraNanos += time(tobira);
                rawNanos += time(raw);
            }
        }
        ops++;
    }

    /**
     * Runs the four sides once each, the order rotating.
     *
     * @param tobira the tobira side
     * @param raw the raw client's side
     * @param anchor the third side
     * @param byHand the fourth side
     * @throws Exception when a side fails
     */
    public void run(Op tobira, Op raw, Op anchor, Op byHand) throws Exception {
        Op[] sides = {tobira, raw, anchor, byHand};
        int first = turn++ & 3;
        for (int k = 0; k < 4; k++) {
            int i = (first + k) & 3;
            long nanos = time(sides[i]);
            switch (i) {
                case 0 -> tobiraNanos += nanos;
                case 1 -> rawNanos += nanos;
                case 2 -> anchorNanos += nanos;
                default -> byHandNanos += nanos;
            }
        }
        ops++;
    }

    private static long time(Op op) throws Exception {
        long start = System.nanoTime();
        op.run();
        return System.nanoTime() - start;
    }
}
