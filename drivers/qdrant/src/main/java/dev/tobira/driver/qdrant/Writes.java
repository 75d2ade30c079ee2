package dev.tobira.driver.qdrant;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.ResultSet;
import dev.tobira.spi.CallDeadline;
import dev.tobira.spi.ResultSets;
import io.qdrant.client.grpc.Collections.AliasOperations;
import io.qdrant.client.grpc.Collections.ChangeAliases;
import io.qdrant.client.grpc.Collections.CreateAlias;
import io.qdrant.client.grpc.Collections.CreateCollection;
import io.qdrant.client.grpc.Collections.DeleteAlias;
import io.qdrant.client.grpc.Collections.DeleteCollection;
import io.qdrant.client.grpc.Collections.Distance;
import io.qdrant.client.grpc.Collections.RenameAlias;
import io.qdrant.client.grpc.Collections.VectorParams;
import io.qdrant.client.grpc.Collections.VectorParamsMap;
import io.qdrant.client.grpc.Collections.VectorsConfig;
import io.qdrant.client.grpc.Points.ClearPayloadPoints;
import io.qdrant.client.grpc.Points.CreateFieldIndexCollection;
import io.qdrant.client.grpc.Points.DeleteFieldIndexCollection;
import io.qdrant.client.grpc.Points.DeletePayloadPoints;
import io.qdrant.client.grpc.Points.DeletePointVectors;
import io.qdrant.client.grpc.Points.DeletePoints;
import io.qdrant.client.grpc.Points.FieldType;
import io.qdrant.client.grpc.Points.PointStruct;
import io.qdrant.client.grpc.Points.PointVectors;
import io.qdrant.client.grpc.Points.PointsSelector;
import io.qdrant.client.grpc.Points.PointsUpdateOperation;
import io.qdrant.client.grpc.Points.SetPayloadPoints;
import io.qdrant.client.grpc.Points.UpdateBatchPoints;
import io.qdrant.client.grpc.Points.UpdatePointVectors;
import io.qdrant.client.grpc.Points.UpsertPoints;
import io.qdrant.client.grpc.Points.VectorsSelector;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The writes a writable connection sends, each built from its REST body: the point operations
 * ({@code upsert}, {@code delete}, the four payload operations, {@code update_vectors},
 * {@code delete_vectors}, {@code batch}) and a few of the control plane ({@code create_collection},
 * {@code delete_collection}, {@code create_payload_index}, {@code delete_payload_index},
 * {@code update_aliases}). Each waits
 * for the server to apply it ({@code wait} defaults to true here, unlike REST), so the next read sees
 * it. Every other known operation is {@code UNSUPPORTED} on a writable connection.
 */
final class Writes {
    private static final String OP = "query";

    private final QdrantSession session;

    Writes(QdrantSession session) {
        this.session = session;
    }

