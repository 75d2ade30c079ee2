package dev.tobira.driver.mongodb;

import dev.tobira.api.Browser;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.DriverException;
import dev.tobira.api.Page;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;

/** Pages of a collection through a bounded {@code find}, in {@code _id} order. */
final class MongoBrowser implements Browser {
    private final MongoSession session;
    private final MongoCatalog catalog;

    MongoBrowser(MongoSession session, MongoCatalog catalog) {
        this.session = session;
        this.catalog = catalog;
    }

    /**
     * One page in {@code _id} order: the cursor is the last {@code _id} of the previous page, as
     * canonical Extended JSON, so a page continues after it whatever was inserted meanwhile.
     */
    @Override
    public Page browse(CollectionRef ref, Optional<String> after, int size) {
        String cursor = after.orElse(""); // the first page, in this driver's own cursor text
        String db = session.database(ref.namespace().orElse(""), "browse");
        BsonDocument filter = new BsonDocument();
        if (!cursor.isEmpty()) {
            filter = new BsonDocument("_id", new BsonDocument("$gt", lastId(cursor)));
        }
        BsonDocument find = new BsonDocument("find", new BsonString(ref.name()))
                .append("filter", filter)
                .append("sort", new BsonDocument("_id", new BsonInt32(1)))
                .append("limit", new BsonInt32(size + 1))
                .append("batchSize", new BsonInt32(size + 1));
        List<BsonDocument> docs = session.readAll(db, find, session.target().readPreference(), "browse");
        if (docs.isEmpty() && cursor.isEmpty()) {
            catalog.collectionInfo(
                    db, ref.name(), "browse"); // NOT_FOUND for a missing collection, an empty page for an empty one
        }
        boolean more = docs.size() > size;
        List<BsonDocument> page = more ? docs.subList(0, size) : docs;
        List<Map<String, Value>> maps = new ArrayList<>(page.size());
        Map<String, BsonType> types = new HashMap<>();
        for (BsonDocument d : page) {
            Map<String, Value> m = new LinkedHashMap<>();
            for (Map.Entry<String, BsonValue> e : d.entrySet()) {
                m.put(e.getKey(), Bsons.toValue(e.getValue()));
                if (!e.getValue().isNull()) {
                    types.putIfAbsent(e.getKey(), e.getValue().getBsonType());
                }
            }
            maps.add(m);
        }
        List<Column> columns = Replies.columns(maps, types);
        List<Row> rows = new ArrayList<>(maps.size());
        for (Map<String, Value> m : maps) {
            rows.add(Replies.row(columns, m));
        }
        String next = "";
        if (more) {
            BsonDocument last =
                    new BsonDocument("_id", page.get(page.size() - 1).get("_id"));
            next = last.toJson(
                    JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).build());
        }
        return next.isEmpty() ? Page.last(columns, rows) : Page.of(columns, rows, next);
    }

    private static BsonValue lastId(String cursor) {
        BsonDocument d;
        try {
            CommandParser.Parsed p = CommandParser.parse(cursor, "browse");
            d = p.document();
            if (p.duplicate().isPresent() || d.size() != 1 || !d.containsKey("_id")) {
                throw new IllegalArgumentException("the cursor is not one this driver made");
            }
        } catch (DriverException e) {
            throw new IllegalArgumentException("the cursor is not one this driver made", e);
        }
        // the cursor's _id is a value, never an operator: {"$gt": …} inside it would change the filter
        BsonValue id = d.get("_id");
        if (id.isDocument() && id.asDocument().keySet().stream().anyMatch(k -> k.startsWith("$"))) {
            throw new IllegalArgumentException("the cursor is not one this driver made");
        }
        return id;
    }
}
