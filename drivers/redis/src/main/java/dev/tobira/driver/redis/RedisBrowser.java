package dev.tobira.driver.redis;

import dev.tobira.api.Browser;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Page;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Browsing a collection's keys a page at a time, with SCAN, through the catalog's confirmed reads
 * ({@link RedisCatalog#call}), so browsing never writes.
 */
final class RedisBrowser implements Browser {
    /** The most elements of a list, set, sorted set or stream a browsed row shows. */
    static final int VALUE_ELEMENTS = 1000;

    private final RedisCatalog catalog;

    RedisBrowser(RedisCatalog catalog) {
        this.catalog = catalog;
    }

    /**
     * One page of a collection's keys. Keys whose values are all hashes come back as a table: the
     * key, then one column per field seen on the page (NULL where a hash lacks it). Otherwise each
     * row is the key, its type, its TTL in milliseconds (-1 for none) and its value (a list, set,
     * sorted set or stream shows at most {@value #VALUE_ELEMENTS} elements).
     *
     * <p>SCAN's COUNT is only a hint, so a batch may hold more keys than the page: the rest travel
     * in the cursor ({@link BrowseCursor}).
     */
    @Override
    public Page browse(CollectionRef ref, Optional<String> after, int size) {
        String cursor = after.orElse(""); // the first page, in this driver's own cursor text
        int db = catalog.db(ref.namespace().orElse(""), "browse");
        BrowseCursor state =
                cursor.isEmpty() ? new BrowseCursor("0", false, new ArrayDeque<>()) : BrowseCursor.parse(cursor);
        List<String> keys = new ArrayList<>();
        if (cursor.isEmpty() && RedisCatalog.isOne(catalog.call(db, "browse", "EXISTS", ref.name()))) {
            keys.add(ref.name()); // a key without a separator is a collection of its own
        }
        int count = Math.max(size, 10);
        while (keys.size() < size) {
            if (!state.pending().isEmpty()) {
                String k = state.pending().poll();
                if (!keys.contains(k)) {
                    keys.add(k);
                }
            } else if (state.finished()) {
                break;
            } else {
                state = state.advance(catalog.scanKeys(db, ref.name(), state.scan(), count, "browse"));
            }
        }
        // Look ahead to the next key, so the last page is never an empty one.
        while (state.pending().isEmpty() && !state.finished()) {
            state = state.advance(catalog.scanKeys(db, ref.name(), state.scan(), count, "browse"));
        }
        if (keys.isEmpty() && cursor.isEmpty()) {
            throw DriverException.of(
                    ErrorKind.NOT_FOUND,
                    RedisDriver.NAME,
                    "browse",
                    "no keys " + ref.name() + RedisCatalog.SEPARATOR + "* in logical database " + db);
        }
        keys.sort(null);
        return rowsOf(db, keys, state.pending().isEmpty() ? "" : state.encode());
    }

    /**
     * Where browsing goes on: SCAN's cursor, whether the iteration has ended, and the keys SCAN
     * returned that did not fit on the page. They travel in the cursor itself because asking SCAN
     * for the same batch again may give other keys once the server has resized its table.
     */
    record BrowseCursor(String scan, boolean finished, ArrayDeque<String> pending) {
        BrowseCursor advance(RedisCatalog.KeyPage page) {
            pending.addAll(page.keys());
            return new BrowseCursor(page.cursor(), page.cursor().equals("0"), pending);
        }

        String encode() {
            StringBuilder sb = new StringBuilder(finished ? "end" : scan);
            Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
            for (String k : pending) {
                sb.append('.').append(b64.encodeToString(k.getBytes(StandardCharsets.UTF_8)));
            }
            return sb.toString();
        }

        static BrowseCursor parse(String text) {
            String[] parts = text.split("\\.", -1);
            try {
                boolean end = parts[0].equals("end");
                if (!end) {
                    Long.parseUnsignedLong(parts[0]);
                }
                ArrayDeque<String> keys = new ArrayDeque<>();
                Base64.Decoder b64 = Base64.getUrlDecoder();
                for (int i = 1; i < parts.length; i++) {
                    keys.add(new String(b64.decode(parts[i]), StandardCharsets.UTF_8));
                }
                return new BrowseCursor(end ? "0" : parts[0], end, keys);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("not a cursor of this driver: " + text, e);
            }
        }
    }

    private Page rowsOf(int db, List<String> keys, String next) {
        List<CommandLine> meta = new ArrayList<>();
        for (String k : keys) {
            meta.add(CommandLine.of("TYPE", k));
            meta.add(CommandLine.of("PTTL", k));
        }
        List<Reply> m = keys.isEmpty() ? List.of() : catalog.callAll(db, "browse", meta);
        List<CommandLine> reads = new ArrayList<>();
        List<String> types = new ArrayList<>();
        boolean allHashes = !keys.isEmpty();
        for (int i = 0; i < keys.size(); i++) {
            String type = Reply.text(m.get(2 * i));
            types.add(type);
            allHashes &= type.equals("hash");
            valueRead(keys.get(i), type).ifPresent(reads::add);
        }
        List<Reply> read = reads.isEmpty() ? List.of() : catalog.callAll(db, "browse", reads);
        List<Reply> values = new ArrayList<>(keys.size());
        int r = 0;
        for (String type : types) {
            // a type the driver cannot read (a module's, or a key gone since SCAN) shows NULL
            values.add(READABLE.contains(type) ? read.get(r++) : Reply.Scalar.NULL);
        }
        if (allHashes) {
            Map<String, Integer> index = new LinkedHashMap<>();
            List<Map<String, Value>> docs = new ArrayList<>();
            for (Reply value : values) {
                Map<String, Value> doc = new LinkedHashMap<>();
                List<Reply> kv = RedisCatalog.flatten(value);
                for (int j = 0; j + 1 < kv.size(); j += 2) {
                    String field = Reply.text(kv.get(j));
                    doc.put(field, kv.get(j + 1).value());
                    index.putIfAbsent(field, index.size());
                }
                docs.add(doc);
            }
            index.remove("key");
            List<Column> columns = new ArrayList<>();
            columns.add(Column.of("key", Value.Kind.TEXT, "key", false));
            for (String f : index.keySet()) {
                columns.add(Column.of(f, Value.Kind.TEXT, "hash field", true));
            }
            List<Row> rows = new ArrayList<>();
            for (int i = 0; i < keys.size(); i++) {
                Value[] row = new Value[columns.size()];
                row[0] = Values.ofBytes(keys.get(i).getBytes(StandardCharsets.UTF_8));
                int c = 1;
                for (String f : index.keySet()) {
                    row[c++] = docs.get(i).getOrDefault(f, Value.NULL);
                }
                rows.add(Row.of(columns, row));
            }
            return next.isEmpty() ? Page.last(columns, rows) : Page.of(columns, rows, next);
        }
        List<Column> columns = List.of(
                Column.of("key", Value.Kind.TEXT, "key", false),
                Column.of("type", Value.Kind.TEXT, "type", false),
                Column.of("ttl", Value.Kind.INT, "pttl", false),
                Column.of("value", Value.Kind.TEXT));
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            Value ttl = m.get(2 * i + 1).value();
            rows.add(Row.of(
                    columns,
                    Value.of(keys.get(i)),
                    Value.of(types.get(i)),
                    ttl instanceof Value.Int ? ttl : Value.of(-1),
                    values.get(i).value()));
        }
        return next.isEmpty() ? Page.last(columns, rows) : Page.of(columns, rows, next);
    }

    private static final Set<String> READABLE = Set.of("string", "hash", "list", "set", "zset", "stream");

    private static Optional<CommandLine> valueRead(String key, String type) {
        String last = Integer.toString(VALUE_ELEMENTS - 1);
        switch (type) {
            case "string":
                return Optional.of(CommandLine.of("GET", key));
            case "hash":
                return Optional.of(CommandLine.of("HGETALL", key));
            case "list":
                return Optional.of(CommandLine.of("LRANGE", key, "0", last));
            case "set":
                return Optional.of(CommandLine.of("SRANDMEMBER", key, Integer.toString(VALUE_ELEMENTS)));
            case "zset":
                return Optional.of(CommandLine.of("ZRANGE", key, "0", last, "WITHSCORES"));
            case "stream":
                return Optional.of(CommandLine.of("XRANGE", key, "-", "+", "COUNT", Integer.toString(VALUE_ELEMENTS)));
            default:
                return Optional.empty();
        }
    }
}
