package dev.tobira.sample.memdemo;

import static dev.tobira.sample.memdemo.MemdemoDriver.NAME;

import dev.tobira.api.Browser;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnInfo;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Page;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.spi.CursorResultSet;
import dev.tobira.spi.FacetArguments;
import dev.tobira.spi.ResultSets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;

/** One connection to a store. Every query passes the guard first when the connection or the query is read-only. */
final class MemdemoConn implements Conn, Browser {
    /** The guard: the commands that only read. Anything else is refused on a read-only path. */
    private static final Set<String> READS = Set.of("GET", "KEYS", "SCAN", "RANGE", "SLEEP");
    private static final List<Column> VALUE = List.of(new Column("value", Value.Kind.TEXT, "string", true));
    private static final List<Column> KEY = List.of(new Column("key", Value.Kind.TEXT, "string", false));
    private static final List<Column> ENTRY = List.of(KEY.get(0), VALUE.get(0));
    private static final List<Column> NUMBER = List.of(new Column("n", Value.Kind.INT, "int", false));

    private final MemStore store;
    private final boolean readOnly;
    private final CountDownLatch closed = new CountDownLatch(1);
    private final Set<Rows> open = ConcurrentHashMap.newKeySet();

    MemdemoConn(MemStore store, boolean readOnly) {
        this.store = store;
        this.readOnly = readOnly;
    }

    @Override
    public ResultSet query(Query query) {
        ensureOpen();
        if (!query.params().isEmpty()) {
            // a command has no placeholders: running it without its parameters would run another command than the caller wrote
            throw error(ErrorKind.UNSUPPORTED, "memdemo commands take no parameters");
        }
        long start = System.nanoTime();
        String text = query.text().strip();
        if (text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) {
            throw error(ErrorKind.SYNTAX, "one command per query");
        }
        String[] words = text.split("\\s+", 3);
        String command = words[0].toUpperCase(Locale.ROOT);
        if ((readOnly || query.readOnly()) && !READS.contains(command)) {
            throw error(ErrorKind.READ_ONLY, "only " + String.join(", ", READS.stream().sorted().toList())
                    + " are allowed on a read-only connection");
        }
        switch (command) {
            case "GET":
                return rows(VALUE, List.of(Row.of(VALUE, Value.of(store.data.get(arg(words, 1))))).iterator(), query, start);
            case "KEYS":
                return rows(KEY, store.data.keySet().stream().filter(k -> k.startsWith(arg(words, 1)))
                        .map(k -> Row.of(KEY, Value.of(k))).iterator(), query, start);
            case "SCAN":
                return rows(ENTRY, entries(arg(words, 1)).entrySet().stream()
                        .map(e -> Row.of(ENTRY, Value.of(e.getKey()), Value.of(e.getValue()))).iterator(), query, start);
            case "RANGE":
                return rows(NUMBER, LongStream.rangeClosed(1, number(arg(words, 1)))
                        .mapToObj(n -> Row.of(NUMBER, Value.of(n))).iterator(), query, start);
            case "SLEEP":
                sleep(number(arg(words, 1)), query);
                return ResultSets.affected(NAME, -1, start);
            case "SET":
                store.data.put(arg(words, 1), arg(words, 2));
                return ResultSets.affected(NAME, 1, start);
            case "DEL":
                return ResultSets.affected(NAME, store.data.remove(arg(words, 1)) == null ? 0 : 1, start);
            case "NOTE":
                store.log.add(text.substring(words[0].length()).strip());
                return ResultSets.affected(NAME, 1, start);
            case "FLUSH":
                int n = store.data.size();
                store.data.clear();
                return ResultSets.affected(NAME, n, start);
            default:
                throw error(ErrorKind.SYNTAX, "unknown command " + words[0]);
        }
    }

    @Override
    public Page browse(CollectionRef collection, String cursor, int size) {
        FacetArguments.browse(collection, cursor, size); // the checks every driver makes, from the SPI
        ensureOpen();
        NavigableMap<String, String> all = entries(collection.name());
        NavigableMap<String, String> rest = cursor.isEmpty() ? all : all.tailMap(cursor, false);
        List<Row> rows = new ArrayList<>();
        for (Map.Entry<String, String> e : rest.entrySet()) {
            if (rows.size() == size) {
                break;
            }
            rows.add(Row.of(ENTRY, Value.of(e.getKey()), Value.of(e.getValue())));
        }
        String last = rows.isEmpty() ? "" : rows.get(rows.size() - 1).get(0).toString();
        return new Page(ENTRY, rows, rest.size() > rows.size() ? last : "");
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
        return store.data.keySet().stream().filter(k -> k.contains(":")).map(k -> k.substring(0, k.indexOf(':')))
                .distinct().map(CollectionRef::of).toList();
    }

    @Override
    public CollectionInfo describe(CollectionRef collection) {
        ensureOpen();
        entries(collection.name());
        return new CollectionInfo(collection, "prefix", List.of(new CollectionInfo.Field("key", "string", Value.Kind.TEXT, false),
                new CollectionInfo.Field("value", "string", Value.Kind.TEXT, true)), List.of("key"), List.of(), List.of());
    }

    @Override
    public boolean readOnly() {
        return readOnly;
    }

    @Override
    public ConnInfo info() {
        return new ConnInfo(NAME, ConnInfo.Model.KV, NAME, "1");
    }

    @Override
    public void close() {
        closed.countDown();
        open.forEach(Rows::close);
    }

    private void ensureOpen() {
        if (closed.getCount() == 0) {
            throw new IllegalStateException("the connection is closed");
        }
    }

    private NavigableMap<String, String> entries(String collection) {
        NavigableMap<String, String> entries = store.collection(collection);
        if (entries.isEmpty()) {
            throw error(ErrorKind.NOT_FOUND, "no collection " + collection);
        }
        return entries;
    }

    /** Waits on the close latch, so a close from another thread ends the wait at once. */
    private void sleep(long millis, Query query) {
        long bound = query.hasTimeout() ? Math.min(millis, query.timeout().toMillis()) : millis;
        try {
            if (closed.await(bound, TimeUnit.MILLISECONDS)) {
                throw error(ErrorKind.CANCELLED, "the connection was closed");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw error(ErrorKind.CANCELLED, "interrupted");
        }
        if (bound < millis) {
            throw error(ErrorKind.TIMEOUT, "SLEEP ran past the timeout of " + query.timeout());
        }
    }

    private ResultSet rows(List<Column> columns, Iterator<Row> rows, Query query, long start) {
        return new Rows(columns, rows, query.limit(), start);
    }

    private static String arg(String[] words, int i) {
        if (words.length <= i) {
            throw error(ErrorKind.SYNTAX, "wrong number of arguments for " + words[0]);
        }
        return words[i];
    }

    private static long number(String word) {
        try {
            return Long.parseLong(word);
        } catch (NumberFormatException e) {
            throw error(ErrorKind.SYNTAX, "not a number: " + word);
        }
    }

    private static DriverException error(ErrorKind kind, String detail) {
        return DriverException.of(kind, NAME, "query", detail);
    }

    /** A streamed result: rows are made as the caller pulls them, and closing the connection closes it. */
    private final class Rows extends CursorResultSet {
        private final Iterator<Row> source;

        Rows(List<Column> columns, Iterator<Row> source, long limit, long start) {
            super(NAME, columns, limit, start);
            this.source = source;
            open.add(this);
        }

        @Override
        protected Row fetch() {
            return source.hasNext() ? source.next() : null;
        }

        @Override
        protected void release() {
            open.remove(this);
        }
    }
}
