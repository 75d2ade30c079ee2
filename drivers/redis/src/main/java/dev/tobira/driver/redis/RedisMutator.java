package dev.tobira.driver.redis;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Mutator;
import dev.tobira.api.Value;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Insert, update and delete of one record by key. A record of collection {@code customer} is the
 * key {@code customer:<id>}: a hash of its fields, or a string when the only field is
 * {@code value}. The key is given as {@code id} (the part after the prefix) or as {@code key}
 * (the whole key). Each change is checked and applied atomically with WATCH and MULTI/EXEC, so a
 * concurrent writer makes it fail with CONFLICT instead of half-applying it.
 */
final class RedisMutator implements Mutator {
    private final RedisSession session;
    private final RedisCatalog catalog;

    RedisMutator(RedisSession session, RedisCatalog catalog) {
        this.session = session;
        this.catalog = catalog;
    }

    @Override
    public long insert(CollectionRef collection, Map<String, Value> values) {
        String key = keyOf(collection, values);
        int db = catalog.db(collection.namespace().orElse(""), "insert");
        List<byte[]> write = new ArrayList<>();
        Value string = stringValue(values);
        if (string != null) {
            write.add(bytes("SET"));
            write.add(bytes(key));
            write.add(Values.toArgument(string, "insert"));
        } else {
            write.add(bytes("HSET"));
            write.add(bytes(key));
            values.forEach((field, value) -> {
                if (!field.equals("key") && !value.isNull()) {
                    write.add(bytes(field));
                    write.add(Values.toArgument(value, "insert"));
                }
            });
            if (write.size() == 2) {
                throw new IllegalArgumentException("no fields to insert besides the key");
            }
        }
        return atomically(db, key, "insert", exists -> {
            if (exists) {
                throw DriverException.of(ErrorKind.CONSTRAINT, RedisDriver.NAME, "insert", "key " + key + " exists");
            }
            return List.of(write);
        });
    }

    @Override
    public long update(CollectionRef collection, Map<String, Value> keyFields, Map<String, Value> changes) {
        String key = keyOf(collection, keyFields);
        int db = catalog.db(collection.namespace().orElse(""), "update");
        return atomically(db, key, "update", exists -> {
            if (!exists) {
                return List.of();
            }
            String type = Reply.text(session.call(CommandLine.of("TYPE", key), db, catalog.timeout(), "update"));
            List<List<byte[]>> writes = new ArrayList<>();
            if (type.equals("string")) {
                Value value = stringValue(changes);
                if (value == null) {
                    throw DriverException.of(
                            ErrorKind.INVALID_ARGUMENT,
                            RedisDriver.NAME,
                            "update",
                            "key " + key + " is a string: the only field to change is value");
                }
                writes.add(List.of(bytes("SET"), bytes(key), Values.toArgument(value, "update"), bytes("KEEPTTL")));
            } else if (type.equals("hash")) {
                List<byte[]> set = new ArrayList<>(List.of(bytes("HSET"), bytes(key)));
                List<byte[]> del = new ArrayList<>(List.of(bytes("HDEL"), bytes(key)));
                changes.forEach((field, value) -> {
                    if (value.isNull()) {
                        del.add(bytes(field));
                    } else {
                        set.add(bytes(field));
                        set.add(Values.toArgument(value, "update"));
                    }
                });
                if (set.size() > 2) {
                    writes.add(set);
                }
                if (del.size() > 2) {
                    writes.add(del);
                }
            } else {
                throw DriverException.of(
                        ErrorKind.INVALID_ARGUMENT,
                        RedisDriver.NAME,
                        "update",
                        "key " + key + " is a " + type + ": update changes hashes and strings");
            }
            return writes;
        });
    }

    @Override
    public long delete(CollectionRef collection, Map<String, Value> keyFields) {
        String key = keyOf(collection, keyFields);
        int db = catalog.db(collection.namespace().orElse(""), "delete");
        Value n = session.call(CommandLine.of("DEL", key), db, catalog.timeout(), "delete")
                .value();
        return n instanceof Value.Int i ? i.value() : 0;
    }

    /** The writes to make, given whether the key exists; empty for none. */
    private interface Plan {
        List<List<byte[]>> writes(boolean exists);
    }

    private long atomically(int db, String key, String op, Plan plan) {
        session.call(CommandLine.of("WATCH", key), db, catalog.timeout(), op);
        boolean inMulti = false;
        try {
            boolean exists = RedisCatalog.isOne(session.call(CommandLine.of("EXISTS", key), db, catalog.timeout(), op));
            List<List<byte[]>> writes = plan.writes(exists);
            if (writes.isEmpty()) {
                session.call(CommandLine.of("UNWATCH"), db, catalog.timeout(), op);
                return 0;
            }
            session.call(CommandLine.of("MULTI"), db, catalog.timeout(), op);
            inMulti = true;
            for (List<byte[]> w : writes) {
                session.call(CommandLine.of(w), db, catalog.timeout(), op);
            }
            inMulti = false;
            Reply result = session.call(CommandLine.of("EXEC"), db, catalog.timeout(), op);
            if (result.value().isNull()) {
                throw DriverException.of(
                        ErrorKind.CONFLICT, RedisDriver.NAME, op, "key " + key + " changed while it was being written");
            }
            return 1;
        } catch (RuntimeException e) {
            try {
                session.call(CommandLine.of(inMulti ? "DISCARD" : "UNWATCH"), db, catalog.timeout(), op);
            } catch (RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /** The value of a string key's write: the fields name only its value (and key); null for a hash's. */
    private static @Nullable Value stringValue(Map<String, Value> values) {
        for (String f : values.keySet()) {
            if (!f.equals("value") && !f.equals("key") && !f.equals("id")) {
                return null;
            }
        }
        return values.get("value");
    }

    /** The record's key: {@code key} as given, or the collection's prefix and {@code id}. */
    static String keyOf(CollectionRef collection, Map<String, Value> fields) {
        Value key = fields.get("key");
        if (key != null && !key.isNull()) {
            return key.toString();
        }
        Value id = fields.get("id");
        if (id == null || id.isNull()) {
            throw new IllegalArgumentException("a record of " + collection.name()
                    + " is named by its id (the key after \"" + collection.name() + RedisCatalog.SEPARATOR
                    + "\") or its whole key");
        }
        return collection.name() + RedisCatalog.SEPARATOR + id;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
