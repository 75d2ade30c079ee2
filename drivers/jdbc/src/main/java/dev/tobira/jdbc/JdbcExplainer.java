package dev.tobira.jdbc;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Explainer;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.spi.SqlScan;

/** The explainer: the dialect's explain statement of a text the guard accepted, its rows as the plan. */
final class JdbcExplainer implements Explainer {
    private final Runner runner;

    JdbcExplainer(Runner runner) {
        this.runner = runner;
    }

    @Override
    public Plan explain(Query query) {
        requireNonNull(query, "query is null");
        runner.ensureOpen();
        runner.ensureNoTransaction();
        boolean guarded = runner.guarded(query);
        SqlScan scan = runner.check(query.text(), guarded);
        QueryBuilder queries = runner.dialect().queries();
        boolean json = queries.explainFormat().equals("json");
        StringBuilder text = new StringBuilder();
        try (ResultSet rs = runner.execution(
                        runner.call(guarded, scan, 0, query.timeout().orElse(java.time.Duration.ZERO))
                                .build(),
                        "explain")
                .run(
                        queries.explain(query.text()),
                        query.params(),
                        query.namespace().orElse(""),
                        System.nanoTime())) {
            while (rs.hasNext()) {
                Row row = rs.next();
                if (text.length() > 0 && !json) {
                    text.append('\n');
                }
                text.append(
                        json ? row.values().stream().map(Value::toString).reduce("", String::concat) : row.toString());
            }
        }
        return new Plan(queries.explainFormat(), text.toString());
    }
}
