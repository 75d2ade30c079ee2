package dev.tobira.drivertest;

import dev.tobira.api.Browser;
import dev.tobira.api.Capability;
import dev.tobira.api.ChangeFeed;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.ConnInfo;
import dev.tobira.api.Driver;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Exporter;
import dev.tobira.api.Facet;
import dev.tobira.api.Page;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.TimeSeriesReader;
import dev.tobira.api.Value;
import dev.tobira.api.VectorSearcher;
import dev.tobira.spi.CursorResultSet;
import dev.tobira.spi.ResultSets;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
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
        /** Parameters are dropped silently, though the fixture says the toy has none (and so must refuse them). */
        IGNORES_PARAMETERS,
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
        NO_GUARD_BUT_OPENS,
        /** The reading facets work when called although they are not declared. */
        UNDECLARED_FACETS_WORK,
        /** An export writes no header line. */
        EXPORT_WITHOUT_HEADER,
        /** A change feed delivers nothing. */
        FEED_SILENT,
        /** Closing a change feed does not wake a reader waiting for a change. */
        FEED_CLOSE_IGNORED,
        /** A vector search returns the farthest first. */
        VECTOR_FARTHEST_FIRST,
        /** A time range includes its end. */
        RANGE_INCLUSIVE_END,
        /**
         * The read-only paths run differently from the writable one: a DEL of a key that does not
         * exist is let through as harmless, and then finds the key ignoring its case. A variant that
         * deleted nothing when writable (its key respelled) deletes on a read-only path.
         */
        UNPROVEN_VARIANT_WRITES,
        /** On the read-only paths a DEL of a key that does not exist fails with INTERNAL, which is no refusal. */
        UNPROVEN_VARIANT_INTERNAL,
        /** as() offers the export facet, which is not declared and not in capabilities(). */
        UNDECLARED_EXPORTER_IN_AS,
        /** A DSN or configuration option {@code mode=rw} opens a writable connection, whatever readOnly says. */
        DSN_MODE_RW,
        /** A DSN holding a {@code %} makes open() throw a NullPointerException. */
        DSN_NPE,
        /** On the read-only paths, the server function f_write writes all the same. */
        SERVER_CODE_WRITES,
        /** On the read-only paths, the lock the server function f_lock takes is kept after the call. */
        SERVER_CODE_LOCK_LEFT,
        /** A query with a row cap skips the guard, as a driver with a separate path for capped reads might. */
        CAPPED_READS_UNGUARDED,
        /**
         * Bad input escapes as the JDK's exceptions: a malformed command's NumberFormatException or
         * ArrayIndexOutOfBoundsException, a NaN parameter's NumberFormatException, a deep parameter's
         * StackOverflowError (the parameters are walked before they are refused).
         */
        RAW_BAD_INPUT,
        /** A GET without its key waits for ever (until the connection is closed). */
        HANGS_ON_BAD_INPUT,
        /** On a read-only path, a SET without its value deletes customer:1 before it is refused as malformed. */
        BAD_INPUT_WRITES,
        /** A malformed command is refused, but leaves its connection answering every later query with CONNECTION. */
        BROKEN_BY_BAD_INPUT,
        /** A malformed command arms the connection, and the next malformed one on it deletes a row: no input writes alone. */
        ARMED_BY_BAD_INPUT,
        /** Against a server that never answers, the connect timeout is not applied to the greeting: open waits for ever. */
        CONNECT_TIMEOUT_IGNORED,
        /** Against a server that never answers, the connect timeout ends open with CONNECTION instead of TIMEOUT. */
        CONNECT_TIMEOUT_AS_CONNECTION,
        /** Opening lazily, a query waits for the greeting without its timeout. */
        LAZY_QUERY_TIMEOUT_IGNORED
    }

    /** Opens {@code toy://host:port} lazily: the greeting is awaited by the first query, not by open(). */
    static volatile boolean lazyNetwork;

    /** The reading facets, declared when {@link #facets} is set. */
    static final Set<Capability> READING_FACETS = EnumSet.of(
            Capability.CHANGE_FEED, Capability.EXPORTER, Capability.VECTOR_SEARCHER, Capability.TIME_SERIES_READER);

    static volatile boolean facets;
    private static final List<Feed> FEEDS = new java.util.concurrent.CopyOnWriteArrayList<>();

    static volatile Set<Flaw> flaws = EnumSet.noneOf(Flaw.class);
    static final NavigableMap<String, String> DATA = new ConcurrentSkipListMap<>();
    private static final Set<String> READS = Set.of("GET", "SCAN", "RANGE", "SLEEP", "FCALL");
    /** The key the server function f_write sets. */
    static final String WRITTEN = "customer:8";
    /** The connections holding the lock of the server function f_lock: it ends with the session, as a server's would. */
    static final Set<Object> LOCKS = java.util.concurrent.ConcurrentHashMap.newKeySet();

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
        EnumSet<Capability> declared = guard ? EnumSet.of(Capability.READ_ONLY) : EnumSet.noneOf(Capability.class);
        if (facets) {
            declared.addAll(READING_FACETS);
        }
        return declared;
    }

    @Override
    public Conn open(ConnConfig config) {
        if (config.readOnly() && flaws.contains(Flaw.NO_GUARD)) {
            throw DriverException.of(ErrorKind.UNSUPPORTED, "toy", "open", "read-only connections are not supported");
        }
        if (flaws.contains(Flaw.DSN_NPE) && config.dsn().indexOf('%') >= 0) {
            throw new NullPointerException("the toy's DSN parser fell over");
        }
        boolean readOnly = config.readOnly()
                && !(flaws.contains(Flaw.DSN_MODE_RW)
                        && (config.dsn().contains("mode=rw")
                                || "rw".equals(config.options().get("mode"))));
        int port = 0;
        if (config.dsn().startsWith("toy://")) {
            port = Integer.parseInt(config.dsn().substring(config.dsn().lastIndexOf(':') + 1));
            if (!lazyNetwork) {
                greet(port, config.connectTimeout().orElse(ConnConfig.DEFAULT_CONNECT_TIMEOUT), "open");
            }
        }
        ToyConn conn = flaws.contains(Flaw.UNDECLARED_BROWSER) ? new BrowsingConn(readOnly) : new FacetConn(readOnly);
        conn.port = lazyNetwork ? port : 0;
        return conn;
    }

    /** The toy's wire protocol: the server speaks first, one byte; a silent server must end the wait in time. */
    static void greet(int port, java.time.Duration timeout, String op) {
        int millis = (int) Math.max(1, timeout.toMillis());
        boolean ignored = op.equals("open")
                ? flaws.contains(Flaw.CONNECT_TIMEOUT_IGNORED)
                : flaws.contains(Flaw.LAZY_QUERY_TIMEOUT_IGNORED);
        try (java.net.Socket s = new java.net.Socket()) {
            s.connect(new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), port), millis);
            s.setSoTimeout(ignored ? 0 : millis);
            if (s.getInputStream().read() < 0) {
                throw DriverException.of(ErrorKind.CONNECTION, "toy", op, "the server closed the connection");
            }
        } catch (java.net.SocketTimeoutException e) {
            throw DriverException.of(
                    flaws.contains(Flaw.CONNECT_TIMEOUT_AS_CONNECTION) ? ErrorKind.CONNECTION : ErrorKind.TIMEOUT,
                    "toy",
                    op,
                    "no greeting within " + millis + " ms");
        } catch (IOException e) {
            throw DriverException.of(ErrorKind.CONNECTION, "toy", op, "cannot reach the server");
        }
    }

    /** How deep a value nests, walked as a naive client's encoder walks it: recursively. */
    private static int depth(Value v) {
        if (v instanceof Value.Doc d) {
            return 1
                    + d.fields().values().stream()
                            .mapToInt(ToyDriver::depth)
                            .max()
                            .orElse(0);
        }
        if (v instanceof Value.Array a) {
            return 1 + a.values().stream().mapToInt(ToyDriver::depth).max().orElse(0);
        }
        if (v instanceof Value.Float f) {
            return new java.math.BigDecimal(f.value()).signum() * 0; // NaN and the infinities: NumberFormatException
        }
        if (v instanceof Value.Vector vec) {
            for (float x : vec.values()) {
                new java.math.BigDecimal(x);
            }
        }
        return 0;
    }

    static DriverException error(ErrorKind kind, String detail) {
        return DriverException.of(kind, flaws.contains(Flaw.NO_PREFIX) ? "" : "toy", "query", detail);
    }

    private static class ToyConn implements Conn {
        private static final List<Column> VALUE = List.of(Column.of("value", Value.Kind.TEXT));
        private static final List<Column> ENTRY =
                List.of(Column.of("key", Value.Kind.TEXT), Column.of("value", Value.Kind.TEXT));
        private static final List<Column> NUMBER = List.of(Column.of("n", Value.Kind.INT));
        private final boolean readOnly;
        private final CountDownLatch closed = new CountDownLatch(1);
        private final List<ResultSet> results = new ArrayList<>();
        /** The port of a lazily opened network connection, greeted by each query; 0 in memory. */
        volatile int port;
        /** Set by a malformed command under {@link Flaw#BROKEN_BY_BAD_INPUT}. */
        private volatile boolean broken;
        /** Set by a malformed command under {@link Flaw#ARMED_BY_BAD_INPUT}. */
        private volatile boolean armed;

        ToyConn(boolean readOnly) {
            this.readOnly = readOnly;
        }

        @Override
        public ResultSet query(Query query) {
            ensureOpen();
            if (broken) {
                throw error(ErrorKind.CONNECTION, "the connection was lost");
            }
            if (port > 0) {
                greet(port, query.timeout().orElse(java.time.Duration.ofMinutes(10)), "query");
            }
            if (flaws.contains(Flaw.RAW_BAD_INPUT)) {
                query.params().forEach(ToyDriver::depth);
            }
            if (!query.params().isEmpty() && !flaws.contains(Flaw.IGNORES_PARAMETERS)) {
                throw error(ErrorKind.UNSUPPORTED, "toy commands take no parameters");
            }
            long start = System.nanoTime();
            String[] w = query.text().strip().split("\\s+", 3);
            String command = w[0].toUpperCase(Locale.ROOT);
            boolean guarded = (readOnly || query.readOnly())
                    && !(flaws.contains(Flaw.CAPPED_READS_UNGUARDED)
                            && query.limit().isPresent());
            if (guarded && flaws.contains(Flaw.BAD_INPUT_WRITES) && command.equals("SET") && w.length < 3) {
                DATA.remove("customer:1");
                throw error(ErrorKind.SYNTAX, "SET takes a key and a value");
            }
            if (flaws.contains(Flaw.HANGS_ON_BAD_INPUT) && command.equals("GET") && w.length < 2) {
                sleep(Long.MAX_VALUE, Query.of(""));
            }
            if (guarded
                    && flaws.contains(Flaw.UNPROVEN_VARIANT_INTERNAL)
                    && command.equals("DEL")
                    && w.length > 1
                    && !DATA.containsKey(w[1])) {
                throw error(ErrorKind.INTERNAL, "no such key " + w[1]);
            }
            if (guarded
                    && flaws.contains(Flaw.UNPROVEN_VARIANT_WRITES)
                    && command.equals("DEL")
                    && w.length > 1
                    && !DATA.containsKey(w[1])) {
                String folded = DATA.keySet().stream()
                        .filter(k -> k.equalsIgnoreCase(w[1]))
                        .findFirst()
                        .orElse(w[1]);
                boolean removed = DATA.remove(folded) != null;
                return ResultSets.affected("toy", removed ? 1 : 0, start);
            }
            if (guarded
                    && !flaws.contains(Flaw.GUARD_OFF)
                    && (flaws.contains(Flaw.GUARD_ALL) || !READS.contains(command))) {
                throw error(ErrorKind.READ_ONLY, command + " is not allowed on a read-only connection");
            }
            try {
                return run(command, w, query, guarded, start);
            } catch (DriverException e) {
                throw e;
            } catch (RuntimeException e) {
                if (flaws.contains(Flaw.RAW_BAD_INPUT)) {
                    throw e;
                }
                broken = flaws.contains(Flaw.BROKEN_BY_BAD_INPUT);
                if (flaws.contains(Flaw.ARMED_BY_BAD_INPUT)) {
                    if (armed) {
                        DATA.remove("customer:2");
                    }
                    armed = true;
                }
                throw error(
                        ErrorKind.SYNTAX, "malformed command: " + e.getClass().getSimpleName());
            }
        }

        private ResultSet run(String command, String[] w, Query query, boolean guarded, long start) {
            ResultSet rs = switch (command) {
                case "GET" ->
                    rows(VALUE, List.of(Row.of(VALUE, Value.of(DATA.get(w[1])))).iterator(), query, start);
                case "SCAN" ->
                    rows(
                            ENTRY,
                            entries(w[1]).entrySet().stream()
                                    .map(e -> Row.of(ENTRY, Value.of(e.getKey()), Value.of(e.getValue())))
                                    .iterator(),
                            query,
                            start);
                case "RANGE" ->
                    rows(
                            NUMBER,
                            LongStream.rangeClosed(1, Long.parseLong(w[1]))
                                    .mapToObj(n -> Row.of(NUMBER, Value.of(n)))
                                    .iterator(),
                            query,
                            start);
                case "SLEEP" -> {
                    sleep(Long.parseLong(w[1]), query);
                    yield ResultSets.affected("toy", java.util.OptionalLong.empty(), start);
                }
                case "SET" -> {
                    DATA.put(w[1], w[2]);
                    publish("set", w[1]);
                    yield ResultSets.affected("toy", 1, start);
                }
                case "FCALL" -> call(w[1], guarded, start);
                case "DEL" -> {
                    boolean removed = DATA.remove(w[1]) != null;
                    publish("del", w[1]);
                    yield ResultSets.affected("toy", removed ? 1 : 0, start);
                }
                default -> throw error(ErrorKind.SYNTAX, "unknown command " + w[0]);
            };
            synchronized (results) {
                results.add(rs);
            }
            return rs;
        }

        /**
         * Code on the toy's server: f_write sets a key, f_lock takes a session lock. A guarded call
         * runs as a read-only transaction would, where the write fails, and the lock is released
         * when the call ends.
         */
        private ResultSet call(String function, boolean guarded, long start) {
            switch (function) {
                case "f_write" -> {
                    if (guarded && !flaws.contains(Flaw.SERVER_CODE_WRITES) && !flaws.contains(Flaw.GUARD_OFF)) {
                        throw error(ErrorKind.READ_ONLY, "f_write wrote inside a read-only call");
                    }
                    DATA.put(WRITTEN, "Written");
                }
                case "f_lock" -> {
                    LOCKS.add(this);
                    if (guarded && !flaws.contains(Flaw.SERVER_CODE_LOCK_LEFT) && !flaws.contains(Flaw.GUARD_OFF)) {
                        LOCKS.remove(this);
                    }
                }
                default -> throw error(ErrorKind.NOT_FOUND, "no function " + function);
            }
            return ResultSets.affected("toy", 1, start);
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
            long bound =
                    query.timeout().map(t -> Math.min(millis, t.toMillis())).orElse(millis);
            try {
                if (closed.await(bound, TimeUnit.MILLISECONDS)) {
                    throw error(ErrorKind.CANCELLED, "closed");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw error(ErrorKind.CANCELLED, "interrupted");
            }
            if (bound < millis) {
                throw error(
                        flaws.contains(Flaw.TIMEOUT_AS_INTERNAL) ? ErrorKind.INTERNAL : ErrorKind.TIMEOUT, "timed out");
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
        public List<CollectionRef> collections(Optional<String> namespace) {
            ensureOpen();
            return DATA.keySet().stream()
                    .map(k -> k.substring(0, k.indexOf(':')))
                    .distinct()
                    .map(CollectionRef::of)
                    .toList();
        }

        @Override
        public CollectionInfo describe(CollectionRef collection) {
            ensureOpen();
            entries(collection.name());
            return new CollectionInfo(
                    collection,
                    "prefix",
                    List.of(Column.of("key", Value.Kind.TEXT).withNullable(false)),
                    List.of("key"),
                    List.of(),
                    List.of());
        }

        @Override
        public boolean readOnly() {
            return readOnly;
        }

        @Override
        public ConnInfo info() {
            return ConnInfo.of("toy", ConnInfo.Model.KV, "toy").withServerVersion("toy 1.0");
        }

        @Override
        public void close() {
            if (flaws.contains(Flaw.CLOSE_DOES_NOTHING)) {
                return;
            }
            closed.countDown();
            LOCKS.remove(this);
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
        public Page browse(CollectionRef collection, Optional<String> after, int size) {
            String cursor = after.orElse(""); // the first page, in this driver's own cursor text
            Map.Entry<String, String> first = entries(collection.name()).firstEntry();
            return Page.last(
                    List.of(Column.of("key", Value.Kind.TEXT)),
                    List.of(Row.of(List.of(Column.of("key", Value.Kind.TEXT)), Value.of(first.getKey()))));
        }
    }

    /** Tells every change feed following the key's collection. */
    static void publish(String op, String key) {
        if (flaws.contains(Flaw.FEED_SILENT)) {
            return;
        }
        for (Feed feed : FEEDS) {
            if (key.startsWith(feed.prefix)) {
                feed.changes.add(Row.of(
                        Feed.COLUMNS, Value.of(op), Value.of(key), new Value.Timestamp(java.time.Instant.now())));
            }
        }
    }

    /** Ends every change feed still open, whatever the flaws, so no reader of a self-test stays blocked. */
    static void endFeeds() {
        for (Feed feed : FEEDS) {
            feed.changes.add(Feed.END);
        }
        FEEDS.clear();
    }

    /** A connection that implements the reading facets, and offers those the driver declares. */
    private static final class FacetConn extends ToyConn
            implements ChangeFeed, Exporter, VectorSearcher, TimeSeriesReader {
        private static final List<Column> NEIGHBOUR =
                List.of(Column.of("key", Value.Kind.TEXT), Column.of("score", Value.Kind.FLOAT));
        private static final List<Column> POINT =
                List.of(Column.of("at", Value.Kind.TIMESTAMP), Column.of("value", Value.Kind.TEXT));
        private final Set<Capability> offered;

        FacetConn(boolean readOnly) {
            super(readOnly);
            EnumSet<Capability> set = EnumSet.noneOf(Capability.class);
            if (facets) {
                set.addAll(READING_FACETS);
            }
            this.offered = java.util.Collections.unmodifiableSet(set);
        }

        @Override
        public Set<Capability> capabilities() {
            return offered;
        }

        @Override
        public <T extends Facet> Optional<T> as(Class<T> facet) {
            boolean exporter = facet == Exporter.class && flaws.contains(Flaw.UNDECLARED_EXPORTER_IN_AS);
            return exporter || offered.stream().anyMatch(c -> c.facet().orElse(null) == facet)
                    ? Optional.of(facet.cast(this))
                    : Optional.empty();
        }

        private void offered(Capability c) {
            if (!offered.contains(c) && !flaws.contains(Flaw.UNDECLARED_FACETS_WORK)) {
                throw error(ErrorKind.UNSUPPORTED, c.word() + " is not supported");
            }
        }

        @Override
        public long export(Query query, Format format, OutputStream out) {
            offered(Capability.EXPORTER);
            String separator = format == Format.CSV ? "," : "\t";
            long rows = 0;
            try (ResultSet rs = query(query)) {
                StringBuilder sb = new StringBuilder();
                if (!flaws.contains(Flaw.EXPORT_WITHOUT_HEADER)) {
                    sb.append(String.join(
                                    separator,
                                    rs.columns().stream().map(Column::name).toList()))
                            .append('\n');
                }
                while (rs.hasNext()) {
                    sb.append(String.join(
                                    separator,
                                    rs.next().values().stream()
                                            .map(Value::toString)
                                            .toList()))
                            .append('\n');
                    rows++;
                }
                out.write(sb.toString().getBytes(StandardCharsets.UTF_8));
                out.flush();
            } catch (IOException e) {
                throw DriverException.builder(ErrorKind.INTERNAL, "toy", "export")
                        .detail("write failed")
                        .cause(e)
                        .build();
            }
            return rows;
        }

        @Override
        public ResultSet tail(CollectionRef collection) {
            offered(Capability.CHANGE_FEED);
            Feed feed = new Feed(collection.name() + ":");
            FEEDS.add(feed);
            return feed;
        }

        @Override
        public ResultSet search(CollectionRef collection, Value.Vector vector, int k) {
            if (k < 1) {
                throw new IllegalArgumentException("k is less than 1: " + k);
            }
            offered(Capability.VECTOR_SEARCHER);
            Comparator<Map.Entry<String, Double>> nearest = Map.Entry.comparingByValue();
            List<Row> rows = entries(collection.name()).entrySet().stream()
                    .map(e -> Map.entry(e.getKey(), distance(e.getValue(), vector.values())))
                    .sorted(flaws.contains(Flaw.VECTOR_FARTHEST_FIRST) ? nearest.reversed() : nearest)
                    .limit(k)
                    .map(e -> Row.of(NEIGHBOUR, Value.of(e.getKey()), Value.of(e.getValue())))
                    .toList();
            return ResultSets.of("toy", NEIGHBOUR, rows.iterator(), System.nanoTime());
        }

        private static double distance(String point, float[] vector) {
            String[] parts = point.split(",");
            double sum = 0;
            for (int i = 0; i < vector.length; i++) {
                double d = (i < parts.length ? Double.parseDouble(parts[i]) : 0) - vector[i];
                sum += d * d;
            }
            return Math.sqrt(sum);
        }

        @Override
        public ResultSet range(CollectionRef series, java.time.Instant from, java.time.Instant to) {
            if (to.isBefore(from)) {
                throw new IllegalArgumentException("to is before from");
            }
            offered(Capability.TIME_SERIES_READER);
            boolean inclusive = flaws.contains(Flaw.RANGE_INCLUSIVE_END);
            List<Row> rows = entries(series.name()).entrySet().stream()
                    .map(e -> Map.entry(
                            java.time.Instant.ofEpochSecond(Long.parseLong(
                                    e.getKey().substring(e.getKey().indexOf(':') + 1))),
                            e.getValue()))
                    .filter(e -> !e.getKey().isBefore(from)
                            && (e.getKey().isBefore(to)
                                    || (inclusive && e.getKey().equals(to))))
                    .sorted(Map.Entry.comparingByKey())
                    .map(e -> Row.of(POINT, new Value.Timestamp(e.getKey()), Value.of(e.getValue())))
                    .toList();
            return ResultSets.of("toy", POINT, rows.iterator(), System.nanoTime());
        }
    }

    /** A change feed: the changes published for its key prefix, until it is closed. */
    private static final class Feed extends CursorResultSet {
        static final List<Column> COLUMNS = List.of(
                Column.of("op", Value.Kind.TEXT),
                Column.of("key", Value.Kind.TEXT),
                Column.of("at", Value.Kind.TIMESTAMP));
        static final Row END =
                Row.of(COLUMNS, Value.of(""), Value.of(""), new Value.Timestamp(java.time.Instant.EPOCH));
        final String prefix;
        final LinkedBlockingQueue<Row> changes = new LinkedBlockingQueue<>();

        Feed(String prefix) {
            super("toy", COLUMNS, OptionalLong.empty(), System.nanoTime());
            this.prefix = prefix;
        }

        @Override
        protected Row fetch() {
            try {
                Row row = changes.take();
                return row == END ? null : row;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw error(ErrorKind.CANCELLED, "interrupted");
            }
        }

        @Override
        protected void cancel() {
            if (!flaws.contains(Flaw.FEED_CLOSE_IGNORED)) {
                changes.add(END);
            }
        }

        @Override
        protected void release() {
            FEEDS.remove(this);
        }
    }
}
