package dev.tobira.drivertest;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Capability;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.ConnInfo;
import dev.tobira.api.Driver;
import dev.tobira.api.Facet;
import dev.tobira.api.Query;
import dev.tobira.api.QueryStats;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.RowView;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.junit.jupiter.api.function.Executable;

/**
 * Remembers every connection and result the kit opens, so each test can prove it closed them all
 * and that a closed connection really refuses to be used. Facets are reached through the real
 * connection ({@link Conn#as(Class)} delegates), so wrapping never hides a capability.
 */
final class Tracker {
    private final List<TrackedConn> conns = new ArrayList<>();
    private final List<TrackedResult> results = new ArrayList<>();

    Conn open(Driver driver, ConnConfig config) {
        TrackedConn conn = new TrackedConn(driver.open(config), config.readOnly() ? "read-only" : "writable");
        synchronized (this) {
            conns.add(conn);
        }
        return conn;
    }

    /** The driver's own connection behind one the tracker opened, to call what {@code as()} does not offer. */
    static Conn raw(Conn conn) {
        return conn instanceof TrackedConn tracked ? tracked.delegate : conn;
    }

    synchronized int[] mark() {
        return new int[] {conns.size(), results.size()};
    }

    /**
     * Closes whatever was left open since the mark and describes it; describes closed connections
     * that still answer a ping.
     */
    List<String> leaksSince(int[] mark) {
        List<TrackedConn> c;
        List<TrackedResult> r;
        synchronized (this) {
            c = List.copyOf(conns.subList(mark[0], conns.size()));
            r = List.copyOf(results.subList(mark[1], results.size()));
        }
        List<String> leaks = new ArrayList<>();
        for (TrackedResult result : r) {
            if (!result.closed.get()) {
                leaks.add("a result of " + result.query + " was left open");
                result.close();
            }
        }
        for (TrackedConn conn : c) {
            if (!conn.closed.get()) {
                leaks.add("a " + conn.mode + " connection was left open");
                conn.close();
            }
            try {
                conn.delegate.ping();
                leaks.add("a closed " + conn.mode
                        + " connection still answered ping() instead of throwing IllegalStateException");
            } catch (IllegalStateException expected) {
                // closed means closed
            } catch (RuntimeException e) {
                leaks.add("a closed " + conn.mode + " connection's ping() threw " + e
                        + " instead of IllegalStateException");
            }
        }
        return leaks;
    }

    /** Runs the body as a test of its own: it fails on any connection or result it opened and left open. */
    Executable checked(Executable body) {
        return () -> checked(mark(), body).execute();
    }

    /** Runs the body, then fails on any connection or result opened since the mark and left open. */
    Executable checked(int[] mark, Executable body) {
        return () -> {
            Throwable failure = null;
            try {
                body.execute();
            } catch (Throwable t) {
                failure = t;
            }
            List<String> leaks = leaksSince(mark);
            if (!leaks.isEmpty()) {
                AssertionError leak = new AssertionError("leaked: " + String.join("; ", leaks));
                if (failure == null) {
                    throw leak;
                }
                failure.addSuppressed(leak);
            }
            if (failure != null) {
                throw failure;
            }
        };
    }

    private void add(TrackedResult result) {
        synchronized (this) {
            results.add(result);
        }
    }

    private final class TrackedConn implements Conn {
        private final Conn delegate;
        private final String mode;
        private final AtomicBoolean closed = new AtomicBoolean();

        TrackedConn(Conn delegate, String mode) {
            this.delegate = requireNonNull(delegate, "the driver's open() returned null");
            this.mode = mode;
        }

        @Override
        public ResultSet query(Query query) {
            TrackedResult result = new TrackedResult(delegate.query(query), query);
            add(result);
            return result;
        }

        @Override
        public void ping() {
            delegate.ping();
        }

        @Override
        public List<String> namespaces() {
            return delegate.namespaces();
        }

        @Override
        public List<CollectionRef> collections(Optional<String> namespace) {
            return delegate.collections(namespace);
        }

        @Override
        public CollectionInfo describe(CollectionRef collection) {
            return delegate.describe(collection);
        }

        @Override
        public boolean readOnly() {
            return delegate.readOnly();
        }

        @Override
        public ConnInfo info() {
            return delegate.info();
        }

        @Override
        public Set<Capability> capabilities() {
            return delegate.capabilities();
        }

        @Override
        public <T extends Facet> Optional<T> as(Class<T> facet) {
            return delegate.as(facet);
        }

        @Override
        public <T> Optional<T> unwrap(Class<T> type) {
            return delegate.unwrap(type);
        }

        @Override
        public void close() {
            closed.set(true);
            delegate.close();
        }
    }

    private static final class TrackedResult implements ResultSet {
        private final ResultSet delegate;
        private final String query;
        private final AtomicBoolean closed = new AtomicBoolean();

        TrackedResult(ResultSet delegate, Query query) {
            this.delegate = requireNonNull(delegate, "the driver's query() returned null");
            this.query = query.toString();
        }

        @Override
        public List<Column> columns() {
            return delegate.columns();
        }

        @Override
        public boolean hasNext() {
            return delegate.hasNext();
        }

        @Override
        public Row next() {
            return delegate.next();
        }

        @Override
        public long forEachRow(Consumer<? super RowView> action) {
            return delegate.forEachRow(action); // the driver's own, which may read rows in place
        }

        @Override
        public QueryStats stats() {
            return delegate.stats();
        }

        @Override
        public void close() {
            closed.set(true);
            delegate.close();
        }
    }
}
