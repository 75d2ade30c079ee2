package dev.tobira.driver.dynamodb;

import static dev.tobira.driver.dynamodb.DynamoDriver.NAME;

import dev.tobira.api.Capability;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.ConnInfo;
import dev.tobira.spi.base.ConnParts;
import dev.tobira.spi.base.Dialect;
import java.util.EnumSet;
import java.util.Set;

/** DynamoDB's identity, how a session opens (its own SDK client), and what each connection is made of. */
final class DynamoDialect extends Dialect<DynamoSession> {
    /** What {@link ConnInfo#serverVersion()} says: the service reports no version, only its API's. */
    static final String API_VERSION = "DynamoDB API 2012-08-10";

    DynamoDialect() {
        super(
                NAME,
                Set.of("dynamodb"),
                EnumSet.of(Capability.READ_ONLY, Capability.BROWSER, Capability.MUTATOR, Capability.COMPLETER));
    }

    @Override
    protected DynamoSession openSession(ConnConfig config) {
        return DynamoSession.open(Target.of(config));
    }

    /** Checks that the endpoint answers a signed request. */
    @Override
    protected void verify(DynamoSession session) {
        session.ping();
    }

    @Override
    protected void assemble(DynamoSession session, ConnConfig config, ConnParts parts) {
        DynamoCatalog catalog = new DynamoCatalog(session);
        Executor executor = new Executor(session, parts.results()::remove);
        parts.info(ConnInfo.of(NAME, ConnInfo.Model.KV, "partiql").withServerVersion(API_VERSION))
                .catalog(catalog)
                .queries(new DynamoQueries(session, catalog, executor))
                .facet(Capability.BROWSER, () -> new DynamoBrowser(session, catalog, executor))
                .facet(Capability.MUTATOR, () -> new DynamoMutator(session, catalog, executor))
                .facet(Capability.COMPLETER, () -> new DynamoCompleter(catalog, parts.readOnly()));
    }
}
