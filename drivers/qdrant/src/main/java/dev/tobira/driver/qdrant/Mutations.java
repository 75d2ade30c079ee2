package dev.tobira.driver.qdrant;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Mutator;
import dev.tobira.api.Value;
import dev.tobira.spi.CallDeadline;
import dev.tobira.spi.ValueDepth;
import io.qdrant.client.grpc.Common.PointId;
import io.qdrant.client.grpc.JsonWithInt;
import io.qdrant.client.grpc.JsonWithInt.ListValue;
import io.qdrant.client.grpc.JsonWithInt.NullValue;
import io.qdrant.client.grpc.JsonWithInt.Struct;
import io.qdrant.client.grpc.Points.DeletePoints;
import io.qdrant.client.grpc.Points.DenseVector;
import io.qdrant.client.grpc.Points.GetPoints;
import io.qdrant.client.grpc.Points.NamedVectors;
import io.qdrant.client.grpc.Points.PointStruct;
import io.qdrant.client.grpc.Points.PointVectors;
import io.qdrant.client.grpc.Points.PointsIdsList;
import io.qdrant.client.grpc.Points.PointsSelector;
import io.qdrant.client.grpc.Points.SetPayloadPoints;
import io.qdrant.client.grpc.Points.UpdateMode;
import io.qdrant.client.grpc.Points.UpdatePointVectors;
import io.qdrant.client.grpc.Points.UpsertPoints;
import io.qdrant.client.grpc.Points.Vector;
import io.qdrant.client.grpc.Points.Vectors;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@link dev.tobira.api.Mutator} calls as point operations: a record is a point whose {@code id}
 * is the key, whose {@code vector} (a {@code Vector}, or a {@code Doc} of named vectors) is its
 * vector, and whose other fields are its payload. Insert refuses an id that exists ({@code CONFLICT})
 * and sends an insert-only upsert; update sets payload fields
 * (and replaces the vector when {@code vector} changes); each write waits for the server to apply it.
 * Update and delete first look the point up, so they report 0 for a point that is not there.
 */
final class Mutations implements Mutator {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    /**
     * How deep a payload value may nest: gRPC decoders (protobuf-java's, and prost's in Qdrant) stop at
     * 100 nested messages, and one level of a payload costs up to three (value, struct, map entry).
     */
    static final int MAX_DEPTH = 32;

    private final QdrantSession session;
    private final QdrantCatalog catalog;

    Mutations(QdrantSession session, QdrantCatalog catalog) {
        this.session = session;
        this.catalog = catalog;
    }

    @Override
    public long insert(CollectionRef c, Map<String, Value> values) {
        catalog.requireNamespace(c.namespace().orElse(""), "insert");
        Value id = values.get(PointRows.ID);
        if (id == null) {
            throw new IllegalArgumentException("a point needs its \"id\"");
        }
        PointStruct.Builder p = PointStruct.newBuilder().setId(pointId(id, "insert"));
        // every value converts (and is refused) before anything is sent
        values.forEach((k, v) -> {
            if (k.equals(PointRows.VECTOR)) {
                p.setVectors(vectors(v, "insert"));
            } else if (!k.equals(PointRows.ID)) {
                p.putPayload(k, json(v, "insert"));
            }
        });
        if (exists(c, p.getId(), "insert")) {
            throw DriverException.of(
                    ErrorKind.CONFLICT,
                    QdrantDriver.NAME,
                    "insert",
                    "a point with this id exists: insert" + " does not replace it (an upsert document does)");
        }
        session.call(
                "insert",
                session.points(),
                CallDeadline.after(TIMEOUT),
                s -> s.upsert(UpsertPoints.newBuilder()
                        .setCollectionName(c.name())
                        .setWait(true)
                        .setUpdateMode(UpdateMode.InsertOnly)
                        .addPoints(p)
                        .build()));
        return 1;
    }

