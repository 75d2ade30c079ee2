package dev.tobira.driver.qdrant;

import io.grpc.BindableService;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import io.qdrant.client.grpc.Collections;
import io.qdrant.client.grpc.Collections.CollectionOperationResponse;
import io.qdrant.client.grpc.Collections.Distance;
import io.qdrant.client.grpc.Collections.PayloadSchemaType;
import io.qdrant.client.grpc.Collections.VectorParams;
import io.qdrant.client.grpc.CollectionsGrpc;
import io.qdrant.client.grpc.Common.Condition;
import io.qdrant.client.grpc.Common.FieldCondition;
import io.qdrant.client.grpc.Common.Filter;
import io.qdrant.client.grpc.Common.Match;
import io.qdrant.client.grpc.Common.PointId;
import io.qdrant.client.grpc.Common.Range;
import io.qdrant.client.grpc.JsonWithInt.Value;
import io.qdrant.client.grpc.Points;
import io.qdrant.client.grpc.Points.PointStruct;
import io.qdrant.client.grpc.Points.PointsOperationResponse;
import io.qdrant.client.grpc.Points.PointsSelector;
import io.qdrant.client.grpc.Points.RetrievedPoint;
import io.qdrant.client.grpc.Points.ScoredPoint;
import io.qdrant.client.grpc.Points.UpdateResult;
import io.qdrant.client.grpc.Points.UpdateStatus;
import io.qdrant.client.grpc.Points.VectorInput;
import io.qdrant.client.grpc.Points.VectorOutput;
import io.qdrant.client.grpc.Points.WithPayloadSelector;
import io.qdrant.client.grpc.Points.WithVectorsSelector;
import io.qdrant.client.grpc.PointsGrpc;
import io.qdrant.client.grpc.QdrantGrpc;
import io.qdrant.client.grpc.QdrantOuterClass.HealthCheckReply;
import io.qdrant.client.grpc.QdrantOuterClass.HealthCheckRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * A small, faithful in-process Qdrant for the tests, on the client's own generated service bases:
 * exact (brute-force) Cosine, Dot, Euclid and Manhattan search, filters ({@code must},
 * {@code should}, {@code must_not}, {@code min_should}; match, range, is_empty, is_null, has_id,
 * nested filters), scroll by id with {@code next_page_offset}, count, facet, payload and vector
 * selection, collection info, and the point and collection writes. As Qdrant: a Cosine collection
 * stores its vectors normalised, Euclid and Manhattan scores are distances (smaller is nearer), numeric
 * ids sort before UUIDs, a missing collection is {@code NOT_FOUND}, a vector of the wrong size
 * {@code INVALID_ARGUMENT}. Served with Netty on a loopback port, so the driver's own channel and the
 * official client reach it as a real server; {@link #services()} also serves an in-process channel.
 */
final class FakeQdrant implements AutoCloseable {
    static final String VERSION = "1.16.0-fake";

    private final Map<String, Coll> collections = new TreeMap<>();
    private final Map<String, String> aliases = new TreeMap<>();
    /** The methods a read-only key may call, as Qdrant's {@code read_only_api_key} allows: the reads. */
    static final java.util.Set<String> READS = java.util.Set.of(
            "qdrant.Qdrant/HealthCheck",
            "qdrant.Collections/Get",
            "qdrant.Collections/List",
            "qdrant.Collections/ListAliases",
            "qdrant.Collections/ListCollectionAliases",
            "qdrant.Collections/CollectionExists",
            "qdrant.Points/Get",
            "qdrant.Points/Scroll",
            "qdrant.Points/Count",
            "qdrant.Points/Search",
            "qdrant.Points/SearchBatch",
            "qdrant.Points/Query",
            "qdrant.Points/QueryBatch",
            "qdrant.Points/Facet");

    private final String apiKey;
    private final String readOnlyKey;
    private Server server;

    FakeQdrant(String apiKey) {
        this(apiKey, null);
    }

    /** A fake that asks for {@code apiKey}, and also takes {@code readOnlyKey} for the reads alone. */
    FakeQdrant(String apiKey, String readOnlyKey) {
        this.apiKey = apiKey;
        this.readOnlyKey = readOnlyKey;
    }

    /** Starts on a free loopback port. */
    FakeQdrant start() {
        return start(0);
    }

    /** Starts on a loopback port, 0 for a free one. */
    FakeQdrant start(int port) {
        NettyServerBuilder b = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", port));
        for (var s : services()) {
            b.addService(s);
        }
        try {
            server = b.build().start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    int port() {
        return server.getPort();
    }

    List<io.grpc.ServerServiceDefinition> services() {
        ServerInterceptor auth = new ServerInterceptor() {
            @Override
            public <Q, R> ServerCall.Listener<Q> interceptCall(
                    ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
                String key = headers.get(Metadata.Key.of("api-key", Metadata.ASCII_STRING_MARSHALLER));
                String method = call.getMethodDescriptor().getFullMethodName();
                if (apiKey == null || apiKey.equals(key) || method.endsWith("HealthCheck")) {
                    return next.startCall(call, headers);
                }
                if (readOnlyKey != null && readOnlyKey.equals(key)) {
                    if (READS.contains(method)) {
                        return next.startCall(call, headers);
                    }
                    call.close(
                            Status.PERMISSION_DENIED.withDescription("Forbidden: Write access denied"), new Metadata());
                    return new ServerCall.Listener<>() {};
                }
                call.close(Status.UNAUTHENTICATED.withDescription("Invalid api-key"), new Metadata());
                return new ServerCall.Listener<>() {};
            }
        };
        List<BindableService> raw = List.of(new Health(), new CollectionsService(), new PointsService());
        return raw.stream().map(s -> ServerInterceptors.intercept(s, auth)).collect(Collectors.toList());
    }

    @Override
    public void close() {
        if (server != null) {
            server.shutdownNow();
            try {
                server.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    // ---- the store

    /** A collection: its vectors' parameters by name ("" for the unnamed one), its points by id, its indexes. */
    static final class Coll {
        final Map<String, VectorParams> vectors;
        final TreeMap<PointId, Pt> points = new TreeMap<>(ID_ORDER);
        final Map<String, PayloadSchemaType> indexes = new TreeMap<>();
        final boolean named;

        Coll(Map<String, VectorParams> vectors, boolean named) {
            this.vectors = vectors;
            this.named = named;
        }
    }

    /** A point: its payload and vectors. */
    static final class Pt {
        final PointId id;
        final LinkedHashMap<String, Value> payload = new LinkedHashMap<>();
        final Map<String, float[]> vectors = new TreeMap<>();

        Pt(PointId id) {
            this.id = id;
        }
    }

    /** Qdrant's order of ids: numbers first, ascending, then UUIDs. */
    static final Comparator<PointId> ID_ORDER = (a, b) -> {
        if (a.hasUuid() != b.hasUuid()) {
            return a.hasUuid() ? 1 : -1;
        }
        return a.hasUuid()
                ? UUID.fromString(a.getUuid()).compareTo(UUID.fromString(b.getUuid()))
                : Long.compareUnsigned(a.getNum(), b.getNum());
    };

    private synchronized <T> T locked(Supplier<T> f) {
        return f.get();
    }

    private Coll coll(String name) {
        Coll c = collections.get(aliases.getOrDefault(name, name));
        if (c == null) {
            throw Status.NOT_FOUND
                    .withDescription("Not found: Collection `" + name + "` doesn't exist!")
                    .asRuntimeException();
        }
        return c;
    }

    private static <T> void answer(StreamObserver<T> out, Supplier<T> f) {
        T reply;
        try {
            reply = f.get();
        } catch (StatusRuntimeException e) {
            out.onError(e);
            return;
        } catch (RuntimeException e) {
            out.onError(Status.INTERNAL.withDescription(String.valueOf(e)).asRuntimeException());
            return;
        }
        out.onNext(reply);
        out.onCompleted();
    }

    private static StatusRuntimeException invalid(String why) {
        return Status.INVALID_ARGUMENT.withDescription("Wrong input: " + why).asRuntimeException();
    }

    // ---- services

    final class Health extends QdrantGrpc.QdrantImplBase {
        @Override
        public void healthCheck(HealthCheckRequest request, StreamObserver<HealthCheckReply> out) {
            answer(
                    out,
                    () -> HealthCheckReply.newBuilder()
                            .setTitle("qdrant - vector search engine (tobira test fake)")
                            .setVersion(VERSION)
                            .build());
        }
    }

    final class CollectionsService extends CollectionsGrpc.CollectionsImplBase {
        @Override
        public void list(
                Collections.ListCollectionsRequest request, StreamObserver<Collections.ListCollectionsResponse> out) {
            answer(
                    out,
                    () -> locked(() -> {
                        var r = Collections.ListCollectionsResponse.newBuilder();
                        collections
                                .keySet()
                                .forEach(n -> r.addCollections(Collections.CollectionDescription.newBuilder()
                                        .setName(n)));
                        return r.build();
                    }));
        }

        @Override
        public void get(
                Collections.GetCollectionInfoRequest request,
                StreamObserver<Collections.GetCollectionInfoResponse> out) {
            answer(
                    out,
                    () -> locked(() -> {
                        Coll c = coll(request.getCollectionName());
                        var vc = Collections.VectorsConfig.newBuilder();
                        if (c.named) {
                            vc.setParamsMap(
                                    Collections.VectorParamsMap.newBuilder().putAllMap(c.vectors));
                        } else if (c.vectors.containsKey("")) {
                            vc.setParams(c.vectors.get(""));
                        }
                        var info = Collections.CollectionInfo.newBuilder()
                                .setStatus(Collections.CollectionStatus.Green)
                                .setPointsCount(c.points.size())
                                .setConfig(Collections.CollectionConfig.newBuilder()
                                        .setParams(Collections.CollectionParams.newBuilder()
                                                .setShardNumber(1)
                                                .setVectorsConfig(vc)));
                        c.indexes.forEach((k, t) -> info.putPayloadSchema(
                                k,
                                Collections.PayloadSchemaInfo.newBuilder()
                                        .setDataType(t)
                                        .setPoints(c.points.values().stream()
                                                .filter(p ->
                                                        !lookup(p.payload, k).isEmpty())
                                                .count())
                                        .build()));
                        return Collections.GetCollectionInfoResponse.newBuilder()
                                .setResult(info)
                                .build();
                    }));
        }

        @Override
        public void create(Collections.CreateCollection request, StreamObserver<CollectionOperationResponse> out) {
            answer(
                    out,
                    () -> locked(() -> {
                        if (collections.containsKey(request.getCollectionName())) {
                            throw invalid("Collection `" + request.getCollectionName() + "` already exists!");
                        }
                        Map<String, VectorParams> v = new TreeMap<>();
                        var vc = request.getVectorsConfig();
                        if (vc.hasParams()) {
                            v.put("", vc.getParams());
                        } else if (vc.hasParamsMap()) {
                            v.putAll(vc.getParamsMap().getMapMap());
                        }
                        collections.put(request.getCollectionName(), new Coll(v, vc.hasParamsMap()));
                        return CollectionOperationResponse.newBuilder()
                                .setResult(true)
                                .build();
                    }));
        }

        @Override
        public void updateAliases(Collections.ChangeAliases request, StreamObserver<CollectionOperationResponse> out) {
            answer(
                    out,
                    () -> locked(() -> {
                        Map<String, String> next = new TreeMap<>(aliases);
                        for (Collections.AliasOperations a : request.getActionsList()) {
                            switch (a.getActionCase()) {
                                case CREATE_ALIAS:
                                    coll(a.getCreateAlias().getCollectionName());
                                    next.put(
                                            a.getCreateAlias().getAliasName(),
                                            a.getCreateAlias().getCollectionName());
                                    break;
                                case DELETE_ALIAS:
                                    if (next.remove(a.getDeleteAlias().getAliasName()) == null) {
                                        throw Status.NOT_FOUND
                                                .withDescription("Not found: Alias "
                                                        + a.getDeleteAlias().getAliasName() + " does not exists!")
                                                .asRuntimeException();
                                    }
                                    break;
                                case RENAME_ALIAS: {
                                    String target =
                                            next.remove(a.getRenameAlias().getOldAliasName());
                                    if (target == null) {
                                        throw Status.NOT_FOUND
                                                .withDescription("Not found: Alias "
                                                        + a.getRenameAlias().getOldAliasName() + " does not exists!")
                                                .asRuntimeException();
                                    }
                                    next.put(a.getRenameAlias().getNewAliasName(), target);
                                    break;
                                }
                                default:
                                    throw invalid("an alias operation needs an action");
                            }
                        }
                        aliases.clear();
                        aliases.putAll(next);
                        return CollectionOperationResponse.newBuilder()
                                .setResult(true)
                                .build();
                    }));
        }

        @Override
        public void listAliases(
                Collections.ListAliasesRequest request, StreamObserver<Collections.ListAliasesResponse> out) {
            answer(
                    out,
                    () -> locked(() -> {
                        var r = Collections.ListAliasesResponse.newBuilder();
                        aliases.forEach((a, c) -> r.addAliases(Collections.AliasDescription.newBuilder()
                                .setAliasName(a)
                                .setCollectionName(c)));
                        return r.build();
                    }));
        }

        @Override
        public void delete(Collections.DeleteCollection request, StreamObserver<CollectionOperationResponse> out) {
            answer(
                    out,
                    () -> locked(() -> {
                        boolean removed = collections.remove(request.getCollectionName()) != null;
                        aliases.values().removeIf(request.getCollectionName()::equals);
                        return CollectionOperationResponse.newBuilder()
                                .setResult(removed)
                                .build();
                    }));
        }
    }

    final class PointsService extends PointsGrpc.PointsImplBase {
        @Override
        public void upsert(Points.UpsertPoints r, StreamObserver<PointsOperationResponse> out) {
            answer(
                    out,
                    () -> locked(() -> {
                        Coll c = coll(r.getCollectionName());
                        List<Pt> made = new ArrayList<>();
                        for (PointStruct p : r.getPointsList()) {
                            Pt pt = new Pt(p.getId());
                            pt.payload.putAll(p.getPayloadMap());
                            if (p.hasVectors()) {
                                putVectors(c, pt, p.getVectors());
                            }
                            for (String name : c.vectors.keySet()) {
                                if (!pt.vectors.containsKey(name) && !c.named) {
                                    throw invalid("Vector dimension error: expected dim: "
                                            + c.vectors.get(name).getSize() + ", got 0");
                                }
                            }
                            made.add(pt);
                        }
                        boolean insertOnly = r.getUpdateMode() == Points.UpdateMode.InsertOnly;
                        boolean updateOnly = r.getUpdateMode() == Points.UpdateMode.UpdateOnly;
                        for (Pt pt : made) {
                            boolean there = c.points.containsKey(pt.id);
                            if (!(insertOnly && there) && !(updateOnly && !there)) {
                                c.points.put(pt.id, pt);
                            }
                        }
                        return done();
                    }));
        }

        @Override
        public void delete(Points.DeletePoints r, StreamObserver<PointsOperationResponse> out) {
            answer(
                    out,
                    () -> locked(() -> {
                        Coll c = coll(r.getCollectionName());
                        selected(c, r.getPoints()).forEach(p -> c.points.remove(p.id));
                        return done();
                    }));
        }

        @Override
        public void get(Points.GetPoints r, StreamObserver<Points.GetResponse> out) {
            answer(
                    out,
                    () -> locked(() -> {
                        Coll c = coll(r.getCollectionName());
                        var b = Points.GetResponse.newBuilder();
                        for (PointId id : r.getIdsList()) {
                            Pt p = c.points.get(id);
                            if (p != null) {
                                b.addResult(retrieved(
                                        c, p, r.getWithPayload(), r.hasWithVectors() ? r.getWithVectors() : null));
                            }
                        }
                        return b.build();
                    }));
        }

        @Override
        public void updateVectors(Points.UpdatePointVectors r, StreamObserver<PointsOperationResponse> out) {
            answer(
                    out,
                    () -> locked(() -> {
                        Coll c = coll(r.getCollectionName());
                        for (Points.PointVectors pv : r.getPointsList()) {
                            Pt p = existing(c, pv.getId());
                            putVectors(c, p, pv.getVectors());
                        }
                        return done();
                    }));
        }

        @Override
        public void deleteVectors(Points.DeletePointVectors r, StreamObserver<PointsOperationResponse> out) {
            answer(
                    out,
                    () -> locked(() -> {
                        Coll c = coll(r.getCollectionName());
                        for (Pt p : selected(c, r.getPointsSelector())) {
                            r.getVectors().getNamesList().forEach(p.vectors::remove);
                        }
                        return done();
                    }));
        }

        @Override
        public void setPayload(Points.SetPayloadPoints r, StreamObserver<PointsOperationResponse> out) {
            answer(
                    out,
                    () -> locked(() -> {
                        applyPayload(coll(r.getCollectionName()), r.getPointsSelector(), r.getPayloadMap(), false);
                        return done();
                    }));
        }

        @Override
        public void overwritePayload(Points.SetPayloadPoints r, StreamObserver<PointsOperationResponse> out) {
            answer(
                    out,
                    () -> locked(() -> {
                        applyPayload(coll(r.getCollectionName()), r.getPointsSelector(), r.getPayloadMap(), true);
                        return done();
                    }));
        }

        @Override
        public void deletePayload(Points.DeletePayloadPoints r, StreamObserver<PointsOperationResponse> out) {
            answer(
                    out,
                    () -> locked(() -> {
                        for (Pt p : selected(coll(r.getCollectionName()), r.getPointsSelector())) {
                            r.getKeysList().forEach(p.payload::remove);
                        }
                        return done();
                    }));
        }

        @Override
        public void clearPayload(Points.ClearPayloadPoints r, StreamObserver<PointsOperationResponse> out) {
            answer(
                    out,
                    () -> locked(() -> {
                        selected(coll(r.getCollectionName()), r.getPoints()).forEach(p -> p.payload.clear());
                        return done();
                    }));
        }

        @Override
        public void createFieldIndex(Points.CreateFieldIndexCollection r, StreamObserver<PointsOperationResponse> out) {
            answer(
                    out,
                    () -> locked(() -> {
                        coll(r.getCollectionName()).indexes.put(r.getFieldName(), schemaType(r.getFieldType()));
                        return done();
                    }));
        }

        @Override
        public void deleteFieldIndex(Points.DeleteFieldIndexCollection r, StreamObserver<PointsOperationResponse> out) {
            answer(
                    out,
                    () -> locked(() -> {
                        coll(r.getCollectionName()).indexes.remove(r.getFieldName());
                        return done();
                    }));
        }

        @Override
        public void updateBatch(Points.UpdateBatchPoints r, StreamObserver<Points.UpdateBatchResponse> out) {
            answer(
                    out,
                    () -> locked(() -> {
                        Coll c = coll(r.getCollectionName());
                        var b = Points.UpdateBatchResponse.newBuilder();
                        for (Points.PointsUpdateOperation op : r.getOperationsList()) {
                            switch (op.getOperationCase()) {
                                case UPSERT:
                                    for (PointStruct p : op.getUpsert().getPointsList()) {
                                        Pt pt = new Pt(p.getId());
                                        pt.payload.putAll(p.getPayloadMap());
                                        if (p.hasVectors()) {
                                            putVectors(c, pt, p.getVectors());
                                        }
                                        c.points.put(pt.id, pt);
                                    }
                                    break;
                                case DELETE_POINTS:
                                    selected(c, op.getDeletePoints().getPoints())
                                            .forEach(p -> c.points.remove(p.id));
                                    break;
                                case SET_PAYLOAD:
                                    applyPayload(
                                            c,
                                            op.getSetPayload().getPointsSelector(),
                                            op.getSetPayload().getPayloadMap(),
                                            false);
                                    break;
                                case OVERWRITE_PAYLOAD:
                                    applyPayload(
                                            c,
                                            op.getOverwritePayload().getPointsSelector(),
                                            op.getOverwritePayload().getPayloadMap(),
                                            true);
                                    break;
                                case DELETE_PAYLOAD:
                                    for (Pt p :
                                            selected(c, op.getDeletePayload().getPointsSelector())) {
                                        op.getDeletePayload().getKeysList().forEach(p.payload::remove);
                                    }
                                    break;
                                case CLEAR_PAYLOAD:
                                    selected(c, op.getClearPayload().getPoints())
                                            .forEach(p -> p.payload.clear());
                                    break;
                                default:
                                    throw Status.UNIMPLEMENTED
                                            .withDescription("the fake has no " + op.getOperationCase())
                                            .asRuntimeException();
                            }
                            b.addResult(UpdateResult.newBuilder().setStatus(UpdateStatus.Completed));
                        }
                        return b.build();
                    }));
        }

        @Override
        public void scroll(Points.ScrollPoints r, StreamObserver<Points.ScrollResponse> out) {
            answer(
                    out,
                    () -> locked(() -> {
                        Coll c = coll(r.getCollectionName());
                        int limit = r.hasLimit() ? r.getLimit() : 10;
                        var b = Points.ScrollResponse.newBuilder();
                        var from = r.hasOffset() ? c.points.tailMap(r.getOffset(), true) : c.points;
                        for (Pt p : from.values()) {
                            if (!matches(r.getFilter(), p)) {
                                continue;
                            }
                            if (b.getResultCount() == limit) {
                                b.setNextPageOffset(p.id);
                                break;
                            }
                            b.addResult(retrieved(
                                    c, p, r.getWithPayload(), r.hasWithVectors() ? r.getWithVectors() : null));
                        }
                        return b.build();
                    }));
        }

        @Override
        public void count(Points.CountPoints r, StreamObserver<Points.CountResponse> out) {
            answer(
                    out,
                    () -> locked(() -> {
                        Coll c = coll(r.getCollectionName());
                        long n = c.points.values().stream()
                                .filter(p -> matches(r.getFilter(), p))
                                .count();
                        return Points.CountResponse.newBuilder()
                                .setResult(Points.CountResult.newBuilder().setCount(n))
                                .build();
                    }));
        }

        @Override
        public void search(Points.SearchPoints r, StreamObserver<Points.SearchResponse> out) {
            answer(
                    out,
                    () -> locked(() -> {
                        Coll c = coll(r.getCollectionName());
                        float[] q = toArray(r.getVectorList());
                        String using = r.hasVectorName() ? r.getVectorName() : "";
                        var hits = nearest(
                                c,
                                using,
                                q,
                                r.getFilter(),
                                r.getLimit(),
                                r.hasOffset() ? r.getOffset() : 0,
                                r.hasScoreThreshold() ? r.getScoreThreshold() : null,
                                r.getWithPayload(),
                                r.hasWithVectors() ? r.getWithVectors() : null);
                        return Points.SearchResponse.newBuilder()
                                .addAllResult(hits)
                                .build();
                    }));
        }

        @Override
        public void query(Points.QueryPoints r, StreamObserver<Points.QueryResponse> out) {
            answer(
                    out,
                    () -> locked(() -> {
                        Coll c = coll(r.getCollectionName());
                        long limit = r.hasLimit() ? r.getLimit() : 10;
                        long offset = r.hasOffset() ? r.getOffset() : 0;
                        String using = r.hasUsing() ? r.getUsing() : "";
                        WithVectorsSelector wv = r.hasWithVectors() ? r.getWithVectors() : null;
                        if (!r.hasQuery()) {
                            List<ScoredPoint> hits = c.points.values().stream()
                                    .filter(p -> matches(r.getFilter(), p))
                                    .skip(offset)
                                    .limit(limit)
                                    .map(p -> scored(c, p, 0f, r.getWithPayload(), wv))
                                    .collect(Collectors.toList());
                            return Points.QueryResponse.newBuilder()
                                    .addAllResult(hits)
                                    .build();
                        }
                        if (!r.getQuery().hasNearest()) {
                            throw Status.UNIMPLEMENTED
                                    .withDescription("the fake answers nearest queries only")
                                    .asRuntimeException();
                        }
                        VectorInput in = r.getQuery().getNearest();
                        float[] q;
                        switch (in.getVariantCase()) {
                            case DENSE:
                                q = toArray(in.getDense().getDataList());
                                break;
                            case ID: {
                                Pt p = existing(c, in.getId());
                                q = p.vectors.get(using);
                                if (q == null) {
                                    throw invalid("Vector `" + using + "` of point " + in.getId() + " not found");
                                }
                                break;
                            }
                            case DOCUMENT:
                            case IMAGE:
                            case OBJECT: {
                                VectorParams params = c.vectors.get(using);
                                if (params == null) {
                                    throw invalid("Not existing vector name error: "
                                            + (using.isEmpty() ? "default vector" : using));
                                }
                                q = infer(in, (int) params.getSize());
                                break;
                            }
                            default:
                                throw Status.UNIMPLEMENTED
                                        .withDescription("the fake has no " + in.getVariantCase())
                                        .asRuntimeException();
                        }
                        // a query by a point's id leaves that point out of its neighbours
                        Filter filter = in.hasId()
                                ? r.getFilter().toBuilder()
                                        .addMustNot(Condition.newBuilder()
                                                .setHasId(io.qdrant.client.grpc.Common.HasIdCondition.newBuilder()
                                                        .addHasId(in.getId())))
                                        .build()
                                : r.getFilter();
                        var hits = nearest(
                                c,
                                using,
                                q,
                                filter,
                                limit,
                                offset,
                                r.hasScoreThreshold() ? r.getScoreThreshold() : null,
                                r.getWithPayload(),
                                wv);
                        return Points.QueryResponse.newBuilder()
                                .addAllResult(hits)
                                .build();
                    }));
        }

        @Override
        public void facet(Points.FacetCounts r, StreamObserver<Points.FacetResponse> out) {
            answer(
                    out,
                    () -> locked(() -> {
                        Coll c = coll(r.getCollectionName());
                        Map<Value, Long> counts = new HashMap<>();
                        for (Pt p : c.points.values()) {
                            if (matches(r.getFilter(), p)) {
                                lookup(p.payload, r.getKey()).stream()
                                        .distinct()
                                        .forEach(v -> counts.merge(v, 1L, Long::sum));
                            }
                        }
                        long limit = r.hasLimit() ? r.getLimit() : 10;
                        var b = Points.FacetResponse.newBuilder();
                        counts.entrySet().stream()
                                .filter(e -> e.getKey().hasStringValue()
                                        || e.getKey().hasIntegerValue()
                                        || e.getKey().hasBoolValue())
                                .sorted(Map.Entry.<Value, Long>comparingByValue()
                                        .reversed()
                                        .thenComparing(e -> e.getKey().toString()))
                                .limit(limit)
                                .forEach(e -> {
                                    var fv = Points.FacetValue.newBuilder();
                                    Value v = e.getKey();
                                    if (v.hasStringValue()) {
                                        fv.setStringValue(v.getStringValue());
                                    } else if (v.hasIntegerValue()) {
                                        fv.setIntegerValue(v.getIntegerValue());
                                    } else {
                                        fv.setBoolValue(v.getBoolValue());
                                    }
                                    b.addHits(Points.FacetHit.newBuilder()
                                            .setValue(fv)
                                            .setCount(e.getValue()));
                                });
                        return b.build();
                    }));
        }
    }

    // ---- the inference service

    private final List<String> inferences = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** What the fake's inference service was asked, as {@code <kind> <model>}: each is data sent out of a real Qdrant. */
    List<String> inferences() {
        return List.copyOf(inferences);
    }

    void forgetInferences() {
        inferences.clear();
    }

    /** Stands in for an embedding model: logs the request, and makes a vector from the input's hash. */
    private float[] infer(VectorInput in, int size) {
        String model;
        String input;
        switch (in.getVariantCase()) {
            case DOCUMENT:
                model = in.getDocument().getModel();
                input = in.getDocument().getText();
                break;
            case IMAGE:
                model = in.getImage().getModel();
                input = in.getImage().getImage().toString();
                break;
            default:
                model = in.getObject().getModel();
                input = in.getObject().getObject().toString();
        }
        inferences.add(in.getVariantCase() + " " + model);
        java.util.Random r = new java.util.Random(input.hashCode());
        float[] v = new float[size];
        for (int i = 0; i < size; i++) {
            v[i] = r.nextFloat();
        }
        return v;
    }

    // ---- points, vectors, payloads

    private static PointsOperationResponse done() {
        return PointsOperationResponse.newBuilder()
                .setResult(UpdateResult.newBuilder().setStatus(UpdateStatus.Completed))
                .build();
    }

    private static Pt existing(Coll c, PointId id) {
        Pt p = c.points.get(id);
        if (p == null) {
            throw Status.NOT_FOUND
                    .withDescription("No point with id " + (id.hasUuid() ? id.getUuid() : id.getNum()) + " found")
                    .asRuntimeException();
        }
        return p;
    }

    private List<Pt> selected(Coll c, PointsSelector s) {
        if (s.hasPoints()) {
            List<Pt> out = new ArrayList<>();
            for (PointId id : s.getPoints().getIdsList()) {
                Pt p = c.points.get(id);
                if (p != null) {
                    out.add(p);
                }
            }
            return out;
        }
        return c.points.values().stream().filter(p -> matches(s.getFilter(), p)).collect(Collectors.toList());
    }

    private void applyPayload(Coll c, PointsSelector s, Map<String, Value> payload, boolean overwrite) {
        for (Pt p : selected(c, s)) {
            if (overwrite) {
                p.payload.clear();
            }
            p.payload.putAll(payload);
        }
    }

    @SuppressWarnings("deprecation")
    private static void putVectors(Coll c, Pt pt, Points.Vectors v) {
        Map<String, Points.Vector> given =
                v.hasVector() ? Map.of("", v.getVector()) : v.getVectors().getVectorsMap();
        for (Map.Entry<String, Points.Vector> e : given.entrySet()) {
            VectorParams params = c.vectors.get(e.getKey());
            if (params == null) {
                throw invalid(
                        "Not existing vector name error: " + (e.getKey().isEmpty() ? "default vector" : e.getKey()));
            }
            Points.Vector vec = e.getValue();
            float[] data = toArray(vec.hasDense() ? vec.getDense().getDataList() : vec.getDataList());
            if (data.length != params.getSize()) {
                throw invalid("Vector dimension error: expected dim: " + params.getSize() + ", got " + data.length);
            }
            pt.vectors.put(e.getKey(), params.getDistance() == Distance.Cosine ? normalized(data) : data);
        }
    }

    private RetrievedPoint retrieved(Coll c, Pt p, WithPayloadSelector wp, WithVectorsSelector wv) {
        var b = RetrievedPoint.newBuilder().setId(p.id).putAllPayload(payload(p, wp));
        vectors(c, p, wv).ifPresent(b::setVectors);
        return b.build();
    }

    private ScoredPoint scored(Coll c, Pt p, float score, WithPayloadSelector wp, WithVectorsSelector wv) {
        var b = ScoredPoint.newBuilder().setId(p.id).setScore(score).putAllPayload(payload(p, wp));
        vectors(c, p, wv).ifPresent(b::setVectors);
        return b.build();
    }

    private static Map<String, Value> payload(Pt p, WithPayloadSelector wp) {
        switch (wp.getSelectorOptionsCase()) {
            case ENABLE:
                return wp.getEnable() ? p.payload : Map.of();
            case INCLUDE: {
                Map<String, Value> out = new LinkedHashMap<>();
                for (String f : wp.getInclude().getFieldsList()) {
                    if (p.payload.containsKey(f)) {
                        out.put(f, p.payload.get(f));
                    }
                }
                return out;
            }
            case EXCLUDE: {
                Map<String, Value> out = new LinkedHashMap<>(p.payload);
                wp.getExclude().getFieldsList().forEach(out::remove);
                return out;
            }
            default:
                return Map.of(); // gRPC's default: no payload
        }
    }

    private static java.util.Optional<Points.VectorsOutput> vectors(Coll c, Pt p, WithVectorsSelector wv) {
        if (wv == null || (wv.hasEnable() && !wv.getEnable())) {
            return java.util.Optional.empty();
        }
        List<String> names = wv.hasInclude() ? wv.getInclude().getNamesList() : new ArrayList<>(p.vectors.keySet());
        if (!c.named) {
            float[] v = p.vectors.get("");
            return v == null
                    ? java.util.Optional.empty()
                    : java.util.Optional.of(Points.VectorsOutput.newBuilder()
                            .setVector(output(v))
                            .build());
        }
        var named = Points.NamedVectorsOutput.newBuilder();
        for (String n : names) {
            float[] v = p.vectors.get(n);
            if (v != null) {
                named.putVectors(n, output(v));
            }
        }
        return java.util.Optional.of(
                Points.VectorsOutput.newBuilder().setVectors(named).build());
    }

    private static VectorOutput output(float[] v) {
        var d = Points.DenseVector.newBuilder();
        for (float f : v) {
            d.addData(f);
        }
        return VectorOutput.newBuilder().setDense(d).build();
    }

    private List<ScoredPoint> nearest(
            Coll c,
            String using,
            float[] q,
            Filter filter,
            long limit,
            long offset,
            Float threshold,
            WithPayloadSelector wp,
            WithVectorsSelector wv) {
        VectorParams params = c.vectors.get(using);
        if (params == null) {
            throw invalid("Not existing vector name error: " + (using.isEmpty() ? "default vector" : using));
        }
        if (q.length != params.getSize()) {
            throw invalid("Vector dimension error: expected dim: " + params.getSize() + ", got " + q.length);
        }
        Distance d = params.getDistance();
        float[] query = d == Distance.Cosine ? normalized(q) : q;
        boolean smallerIsBetter = d == Distance.Euclid || d == Distance.Manhattan;
        record Hit(Pt p, float score) {}
        List<Hit> hits = new ArrayList<>();
        for (Pt p : c.points.values()) {
            float[] v = p.vectors.get(using);
            if (v == null || !matches(filter, p)) {
                continue;
            }
            float s = score(d, query, v);
            if (threshold != null && (smallerIsBetter ? s > threshold : s < threshold)) {
                continue;
            }
            hits.add(new Hit(p, s));
        }
        Comparator<Hit> order = Comparator.comparingDouble(Hit::score);
        if (!smallerIsBetter) {
            order = order.reversed();
        }
        hits.sort(order.thenComparing(h -> h.p().id, ID_ORDER));
        return hits.stream()
                .skip(offset)
                .limit(limit)
                .map(h -> scored(c, h.p(), h.score(), wp, wv))
                .collect(Collectors.toList());
    }

    static float score(Distance d, float[] q, float[] v) {
        double s = 0;
        switch (d) {
            case Euclid:
                for (int i = 0; i < q.length; i++) {
                    s += (q[i] - v[i]) * (q[i] - v[i]);
                }
                return (float) Math.sqrt(s);
            case Manhattan:
                for (int i = 0; i < q.length; i++) {
                    s += Math.abs(q[i] - v[i]);
                }
                return (float) s;
            default:
                for (int i = 0; i < q.length; i++) {
                    s += q[i] * v[i];
                }
                return (float) s;
        }
    }

    private static float[] normalized(float[] v) {
        double n = 0;
        for (float f : v) {
            n += f * f;
        }
        n = Math.sqrt(n);
        if (n == 0) {
            return v.clone();
        }
        float[] out = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = (float) (v[i] / n);
        }
        return out;
    }

    private static float[] toArray(List<Float> l) {
        float[] out = new float[l.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = l.get(i);
        }
        return out;
    }

    private static PayloadSchemaType schemaType(Points.FieldType t) {
        switch (t) {
            case FieldTypeInteger:
                return PayloadSchemaType.Integer;
            case FieldTypeFloat:
                return PayloadSchemaType.Float;
            case FieldTypeGeo:
                return PayloadSchemaType.Geo;
            case FieldTypeText:
                return PayloadSchemaType.Text;
            case FieldTypeBool:
                return PayloadSchemaType.Bool;
            case FieldTypeDatetime:
                return PayloadSchemaType.Datetime;
            case FieldTypeUuid:
                return PayloadSchemaType.Uuid;
            default:
                return PayloadSchemaType.Keyword;
        }
    }

    // ---- filters

    boolean matches(Filter f, Pt p) {
        for (Condition c : f.getMustList()) {
            if (!holds(c, p)) {
                return false;
            }
        }
        for (Condition c : f.getMustNotList()) {
            if (holds(c, p)) {
                return false;
            }
        }
        if (f.getShouldCount() > 0 && f.getShouldList().stream().noneMatch(c -> holds(c, p))) {
            return false;
        }
        if (f.hasMinShould()) {
            long n = f.getMinShould().getConditionsList().stream()
                    .filter(c -> holds(c, p))
                    .count();
            return n >= f.getMinShould().getMinCount();
        }
        return true;
    }

    private boolean holds(Condition c, Pt p) {
        switch (c.getConditionOneOfCase()) {
            case FIELD:
                return field(c.getField(), lookup(p.payload, c.getField().getKey()));
            case IS_EMPTY: {
                List<Value> vs = lookup(p.payload, c.getIsEmpty().getKey());
                return vs.stream().allMatch(Value::hasNullValue);
            }
            case IS_NULL: {
                return lookupRaw(p.payload, c.getIsNull().getKey())
                        .map(Value::hasNullValue)
                        .orElse(false);
            }
            case HAS_ID:
                return c.getHasId().getHasIdList().contains(p.id);
            case FILTER:
                return matches(c.getFilter(), p);
            case NESTED: {
                for (Value v : lookup(p.payload, c.getNested().getKey())) {
                    if (v.hasStructValue()) {
                        Pt inner = new Pt(p.id);
                        inner.payload.putAll(v.getStructValue().getFieldsMap());
                        if (matches(c.getNested().getFilter(), inner)) {
                            return true;
                        }
                    }
                }
                return false;
            }
            default:
                throw Status.UNIMPLEMENTED
                        .withDescription("the fake has no " + c.getConditionOneOfCase() + " condition")
                        .asRuntimeException();
        }
    }

    private static boolean field(FieldCondition fc, List<Value> values) {
        if (fc.hasMatch()) {
            Match m = fc.getMatch();
            switch (m.getMatchValueCase()) {
                case EXCEPT_KEYWORDS:
                    return values.stream()
                            .noneMatch(v -> v.hasStringValue()
                                    && m.getExceptKeywords().getStringsList().contains(v.getStringValue()));
                case EXCEPT_INTEGERS:
                    return values.stream()
                            .noneMatch(v -> v.hasIntegerValue()
                                    && m.getExceptIntegers().getIntegersList().contains(v.getIntegerValue()));
                default:
                    return values.stream().anyMatch(v -> match(m, v));
            }
        }
        if (fc.hasRange()) {
            Range r = fc.getRange();
            return values.stream().anyMatch(v -> {
                if (!v.hasIntegerValue() && !v.hasDoubleValue()) {
                    return false;
                }
                double x = v.hasIntegerValue() ? v.getIntegerValue() : v.getDoubleValue();
                return (!r.hasGt() || x > r.getGt())
                        && (!r.hasGte() || x >= r.getGte())
                        && (!r.hasLt() || x < r.getLt())
                        && (!r.hasLte() || x <= r.getLte());
            });
        }
        throw Status.UNIMPLEMENTED
                .withDescription("the fake has no such field condition")
                .asRuntimeException();
    }

    private static boolean match(Match m, Value v) {
        switch (m.getMatchValueCase()) {
            case KEYWORD:
                return v.hasStringValue() && v.getStringValue().equals(m.getKeyword());
            case INTEGER:
                return v.hasIntegerValue() && v.getIntegerValue() == m.getInteger();
            case BOOLEAN:
                return v.hasBoolValue() && v.getBoolValue() == m.getBoolean();
            case TEXT:
            case PHRASE:
                return v.hasStringValue()
                        && v.getStringValue()
                                .contains(
                                        m.getMatchValueCase() == Match.MatchValueCase.TEXT
                                                ? m.getText()
                                                : m.getPhrase());
            case KEYWORDS:
                return v.hasStringValue() && m.getKeywords().getStringsList().contains(v.getStringValue());
            case INTEGERS:
                return v.hasIntegerValue() && m.getIntegers().getIntegersList().contains(v.getIntegerValue());
            default:
                throw Status.UNIMPLEMENTED
                        .withDescription("the fake has no " + m.getMatchValueCase() + " match")
                        .asRuntimeException();
        }
    }

    /** The values at a key path ({@code a.b}): an array's elements each count, as in Qdrant. */
    static List<Value> lookup(Map<String, Value> payload, String key) {
        List<Value> out = new ArrayList<>();
        lookupRaw(payload, key).ifPresent(v -> {
            if (v.hasListValue()) {
                out.addAll(v.getListValue().getValuesList());
            } else {
                out.add(v);
            }
        });
        return out;
    }

    private static java.util.Optional<Value> lookupRaw(Map<String, Value> payload, String key) {
        String[] parts = key.split("\\.");
        Map<String, Value> at = payload;
        Value v = null;
        for (int i = 0; i < parts.length; i++) {
            v = at.get(parts[i]);
            if (v == null) {
                return java.util.Optional.empty();
            }
            if (i < parts.length - 1) {
                if (!v.hasStructValue()) {
                    return java.util.Optional.empty();
                }
                at = v.getStructValue().getFieldsMap();
            }
        }
        return java.util.Optional.ofNullable(v);
    }
}
