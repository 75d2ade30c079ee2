package dev.tobira.driver.qdrant;

import com.fasterxml.jackson.databind.JsonNode;
import io.qdrant.client.grpc.Common.Condition;
import io.qdrant.client.grpc.Common.FieldCondition;
import io.qdrant.client.grpc.Common.Filter;
import io.qdrant.client.grpc.Common.HasIdCondition;
import io.qdrant.client.grpc.Common.IsEmptyCondition;
import io.qdrant.client.grpc.Common.IsNullCondition;
import io.qdrant.client.grpc.Common.Match;
import io.qdrant.client.grpc.Common.MinShould;
import io.qdrant.client.grpc.Common.NestedCondition;
import io.qdrant.client.grpc.Common.PointId;
import io.qdrant.client.grpc.Common.Range;
import io.qdrant.client.grpc.Common.RepeatedIntegers;
import io.qdrant.client.grpc.Common.RepeatedStrings;
import io.qdrant.client.grpc.JsonWithInt;
import io.qdrant.client.grpc.JsonWithInt.ListValue;
import io.qdrant.client.grpc.JsonWithInt.NullValue;
import io.qdrant.client.grpc.JsonWithInt.Struct;
import io.qdrant.client.grpc.Points.DenseVector;
import io.qdrant.client.grpc.Points.Document;
import io.qdrant.client.grpc.Points.Image;
import io.qdrant.client.grpc.Points.InferenceObject;
import io.qdrant.client.grpc.Points.NamedVectors;
import io.qdrant.client.grpc.Points.PayloadExcludeSelector;
import io.qdrant.client.grpc.Points.PayloadIncludeSelector;
import io.qdrant.client.grpc.Points.PointsIdsList;
import io.qdrant.client.grpc.Points.PointsSelector;
import io.qdrant.client.grpc.Points.Vector;
import io.qdrant.client.grpc.Points.VectorInput;
import io.qdrant.client.grpc.Points.Vectors;
import io.qdrant.client.grpc.Points.VectorsSelector;
import io.qdrant.client.grpc.Points.WithPayloadSelector;
import io.qdrant.client.grpc.Points.WithVectorsSelector;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The pieces of Qdrant's REST request bodies, read from JSON into the client's gRPC messages: point
 * ids, payload values, filters, payload and vector selectors, vectors and query inputs. Each piece
 * refuses a member it does not map ({@link Body#done()}).
 */
final class Protos {
    private Protos() {}

    static PointId pointId(JsonNode v, String where, String op) {
        if (v.isIntegralNumber() && v.canConvertToLong() && v.longValue() >= 0) {
            return PointId.newBuilder().setNum(v.longValue()).build();
        }
        if (v.isTextual()) {
            try {
                UUID u = UUID.fromString(v.textValue());
                return PointId.newBuilder().setUuid(u.toString()).build();
            } catch (IllegalArgumentException e) {
                throw Request.invalid(op, where + ": a point id is an unsigned integer or a UUID");
            }
        }
        throw Request.invalid(op, where + ": a point id is an unsigned integer or a UUID");
    }

    static List<PointId> pointIds(JsonNode v, String where, String op) {
        if (!v.isArray()) {
            throw Request.invalid(op, where + " must be an array of point ids");
        }
        List<PointId> ids = new ArrayList<>(v.size());
        for (JsonNode id : v) {
            ids.add(pointId(id, where, op));
        }
        return ids;
    }

    /**
     * A double that Qdrant can hold: JSON has no NaN or infinity, and a number past a double's range
     * (which JSON's grammar allows) would otherwise arrive as one.
     */
    static double finite(double d, String where, String op) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            throw Request.invalid(
                    op, where + " must be a finite number (no NaN, no infinity, none past a double's range)");
        }
        return d;
    }

    /** A float that Qdrant can hold: NaN, the infinities and numbers past a float's range (1e39) are refused. */
    static float finite(float f, String where, String op) {
        if (Float.isNaN(f) || Float.isInfinite(f)) {
            throw Request.invalid(
                    op, where + " must be a finite number (no NaN, no infinity, none past a float's range)");
        }
        return f;
    }

    static JsonWithInt.Value value(JsonNode v, String where, String op) {
        JsonWithInt.Value.Builder b = JsonWithInt.Value.newBuilder();
        if (v.isNull()) {
            b.setNullValue(NullValue.NULL_VALUE);
        } else if (v.isBoolean()) {
            b.setBoolValue(v.booleanValue());
        } else if (v.isIntegralNumber() && v.canConvertToLong()) {
            b.setIntegerValue(v.longValue());
        } else if (v.isNumber()) {
            b.setDoubleValue(finite(v.doubleValue(), where, op));
        } else if (v.isTextual()) {
            b.setStringValue(v.textValue());
        } else if (v.isArray()) {
            ListValue.Builder l = ListValue.newBuilder();
            for (JsonNode e : v) {
                l.addValues(value(e, where, op));
            }
            b.setListValue(l);
        } else {
            b.setStructValue(Struct.newBuilder().putAllFields(payload(v, where, op)));
        }
        return b.build();
    }

    static Map<String, JsonWithInt.Value> payload(JsonNode v, String where, String op) {
        if (!v.isObject()) {
            throw Request.invalid(op, where + " must be an object");
        }
        Map<String, JsonWithInt.Value> out = new LinkedHashMap<>();
        Iterator<Map.Entry<String, JsonNode>> it = v.properties().iterator();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            out.put(e.getKey(), value(e.getValue(), where, op));
        }
        return out;
    }

    static Filter filter(JsonNode v, String where, String op) {
        Body b = new Body(v, where, op);
        Filter.Builder f = Filter.newBuilder();
        b.opt("must").ifPresent(c -> f.addAllMust(conditions(c, where + ".must", op)));
        b.opt("should").ifPresent(c -> f.addAllShould(conditions(c, where + ".should", op)));
        b.opt("must_not").ifPresent(c -> f.addAllMustNot(conditions(c, where + ".must_not", op)));
        b.opt("min_should").ifPresent(m -> {
            Body mb = new Body(m, where + ".min_should", op);
            long count = mb.optCount("min_count")
                    .orElseThrow(() -> Request.invalid(op, where + ".min_should needs \"min_count\""));
            f.setMinShould(MinShould.newBuilder()
                    .addAllConditions(conditions(mb.required("conditions"), where + ".min_should.conditions", op))
                    .setMinCount(count));
            mb.done();
        });
        b.done();
        return f.build();
    }

    private static List<Condition> conditions(JsonNode v, String where, String op) {
        List<Condition> out = new ArrayList<>();
        if (v.isArray()) {
            for (JsonNode c : v) {
                out.add(condition(c, where, op));
            }
        } else {
            out.add(condition(v, where, op)); // REST takes one condition where it takes a list
        }
        return out;
    }

    static Condition condition(JsonNode v, String where, String op) {
        if (!v.isObject()) {
            throw Request.invalid(op, where + ": a condition is an object");
        }
        if (v.has("must") || v.has("should") || v.has("must_not") || v.has("min_should")) {
            return Condition.newBuilder().setFilter(filter(v, where, op)).build();
        }
        Body b = new Body(v, where, op);
        if (b.has("has_id")) {
            Condition c = Condition.newBuilder()
                    .setHasId(HasIdCondition.newBuilder()
                            .addAllHasId(pointIds(b.required("has_id"), where + ".has_id", op)))
                    .build();
            b.done();
            return c;
        }
        if (b.has("is_empty")) {
            String key = new Body(b.required("is_empty"), where + ".is_empty", op).text("key");
            b.done();
            return Condition.newBuilder()
                    .setIsEmpty(IsEmptyCondition.newBuilder().setKey(key))
                    .build();
        }
        if (b.has("is_null")) {
            String key = new Body(b.required("is_null"), where + ".is_null", op).text("key");
            b.done();
            return Condition.newBuilder()
                    .setIsNull(IsNullCondition.newBuilder().setKey(key))
                    .build();
        }
        if (b.has("nested")) {
            Body n = new Body(b.required("nested"), where + ".nested", op);
            NestedCondition nc = NestedCondition.newBuilder()
                    .setKey(n.text("key"))
                    .setFilter(filter(n.required("filter"), where + ".nested.filter", op))
                    .build();
            n.done();
            b.done();
            return Condition.newBuilder().setNested(nc).build();
        }
        FieldCondition.Builder fc = FieldCondition.newBuilder().setKey(b.text("key"));
        boolean any = false;
        if (b.opt("match").isPresent()) {
            fc.setMatch(match(b.required("match"), where + ".match", op));
            any = true;
        }
        if (b.opt("range").isPresent()) {
            Body r = new Body(b.required("range"), where + ".range", op);
            Range.Builder rb = Range.newBuilder();
            r.optNumber("gt").ifPresent(rb::setGt);
            r.optNumber("gte").ifPresent(rb::setGte);
            r.optNumber("lt").ifPresent(rb::setLt);
            r.optNumber("lte").ifPresent(rb::setLte);
            r.done();
            fc.setRange(rb);
            any = true;
        }
        b.done();
        if (!any) {
            throw Request.invalid(op, where + ": a field condition needs \"match\" or \"range\"");
        }
        return Condition.newBuilder().setField(fc).build();
    }

    private static Match match(JsonNode v, String where, String op) {
        Body b = new Body(v, where, op);
        Match.Builder m = Match.newBuilder();
        if (b.has("value")) {
            JsonNode x = b.required("value");
            if (x.isTextual()) {
                m.setKeyword(x.textValue());
            } else if (x.isIntegralNumber() && x.canConvertToLong()) {
                m.setInteger(x.longValue());
            } else if (x.isBoolean()) {
                m.setBoolean(x.booleanValue());
            } else {
                throw Request.invalid(op, where + ".value must be a string, an integer or a boolean");
            }
        } else if (b.has("any") || b.has("except")) {
            String name = b.has("any") ? "any" : "except";
            JsonNode list = b.required(name);
            if (!list.isArray() || list.isEmpty()) {
                throw Request.invalid(op, where + "." + name + " must be a non-empty array");
            }
            if (list.get(0).isTextual()) {
                RepeatedStrings s = RepeatedStrings.newBuilder()
                        .addAllStrings(Body.strings(list, where + "." + name, op))
                        .build();
                if (name.equals("any")) {
                    m.setKeywords(s);
                } else {
                    m.setExceptKeywords(s);
                }
            } else {
                RepeatedIntegers.Builder ints = RepeatedIntegers.newBuilder();
                for (JsonNode i : list) {
                    if (!i.isIntegralNumber() || !i.canConvertToLong()) {
                        throw Request.invalid(op, where + "." + name + " must hold strings or integers");
                    }
                    ints.addIntegers(i.longValue());
                }
                if (name.equals("any")) {
                    m.setIntegers(ints);
                } else {
                    m.setExceptIntegers(ints);
                }
            }
        } else if (b.has("text")) {
            m.setText(b.text("text"));
        } else if (b.has("phrase")) {
            m.setPhrase(b.text("phrase"));
        } else if (b.has("text_any")) {
            m.setTextAny(b.text("text_any"));
        } else {
            throw Request.invalid(
                    op, where + " needs \"value\", \"any\", \"except\", \"text\", \"phrase\" or \"text_any\"");
        }
        b.done();
        return m.build();
    }

    static WithPayloadSelector withPayload(JsonNode v, String where, String op) {
        if (v.isBoolean()) {
            return WithPayloadSelector.newBuilder().setEnable(v.booleanValue()).build();
        }
        if (v.isArray()) {
            return WithPayloadSelector.newBuilder()
                    .setInclude(PayloadIncludeSelector.newBuilder().addAllFields(Body.strings(v, where, op)))
                    .build();
        }
        Body b = new Body(v, where, op);
        WithPayloadSelector s;
        if (b.has("include")) {
            s = WithPayloadSelector.newBuilder()
                    .setInclude(PayloadIncludeSelector.newBuilder().addAllFields(b.strings("include")))
                    .build();
        } else if (b.has("exclude")) {
            s = WithPayloadSelector.newBuilder()
                    .setExclude(PayloadExcludeSelector.newBuilder().addAllFields(b.strings("exclude")))
                    .build();
        } else {
            throw Request.invalid(
                    op, where + " is true, false, a list of fields, {\"include\": […]} or {\"exclude\": […]}");
        }
        b.done();
        return s;
    }

    static WithVectorsSelector withVectors(JsonNode v, String where, String op) {
        if (v.isBoolean()) {
            return WithVectorsSelector.newBuilder().setEnable(v.booleanValue()).build();
        }
        return WithVectorsSelector.newBuilder()
                .setInclude(VectorsSelector.newBuilder().addAllNames(Body.strings(v, where, op)))
                .build();
    }

    static List<Float> dense(JsonNode v, String where, String op) {
        if (!v.isArray() || v.isEmpty()) {
            throw Request.invalid(op, where + " must be a non-empty array of numbers");
        }
        List<Float> out = new ArrayList<>(v.size());
        for (JsonNode x : v) {
            if (!x.isNumber()) {
                throw Request.invalid(op, where + " must be a non-empty array of numbers");
            }
            out.add(finite(x.floatValue(), where, op));
        }
        return out;
    }

    /** A point's vectors for a write: one unnamed dense vector, or an object of named ones. */
    static Vectors vectors(JsonNode v, String where, String op) {
        if (v.isArray()) {
            return Vectors.newBuilder().setVector(denseVector(v, where, op)).build();
        }
        if (!v.isObject()) {
            throw Request.invalid(op, where + " must be an array of numbers or an object of named vectors");
        }
        NamedVectors.Builder named = NamedVectors.newBuilder();
        Iterator<Map.Entry<String, JsonNode>> it = v.properties().iterator();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            named.putVectors(e.getKey(), denseVector(e.getValue(), where + "." + e.getKey(), op));
        }
        return Vectors.newBuilder().setVectors(named).build();
    }

    private static Vector denseVector(JsonNode v, String where, String op) {
        return Vector.newBuilder()
                .setDense(DenseVector.newBuilder().addAllData(dense(v, where, op)))
                .build();
    }

    /**
     * A query input: a point id (its vector), a dense vector, or one of the inference inputs
     * (a document {@code {"text", "model"}}, {@code {"image", "model"}}, {@code {"object", "model"}}),
     * which the guard refuses on a read-only path before this is reached.
     */
    static VectorInput vectorInput(JsonNode v, String where, String op) {
        if (v.isArray()) {
            return VectorInput.newBuilder()
                    .setDense(DenseVector.newBuilder().addAllData(dense(v, where, op)))
                    .build();
        }
        if (v.isIntegralNumber() || v.isTextual()) {
            return VectorInput.newBuilder().setId(pointId(v, where, op)).build();
        }
        Body b = new Body(v, where, op);
        VectorInput in;
        if (b.has("text")) {
            in = VectorInput.newBuilder()
                    .setDocument(Document.newBuilder()
                            .setText(b.text("text"))
                            .setModel(b.text("model"))
                            .putAllOptions(options(b)))
                    .build();
        } else if (b.has("image")) {
            in = VectorInput.newBuilder()
                    .setImage(Image.newBuilder()
                            .setImage(value(b.required("image"), where + ".image", op))
                            .setModel(b.text("model"))
                            .putAllOptions(options(b)))
                    .build();
        } else if (b.has("object")) {
            in = VectorInput.newBuilder()
                    .setObject(InferenceObject.newBuilder()
                            .setObject(value(b.required("object"), where + ".object", op))
                            .setModel(b.text("model"))
                            .putAllOptions(options(b)))
                    .build();
        } else {
            throw Request.invalid(op, where + " is a vector, a point id, or an inference input");
        }
        b.done();
        return in;
    }

    private static Map<String, JsonWithInt.Value> options(Body b) {
        return b.opt("options")
                .map(o -> payload(o, b.where() + ".options", b.op()))
                .orElse(Map.of());
    }

    /** The points a write names: {@code "points": [ids]} or {@code "filter": {…}}. */
    static PointsSelector selector(Body b) {
        boolean ids = b.has("points");
        boolean filter = b.has("filter");
        if (ids == filter) {
            throw Request.invalid(b.op(), b.where() + " names its points with either \"points\" (ids) or \"filter\"");
        }
        if (ids) {
            return PointsSelector.newBuilder()
                    .setPoints(PointsIdsList.newBuilder()
                            .addAllIds(pointIds(b.required("points"), b.where() + ".points", b.op())))
                    .build();
        }
        return PointsSelector.newBuilder()
                .setFilter(filter(b.required("filter"), b.where() + ".filter", b.op()))
                .build();
    }

    /** A search's vector: an array, or {@code {"name": …, "vector": […]}} for a named one. */
    static void vectorOrNamed(
            JsonNode v,
            String where,
            String op,
            java.util.function.Consumer<List<Float>> data,
            java.util.function.Consumer<String> name) {
        if (v.isArray()) {
            data.accept(dense(v, where, op));
            return;
        }
        Body b = new Body(v, where, op);
        name.accept(b.text("name"));
        data.accept(dense(b.required("vector"), where + ".vector", op));
        b.done();
    }

    /** A query's {@code query}: a nearest-neighbour input as such, or {@code {"nearest": input}}. */
    static io.qdrant.client.grpc.Points.Query query(JsonNode v, String where, String op) {
        if (v.isObject() && v.has("nearest")) {
            Body b = new Body(v, where, op);
            var q = io.qdrant.client.grpc.Points.Query.newBuilder()
                    .setNearest(vectorInput(b.required("nearest"), where + ".nearest", op))
                    .build();
            b.done();
            return q;
        }
        return io.qdrant.client.grpc.Points.Query.newBuilder()
                .setNearest(vectorInput(v, where, op))
                .build();
    }
}
