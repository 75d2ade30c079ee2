package dev.tobira.driver.mongodb;

import static java.util.Objects.requireNonNull;

import com.mongodb.ReadPreference;
import com.mongodb.reactivestreams.client.ClientSession;
import dev.tobira.api.Column;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.spi.CursorResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.bson.BsonBinaryReader;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.jspecify.annotations.Nullable;

/**
 * A result that streams a server cursor: the rows of the reply's first batch, then one
 * {@code getMore} per batch as the caller iterates, each a single request of one reply (the
 * subscription never asks for more than it holds). A close ends the cursor with
 * {@code killCursors}; a close from another thread cancels the {@code getMore} in flight.
 *
 * <p>Columns are the union of the top-level fields of the first non-empty batch (for a read whose
 * limit is at most {@value #PREFETCH_MAX}, of every row up to the limit), in first-seen order; a
 * field first seen in a later batch is not a column, and a document that lacks a column's field has
 * NULL there.
 */
final class CommandCursor extends CursorResultSet {
    /** A read capped at this many rows is read up to its cap before the first row: its columns are then exact. */
    static final long PREFETCH_MAX = 10_000;

    /** Turns the document a reader stands at into a row. */
    interface DocReader {
        Row read(BsonBinaryReader r);
    }

    private final MongoSession session;
    private final @Nullable ClientSession cs;
    private final String db;
    private final String collection;
    private final @Nullable BsonValue batchSize;
    private final ReadPreference readPreference;
    private final Duration maxAwait;
    private final Duration timeout;
    private final DocReader reader;
    private final java.util.Deque<Batch> head;
    private final Consumer<CommandCursor> onClose;
    private Batch batch;
    private long id;
    private volatile @Nullable Await<RawBsonDocument> inflight;

    private CommandCursor(Builder b, List<Column> columns, List<Batch> head, Batch batch, long id, DocReader reader) {
        super(MongoDriver.NAME, columns, b.limit > 0 ? OptionalLong.of(b.limit) : OptionalLong.empty(), b.startNanos);
        this.session = b.session;
        this.cs = b.cs;
        this.db = b.db;
        this.collection = b.collection;
        this.batchSize = b.batchSize;
        this.readPreference = b.readPreference;
        this.maxAwait = b.maxAwait;
        this.timeout = b.timeout;
        this.reader = reader;
        this.head = new java.util.ArrayDeque<>(head);
        this.onClose = b.onClose;
        this.batch = batch;
        this.id = id;
    }

    /** What a cursor needs besides its first reply. */
    static final class Builder {
        final MongoSession session;
        final @Nullable ClientSession cs;
        final String db;
        /** Set from the first reply's namespace. */
        String collection = "";

        @Nullable
        BsonValue batchSize;

        ReadPreference readPreference = ReadPreference.primary();
        Duration maxAwait = Duration.ZERO;
        Duration timeout = Duration.ZERO;
        long limit;
        long startNanos;
        Consumer<CommandCursor> onClose = c -> {};

        /**
         * @param cs the command's session, null where the server has none
         */
        Builder(MongoSession session, @Nullable ClientSession cs, String db) {
            this.session = session;
            this.cs = cs;
            this.db = db;
        }
    }

