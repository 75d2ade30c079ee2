package dev.tobira.driver.bigquery;

import com.google.cloud.bigquery.JobStatistics.QueryStatistics;
import dev.tobira.api.Explainer;
import dev.tobira.api.Query;
import dev.tobira.spi.CallDeadline;

/**
 * The plan of a query: its dry run's statistics as text. The text takes the query path's checks
 * first ({@link BigQueryQueries#check}), and on a guarded call the dry run's statement type too.
 */
final class BigQueryExplainer implements Explainer {
    private final BigQuerySession session;
    private final BigQueryQueries queries;
    private final ReadOnlyGuard guard;
    private final boolean readOnly;

    BigQueryExplainer(BigQuerySession session, BigQueryQueries queries, ReadOnlyGuard guard, boolean readOnly) {
        this.session = session;
        this.queries = queries;
        this.guard = guard;
        this.readOnly = readOnly;
    }

    @Override
    public Plan explain(Query query) {
        boolean guarded = readOnly || query.readOnly();
        Explain explain = Explain.of(query.text());
        queries.check(explain.text(), guarded);
        QueryStatistics stats = session.dryRun(queries.config(explain.text(), query), CallDeadline.of(System.nanoTime(), query.timeout()));
        if (guarded) {
            guard.checkDryRun(stats);
        }
        return new Plan("text", Plans.text(stats));
    }
}
