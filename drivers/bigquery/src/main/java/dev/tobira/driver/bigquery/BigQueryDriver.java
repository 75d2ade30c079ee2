package dev.tobira.driver.bigquery;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Capability;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Driver;
import java.util.EnumSet;
import java.util.Set;

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
 * @since 0.1
 */
public final class BigQueryDriver implements Driver {
    static final String NAME = "bigquery";
    private static final Set<Capability> DECLARED = Set.copyOf(EnumSet.of(
            Capability.READ_ONLY, Capability.BROWSER, Capability.EXPLAINER, Capability.COMPLETER));

    private final boolean statementCheck;

    /** Creates the driver; {@link java.util.ServiceLoader} calls this. */
    public BigQueryDriver() {
        this(true);
    }

    /** The test-only seam: {@code false} turns the lexical layer off, leaving the dry run alone on guard. */
    BigQueryDriver(boolean statementCheck) {
        this.statementCheck = statementCheck;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<String> schemes() {
        return Set.of(NAME);
    }

    @Override
    public Set<Capability> declared() {
        return DECLARED;
    }

    @Override
    public Conn open(ConnConfig config) {
        requireNonNull(config, "config is null");
        Target target = Target.of(config);
        return BigQueryConn.open(target, config.readOnly(), new ReadOnlyGuard(statementCheck));
    }

    @Override
    public String toString() {
        return "BigQueryDriver[" + NAME + (statementCheck ? "" : ", without its statement check") + "]";
    }
}
