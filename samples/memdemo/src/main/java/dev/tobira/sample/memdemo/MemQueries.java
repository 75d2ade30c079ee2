package dev.tobira.sample.memdemo;

import static dev.tobira.sample.memdemo.MemdemoDriver.NAME;

import dev.tobira.api.Column;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.spi.Nullable;
import dev.tobira.spi.OpenResults;
import dev.tobira.spi.PagedResultSet;
import dev.tobira.spi.ResultSets;
import dev.tobira.spi.base.QueryRunner;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.LongStream;

/** Runs one command; on a guarded call only the read commands pass. */
final class MemQueries implements QueryRunner {
    /** The guard: the commands that only read. Anything else is refused on a read-only path. */
    private static final Set<String> READS = Set.of("GET", "KEYS", "SCAN", "RANGE", "SLEEP");

    private static final List<Column> VALUE = List.of(Column.of("value", Value.Kind.TEXT, "string", true));
    private static final List<Column> KEY = List.of(Column.of("key", Value.Kind.TEXT, "string", false));
    static final List<Column> ENTRY = List.of(KEY.get(0), VALUE.get(0));
    private static final List<Column> NUMBER = List.of(Column.of("n", Value.Kind.INT, "int", false));

    private final MemSession session;
    private final MemStore store;

    MemQueries(MemSession session) {
        this.session = session;
        this.store = session.store();
    }

    @Override
    public ResultSet run(Query query, boolean guarded, OpenResults results) {
        if (!query.params().isEmpty()) {
            // a command has no placeholders: running it without its parameters would run another command than the
            // caller wrote
            throw error(ErrorKind.UNSUPPORTED, "memdemo commands take no parameters");
        }
        long start = System.nanoTime();
        String text = query.text().strip();
        if (text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) {
            throw error(ErrorKind.SYNTAX, "one command per query");
        }
        String[] words = text.split("\\s+", 3);
        String command = words[0].toUpperCase(Locale.ROOT);
        if (guarded && !READS.contains(command)) {
            throw error(
                    ErrorKind.READ_ONLY,
                    "only " + String.join(", ", READS.stream().sorted().toList())
                            + " are allowed on a read-only connection");
        }
        switch (command) {
            case "GET":
                String found = store.data.get(arg(words, 1));
                return rows(
                        VALUE,
                        List.of(Row.of(VALUE, found == null ? Value.NULL : Value.of(found)))
                                .iterator(),
                        query,
                        start,
                        results);
            case "KEYS":
                return rows(
                        KEY,
                        store.data.keySet().stream()
                                .filter(k -> k.startsWith(arg(words, 1)))
                                .map(k -> Row.of(KEY, Value.of(k)))
                                .iterator(),
                        query,
                        start,
                        results);
            case "SCAN":
                return rows(
                        ENTRY,
                        store.existing(arg(words, 1), "query").entrySet().stream()
                                .map(e -> Row.of(ENTRY, Value.of(e.getKey()), Value.of(e.getValue())))
                                .iterator(),
                        query,
                        start,
                        results);
            case "RANGE":
                return rows(
                        NUMBER,
                        LongStream.rangeClosed(1, number(arg(words, 1)))
                                .mapToObj(n -> Row.of(NUMBER, Value.of(n)))
                                .iterator(),
                        query,
                        start,
                        results);
            case "SLEEP":
                sleep(number(arg(words, 1)), query);
                return ResultSets.affected(NAME, OptionalLong.empty(), start);
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

    /** Waits on the session's close, so a close from another thread ends the wait at once. */
    private void sleep(long millis, Query query) {
        long bound = query.timeout().map(t -> Math.min(millis, t.toMillis())).orElse(millis);
        try {
            if (session.awaitClose(bound)) {
                throw error(ErrorKind.CANCELLED, "the connection was closed");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw error(ErrorKind.CANCELLED, "interrupted");
        }
        if (bound < millis) {
            throw error(
                    ErrorKind.TIMEOUT,
                    "SLEEP ran past the timeout of " + query.timeout().orElseThrow());
        }
    }

    private static ResultSet rows(
            List<Column> columns, Iterator<Row> rows, Query query, long start, OpenResults results) {
        return results.add(new Rows(columns, rows, query.limit().orElse(0), start, results));
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

    /**
     * A streamed result: rows are made as the caller pulls them, and closing the connection closes it.
     * A store that hands out its rows page by page (a cursor, a page token) returns the next page from
     * {@code nextPage()}; this one has a single page.
     */
    private static final class Rows extends PagedResultSet<Row> {
        private final OpenResults results;

        Rows(List<Column> columns, Iterator<Row> source, long limit, long start, OpenResults results) {
            super(NAME, columns, limit > 0 ? OptionalLong.of(limit) : OptionalLong.empty(), start, () -> source);
            this.results = results;
        }

        @Override
        protected @Nullable Iterable<Row> nextPage() {
            return null;
        }

        @Override
        protected Row row(Row row) {
            return row;
        }

        @Override
        protected void released() {
            results.remove(this);
        }
    }
}
