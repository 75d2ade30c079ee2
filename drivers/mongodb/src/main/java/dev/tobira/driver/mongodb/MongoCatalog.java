package dev.tobira.driver.mongodb;

import com.mongodb.ReadPreference;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import dev.tobira.spi.base.Catalog;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * Namespaces (databases), collections and descriptions, each through the driver's own bounded
 * commands: {@code listDatabases}, {@code listCollections}, {@code listIndexes} and a {@code find}
 * of at most {@value #SAMPLE} documents.
 */
final class MongoCatalog implements Catalog {
    /** How many documents describe() reads to infer the fields: bounded, whatever the collection's size. */
    static final int SAMPLE = 100;

    private final MongoSession session;

    MongoCatalog(MongoSession session) {
        this.session = session;
    }

    private ReadPreference rp() {
        return session.target().readPreference();
    }

    @Override
    public List<String> namespaces() {
        BsonDocument reply = session.command(
                null,
                "admin",
                new BsonDocument("listDatabases", new BsonInt32(1)).append("nameOnly", BsonBoolean.TRUE),
                rp(),
                session.target().connectTimeout().multipliedBy(3),
                "namespaces");
        List<String> names = new ArrayList<>();
        for (BsonValue d : reply.getArray("databases")) {
            names.add(d.asDocument().getString("name").getValue());
        }
        names.sort(null);
        return names;
    }

    @Override
    public List<CollectionRef> collections(Optional<String> namespace) {
        String db = session.database(namespace.orElse(""), "collections");
        List<String> names = collectionNames(db, "collections");
        if (names.isEmpty() && !namespace.isEmpty() && !namespaces().contains(db)) {
            throw DriverException.of(
                    ErrorKind.NOT_FOUND,
                    MongoDriver.NAME,
                    "collections",
                    "the database " + ReadOnlyGuard.quoted(db) + " does not exist");
        }
        List<CollectionRef> refs = new ArrayList<>(names.size());
        for (String n : names) {
            refs.add(CollectionRef.of(namespace, n));
        }
        return refs;
    }

    List<String> collectionNames(String db, String op) {
        List<BsonDocument> docs = session.readAll(
                db,
                new BsonDocument("listCollections", new BsonInt32(1))
                        .append("nameOnly", BsonBoolean.TRUE)
                        .append("cursor", new BsonDocument()),
                rp(),
                op);
        List<String> names = new ArrayList<>();
        for (BsonDocument d : docs) {
            String n = d.getString("name").getValue();
            if (!n.startsWith("system.")) {
                names.add(n);
            }
        }
        names.sort(null);
        return names;
    }

    BsonDocument collectionInfo(String db, String name, String op) {
        List<BsonDocument> docs = session.readAll(
                db,
                new BsonDocument("listCollections", new BsonInt32(1))
                        .append("filter", new BsonDocument("name", new BsonString(name)))
                        .append("cursor", new BsonDocument()),
                rp(),
                op);
        // the name is compared here too: a server that ignores the filter must not describe another collection
        docs.removeIf(
                d -> !d.containsKey("name") || !name.equals(d.getString("name").getValue()));
        if (docs.isEmpty()) {
            throw DriverException.of(
                    ErrorKind.NOT_FOUND,
                    MongoDriver.NAME,
                    op,
                    "the collection " + ReadOnlyGuard.quoted(name) + " does not exist in " + ReadOnlyGuard.quoted(db));
        }
        return docs.get(0);
    }

    /**
     * Fields are inferred from the first {@value #SAMPLE} documents in natural order: each top-level
     * field with the kind of its first non-null value, its native type the BSON types seen (joined by
     * {@code |} when there are several), nullable when some document lacks it or holds null. The
     * primary key is {@code _id}; indexes come from {@code listIndexes}. No document is returned.
     */
    @Override
    public CollectionInfo describe(CollectionRef collection) {
        return describe(collection, session.database(collection.namespace().orElse(""), "describe"));
    }

    CollectionInfo describe(CollectionRef ref, String db) {
        BsonDocument info = collectionInfo(db, ref.name(), "describe");
        String type = info.containsKey("type") ? info.getString("type").getValue() : "collection";
        List<BsonDocument> sample = session.readAll(
                db,
                new BsonDocument("find", new BsonString(ref.name()))
                        .append("limit", new BsonInt32(SAMPLE))
                        .append("batchSize", new BsonInt32(SAMPLE)),
                rp(),
                "describe");
        Map<String, Set<String>> types = new LinkedHashMap<>();
        Map<String, Value.Kind> kinds = new HashMap<>();
        Map<String, Integer> present = new HashMap<>();
        Set<String> nulls = new LinkedHashSet<>();
        for (BsonDocument d : sample) {
            for (Map.Entry<String, BsonValue> e : d.entrySet()) {
                BsonType t = e.getValue().getBsonType();
                present.merge(e.getKey(), 1, Integer::sum);
                if (t == BsonType.NULL || t == BsonType.UNDEFINED) {
                    nulls.add(e.getKey());
                    types.computeIfAbsent(e.getKey(), k -> new LinkedHashSet<>());
                    continue;
                }
                types.computeIfAbsent(e.getKey(), k -> new LinkedHashSet<>()).add(Bsons.typeName(t));
                kinds.putIfAbsent(e.getKey(), Bsons.toValue(e.getValue()).kind());
            }
        }
        List<Column> fields = new ArrayList<>();
        for (Map.Entry<String, Set<String>> e : types.entrySet()) {
            String name = e.getKey();
            boolean nullable = nulls.contains(name) || present.getOrDefault(name, 0) < sample.size();
            String nativeType = e.getValue().isEmpty() ? "null" : String.join("|", e.getValue());
            fields.add(Column.of(name, kinds.getOrDefault(name, Value.Kind.NULL), nativeType, nullable));
        }
        List<CollectionInfo.Index> indexes = new ArrayList<>();
        if (!"view".equals(type)) {
            for (BsonDocument ix : session.readAll(
                    db,
                    new BsonDocument("listIndexes", new BsonString(ref.name())).append("cursor", new BsonDocument()),
                    rp(),
                    "describe")) {
                String name = ix.getString("name").getValue();
                List<String> keys = new ArrayList<>(ix.getDocument("key").keySet());
                boolean unique = "_id_".equals(name)
                        || ix.getBoolean("unique", BsonBoolean.FALSE).getValue();
                indexes.add(new CollectionInfo.Index(name, keys, unique));
            }
        }
        return new CollectionInfo(ref, type, fields, List.of("_id"), List.of(), indexes);
    }
}
