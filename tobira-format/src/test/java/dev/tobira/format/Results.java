package dev.tobira.format;

import dev.tobira.api.Column;
import dev.tobira.api.QueryStats;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import java.time.Duration;
import java.util.List;
import java.util.function.LongFunction;

/** Results for the writers' tests: rows in hand or generated, with statistics fixed by the test. */
final class Results {
    private Results() {}

    static ResultSet of(List<Column> columns, List<List<Value>> rows, QueryStats stats) {
        return generated(columns, rows.size(), i -> Row.of(columns, rows.get((int) i)), stats);
    }

    /** A result of n rows made one at a time, so a test can show a writer never holds them all. */
    static ResultSet generated(List<Column> columns, long n, LongFunction<Row> row, QueryStats stats) {
        return new ResultSet() {
            long next;
            boolean closed;

            @Override
            public List<Column> columns() {
                return columns;
            }

            @Override
            public boolean hasNext() {
                return !closed && next < n;
            }

            @Override
            public Row next() {
                if (!hasNext()) {
                    throw new java.util.NoSuchElementException();
                }
                return row.apply(next++);
            }

            @Override
            public QueryStats stats() {
                QueryStats now = QueryStats.of(next, stats.duration(), stats.truncated());
                return stats.rowsAffected().isPresent()
                        ? now.withRowsAffected(stats.rowsAffected().getAsLong())
                        : now;
            }

            @Override
            public void close() {
                closed = true;
            }
        };
    }

    static QueryStats stats(long millis, boolean truncated) {
        return QueryStats.of(0, Duration.ofMillis(millis), truncated);
    }
}
