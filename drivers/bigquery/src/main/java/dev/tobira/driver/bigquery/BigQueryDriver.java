package dev.tobira.driver.bigquery;

import dev.tobira.spi.base.BaseDriver;

/**
 * The tobira driver for Google BigQuery, on google-cloud-bigquery. DSNs:
 * {@code bigquery://PROJECT[/DATASET][?location=EU&maxBytesBilled=…&credentials=file:/key.json]}.
 * A query is one GoogleSQL statement with positional {@code ?} parameters. Datasets are the
 * namespaces, tables and views the collections.
 *
 * <p>The read-only guard has two layers, both before any job runs: a lexical check (exactly one
 * statement, beginning with {@code SELECT} or {@code WITH}, no script or write keyword), then a dry
 * run of the text, whose statement type BigQuery itself reports and which must be {@code SELECT}.
 * The job that follows carries a cap on the bytes it may bill and the label
 * {@code tobira=read-only}. Code already on the server (remote functions, authorized routines)
 * is beyond what either layer sees; a reader role is the real boundary.
 *
 * <p>Declares read-only, browser, explainer and completer. Opening a connection sends nothing: the
 * first request, a {@link dev.tobira.api.Conn#ping() ping} or the first call, is where the service
 * is first reached.
 *
 * @since 0.1
 */
public final class BigQueryDriver extends BaseDriver {
    static final String NAME = "bigquery";

    /** Creates the driver; {@link java.util.ServiceLoader} calls this. */
    public BigQueryDriver() {
        this(true);
    }

    /** The test-only seam: {@code false} turns the lexical layer off, leaving the dry run alone on guard. */
    BigQueryDriver(boolean statementCheck) {
        super(new BigQueryDialect(statementCheck));
    }
}
