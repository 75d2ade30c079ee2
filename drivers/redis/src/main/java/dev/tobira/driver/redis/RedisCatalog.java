package dev.tobira.driver.redis;

import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import dev.tobira.spi.base.Catalog;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The keyspace as namespaces and collections: a namespace is a logical database ({@code "0"},
 * {@code "1"}, …); a collection is a key prefix, the part of a key before its first {@code :}
 * ({@code customer} for {@code customer:1}), found with SCAN, never KEYS. A key without {@code :}
 * is a collection of its own.
 *
 * <p>Each command the driver sends here is first confirmed with the server
 * ({@link ReadOnlyGuard#checkInternal}, cached), on writable connections too, so listing and
 * describing never write, even on a server where a write was renamed to SCAN or TYPE.
 */
final class RedisCatalog implements Catalog {
    static final char SEPARATOR = ':';
    /** How many keys describe looks at to learn a prefix's type and field names. */
    static final int DESCRIBE_SAMPLE = 100;

    private final RedisSession session;
    private final ReadOnlyGuard guard;

    RedisCatalog(RedisSession session, ReadOnlyGuard guard) {
        this.session = session;
        this.guard = guard;
    }

    int defaultDb() {
        return session.target().db();
    }

    Duration timeout() {
        return session.target().connectTimeout();
    }

    /** The logical database of a namespace: empty for the DSN's own. */
    int db(String namespace, String op) {
        if (namespace.isEmpty()) {
            return defaultDb();
        }
        return Target.parseDb(namespace)
                .orElseThrow(() -> DriverException.of(
                        ErrorKind.NOT_FOUND,
                        RedisDriver.NAME,
                        op,
                        "namespace " + session.redactor().redact(namespace) + " is not a logical database number"));
    }

    /** Sends a read the driver composed, once the server has confirmed the command is one. */
    Reply call(int db, String op, String... args) {
        CommandLine cmd = CommandLine.of(args);
        guard.checkInternal(session, ReadOnlyGuard.lookupName(cmd), op);
        return session.call(cmd, db, timeout(), op);
    }

    List<Reply> callAll(int db, String op, List<CommandLine> cmds) {
        Set<String> names = new TreeSet<>();
        for (CommandLine c : cmds) {
            names.add(ReadOnlyGuard.lookupName(c));
        }
        for (String n : names) {
            guard.checkInternal(session, n, op);
        }
        return session.callAll(cmds, db, timeout(), op);
    }

    @Override
    public List<String> namespaces() {
        int count = 16;
        try {
            List<Reply> pair = flatten(call(defaultDb(), "namespaces", "CONFIG", "GET", "databases"));
            if (pair.size() == 2) {
                count = Integer.parseInt(Reply.text(pair.get(1)).strip());
            }
        } catch (DriverException | NumberFormatException e) {
            if (e instanceof DriverException d && (d.kind() == ErrorKind.CONNECTION || d.kind() == ErrorKind.TIMEOUT)) {
                throw d;
            }
            // CONFIG refused (ACL, rename-command): the default 16, or more if INFO keyspace shows more
            count = Math.max(16, highestDbInKeyspace() + 1);
        }
        List<String> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(Integer.toString(i));
        }
        return out;
    }

    private int highestDbInKeyspace() {
        int highest = -1;
        try {
            String info = Reply.text(call(defaultDb(), "namespaces", "INFO", "keyspace"));
            for (String line : info.lines().toList()) {
                if (line.startsWith("db") && line.indexOf(':') > 2) {
                    highest = Math.max(
                            highest,
                            Target.parseDb(line.substring(2, line.indexOf(':'))).orElse(-1));
                }
            }
        } catch (DriverException e) {
            if (e.kind() == ErrorKind.CONNECTION || e.kind() == ErrorKind.TIMEOUT) {
                throw e;
            }
        }
        return highest;
    }

    @Override
    public List<CollectionRef> collections(Optional<String> namespace) {
        int db = db(namespace.orElse(""), "collections");
        Set<String> names = new TreeSet<>();
        String cursor = "0";
        do {
            List<Reply> page = Reply.elements(call(db, "collections", "SCAN", cursor, "COUNT", "1000"));
            cursor = Reply.text(page.get(0));
            for (Reply key : Reply.elements(page.get(1))) {
                names.add(prefixOf(Reply.text(key)));
            }
        } while (!cursor.equals("0"));
        List<CollectionRef> out = new ArrayList<>(names.size());
        for (String n : names) {
            out.add(CollectionRef.of(namespace, n));
        }
        return out;
    }

    static String prefixOf(String key) {
        int i = key.indexOf(SEPARATOR);
        return i < 0 ? key : key.substring(0, i);
    }

    /** A glob that matches exactly the keys of a collection: its prefix, escaped, then {@code :*}. */
    static String pattern(String collection) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < collection.length(); i++) {
            char c = collection.charAt(i);
            if (c == '*' || c == '?' || c == '[' || c == ']' || c == '\\') {
                sb.append('\\');
            }
            sb.append(c);
        }
        return sb.append(SEPARATOR).append('*').toString();
    }

    /** One page of SCAN over a collection's keys. */
    record KeyPage(List<String> keys, String cursor) {}

    KeyPage scanKeys(int db, String collection, String cursor, int count, String op) {
        List<Reply> page = Reply.elements(
                call(db, op, "SCAN", cursor, "MATCH", pattern(collection), "COUNT", Integer.toString(count)));
        List<String> keys = new ArrayList<>();
        for (Reply key : Reply.elements(page.get(1))) {
            keys.add(Reply.text(key));
        }
        return new KeyPage(keys, Reply.text(page.get(0)));
    }

    @Override
    public CollectionInfo describe(CollectionRef ref) {
        int db = db(ref.namespace().orElse(""), "describe");
        List<String> keys = new ArrayList<>();
        boolean single = isOne(call(db, "describe", "EXISTS", ref.name()));
        if (single) {
            keys.add(ref.name());
        } else {
            String cursor = "0";
            do {
                KeyPage page = scanKeys(db, ref.name(), cursor, 1000, "describe");
                for (String k : page.keys()) {
                    if (keys.size() < DESCRIBE_SAMPLE && !keys.contains(k)) {
                        keys.add(k);
                    }
                }
                cursor = page.cursor();
            } while (!cursor.equals("0") && keys.size() < DESCRIBE_SAMPLE);
        }
        if (keys.isEmpty()) {
            throw DriverException.of(
                    ErrorKind.NOT_FOUND,
                    RedisDriver.NAME,
                    "describe",
                    "no key " + ref.name() + " and no keys " + ref.name() + SEPARATOR + "* in logical database " + db);
        }
        List<CommandLine> meta = new ArrayList<>();
        for (String k : keys) {
            meta.add(CommandLine.of("TYPE", k));
            meta.add(CommandLine.of("PTTL", k));
            meta.add(CommandLine.of("OBJECT", "ENCODING", k));
        }
        List<Reply> replies = callAll(db, "describe", meta);
        Set<String> types = new LinkedHashSet<>();
        Set<String> encodings = new LinkedHashSet<>();
        long withTtl = 0;
        long minTtl = Long.MAX_VALUE;
        List<String> hashes = new ArrayList<>();
        List<String> streams = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            String type = Reply.text(replies.get(3 * i));
            if (type.equals("none")) {
                continue; // expired or deleted since SCAN saw it
            }
            types.add(type);
            String encoding = Reply.text(replies.get(3 * i + 2));
            if (!encoding.isEmpty()) {
                encodings.add(encoding);
            }
            Value ttl = replies.get(3 * i + 1).value();
            if (ttl instanceof Value.Int t && t.value() >= 0) {
                withTtl++;
                minTtl = Math.min(minTtl, t.value());
            }
            if (type.equals("hash")) {
                hashes.add(keys.get(i));
            } else if (type.equals("stream")) {
                streams.add(keys.get(i));
            }
        }
        if (types.isEmpty()) {
            throw DriverException.of(
                    ErrorKind.NOT_FOUND, RedisDriver.NAME, "describe", "the keys of " + ref.name() + " are gone");
        }
        List<Column> fields = new ArrayList<>();
        fields.add(Column.of("key", Value.Kind.TEXT, "key", false));
        String type = types.size() == 1 ? types.iterator().next() : "mixed";
        switch (type) {
            case "hash":
                fields.addAll(hashFields(db, hashes));
                break;
            case "stream":
                fields.add(Column.of("id", Value.Kind.TEXT, "stream entry id", false));
                fields.addAll(streamFields(db, streams));
                break;
            case "zset":
                fields.add(Column.of("member", Value.Kind.TEXT, "zset member", false));
                fields.add(Column.of("score", Value.Kind.FLOAT, "zset score", false));
                break;
            case "set":
                fields.add(Column.of("member", Value.Kind.TEXT, "set member", false));
                break;
            case "list":
                fields.add(Column.of("element", Value.Kind.TEXT, "list element", false));
                break;
            default:
                fields.add(Column.of("value", Value.Kind.TEXT, type, true));
                break;
        }
        String ttl = withTtl == 0
                ? "no ttl"
                : withTtl == keys.size() && keys.size() == 1
                        ? "ttl " + minTtl + " ms"
                        : "ttl on " + withTtl + " of " + keys.size() + " keys, the nearest " + minTtl + " ms";
        String described = String.join("/", types) + " (" + (single ? "key" : keys.size() + " keys sampled")
                + "; encoding " + String.join("/", encodings) + "; " + ttl + ")";
        return new CollectionInfo(ref, described, fields, List.of("key"), List.of(), List.of());
    }

    private List<Column> hashFields(int db, List<String> hashes) {
        List<CommandLine> cmds = new ArrayList<>();
        for (String k : hashes) {
            cmds.add(CommandLine.of("HKEYS", k));
        }
        Map<String, Integer> seen = new LinkedHashMap<>();
        for (Reply r : callAll(db, "describe", cmds)) {
            for (Reply f : Reply.elements(r)) {
                seen.merge(Reply.text(f), 1, Integer::sum);
            }
        }
        List<Column> out = new ArrayList<>();
        for (Map.Entry<String, Integer> e : seen.entrySet()) {
            if (!e.getKey().equals("key")) {
                out.add(Column.of(e.getKey(), Value.Kind.TEXT, "hash field", e.getValue() < hashes.size()));
            }
        }
        return out;
    }

    private List<Column> streamFields(int db, List<String> streams) {
        List<CommandLine> cmds = new ArrayList<>();
        for (String k : streams) {
            cmds.add(CommandLine.of("XRANGE", k, "-", "+", "COUNT", "1"));
            cmds.add(CommandLine.of("XREVRANGE", k, "+", "-", "COUNT", "1"));
        }
        Set<String> names = new LinkedHashSet<>();
        for (Reply r : callAll(db, "describe", cmds)) {
            for (Reply entry : Reply.elements(r)) {
                List<Reply> parts = Reply.elements(entry);
                if (parts.size() == 2) {
                    List<Reply> kv = flatten(parts.get(1));
                    for (int i = 0; i + 1 < kv.size(); i += 2) {
                        names.add(Reply.text(kv.get(i)));
                    }
                }
            }
        }
        List<Column> out = new ArrayList<>();
        for (String n : names) {
            out.add(Column.of(n, Value.Kind.TEXT, "stream field", true));
        }
        return out;
    }

    /** A map's entries or an array's elements, as one flat list: RESP3 maps and RESP2 pairs alike. */
    static List<Reply> flatten(Reply r) {
        if (r instanceof Reply.Aggregate a) {
            return a.items();
        }
        return List.of();
    }

    static boolean isOne(Reply r) {
        return r.value() instanceof Value.Int i && i.value() == 1;
    }
}
