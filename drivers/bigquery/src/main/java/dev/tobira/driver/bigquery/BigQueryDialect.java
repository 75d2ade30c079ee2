package dev.tobira.driver.bigquery;

import static dev.tobira.driver.bigquery.BigQueryDriver.NAME;

import dev.tobira.api.Capability;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.ConnInfo;
import dev.tobira.spi.base.ConnParts;
import dev.tobira.spi.base.Dialect;
import java.util.EnumSet;
import java.util.Set;

/** BigQuery's identity, how its session opens, and what each connection is made of. */
final class BigQueryDialect extends Dialect<BigQuerySession> {
    private final boolean statementCheck;

    /** @param statementCheck false only through the driver's test seam: the lexical layer is then off */
    BigQueryDialect(boolean statementCheck) {
        super(
                NAME,
                Set.of(NAME),
                EnumSet.of(Capability.READ_ONLY, Capability.BROWSER, Capability.EXPLAINER, Capability.COMPLETER));
        this.statementCheck = statementCheck;
    }

    @Override
    protected BigQuerySession openSession(ConnConfig config) {
        return BigQuerySession.open(Target.of(config));
    }

    @Override
    protected void assemble(BigQuerySession session, ConnConfig config, ConnParts parts) {
        ReadOnlyGuard guard = new ReadOnlyGuard(statementCheck);
        BigQueryCatalog catalog = new BigQueryCatalog(session);
        BigQueryQueries queries = new BigQueryQueries(session, guard);
        parts.info(ConnInfo.of(NAME, ConnInfo.Model.WAREHOUSE, "googlesql").withServerVersion("BigQuery API v2"))
                .catalog(catalog)
                .queries(queries)
                .facet(Capability.BROWSER, () -> new BigQueryBrowser(session, catalog))
                .facet(Capability.EXPLAINER, () -> new BigQueryExplainer(session, queries, guard, parts.guarded()))
                .facet(Capability.COMPLETER, () -> new BigQueryCompleter(catalog));
    }
}