    ResultSet run(Request request, CallDeadline deadline, long start) {
        Operation o = request.operation();
        if (!o.runs()) {
            throw DriverException.of(
                    ErrorKind.UNSUPPORTED,
                    QdrantDriver.NAME,
                    OP,
                    o.restName() + " is not sent by this driver: use Qdrant's own API or console");
        }
        Body b = new Body(request.body(), o.restName(), OP);
        if (o == Operation.UPDATE_ALIASES) {
            // REST's POST /collections/aliases: the collections are in the actions
            ChangeAliases req = aliases(b.required("actions"));
            b.done();
            session.call(OP, session.collections(), deadline, s -> s.updateAliases(req));
            return ResultSets.affected(QdrantDriver.NAME, req.getActionsCount(), start);
        }
        String collection = request.collection(OP);
        b.opt("collection");
        boolean wait = b.optBool("wait").orElse(true);
        long affected;
        switch (o) {
            case UPSERT: {
                List<PointStruct> points = points(b.required("points"), o.restName() + ".points", true);
                b.done();
                session.call(
                        OP,
                        session.points(),
                        deadline,
                        s -> s.upsert(UpsertPoints.newBuilder()
                                .setCollectionName(collection)
                                .setWait(wait)
                                .addAllPoints(points)
                                .build()));
                affected = points.size();
                break;
            }
            case DELETE: {
                PointsSelector sel = Protos.selector(b);
                b.done();
                session.call(
                        OP,
                        session.points(),
                        deadline,
                        s -> s.delete(DeletePoints.newBuilder()
                                .setCollectionName(collection)
                                .setWait(wait)
                                .setPoints(sel)
                                .build()));
                affected = count(sel);
                break;
            }
            case SET_PAYLOAD:
            case OVERWRITE_PAYLOAD: {
                SetPayloadPoints.Builder sp = SetPayloadPoints.newBuilder()
                        .setCollectionName(collection)
                        .setWait(wait)
                        .putAllPayload(Protos.payload(b.required("payload"), o.restName() + ".payload", OP))
                        .setPointsSelector(Protos.selector(b));
                b.optText("key").ifPresent(sp::setKey);
                b.done();
                SetPayloadPoints req = sp.build();
                if (o == Operation.SET_PAYLOAD) {
                    session.call(OP, session.points(), deadline, s -> s.setPayload(req));
                } else {
                    session.call(OP, session.points(), deadline, s -> s.overwritePayload(req));
                }
                affected = count(req.getPointsSelector());
                break;
            }
            case DELETE_PAYLOAD: {
                DeletePayloadPoints req = DeletePayloadPoints.newBuilder()
                        .setCollectionName(collection)
                        .setWait(wait)
                        .addAllKeys(b.strings("keys"))
                        .setPointsSelector(Protos.selector(b))
                        .build();
                b.done();
                session.call(OP, session.points(), deadline, s -> s.deletePayload(req));
                affected = count(req.getPointsSelector());
                break;
            }
            case CLEAR_PAYLOAD: {
                PointsSelector sel = Protos.selector(b);
                b.done();
                session.call(
                        OP,
                        session.points(),
                        deadline,
                        s -> s.clearPayload(ClearPayloadPoints.newBuilder()
                                .setCollectionName(collection)
                                .setWait(wait)
                                .setPoints(sel)
                                .build()));
                affected = count(sel);
                break;
            }
            case UPDATE_VECTORS: {
                List<PointVectors> pv = pointVectors(b.required("points"), o.restName() + ".points");
                b.done();
                session.call(
                        OP,
                        session.points(),
                        deadline,
                        s -> s.updateVectors(UpdatePointVectors.newBuilder()
                                .setCollectionName(collection)
                                .setWait(wait)
                                .addAllPoints(pv)
                                .build()));
                affected = pv.size();
                break;
            }
            case DELETE_VECTORS: {
                DeletePointVectors req = DeletePointVectors.newBuilder()
                        .setCollectionName(collection)
                        .setWait(wait)
                        .setVectors(VectorsSelector.newBuilder().addAllNames(b.strings("vector")))
                        .setPointsSelector(Protos.selector(b))
                        .build();
                b.done();
                session.call(OP, session.points(), deadline, s -> s.deleteVectors(req));
                affected = count(req.getPointsSelector());
                break;
            }
            case BATCH: {
                List<PointsUpdateOperation> ops = batch(b.required("operations"));
                b.done();
                session.call(
                        OP,
                        session.points(),
                        deadline,
                        s -> s.updateBatch(UpdateBatchPoints.newBuilder()
                                .setCollectionName(collection)
                                .setWait(wait)
                                .addAllOperations(ops)
                                .build()));
                affected = ops.size();
                break;
            }
            case CREATE_COLLECTION: {
                CreateCollection.Builder c = CreateCollection.newBuilder().setCollectionName(collection);
                b.opt("vectors").ifPresent(v -> c.setVectorsConfig(vectorsConfig(v)));
                b.done();
                session.call(OP, session.collections(), deadline, s -> s.create(c.build()));
                affected = 0;
                break;
            }
            case DELETE_COLLECTION: {
                b.done();
                session.call(
                        OP,
                        session.collections(),
                        deadline,
                        s -> s.delete(DeleteCollection.newBuilder()
                                .setCollectionName(collection)
                                .build()));
                affected = 0;
                break;
            }
            case CREATE_PAYLOAD_INDEX: {
                CreateFieldIndexCollection.Builder c = CreateFieldIndexCollection.newBuilder()
                        .setCollectionName(collection)
                        .setWait(wait)
                        .setFieldName(b.text("field_name"));
                b.optText("field_schema").ifPresent(t -> c.setFieldType(fieldType(t)));
                b.done();
                session.call(OP, session.points(), deadline, s -> s.createFieldIndex(c.build()));
                affected = 0;
                break;
            }
            case DELETE_PAYLOAD_INDEX: {
                DeleteFieldIndexCollection req = DeleteFieldIndexCollection.newBuilder()
                        .setCollectionName(collection)
                        .setWait(wait)
                        .setFieldName(b.text("field_name"))
                        .build();
                b.done();
                session.call(OP, session.points(), deadline, s -> s.deleteFieldIndex(req));
                affected = 0;
                break;
            }
            default:
                throw new IllegalStateException("not a write: " + o);
        }
        // -1: a write by filter, whose count Qdrant does not report
        return ResultSets.affected(
                QdrantDriver.NAME,
                affected < 0 ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(affected),
                start);
    }

