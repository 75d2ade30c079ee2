package dev.tobira.driver.duckdb;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Browser;
import dev.tobira.api.Capability;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Completer;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnInfo;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Explainer;
import dev.tobira.api.Exporter;
import dev.tobira.api.Facet;
import dev.tobira.api.Mutator;
import dev.tobira.api.Page;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Transactor;
import dev.tobira.api.Value;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.StatementGuard;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A connection of the JDBC base with the exporter the base does not have yet: every other call
 * goes to the base's connection unchanged. The export runs through that connection's own query
 * path too, so the guard, the read-only mode, the deadline, cancellation and error mapping are
 * the base's.
 *
 * <p>The fast path, on a writable connection for a text that is one plain query and no row limit:
 * {@code COPY (query) TO '<temp file>' (FORMAT CSV, HEADER)}, then the file is copied to the
 * stream and deleted. A read-only query there is first checked by the guard and its COPY runs in
 * a transaction that is rolled back. A read-only connection has external access off, so there
 * (and for any other text, or a limit) the rows are streamed and written as CSV by
 * {@link CsvWriter}.
 */
final class DuckdbConn implements Conn, Browser, Mutator, Explainer, Transactor, Completer, Exporter {
    private final Conn inner;
    private final StatementGuard guard;
    private final Set<Capability> facets;
    private final AtomicBoolean closed = new AtomicBoolean();

    DuckdbConn(Conn inner, DuckdbDialect dialect) {
        this.inner = inner;
        this.guard = dialect.guard();
        EnumSet<Capability> offered = EnumSet.noneOf(Capability.class);
        offered.addAll(inner.capabilities());
        if (dialect.declared().contains(Capability.EXPORTER)) {
            offered.add(Capability.EXPORTER);
        }
        this.facets = Collections.unmodifiableSet(offered);
    }

    private <T extends Facet> T facet(Class<T> type, Capability c) {
        return inner.as(type).orElseThrow(() ->
                DriverException.of(ErrorKind.UNSUPPORTED, DuckdbDialect.NAME, c.word(), c.word() + " is not supported"));
    }

    // ---------------------------------------------------------------- Conn

    @Override
    public ResultSet query(Query query) {
        return inner.query(query);
    }

    @Override
    public void ping() {
        inner.ping();
    }

    @Override
    public List<String> namespaces() {
        return inner.namespaces();
    }

    @Override
    public List<CollectionRef> collections(String namespace) {
        return inner.collections(namespace);
    }

    @Override
    public CollectionInfo describe(CollectionRef collection) {
        return inner.describe(collection);
    }

    @Override
    public boolean readOnly() {
        return inner.readOnly();
    }

    @Override
    public ConnInfo info() {
        return inner.info();
    }

    @Override
    public Set<Capability> capabilities() {
        return facets;
    }

    @Override
    public <T extends Facet> Optional<T> as(Class<T> facet) {
        requireNonNull(facet, "facet is null");
        for (Capability c : facets) {
            if (c.facet().filter(facet::equals).isPresent()) {
                return Optional.of(facet.cast(this));
            }
        }
        return Optional.empty();
    }

    @Override
    public <T> Optional<T> unwrap(Class<T> type) {
        return inner.unwrap(type);
    }

    @Override
    public void close() {
        closed.set(true);
        inner.close();
    }

    // ---------------------------------------------------------------- the base's facets

    @Override
    public Page browse(CollectionRef collection, String cursor, int size) {
        return facet(Browser.class, Capability.BROWSER).browse(collection, cursor, size);
    }

    @Override
    public long insert(CollectionRef collection, Map<String, Value> values) {
        return facet(Mutator.class, Capability.MUTATOR).insert(collection, values);
    }

    @Override
    public long update(CollectionRef collection, Map<String, Value> key, Map<String, Value> changes) {
        return facet(Mutator.class, Capability.MUTATOR).update(collection, key, changes);
    }

    @Override
    public long delete(CollectionRef collection, Map<String, Value> key) {
        return facet(Mutator.class, Capability.MUTATOR).delete(collection, key);
    }

    @Override
    public Plan explain(Query query) {
        return facet(Explainer.class, Capability.EXPLAINER).explain(query);
    }

    @Override
    public Tx begin() {
        return facet(Transactor.class, Capability.TRANSACTOR).begin();
    }

    @Override
    public List<Completion> complete(String text, int cursor) {
        return facet(Completer.class, Capability.COMPLETER).complete(text, cursor);
    }

    // ---------------------------------------------------------------- Exporter

    @Override
    public long export(Query query, Format format, OutputStream out) {
        requireNonNull(query, "query is null");
        requireNonNull(format, "format is null");
        requireNonNull(out, "out is null");
        if (closed.get()) {
            throw new IllegalStateException("connection is closed");
        }
        boolean guarded = inner.readOnly() || query.readOnly();
        SqlScan scan = guarded ? guard.check(query.text()) : guard.checkSingleStatement(query.text());
        if (!inner.readOnly() && query.limit() == 0 && DuckdbGuard.isWrappableQuery(scan)) {
            try {
                return copy(query, scan, format, out, guarded);
            } catch (DriverException e) {
                if (!e.is(ErrorKind.READ_ONLY) && !e.is(ErrorKind.PERMISSION)) {
                    throw e;
                }
                // external access was turned off on this writable database: stream instead
            }
        }
        return stream(query, format, out);
    }

    private long copy(Query query, SqlScan scan, Format format, OutputStream out, boolean guarded) {
        Path file = null;
        try {
            file = Files.createTempFile("tobira-duckdb-export-", ".csv");
            // the query on lines of its own, so a line comment at its end cannot swallow the closing parenthesis
            String sql = "COPY (\n" + scan.statements().get(0).text() + "\n) TO '" + file.toString().replace("'", "''")
                    + "' (FORMAT CSV, HEADER" + (format == Format.TEXT ? ", DELIMITER '\t'" : "") + ")";
            Query copy = new Query(sql, query.params(), false, 0, query.timeout(), query.namespace());
            long rows;
            if (guarded) {
                try (Tx tx = begin()) { // closed without commit: rolled back
                    rows = affected(tx.query(copy));
                }
            } else {
                rows = affected(inner.query(copy));
            }
            Files.copy(file, out);
            out.flush();
            return rows;
        } catch (IOException e) {
            throw ioFailure(e);
        } finally {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException e) {
                    file.toFile().deleteOnExit();
                }
            }
        }
    }

    private static long affected(ResultSet rs) {
        try (rs) {
            while (rs.hasNext()) {
                rs.next();
            }
            return Math.max(0, rs.stats().rowsAffected());
        }
    }

    private long stream(Query query, Format format, OutputStream out) {
        try (ResultSet rs = inner.query(query)) {
            CsvWriter writer = new CsvWriter(out, format == Format.TEXT ? '\t' : ',');
            writer.header(rs.columns());
            long rows = 0;
            while (rs.hasNext()) {
                writer.row(rs.next());
                rows++;
            }
            writer.flush();
            return rows;
        } catch (IOException e) {
            throw ioFailure(e);
        }
    }

    private static DriverException ioFailure(IOException e) {
        return DriverException.builder(ErrorKind.INTERNAL, DuckdbDialect.NAME, "export")
                .detail("writing the export failed: " + e.getMessage()).cause(e).build();
    }

    @Override
    public String toString() {
        return "DuckdbConn[" + inner + "]";
    }
}
