package dev.tobira.jdbc;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Value;
import java.util.List;

/**
 * A statement the base generated (browse, mutate), with its positional parameters. It runs
 * without the statement check, in the same read-only mode as the caller's text.
 *
 * @param sql the text, with {@code ?} placeholders
 * @param params the parameters, one per placeholder
 * @since 0.1
 */
public record GeneratedSql(String sql, List<Value> params) {
    /**
     * Checks and copies the parts.
     *
     * @param sql see {@link #sql()}
     * @param params see {@link #params()}
     * @throws NullPointerException if an argument or a parameter is null
     */
    public GeneratedSql {
        requireNonNull(sql, "sql is null");
        params = List.copyOf(params);
    }
}