    static List<PointStruct> points(JsonNode v, String where, boolean withPayload) {
        if (!v.isArray()) {
            throw Request.invalid(OP, where + " must be an array of points");
        }
        List<PointStruct> out = new ArrayList<>(v.size());
        for (JsonNode p : v) {
            Body pb = new Body(p, where + "[]", OP);
            PointStruct.Builder ps =
                    PointStruct.newBuilder().setId(Protos.pointId(pb.required("id"), where + "[].id", OP));
            pb.opt("vector").ifPresent(x -> ps.setVectors(Protos.vectors(x, where + "[].vector", OP)));
            if (withPayload) {
                pb.opt("payload").ifPresent(x -> ps.putAllPayload(Protos.payload(x, where + "[].payload", OP)));
            }
            pb.done();
            out.add(ps.build());
        }
        return out;
    }

    private static List<PointVectors> pointVectors(JsonNode v, String where) {
        List<PointVectors> out = new ArrayList<>();
        for (PointStruct p : points(v, where, false)) {
            if (!p.hasVectors()) {
                throw Request.invalid(OP, where + ": each point needs \"vector\"");
            }
            out.add(PointVectors.newBuilder()
                    .setId(p.getId())
                    .setVectors(p.getVectors())
                    .build());
        }
        return out;
    }

    /** REST's batch: a list of {@code {"<operation>": {…}}}, each a point operation of this collection. */
    private static List<PointsUpdateOperation> batch(JsonNode v) {
        if (!v.isArray()) {
            throw Request.invalid(OP, "batch.operations must be an array");
        }
        List<PointsUpdateOperation> out = new ArrayList<>();
        for (JsonNode one : v) {
            if (!one.isObject() || one.size() != 1) {
                throw Request.invalid(OP, "each of batch.operations is {\"<operation>\": {…}}");
            }
            Map.Entry<String, JsonNode> e = one.properties().iterator().next();
            String where = "batch." + Display.clip(e.getKey());
            Body b = new Body(e.getValue(), where, OP);
            PointsUpdateOperation.Builder u = PointsUpdateOperation.newBuilder();
            switch (e.getKey()) {
                case "upsert":
                    u.setUpsert(PointsUpdateOperation.PointStructList.newBuilder()
                            .addAllPoints(points(b.required("points"), where + ".points", true)));
                    break;
                case "delete":
                    u.setDeletePoints(
                            PointsUpdateOperation.DeletePoints.newBuilder().setPoints(Protos.selector(b)));
                    break;
                case "set_payload":
                    u.setSetPayload(PointsUpdateOperation.SetPayload.newBuilder()
                            .putAllPayload(Protos.payload(b.required("payload"), where + ".payload", OP))
                            .setPointsSelector(Protos.selector(b)));
                    break;
                case "overwrite_payload":
                    u.setOverwritePayload(PointsUpdateOperation.OverwritePayload.newBuilder()
                            .putAllPayload(Protos.payload(b.required("payload"), where + ".payload", OP))
                            .setPointsSelector(Protos.selector(b)));
                    break;
                case "delete_payload":
                    u.setDeletePayload(PointsUpdateOperation.DeletePayload.newBuilder()
                            .addAllKeys(b.strings("keys"))
                            .setPointsSelector(Protos.selector(b)));
                    break;
                case "clear_payload":
                    u.setClearPayload(
                            PointsUpdateOperation.ClearPayload.newBuilder().setPoints(Protos.selector(b)));
                    break;
                default:
                    throw Request.invalid(
                            OP,
                            "batch takes upsert, delete, set_payload, overwrite_payload, delete_payload"
                                    + " and clear_payload operations, not \"" + Display.clip(e.getKey()) + "\"");
            }
            b.done();
            out.add(u.build());
        }
        return out;
    }