    @Override
    public long update(CollectionRef c, Map<String, Value> key, Map<String, Value> changes) {
        catalog.requireNamespace(c.namespace().orElse(""), "update");
        PointId id = key(key, "update");
        Map<String, JsonWithInt.Value> payload = new LinkedHashMap<>();
        Vectors vectors = null;
        for (Map.Entry<String, Value> e : changes.entrySet()) {
            if (e.getKey().equals(PointRows.ID)) {
                throw new IllegalArgumentException("a point's id cannot change");
            } else if (e.getKey().equals(PointRows.VECTOR)) {
                vectors = vectors(e.getValue(), "update");
            } else {
                payload.put(e.getKey(), json(e.getValue(), "update"));
            }
        }
        if (!exists(c, id, "update")) {
            return 0;
        }
        PointsSelector sel = PointsSelector.newBuilder()
                .setPoints(PointsIdsList.newBuilder().addIds(id))
                .build();
        if (!payload.isEmpty()) {
            session.call(
                    "update",
                    session.points(),
                    CallDeadline.after(TIMEOUT),
                    s -> s.setPayload(SetPayloadPoints.newBuilder()
                            .setCollectionName(c.name())
                            .setWait(true)
                            .putAllPayload(payload)
                            .setPointsSelector(sel)
                            .build()));
        }
        if (vectors != null) {
            PointVectors pv =
                    PointVectors.newBuilder().setId(id).setVectors(vectors).build();
            session.call(
                    "update",
                    session.points(),
                    CallDeadline.after(TIMEOUT),
                    s -> s.updateVectors(UpdatePointVectors.newBuilder()
                            .setCollectionName(c.name())
                            .setWait(true)
                            .addPoints(pv)
                            .build()));
        }
        return 1;
    }

    @Override
    public long delete(CollectionRef c, Map<String, Value> key) {
        catalog.requireNamespace(c.namespace().orElse(""), "delete");
        PointId id = key(key, "delete");
        if (!exists(c, id, "delete")) {
            return 0;
        }
        session.call(
                "delete",
                session.points(),
                CallDeadline.after(TIMEOUT),
                s -> s.delete(DeletePoints.newBuilder()
                        .setCollectionName(c.name())
                        .setWait(true)
                        .setPoints(PointsSelector.newBuilder()
                                .setPoints(PointsIdsList.newBuilder().addIds(id)))
                        .build()));
        return 1;
    }

    private boolean exists(CollectionRef c, PointId id, String op) {
        GetPoints req =
                GetPoints.newBuilder().setCollectionName(c.name()).addIds(id).build();
        return session.call(op, session.points(), CallDeadline.after(TIMEOUT), s -> s.get(req))
                        .getResultCount()
                > 0;
    }

    private static PointId key(Map<String, Value> key, String op) {
        if (key.size() != 1 || !key.containsKey(PointRows.ID)) {
            throw new IllegalArgumentException("a point's key is {id: …}: " + key.keySet());
        }
        return pointId(key.get(PointRows.ID), op);
    }

    static PointId pointId(Value v, String op) {
        if (v instanceof Value.Int && ((Value.Int) v).value() >= 0) {
            return PointId.newBuilder().setNum(((Value.Int) v).value()).build();
        }
        if (v instanceof Value.Uuid) {
            return PointId.newBuilder()
                    .setUuid(((Value.Uuid) v).value().toString())
                    .build();
        }
        if (v instanceof Value.Text) {
            try {
                return PointId.newBuilder()
                        .setUuid(java.util
                                .UUID
                                .fromString(((Value.Text) v).value())
                                .toString())
                        .build();
            } catch (IllegalArgumentException e) {
                // falls through to the refusal
            }
        }
        throw DriverException.of(
                ErrorKind.INVALID_ARGUMENT, QdrantDriver.NAME, op, "a point id is an unsigned integer or a UUID");
    }

