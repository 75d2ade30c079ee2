package dev.tobira.driver.qdrant;

import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import dev.tobira.spi.CallDeadline;
import dev.tobira.spi.base.Catalog;
import io.qdrant.client.grpc.Collections.CollectionDescription;
import io.qdrant.client.grpc.Collections.GetCollectionInfoRequest;
import io.qdrant.client.grpc.Collections.ListCollectionsRequest;
import io.qdrant.client.grpc.Collections.PayloadSchemaInfo;
import io.qdrant.client.grpc.Collections.VectorParams;
import io.qdrant.client.grpc.Collections.VectorsConfig;
import io.qdrant.client.grpc.JsonWithInt;
import io.qdrant.client.grpc.Points.RetrievedPoint;
import io.qdrant.client.grpc.Points.ScrollPoints;
import io.qdrant.client.grpc.Points.WithPayloadSelector;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The catalogue: one namespace, {@value #NAMESPACE}, whose collections are the server's; and
 * {@code describe}: the point id ({@code id}, the primary key), the vector configuration (one
 * {@code vector} field for an unnamed vector, {@code vector.<name>} for each named one, their native
 * types giving size and distance), the fields of a bounded sample of payloads, and the payload
 * indexes with their schema.
 */
final class QdrantCatalog implements Catalog {
    static final String NAMESPACE = "default";
    static final Duration METADATA_TIMEOUT = Duration.ofSeconds(30);

    private final QdrantSession session;

    QdrantCatalog(QdrantSession session) {
        this.session = session;
    }

    void requireNamespace(String namespace, String op) {
        if (!namespace.isEmpty() && !namespace.equals(NAMESPACE)) {
            throw DriverException.of(
                    ErrorKind.NOT_FOUND,
                    QdrantDriver.NAME,
                    op,
                    "no namespace \"" + Display.clip(namespace) + "\": a Qdrant connection has one, " + NAMESPACE);
        }
    }

    List<String> names(String op) {
        var reply = session.call(
                op,
                session.collections(),
                CallDeadline.after(METADATA_TIMEOUT),
                s -> s.list(ListCollectionsRequest.getDefaultInstance()));
        List<String> out = new ArrayList<>();
        for (CollectionDescription d : reply.getCollectionsList()) {
            out.add(d.getName());
        }
        out.sort(null);
        return out;
    }

    @Override
    public List<String> namespaces() {
        return List.of(NAMESPACE);
    }

    @Override
    public List<CollectionRef> collections(Optional<String> namespace) {
        requireNamespace(namespace.orElse(""), "collections");
        List<CollectionRef> out = new ArrayList<>();
        for (String n : names("collections")) {
            out.add(CollectionRef.of(NAMESPACE, n));
        }
        return out;
    }

    io.qdrant.client.grpc.Collections.CollectionInfo info(String collection, String op) {
        return session.call(
                        op,
                        session.collections(),
                        CallDeadline.after(METADATA_TIMEOUT),
                        s -> s.get(GetCollectionInfoRequest.newBuilder()
                                .setCollectionName(collection)
                                .build()))
                .getResult();
    }

    @Override
    public CollectionInfo describe(CollectionRef ref) {
        requireNamespace(ref.namespace().orElse(""), "describe");
        var info = info(ref.name(), "describe");
        List<Column> fields = new ArrayList<>();
        fields.add(Column.of(PointRows.ID, Value.Kind.INT, "point id (unsigned integer or UUID)", false));
        VectorsConfig vc = info.getConfig().getParams().getVectorsConfig();
        if (vc.hasParams()) {
            fields.add(Column.of(PointRows.VECTOR, Value.Kind.VECTOR, vectorType(vc.getParams()), true));
        } else if (vc.hasParamsMap()) {
            new TreeMap<>(vc.getParamsMap().getMapMap())
                    .forEach((name, p) -> fields.add(
                            Column.of(PointRows.VECTOR + "." + name, Value.Kind.VECTOR, vectorType(p), true)));
        }
        Map<String, PayloadSchemaInfo> schema = new TreeMap<>(info.getPayloadSchemaMap());
        Map<String, Column> payload = new LinkedHashMap<>();
        for (Map.Entry<String, Value.Kind> e : sample(ref.name()).entrySet()) {
            PayloadSchemaInfo indexed = schema.get(e.getKey());
            String type = indexed != null
                    ? "payload " + schemaName(indexed) + " (indexed)"
                    : "payload " + lower(e.getValue().name());
            payload.put(e.getKey(), Column.of(e.getKey(), e.getValue(), type, true));
        }
        schema.forEach((name, s) -> payload.putIfAbsent(
                name, Column.of(name, schemaKind(s), "payload " + schemaName(s) + " (indexed)", true)));
        fields.addAll(payload.values());
        List<CollectionInfo.Index> indexes = new ArrayList<>();
        schema.forEach((name, s) ->
                indexes.add(new CollectionInfo.Index(name + " (" + schemaName(s) + ")", List.of(name), false)));
        return new CollectionInfo(
                CollectionRef.of(NAMESPACE, ref.name()),
                "collection",
                fields,
                List.of(PointRows.ID),
                List.of(),
                indexes);
    }

    /** The payload fields of up to {@code describeSample} points, each of its first non-null kind. */
    private Map<String, Value.Kind> sample(String collection) {
        Map<String, Value.Kind> kinds = new TreeMap<>();
        int n = session.target().describeSample();
        if (n == 0) {
            return kinds;
        }
        ScrollPoints req = ScrollPoints.newBuilder()
                .setCollectionName(collection)
                .setLimit(n)
                .setWithPayload(WithPayloadSelector.newBuilder().setEnable(true))
                .build();
        var reply =
                session.call("describe", session.points(), CallDeadline.after(METADATA_TIMEOUT), s -> s.scroll(req));
        for (RetrievedPoint p : reply.getResultList()) {
            for (Map.Entry<String, JsonWithInt.Value> e : p.getPayloadMap().entrySet()) {
                Value.Kind k = PointRows.kind(e.getValue());
                Value.Kind known = kinds.get(e.getKey());
                if (known == null || known == Value.Kind.NULL) {
                    kinds.put(e.getKey(), k);
                }
            }
        }
        return kinds;
    }

    private static String vectorType(VectorParams p) {
        return "vector(" + p.getSize() + ", " + p.getDistance().name() + ")";
    }

    private static String schemaName(PayloadSchemaInfo s) {
        return lower(s.getDataType().name());
    }

    private static Value.Kind schemaKind(PayloadSchemaInfo s) {
        switch (s.getDataType()) {
            case Integer:
                return Value.Kind.INT;
            case Float:
                return Value.Kind.FLOAT;
            case Bool:
                return Value.Kind.BOOL;
            case Geo:
                return Value.Kind.DOC;
            default:
                return Value.Kind.TEXT;
        }
    }

    private static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
