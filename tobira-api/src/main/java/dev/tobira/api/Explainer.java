package dev.tobira.api;

import static java.util.Objects.requireNonNull;

/**
 * Shows how the database would run a query, without running it. On a read-only connection the
 * query goes through the guard first, and the plan is made without executing the statement
 * (never {@code EXPLAIN ANALYZE}).
 *
 * @since 0.1
 */
public interface Explainer extends Facet {
    /**
     * Returns the plan of a query.
     *
     * @param query the query
     * @return the plan
     * @throws DriverException READ_ONLY if the guard refuses the query, or another kind
     */
    Plan explain(Query query);

    /**
     * A query plan in the database's own format.
     *
     * @param format {@code json} or {@code text}
     * @param text the plan
     * @since 0.1
     */
    record Plan(String format, String text) {
        /**
         * Creates a plan.
         *
         * @param format {@code json} or {@code text}
         * @param text the plan
         * @throws NullPointerException if an argument is null
         */
        public Plan {
            requireNonNull(format, "format is null");
            requireNonNull(text, "text is null");
        }
    }
}