    private static ChangeAliases aliases(JsonNode v) {
        if (!v.isArray()) {
            throw Request.invalid(OP, "update_aliases.actions must be an array");
        }
        ChangeAliases.Builder c = ChangeAliases.newBuilder();
        for (JsonNode one : v) {
            if (!one.isObject() || one.size() != 1) {
                throw Request.invalid(OP, "each of update_aliases.actions is {\"<action>\": {…}}");
            }
            Map.Entry<String, JsonNode> e = one.properties().iterator().next();
            String where = "update_aliases." + Display.clip(e.getKey());
            Body b = new Body(e.getValue(), where, OP);
            switch (e.getKey()) {
                case "create_alias":
                    c.addActions(AliasOperations.newBuilder()
                            .setCreateAlias(CreateAlias.newBuilder()
                                    .setCollectionName(b.text("collection_name"))
                                    .setAliasName(b.text("alias_name"))));
                    break;
                case "delete_alias":
                    c.addActions(AliasOperations.newBuilder()
                            .setDeleteAlias(DeleteAlias.newBuilder().setAliasName(b.text("alias_name"))));
                    break;
                case "rename_alias":
                    c.addActions(AliasOperations.newBuilder()
                            .setRenameAlias(RenameAlias.newBuilder()
                                    .setOldAliasName(b.text("old_alias_name"))
                                    .setNewAliasName(b.text("new_alias_name"))));
                    break;
                default:
                    throw Request.invalid(
                            OP,
                            "update_aliases takes create_alias, delete_alias and rename_alias, not \""
                                    + Display.clip(e.getKey()) + "\"");
            }
            b.done();
        }
        return c.build();
    }

    private static VectorsConfig vectorsConfig(JsonNode v) {
        if (v.has("size")) {
            return VectorsConfig.newBuilder()
                    .setParams(vectorParams(v, "create_collection.vectors"))
                    .build();
        }
        VectorParamsMap.Builder map = VectorParamsMap.newBuilder();
        Iterator<Map.Entry<String, JsonNode>> it = v.properties().iterator();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            map.putMap(e.getKey(), vectorParams(e.getValue(), "create_collection.vectors." + e.getKey()));
        }
        return VectorsConfig.newBuilder().setParamsMap(map).build();
    }

    private static VectorParams vectorParams(JsonNode v, String where) {
        Body b = new Body(v, where, OP);
        long size = b.optCount("size").orElseThrow(() -> Request.invalid(OP, where + " needs \"size\""));
        String distance = b.text("distance");
        b.done();
        Distance d;
        switch (distance) {
            case "Cosine":
                d = Distance.Cosine;
                break;
            case "Dot":
                d = Distance.Dot;
                break;
            case "Euclid":
                d = Distance.Euclid;
                break;
            case "Manhattan":
                d = Distance.Manhattan;
                break;
            default:
                throw Request.invalid(OP, where + ".distance is Cosine, Dot, Euclid or Manhattan");
        }
        return VectorParams.newBuilder().setSize(size).setDistance(d).build();
    }

    private static FieldType fieldType(String schema) {
        switch (schema.toLowerCase(Locale.ROOT)) {
            case "keyword":
                return FieldType.FieldTypeKeyword;
            case "integer":
                return FieldType.FieldTypeInteger;
            case "float":
                return FieldType.FieldTypeFloat;
            case "geo":
                return FieldType.FieldTypeGeo;
            case "text":
                return FieldType.FieldTypeText;
            case "bool":
                return FieldType.FieldTypeBool;
            case "datetime":
                return FieldType.FieldTypeDatetime;
            case "uuid":
                return FieldType.FieldTypeUuid;
            default:
                throw Request.invalid(OP, "field_schema is keyword, integer, float, geo, text, bool, datetime or uuid");
        }
    }

    private static long count(PointsSelector sel) {
        return sel.hasPoints() ? sel.getPoints().getIdsCount() : -1;
    }
}
