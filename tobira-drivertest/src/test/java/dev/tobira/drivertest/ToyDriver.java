package dev.tobira.drivertest;

import dev.tobira.api.Browser;
import dev.tobira.api.Capability;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.ConnInfo;
import dev.tobira.api.Driver;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Page;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.spi.ResultSets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;

/**
 * A key-value toy driver for the kit's self-test, with flaws that can be switched on one at a
 * time; each flaw is something a real driver gets wrong, and the kit must catch it.
 */
public final class ToyDriver implements Driver {
    enum Flaw {
        /** The read-only guard lets everything through. */
        GUARD_OFF,
        /** The read-only guard refuses everything, reads included. */
        GUARD_ALL,
        /** Results are read completely before the first row is returned. */
        BUFFERED,
        /** A timeout ends the call with the wrong kind. */
        TIMEOUT_AS_INTERNAL,
        /** close() does not close. */
        CLOSE_DOES_NOTHING,
        /** Messages do not start with the driver name. */
        NO_PREFIX,
        /** Connections offer a facet the driver does not declare. */
        UNDECLARED_BROWSER,
        /** READ_ONLY is not declared, and read-only connections are refused, as they must be then. */
        NO_GUARD,
        /** READ_ONLY is not declared, yet read-only connections open. */
        NO_GUARD_BUT_OPENS
    }

    static volatile Set<Flaw> flaws = EnumSet.noneOf(Flaw.class);
    static final NavigableMap<String, String> DATA = new ConcurrentSkipListMap<>();
    private static final Set<String> READS = Set.of("GET", "SCAN", "RANGE", "SLEEP");

    /** Creates the driver. */
    public ToyDriver() {}

    @Override
    public String name() {
        return "toy";
    }

    @Override
    public Set<String> schemes() {
        return Set.of("toy");
    }

    @Override
    public Set<Capability> declared() {
        boolean guard = !flaws.contains(Flaw.NO_GUARD) && !flaws.contains(Flaw.NO_GUARD_BUT_OPENS);
        return guard ? EnumSet.of(Capability.READ_ONLY) : EnumSet.noneOf(Capability.class);
    }

    @Override
    public Conn open(ConnConfig config) {
        if (config.readOnly() && flaws.contains(Flaw.NO_GUARD)) {
            throw DriverException.of(ErrorKind.UNSUPPORTED, "toy", "open", "read-only connections are not supported");
        }
        return flaws.contains(Flaw.UNDECLARED_BROWSER) ? new BrowsingConn(config.readOnly()) : new ToyConn(config.readOnly());
    }

    static DriverException error(ErrorKind kind, String detail) {
        return DriverException.of(kind, flaws.contains(Flaw.NO_PREFIX) ? "" : "toy", "query", detail);
    }

    private static class ToyConn implements Conn {
        private static final List<Column> VALUE = List.of(Column.of("value", Value.Kind.TEXT));
        private static final List<Column> ENTRY = List.of(Column.of("key", Value.Kind.TEXT), Column.of("value", Value.Kind.TEXT));
        private static final List<Column> NUMBER = List.of(Column.of("n", Value.Kind.INT));
        private final boolean readOnly;
        private final CountDownLatch closed = new CountDownLatch(1);
        private final List<ResultSet> results = new ArrayList<>();

        ToyConn(boolean readOnly) {
            this.readOnly = readOnly;
        }