    static Vectors vectors(Value v, String op) {
        if (v instanceof Value.Vector) {
            return Vectors.newBuilder().setVector(vector((Value.Vector) v, op)).build();
        }
        if (v instanceof Value.Doc) {
            NamedVectors.Builder named = NamedVectors.newBuilder();
            for (Map.Entry<String, Value> e : ((Value.Doc) v).fields().entrySet()) {
                if (!(e.getValue() instanceof Value.Vector)) {
                    throw DriverException.of(
                            ErrorKind.INVALID_ARGUMENT, QdrantDriver.NAME, op, "named vectors are Vector values");
                }
                named.putVectors(e.getKey(), vector((Value.Vector) e.getValue(), op));
            }
            return Vectors.newBuilder().setVectors(named).build();
        }
        throw DriverException.of(
                ErrorKind.INVALID_ARGUMENT, QdrantDriver.NAME, op, "\"vector\" is a Vector, or a Doc of named vectors");
    }

    private static Vector vector(Value.Vector v, String op) {
        return Vector.newBuilder().setDense(dense(v, op)).build();
    }

    /** A vector's components, refused when one is NaN or infinite: no distance is defined on them. */
    static DenseVector.Builder dense(Value.Vector v, String op) {
        DenseVector.Builder d = DenseVector.newBuilder();
        for (float f : v.values()) {
            d.addData((float) finite(f, op));
        }
        return d;
    }

    /**
     * A value as payload JSON: numbers and text as such, other scalars in their display form. The one
     * path a caller's value takes into a payload: its nesting is checked here, once, before any of it
     * converts, against {@value #MAX_DEPTH} levels.
     *
     * @throws DriverException INVALID_ARGUMENT for NaN or an infinity anywhere (JSON has neither), a
     *     Decimal past a double's range, or nesting past {@value #MAX_DEPTH} levels
     */
    static JsonWithInt.Value json(Value v, String op) {
        ValueDepth.check(v, MAX_DEPTH, QdrantDriver.NAME, op);
        return convert(v, op);
    }

    private static double finite(double d, String op) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            throw DriverException.of(
                    ErrorKind.INVALID_ARGUMENT,
                    QdrantDriver.NAME,
                    op,
                    "a number must be finite: Qdrant's payloads are JSON, which has no NaN or infinity, and vectors have no distance over them");
        }
        return d;
    }

    private static JsonWithInt.Value convert(Value v, String op) {
        JsonWithInt.Value.Builder b = JsonWithInt.Value.newBuilder();
        switch (v.kind()) {
            case NULL:
                return b.setNullValue(NullValue.NULL_VALUE).build();
            case BOOL:
                return b.setBoolValue(((Value.Bool) v).value()).build();
            case INT:
                return b.setIntegerValue(((Value.Int) v).value()).build();
            case FLOAT:
                return b.setDoubleValue(finite(((Value.Float) v).value(), op)).build();
            case DECIMAL:
                return b.setDoubleValue(finite(((Value.Decimal) v).value().doubleValue(), op))
                        .build();
            case TEXT:
                return b.setStringValue(((Value.Text) v).value()).build();
            case BYTES:
                return b.setStringValue(Base64.getEncoder().encodeToString(((Value.Bytes) v).value()))
                        .build();
            case ARRAY: {
                ListValue.Builder l = ListValue.newBuilder();
                for (Value x : ((Value.Array) v).values()) {
                    l.addValues(convert(x, op));
                }
                return b.setListValue(l).build();
            }
            case DOC: {
                Struct.Builder s = Struct.newBuilder();
                ((Value.Doc) v).fields().forEach((k, x) -> s.putFields(k, convert(x, op)));
                return b.setStructValue(s).build();
            }
            case VECTOR: {
                ListValue.Builder l = ListValue.newBuilder();
                for (float f : ((Value.Vector) v).values()) {
                    l.addValues(JsonWithInt.Value.newBuilder().setDoubleValue(finite(f, op)));
                }
                return b.setListValue(l).build();
            }
            default:
                return b.setStringValue(v.toString()).build();
        }
    }
}
