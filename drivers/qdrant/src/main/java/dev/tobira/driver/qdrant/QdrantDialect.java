package dev.tobira.driver.qdrant;

import static dev.tobira.driver.qdrant.QdrantDriver.NAME;

import dev.tobira.api.Capability;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.ConnInfo;
import dev.tobira.spi.base.ConnParts;
import dev.tobira.spi.base.Dialect;
import java.util.EnumSet;
import java.util.Set;

/**
 * Qdrant's identity, how its session opens (the channel, the server's version, a listing that proves
 * the API key), and what each connection is made of: the catalogue, the query path with its guard,
 * and one object per facet; the mutator only on a writable connection (the base withholds it).
 */
final class QdrantDialect extends Dialect<QdrantSession> {
    private final boolean statementCheck;

    /** @param statementCheck whether the read-only guard checks statements; off only from this package's tests */
    QdrantDialect(boolean statementCheck) {
        super(
                NAME,
                Set.of("qdrant", "qdrants"),
                EnumSet.of(
                        Capability.READ_ONLY,
                        Capability.BROWSER,
                        Capability.MUTATOR,
                        Capability.COMPLETER,
                        Capability.VECTOR_SEARCHER));
        this.statementCheck = statementCheck;
    }

    /**
     * Opens the channel, asks the server's version and checks that the API key lists the collections.
     *
     * @throws dev.tobira.api.DriverException INVALID_ARGUMENT for a bad DSN, CONNECTION when the server
     *     cannot be reached, AUTH when it refuses the API key, TIMEOUT
     */
    @Override
    protected QdrantSession openSession(ConnConfig config) {
        return QdrantSession.open(Target.of(config));
    }

    @Override
    protected void assemble(QdrantSession session, ConnConfig config, ConnParts parts) {
        QdrantCatalog catalog = new QdrantCatalog(session);
        String version = session.serverVersion();
        parts.info(ConnInfo.of(NAME, ConnInfo.Model.VECTOR, "qdrant-json")
                        .withServerVersion(version.isEmpty() ? "Qdrant" : "Qdrant " + version))
                .catalog(catalog)
                .queries(new QdrantQueries(session, catalog, statementCheck))
                .facet(Capability.BROWSER, () -> new QdrantBrowser(session, catalog))
                .facet(Capability.MUTATOR, () -> new Mutations(session, catalog))
                .facet(Capability.COMPLETER, () -> new QdrantCompleter(session, catalog, parts.readOnly()))
                .facet(Capability.VECTOR_SEARCHER, () -> new QdrantVectorSearcher(session, catalog));
    }
}