        @Override
        public ResultSet query(Query query) {
            ensureOpen();
            long start = System.nanoTime();
            String[] w = query.text().strip().split("\\s+", 3);
            String command = w[0].toUpperCase(Locale.ROOT);
            boolean guarded = readOnly || query.readOnly();
            if (guarded && !flaws.contains(Flaw.GUARD_OFF) && (flaws.contains(Flaw.GUARD_ALL) || !READS.contains(command))) {
                throw error(ErrorKind.READ_ONLY, command + " is not allowed on a read-only connection");
            }
            ResultSet rs = switch (command) {
                case "GET" -> rows(VALUE, List.of(Row.of(VALUE, Value.of(DATA.get(w[1])))).iterator(), query, start);
                case "SCAN" -> rows(ENTRY, entries(w[1]).entrySet().stream()
                        .map(e -> Row.of(ENTRY, Value.of(e.getKey()), Value.of(e.getValue()))).iterator(), query, start);
                case "RANGE" -> rows(NUMBER, LongStream.rangeClosed(1, Long.parseLong(w[1]))
                        .mapToObj(n -> Row.of(NUMBER, Value.of(n))).iterator(), query, start);
                case "SLEEP" -> {
                    sleep(Long.parseLong(w[1]), query);
                    yield ResultSets.affected("toy", -1, start);
                }
                case "SET" -> {
                    DATA.put(w[1], w[2]);
                    yield ResultSets.affected("toy", 1, start);
                }
                case "DEL" -> ResultSets.affected("toy", DATA.remove(w[1]) == null ? 0 : 1, start);
                default -> throw error(ErrorKind.SYNTAX, "unknown command " + w[0]);
            };
            synchronized (results) {
                results.add(rs);
            }
            return rs;
        }

        private ResultSet rows(List<Column> columns, Iterator<Row> rows, Query query, long start) {
            if (flaws.contains(Flaw.BUFFERED)) {
                List<Row> all = new ArrayList<>();
                rows.forEachRemaining(all::add);
                rows = all.iterator();
            }
            return ResultSets.of("toy", columns, rows, query.limit(), start);
        }

        private void sleep(long millis, Query query) {
            long bound = query.hasTimeout() ? Math.min(millis, query.timeout().toMillis()) : millis;
            try {
                if (closed.await(bound, TimeUnit.MILLISECONDS)) {
                    throw error(ErrorKind.CANCELLED, "closed");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw error(ErrorKind.CANCELLED, "interrupted");
            }
            if (bound < millis) {
                throw error(flaws.contains(Flaw.TIMEOUT_AS_INTERNAL) ? ErrorKind.INTERNAL : ErrorKind.TIMEOUT, "timed out");
            }
        }

        NavigableMap<String, String> entries(String collection) {
            NavigableMap<String, String> entries = DATA.subMap(collection + ":", true, collection + ";", false);
            if (entries.isEmpty()) {
                throw error(ErrorKind.NOT_FOUND, "no collection " + collection);
            }
            return entries;
        }

        @Override
        public void ping() {
            ensureOpen();
        }

        @Override
        public List<String> namespaces() {
            ensureOpen();
            return List.of();
        }

        @Override
        public List<CollectionRef> collections(String namespace) {
            ensureOpen();
            return DATA.keySet().stream().map(k -> k.substring(0, k.indexOf(':'))).distinct().map(CollectionRef::of).toList();
        }

        @Override
        public CollectionInfo describe(CollectionRef collection) {
            ensureOpen();
            entries(collection.name());
            return new CollectionInfo(collection, "prefix", List.of(new CollectionInfo.Field("key", "", Value.Kind.TEXT, false)),
                    List.of("key"), List.of(), List.of());
        }

        @Override
        public boolean readOnly() {
            return readOnly;
        }

        @Override
        public ConnInfo info() {
            return new ConnInfo("toy", ConnInfo.Model.KV, "toy", "");
        }

        @Override
        public void close() {
            if (flaws.contains(Flaw.CLOSE_DOES_NOTHING)) {
                return;
            }
            closed.countDown();
            synchronized (results) {
                results.forEach(ResultSet::close);
                results.clear();
            }
        }

        private void ensureOpen() {
            if (closed.getCount() == 0) {
                throw new IllegalStateException("closed");
            }
        }
    }

    private static final class BrowsingConn extends ToyConn implements Browser {
        BrowsingConn(boolean readOnly) {
            super(readOnly);
        }

        @Override
        public Page browse(CollectionRef collection, String cursor, int size) {
            Map.Entry<String, String> first = entries(collection.name()).firstEntry();
            return new Page(List.of(Column.of("key", Value.Kind.TEXT)), List.of(Row.of(List.of(Column.of("key", Value.Kind.TEXT)),
                    Value.of(first.getKey()))), "");
        }
    }
}