    /**
     * Opens the result of a query's cursor reply: reads the first non-empty batch (up to the limit
     * when it is small) to learn the columns, then streams the rest.
     */
    static CommandCursor ofQuery(Builder b, RawBsonDocument reply) {
        Batch batch = new Batch(reply);
        long id = batch.id;
        b.collection = Replies.collectionOf(batch.ns);
        long target = b.limit > 0 && b.limit <= PREFETCH_MAX ? b.limit + 1 : 1;
        // the batches before the first row are scanned for their fields, never decoded: a server that
        // answers a find with its whole result in the first batch must not make the result buffered
        ColumnScan scan = new ColumnScan();
        List<Batch> head = new ArrayList<>();
        long seen = 0;
        while (true) {
            seen += scan.add(batch);
            head.add(batch);
            if (seen >= target || id == 0) {
                break;
            }
            try {
                batch = new Batch(b.session.command(
                        b.cs,
                        b.db,
                        getMore(id, b.collection, b.batchSize, Duration.ZERO),
                        b.readPreference,
                        b.timeout,
                        "query"));
            } catch (RuntimeException e) {
                b.session.killCursor(b.cs, b.db, b.collection, id);
                MongoSession.closeSession(b.cs);
                throw e;
            }
            id = batch.id;
        }
        if (b.limit > 0 && b.limit <= PREFETCH_MAX && id != 0 && seen > b.limit) {
            b.session.killCursor(b.cs, b.db, b.collection, id); // cut: the rows past the limit are never read
            id = 0;
        }
        List<Column> columns = scan.columns();
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            index.put(columns.get(i).name(), i);
        }
        DocReader rows = r -> {
            Row.Builder row = Row.builder(columns);
            boolean[] set = new boolean[columns.size()];
            r.readStartDocument();
            for (BsonType t = r.readBsonType(); t != BsonType.END_OF_DOCUMENT; t = r.readBsonType()) {
                Integer i = index.get(r.readName());
                if (i == null) {
                    r.skipValue();
                } else {
                    row.set(i, Bsons.read(r, t));
                    set[i] = true;
                }
            }
            r.readEndDocument();
            for (int i = 0; i < set.length; i++) {
                if (!set[i]) {
                    row.set(i, Value.NULL);
                }
            }
            return row.build();
        };
        Batch current = head.remove(0);
        return new CommandCursor(b, columns, head, current, id, rows);
    }

    /** The union of the top-level fields of scanned documents, in first-seen order, read without decoding a value. */
    static final class ColumnScan {
        private final Map<String, Object[]> fields = new LinkedHashMap<>(); // {present, nulls, first type, first kind}
        private long docs;

        /** Scans a batch with a reader of its own, leaving the batch's reader where it is; returns its documents. */
        long add(Batch batch) {
            long n = 0;
            try (BsonBinaryReader r = batch.newReader()) {
                if (r == null) {
                    return 0;
                }
                for (BsonType t = r.readBsonType(); t != BsonType.END_OF_DOCUMENT; t = r.readBsonType()) {
                    if (t != BsonType.DOCUMENT) {
                        r.skipValue();
                        continue;
                    }
                    n++;
                    r.readStartDocument();
                    for (BsonType f = r.readBsonType(); f != BsonType.END_OF_DOCUMENT; f = r.readBsonType()) {
                        Object[] stat = fields.computeIfAbsent(r.readName(), k -> new Object[] {0L, 0L, null, null});
                        stat[0] = (Long) stat[0] + 1;
                        if (f == BsonType.NULL || f == BsonType.UNDEFINED) {
                            stat[1] = (Long) stat[1] + 1;
                        } else if (stat[2] == null) {
                            stat[2] = f;
                            stat[3] = f == BsonType.BINARY && r.peekBinarySubType() == 4 && r.peekBinarySize() == 16
                                    ? Value.Kind.UUID
                                    : Bsons.kind(f);
                        }
                        r.skipValue();
                    }
                    r.readEndDocument();
                }
            }
            docs += n;
            return n;
        }

        List<Column> columns() {
            List<Column> columns = new ArrayList<>(fields.size());
            for (Map.Entry<String, Object[]> e : fields.entrySet()) {
                Object[] stat = e.getValue();
                boolean nullable = (Long) stat[0] < docs || (Long) stat[1] > 0;
                BsonType t = stat[2] == null ? BsonType.NULL : (BsonType) stat[2];
                Value.Kind kind = stat[3] == null ? Value.Kind.NULL : (Value.Kind) stat[3];
                columns.add(Column.of(e.getKey(), kind, Bsons.typeName(t), nullable));
            }
            return columns;
        }
    }

    /** Opens a cursor with fixed columns, such as a change stream's. */
    static CommandCursor ofFixed(Builder b, RawBsonDocument reply, List<Column> columns, DocReader reader) {
        Batch batch = new Batch(reply);
        b.collection = Replies.collectionOf(batch.ns);
        return new CommandCursor(b, columns, List.of(), batch, batch.id, reader);
    }

    @Override
    protected @Nullable Row fetch() {
        while (true) {
            if (batch != null && batch.hasNext()) {
                return reader.read(batch.take());
            }
            if (!head.isEmpty()) {
                batch.close();
                batch = head.remove();
                continue;
            }
            if (id == 0) {
                return null;
            }
            Await<RawBsonDocument> a =
                    session.start(cs, db, getMore(id, collection, batchSize, maxAwait), readPreference);
            inflight = a;
            if (isClosed()) {
                a.cancel();
            }
            Duration wait =
                    maxAwait.isZero() ? timeout : maxAwait.plus(session.target().connectTimeout());
            RawBsonDocument next = session.finish(a, wait, "query");
            inflight = null;
            batch.close();
            batch = new Batch(next);
            id = batch.id;
        }
    }

    @Override
    protected void cancel() {
        Await<RawBsonDocument> a = inflight;
        if (a != null) {
            a.cancel();
        }
    }

    @Override
    protected void release() {
        try {
            if (batch != null) {
                batch.close();
            }
            session.killCursor(cs, db, collection, id);
            id = 0;
            MongoSession.closeSession(cs);
        } finally {
            onClose.accept(this);
        }
    }

    private static BsonDocument getMore(long id, String collection, @Nullable BsonValue batchSize, Duration maxAwait) {
        BsonDocument d =
                new BsonDocument("getMore", new BsonInt64(id)).append("collection", new BsonString(collection));
        if (batchSize != null) {
            d.append("batchSize", batchSize);
        }
        if (!maxAwait.isZero()) {
            d.append("maxTimeMS", new BsonInt64(maxAwait.toMillis()));
        }
        return d;
    }

    /** One reply's batch, read in place: a reader over the reply's bytes, standing inside the batch array. */
    static final class Batch {
        final long id;
        final String ns;
        final @Nullable BsonBinaryReader reader;
        private final RawBsonDocument raw;
        private boolean ended;
        private boolean peeked;

        Batch(RawBsonDocument reply) {
            BsonDocument cursor = reply.getDocument("cursor");
            this.id = cursor.getInt64("id").getValue();
            this.ns = cursor.getString("ns").getValue();
            raw = cursor instanceof RawBsonDocument r
                    ? r
                    : new RawBsonDocument(cursor, new org.bson.codecs.BsonDocumentCodec());
            reader = open(raw);
            ended = reader == null;
        }

        /** A reader standing inside the batch array, or null when the reply holds none. */
        private static @Nullable BsonBinaryReader open(RawBsonDocument raw) {
            BsonBinaryReader reader = new BsonBinaryReader(raw.getByteBuffer().asNIO());
            reader.readStartDocument();
            boolean found = false;
            for (BsonType t = reader.readBsonType(); t != BsonType.END_OF_DOCUMENT; t = reader.readBsonType()) {
                String name = reader.readName();
                if (t == BsonType.ARRAY && (name.equals("firstBatch") || name.equals("nextBatch"))) {
                    reader.readStartArray();
                    found = true;
                    break;
                }
                reader.skipValue();
            }
            if (!found) {
                reader.close();
                return null;
            }
            return reader;
        }

        /** Another reader over the same batch, from its first document, for a scan. */
        @Nullable
        BsonBinaryReader newReader() {
            return open(raw);
        }

        /** Whether another document follows; the reader then stands at it. */
        boolean hasNext() {
            BsonBinaryReader r = reader;
            if (ended || r == null) {
                return false;
            }
            if (peeked) {
                return true;
            }
            BsonType t = r.readBsonType();
            if (t == BsonType.END_OF_DOCUMENT) {
                ended = true;
                return false;
            }
            if (t != BsonType.DOCUMENT) {
                r.skipValue();
                return hasNext();
            }
            peeked = true;
            return true;
        }

        /** The reader standing at the document {@link #hasNext()} found. */
        BsonBinaryReader take() {
            peeked = false;
            return requireNonNull(reader, "take() without hasNext()");
        }

        void close() {
            if (reader != null) {
                reader.close();
            }
        }
    }
}
