package dev.tobira.driver.mongodb;

import static dev.tobira.driver.mongodb.MongoDriver.NAME;

import dev.tobira.api.Capability;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.ConnInfo;
import dev.tobira.spi.OpenResults;
import dev.tobira.spi.base.ConnParts;
import dev.tobira.spi.base.Dialect;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * MongoDB's identity, how its session opens, and what each connection is made of. The explainer
 * and the change feed are offered only where the server answers the driver's probe of them
 * ({@link Probes}), asked the first time a caller wants them.
 */
final class MongoDialect extends Dialect<MongoSession> {
    static final Set<Capability> DECLARED = Collections.unmodifiableSet(EnumSet.of(
            Capability.READ_ONLY,
            Capability.BROWSER,
            Capability.MUTATOR,
            Capability.EXPLAINER,
            Capability.COMPLETER,
            Capability.CHANGE_FEED));

    private final boolean statementCheck;

    /**
     * @param lacking what a test server lacks, left out of what the driver declares (empty but for the test seam)
     * @param statementCheck false only through the test seam: the guard's statement check is skipped
     */
    MongoDialect(Set<Capability> lacking, boolean statementCheck) {
        super(NAME, Set.of("mongodb", "mongodb+srv"), without(lacking));
        this.statementCheck = statementCheck;
    }

    private static Set<Capability> without(Set<Capability> lacking) {
        EnumSet<Capability> d = EnumSet.copyOf(DECLARED);
        d.removeAll(lacking);
        return d;
    }

    @Override
    protected MongoSession openSession(ConnConfig config) {
        return MongoSession.open(Target.of(config));
    }

    @Override
    protected void assemble(MongoSession session, ConnConfig config, ConnParts parts) {
        MongoCatalog catalog = new MongoCatalog(session);
        MongoQueries queries = new MongoQueries(session, statementCheck);
        OpenResults results = parts.results();
        parts.info(withVersion(ConnInfo.of(NAME, ConnInfo.Model.DOCUMENT, "mongodb"), session.version()))
                .catalog(catalog)
                .queries(queries)
                .facet(Capability.BROWSER, () -> new MongoBrowser(session, catalog))
                .facet(Capability.MUTATOR, () -> new MongoMutator(session))
                .facet(
                        Capability.COMPLETER,
                        () -> new MongoCompleter(catalog, session.target().database()));
        // the test seam declares less for a server that lacks these; the probe would find them absent anyway
        if (declared().contains(Capability.EXPLAINER)) {
            parts.facet(
                    Capability.EXPLAINER,
                    () -> new MongoExplainer(session, queries, parts.guarded()),
                    () -> Probes.explain(session));
        }
        if (declared().contains(Capability.CHANGE_FEED)) {
            parts.facet(
                    Capability.CHANGE_FEED,
                    () -> new MongoChangeFeed(session, results),
                    () -> Probes.changeStreams(session));
        }
    }

    // the server may not say its version: then the information has none
    private static ConnInfo withVersion(ConnInfo info, String version) {
        return version.isEmpty() ? info : info.withServerVersion(version);
    }
}
