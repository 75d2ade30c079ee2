package dev.tobira.sample.memdemo;

import static dev.tobira.sample.memdemo.MemdemoDriver.NAME;

import dev.tobira.api.Capability;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.ConnInfo;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.base.ConnParts;
import dev.tobira.spi.base.Dialect;
import java.util.EnumSet;
import java.util.Set;

/** memdemo's identity, how its session opens, and what each connection is made of. */
final class MemDialect extends Dialect<MemSession> {
    MemDialect() {
        super(NAME, Set.of(NAME), EnumSet.of(Capability.READ_ONLY, Capability.BROWSER));
    }

    @Override
    protected MemSession openSession(ConnConfig config) {
        String store = config.dsn().substring(config.dsn().indexOf(':') + 1);
        if (store.isEmpty()) {
            throw DriverException.of(ErrorKind.INVALID_ARGUMENT, NAME, "open", "the DSN names no store (memdemo:NAME)");
        }
        return new MemSession(store, MemStore.named(store));
    }

    @Override
    protected void assemble(MemSession session, ConnConfig config, ConnParts parts) {
        parts.info(ConnInfo.of(NAME, ConnInfo.Model.KV, NAME).withServerVersion("1"))
                .catalog(new MemCatalog(session.store()))
                .queries(new MemQueries(session))
                .facet(Capability.BROWSER, () -> new MemBrowser(session.store()));
    }
}
