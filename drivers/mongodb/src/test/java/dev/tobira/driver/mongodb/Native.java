package dev.tobira.driver.mongodb;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;
import org.bson.types.Decimal128;

/**
 * The tests' native side channel: the vendor's synchronous client, never the driver under test.
 * It seeds the shop dataset (customers and orders as documents with integer {@code _id}s, as in
 * REFERENCE.md), the value kinds and the rows collection, and fingerprints what the tests own.
 */
final class Native implements AutoCloseable {
    static final int ROWS = 100_000;
    private static final JsonWriterSettings CANONICAL =
            JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).build();

    final MongoClient client;
    final MongoServers.Server server;

    Native(MongoServers.Server server) {
        this.server = server;
        this.client = MongoClients.create(server.url() + "/?socketTimeoutMS=120000");
    }

    MongoDatabase db() {
        return client.getDatabase(MongoServers.DB);
    }

    /** Restores the shop exactly and drops whatever a probe made: every other tobira_kit* database and collection. */
    void seed() {
        for (String name : client.listDatabaseNames()) {
            if (name.startsWith(MongoServers.DB + "_")) {
                client.getDatabase(name).drop();
            }
        }
        MongoDatabase db = db();
        for (String c : db.listCollectionNames()) {
            if (!c.equals("numbers") && !c.startsWith("system.")) {
                db.getCollection(c).drop();
            }
        }
        db.getCollection("customers")
                .insertMany(List.of(
                        customer(1, "Ada Lovelace", "ada@example.com", "GB", "2026-09-02"),
                        customer(2, "Grace Hopper", "grace@example.com", "US", "2026-09-10"),
                        customer(3, "Linus Torvalds", null, "FI", "2026-09-15"),
                        customer(4, "Margaret Hamilton", "margaret@example.com", "US", "2026-10-01"),
                        customer(5, "Ken Thompson", "ken@example.com", "US", "2026-10-20")));
        db.getCollection("orders")
                .insertMany(List.of(
                        order(1, 1, 4999, "paid", "2026-10-21"),
                        order(2, 1, 1250, "paid", "2026-10-22"),
                        order(3, 2, 8900, "refunded", "2026-10-22"),
                        order(4, 3, 2300, "paid", "2026-10-23"),
                        order(5, 4, 15000, "pending", "2026-10-24"),
                        order(6, 2, 720, "paid", "2026-10-25"),
                        order(7, 5, 3100, "paid", "2026-10-26")));
        db.getCollection("orders")
                .createIndex(Indexes.ascending("customer_id"), new IndexOptions().name("by_customer"));
        db.getCollection("kinds")
                .insertMany(List.of(
                        new Document("_id", "int").append("v", 42),
                        new Document("_id", "long").append("v", 1L << 40),
                        new Document("_id", "double").append("v", 2.5),
                        new Document("_id", "decimal").append("v", Decimal128.parse("12.345")),
                        new Document("_id", "string").append("v", "caf\u00e9"),
                        new Document("_id", "bool").append("v", true),
                        new Document("_id", "date").append("v", new java.util.Date(1_790_000_000_000L)),
                        new Document("_id", "objectId")
                                .append("v", new org.bson.types.ObjectId("65a1b2c3d4e5f60718293a4b")),
                        new Document("_id", "uuid")
                                .append("v", new BsonBinary(UUID.fromString("123e4567-e89b-12d3-a456-426614174000"))),
                        new Document("_id", "binary").append("v", new org.bson.types.Binary(new byte[] {1, 2, 3})),
                        new Document("_id", "null").append("v", null),
                        new Document("_id", "doc").append("v", new Document("a", 1).append("b", "x")),
                        new Document("_id", "array").append("v", List.of(1, "two"))));
        if (db.getCollection("numbers").countDocuments() != ROWS) {
            db.getCollection("numbers").drop();
            List<Document> batch = new ArrayList<>();
            for (int i = 0; i < ROWS; i++) {
                batch.add(new Document("_id", i).append("n", i));
                if (batch.size() == 10_000) {
                    db.getCollection("numbers").insertMany(batch);
                    batch = new ArrayList<>();
                }
            }
        }
    }

    private static Document customer(int id, String name, String email, String country, String createdAt) {
        return new Document("_id", id)
                .append("name", name)
                .append("email", email)
                .append("country", country)
                .append("created_at", createdAt);
    }

    private static Document order(int id, int customer, int cents, String status, String createdAt) {
        return new Document("_id", id)
                .append("customer_id", customer)
                .append("total_cents", cents)
                .append("status", status)
                .append("created_at", createdAt);
    }

    /**
     * Every database named tobira_kit*, each collection's options, indexes and documents in _id
     * order; the 100,000 rows only by count and sum, which every probe that touches them changes.
     */
    String fingerprint() {
        StringBuilder sb = new StringBuilder();
        List<String> dbs = new ArrayList<>();
        client.listDatabaseNames().into(dbs);
        dbs.sort(null);
        for (String name : dbs) {
            if (!name.equals(MongoServers.DB) && !name.startsWith(MongoServers.DB + "_")) {
                continue;
            }
            MongoDatabase db = client.getDatabase(name);
            List<Document> colls = new ArrayList<>();
            db.listCollections().into(colls);
            colls.sort((a, b) -> a.getString("name").compareTo(b.getString("name")));
            sb.append("db ").append(name).append('\n');
            for (Document info : colls) {
                String c = info.getString("name");
                if (c.startsWith("system.")) {
                    continue;
                }
                sb.append(" collection ")
                        .append(c)
                        .append(' ')
                        .append(info.get("type"))
                        .append(' ')
                        .append(info.get("options") instanceof Document o ? o.toJson(CANONICAL) : "")
                        .append('\n');
                List<Document> indexes = new ArrayList<>();
                db.getCollection(c).listIndexes().into(indexes);
                indexes.sort((a, b) -> a.getString("name").compareTo(b.getString("name")));
                for (Document ix : indexes) {
                    sb.append("  index ")
                            .append(ix.getString("name"))
                            .append(' ')
                            .append(((Document) ix.get("key")).toJson(CANONICAL))
                            .append(ix.get("unique") != null ? " unique" : "")
                            .append('\n');
                }
                if (c.equals("numbers") && name.equals(MongoServers.DB)) {
                    Document sum = db.getCollection(c)
                            .aggregate(List.of(new Document(
                                    "$group",
                                    new Document("_id", null)
                                            .append("n", new Document("$sum", 1))
                                            .append("s", new Document("$sum", "$n")))))
                            .first();
                    sb.append("  rows ")
                            .append(sum == null ? "none" : sum.toJson(CANONICAL))
                            .append('\n');
                    continue;
                }
                for (BsonDocument d :
                        db.getCollection(c, BsonDocument.class).find().sort(new Document("_id", 1))) {
                    sb.append("  ").append(d.toJson(CANONICAL)).append('\n');
                }
            }
        }
        return sb.toString();
    }

    /** Runs a command natively: renameCollection on admin, as mongod requires, anything else on the test database. */
    boolean execute(String text) {
        Document cmd = Document.parse(text);
        String first = cmd.keySet().iterator().next();
        try {
            client.getDatabase(first.equals("renameCollection") ? "admin" : MongoServers.DB)
                    .runCommand(cmd);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** Whether the server has explain, asked natively. */
    boolean hasExplain() {
        try {
            db().runCommand(new Document("explain", new Document("find", "customers"))
                    .append("verbosity", "queryPlanner"));
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** Whether the server has change streams, asked natively: a $changeStream cursor opens. */
    boolean hasChangeStreams() {
        try {
            Document reply = db().runCommand(new Document("aggregate", "customers")
                    .append("pipeline", List.of(new Document("$changeStream", new Document())))
                    .append("cursor", new Document()));
            long id = ((Document) reply.get("cursor")).get("id", Number.class).longValue();
            db().runCommand(new Document("killCursors", "customers").append("cursors", List.of(id)));
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    @Override
    public void close() {
        client.close();
    }
}
