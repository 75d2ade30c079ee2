package dev.tobira.driver.bigquery;

import com.google.cloud.bigquery.JobStatistics.QueryStatistics;
import dev.tobira.api.Explainer;
import dev.tobira.api.Query;
import dev.tobira.spi.CallDeadline;
import java.util.function.Predicate;

/**
 * The plan of a query: its dry run's statistics as text. The text takes the query path's checks
 * first ({@link BigQueryQueries#check}), and on a guarded call the dry run's statement type too.
 */
final class BigQueryExplainer implements Explainer {
    private final BigQuerySession session;
    private final BigQueryQueries queries;
    private final ReadOnlyGuard guard;
    private final Predicate<Query> guarded;

    BigQueryExplainer(BigQuerySession session, BigQueryQueries queries, ReadOnlyGuard guard, Predicate<Query> guarded) {
        this.session = session;
        this.queries = queries;
        this.guard = guard;
        this.guarded = guarded;
    }

    @Override
    public Plan explain(Query query) {
        boolean guarded = this.guarded.test(query);
        Explain explain = Explain.of(query.text());
        queries.check(explain.text(), guarded);
        QueryStatistics stats = session.dryRun(
                queries.config(explain.text(), query), CallDeadline.of(System.nanoTime(), query.timeout()));
        if (guarded) {
            guard.checkDryRun(stats);
        }
        return new Plan("text", Plans.text(stats));
    }
}
