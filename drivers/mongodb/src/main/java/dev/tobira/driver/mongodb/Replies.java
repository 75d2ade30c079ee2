package dev.tobira.driver.mongodb;

import dev.tobira.api.Column;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.spi.Redactor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonBinaryReader;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;

/**
 * What a command's reply means as a result: a cursor (rows stream), a write (a count), or anything
 * else (one row of the reply's own fields).
 */
final class Replies {
    /** Fields every reply may carry about the server and the cluster rather than the command. */
    static final Set<String> META = Set.of(
            "ok",
            "$clusterTime",
            "operationTime",
            "$gleStats",
            "lastCommittedOpTime",
            "electionId",
            "$configServerState",
            "$topologyTime",
            "$configTime",
            "$replData",
            "$oplogQueryData");
    /** Write commands whose reply counts documents. */
    static final Set<String> WRITES = Set.of("insert", "update", "delete");

    private Replies() {}

    /** The collection of a cursor's namespace {@code db.collection}. */
    static String collectionOf(String ns) {
        int dot = ns.indexOf('.');
        return dot < 0 ? ns : ns.substring(dot + 1);
    }

    static boolean isCursor(RawBsonDocument reply) {
        BsonValue c = reply.get("cursor");
        return c != null
                && c.isDocument()
                && c.asDocument().containsKey("id")
                && (c.asDocument().containsKey("firstBatch") || c.asDocument().containsKey("nextBatch"));
    }

    /**
     * Fails a write whose reply says ok but reports write errors or a write concern error, as the
     * server does (runCommand does not throw for those).
     */
    static void checkWrite(BsonDocument reply, String op, Redactor redactor) {
        BsonValue errors = reply.get("writeErrors");
        if (errors != null && errors.isArray() && !errors.asArray().isEmpty()) {
            BsonDocument first = errors.asArray().get(0).asDocument();
            int code = first.containsKey("code") ? first.getNumber("code").intValue() : 0;
            String message =
                    first.containsKey("errmsg") ? first.getString("errmsg").getValue() : "write error";
            throw MongoErrors.build(MongoErrors.ofCode(code), op, message, code, null, redactor);
        }
        BsonValue wce = reply.get("writeConcernError");
        if (wce != null && wce.isDocument()) {
            BsonDocument d = wce.asDocument();
            int code = d.containsKey("code") ? d.getNumber("code").intValue() : 0;
            String message = d.containsKey("errmsg") ? d.getString("errmsg").getValue() : "write concern error";
            throw MongoErrors.build(
                    code == 0 ? ErrorKind.INTERNAL : MongoErrors.ofCode(code),
                    op,
                    "write concern: " + message,
                    code,
                    null,
                    redactor);
        }
    }

    /** How many documents a write changed: {@code nModified} for an update, else {@code n}. */
    static long affected(BsonDocument reply) {
        BsonValue v = reply.containsKey("nModified") ? reply.get("nModified") : reply.get("n");
        return v != null && v.isNumber() ? v.asNumber().longValue() : -1;
    }

    /** The reply of a command without a cursor as one row of its own fields, minus {@link #META}. */
    static Map<String, Value> fields(RawBsonDocument reply) {
        Map<String, Value> fields = new LinkedHashMap<>();
        try (BsonBinaryReader r = new BsonBinaryReader(reply.getByteBuffer().asNIO())) {
            r.readStartDocument();
            for (BsonType t = r.readBsonType(); t != BsonType.END_OF_DOCUMENT; t = r.readBsonType()) {
                String name = r.readName();
                if (META.contains(name)) {
                    r.skipValue();
                } else {
                    fields.put(name, Bsons.read(r, t));
                }
            }
        }
        return fields;
    }

    /** The columns of documents already read: the union of their fields in first-seen order. */
    static List<Column> columns(List<Map<String, Value>> docs, Map<String, BsonType> types) {
        Map<String, int[]> seen = new LinkedHashMap<>();
        for (Map<String, Value> d : docs) {
            for (Map.Entry<String, Value> e : d.entrySet()) {
                int[] counts = seen.computeIfAbsent(e.getKey(), k -> new int[2]);
                counts[0]++;
                if (e.getValue().isNull()) {
                    counts[1]++;
                }
            }
        }
        List<Column> columns = new ArrayList<>(seen.size());
        for (Map.Entry<String, int[]> e : seen.entrySet()) {
            String name = e.getKey();
            Value.Kind kind = Value.Kind.NULL;
            for (Map<String, Value> d : docs) {
                Value v = d.get(name);
                if (v != null && !v.isNull()) {
                    kind = v.kind();
                    break;
                }
            }
            BsonType t = types.getOrDefault(name, BsonType.NULL);
            boolean nullable = e.getValue()[0] < docs.size() || e.getValue()[1] > 0;
            columns.add(Column.of(name, kind, Bsons.typeName(t), nullable));
        }
        return columns;
    }

    static Row row(List<Column> columns, Map<String, Value> fields) {
        Row.Builder b = Row.builder(columns);
        for (int i = 0; i < columns.size(); i++) {
            b.set(i, fields.getOrDefault(columns.get(i).name(), Value.NULL));
        }
        return b.build();
    }

    static DriverException invalid(String op, String detail) {
        return DriverException.of(ErrorKind.INVALID_ARGUMENT, MongoDriver.NAME, op, detail);
    }
}
