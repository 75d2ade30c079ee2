package dev.tobira.driver.qdrant;

import dev.tobira.api.Column;
import dev.tobira.api.Row;
import dev.tobira.api.RowView;
import dev.tobira.api.Value;
import io.qdrant.client.grpc.Common.PointId;
import io.qdrant.client.grpc.JsonWithInt;
import io.qdrant.client.grpc.Points.RetrievedPoint;
import io.qdrant.client.grpc.Points.ScoredPoint;
import io.qdrant.client.grpc.Points.VectorOutput;
import io.qdrant.client.grpc.Points.VectorsOutput;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * Points as rows: {@code id} ({@code Int} or {@code Uuid}), {@code score} for a scored search,
 * {@code vector} when vectors were asked for (a {@code Vector}, or a {@code Doc} of named vectors),
 * then each payload field as a column of its own. The columns are fixed from the first page of a
 * result: its payload fields in first-seen order, each of the kind of its first non-null value. When
 * more pages follow, a last column {@value #OTHER} holds, as a {@code Doc}, the payload fields of a
 * point that no column names ({@code NULL} when there are none): a field first seen on a later page
 * is never dropped. A point without a column's field has NULL there, and a payload field named
 * {@code id}, {@code score}, {@code vector} or {@value #OTHER} is the column {@code payload.<name>}.
 */
final class PointRows {
    static final String ID = "id";
    static final String SCORE = "score";
    static final String VECTOR = "vector";
    static final String OTHER = "*";

    private final List<Column> columns;
    private final boolean scored;
    private final boolean vectors;
    private final Map<String, Integer> payloadIndex;
    private final boolean other;
    /** The payload field of each column, null for the fixed ones and {@value #OTHER}. */
    private final String[] keys;
    /** The first payload column, and how many there are. */
    private final int base;

    private final int payloadColumns;

    private PointRows(
            List<Column> columns, boolean scored, boolean vectors, Map<String, Integer> payloadIndex, boolean other) {
        this.columns = columns;
        this.scored = scored;
        this.vectors = vectors;
        this.payloadIndex = payloadIndex;
        this.other = other;
        this.keys = new String[columns.size()];
        payloadIndex.forEach((k, i) -> keys[i] = k);
        this.base = (scored ? 2 : 1) + (vectors ? 1 : 0);
        this.payloadColumns = payloadIndex.size();
    }

    /**
     * The column of a payload field, the {@code j}-th of its point: points mostly list their fields
     * in the same order, so the column of the same position is tried first (one comparison of
     * strings instead of hashing a name each new reply parsed afresh); -1 for a field no column names.
     */
    private int column(String key, int j) {
        if (j < payloadColumns && keys[base + j].equals(key)) {
            return base + j;
        }
        Integer i = payloadIndex.get(key);
        return i == null ? -1 : i;
    }

    /** The layout of retrieved points (scroll, retrieve), from the first page. */
    static PointRows ofRetrieved(List<RetrievedPoint> page, boolean withVectors) {
        return ofRetrieved(page, withVectors, false);
    }

    /** As {@link #ofRetrieved(List, boolean)}, with the column {@value #OTHER} when more pages follow. */
    static PointRows ofRetrieved(List<RetrievedPoint> page, boolean withVectors, boolean morePages) {
        List<Map<String, JsonWithInt.Value>> payloads = new ArrayList<>(page.size());
        PointId firstId = null;
        VectorsOutput firstVectors = null;
        for (RetrievedPoint p : page) {
            payloads.add(p.getPayloadMap());
            if (firstId == null) {
                firstId = p.getId();
                firstVectors = p.hasVectors() ? p.getVectors() : null;
            }
        }
        return layout(payloads, firstId, firstVectors, false, withVectors, morePages);
    }

    /** The layout of scored points (search, query). */
    static PointRows ofScored(List<ScoredPoint> page, boolean withVectors) {
        List<Map<String, JsonWithInt.Value>> payloads = new ArrayList<>(page.size());
        PointId firstId = null;
        VectorsOutput firstVectors = null;
        for (ScoredPoint p : page) {
            payloads.add(p.getPayloadMap());
            if (firstId == null) {
                firstId = p.getId();
                firstVectors = p.hasVectors() ? p.getVectors() : null;
            }
        }
        return layout(payloads, firstId, firstVectors, true, withVectors, false);
    }

    private static PointRows layout(
            List<Map<String, JsonWithInt.Value>> payloads,
            @Nullable PointId firstId,
            @Nullable VectorsOutput firstVectors,
            boolean scored,
            boolean withVectors,
            boolean other) {
        List<Column> cols = new ArrayList<>();
        Value.Kind idKind = firstId != null && firstId.hasUuid() ? Value.Kind.UUID : Value.Kind.INT;
        cols.add(Column.of(ID, idKind, "point id", false));
        if (scored) {
            cols.add(Column.of(SCORE, Value.Kind.FLOAT, "score", false));
        }
        if (withVectors) {
            boolean named = firstVectors != null && firstVectors.hasVectors();
            cols.add(Column.of(
                    VECTOR, named ? Value.Kind.DOC : Value.Kind.VECTOR, named ? "named vectors" : "vector", true));
        }
        Map<String, Value.Kind> kinds = new LinkedHashMap<>();
        Map<String, Boolean> nullable = new HashMap<>();
        for (Map<String, JsonWithInt.Value> payload : payloads) {
            for (Map.Entry<String, JsonWithInt.Value> e : payload.entrySet()) {
                Value.Kind k = kind(e.getValue());
                Value.Kind known = kinds.get(e.getKey());
                if (known == null || known == Value.Kind.NULL) {
                    kinds.put(e.getKey(), k);
                }
                if (k == Value.Kind.NULL) {
                    nullable.put(e.getKey(), true);
                }
            }
        }
        Map<String, Integer> index = new HashMap<>();
        for (Map.Entry<String, Value.Kind> e : kinds.entrySet()) {
            String name = e.getKey();
            String column = name.equals(ID) || name.equals(SCORE) || name.equals(VECTOR) || name.equals(OTHER)
                    ? "payload." + name
                    : name;
            boolean everywhere = payloads.stream().allMatch(p -> p.containsKey(name));
            index.put(name, cols.size());
            cols.add(Column.of(
                    column,
                    e.getValue(),
                    "payload " + e.getValue().name().toLowerCase(java.util.Locale.ROOT),
                    !everywhere || nullable.containsKey(name)));
        }
        if (other) {
            cols.add(Column.of(OTHER, Value.Kind.DOC, "payload fields no column names", true));
        }
        return new PointRows(List.copyOf(cols), scored, withVectors, index, other);
    }

    List<Column> columns() {
        return columns;
    }

    Row row(RetrievedPoint p) {
        Value[] values = start();
        values[0] = id(p.getId());
        if (vectors) {
            values[1] = p.hasVectors() ? vectors(p.getVectors()) : Value.NULL;
        }
        fill(values, p.getPayloadMap());
        return Row.of(columns, values);
    }

    Row row(ScoredPoint p) {
        Value[] values = start();
        values[0] = id(p.getId());
        values[1] = Value.of((double) p.getScore());
        if (vectors) {
            values[2] = p.hasVectors() ? vectors(p.getVectors()) : Value.NULL;
        }
        fill(values, p.getPayloadMap());
        return Row.of(columns, values);
    }

    /**
     * A view of one retrieved point at a time, reused for every row of {@code forEachRow}: each cell
     * is read from the point when asked for, with no row built.
     */
    final class View implements RowView {
        private final JsonWithInt.Value[] cells = new JsonWithInt.Value[keys.length];
        // set by at() before any read: the view is handed out only after standing at a point
        @SuppressWarnings("NullAway.Init")
        private RetrievedPoint point;

        private @Nullable Map<String, Value> rest;

        /** Stands at a point: one pass over its payload finds each field's column; values are made when read. */
        View at(RetrievedPoint p) {
            this.point = p;
            java.util.Arrays.fill(cells, null);
            rest = null;
            int j = 0;
            for (Map.Entry<String, JsonWithInt.Value> e : p.getPayloadMap().entrySet()) {
                int col = column(e.getKey(), j++);
                if (col >= 0) {
                    cells[col] = e.getValue();
                } else if (other) {
                    if (rest == null) {
                        rest = new LinkedHashMap<>();
                    }
                    rest.put(e.getKey(), value(e.getValue()));
                }
            }
            return this;
        }

        @Override
        public List<Column> columns() {
            return columns;
        }

        @Override
        public int size() {
            return keys.length;
        }

        @Override
        public Value get(int index) {
            if (keys[index] != null) {
                JsonWithInt.Value v = cells[index];
                return v == null ? Value.NULL : value(v);
            }
            if (index == 0) {
                return id(point.getId());
            }
            if (vectors && index == 1) {
                return point.hasVectors() ? vectors(point.getVectors()) : Value.NULL;
            }
            if (other && index == keys.length - 1) {
                return rest == null ? Value.NULL : new Value.Doc(rest);
            }
            throw new IndexOutOfBoundsException("no column " + index + " in a row of " + keys.length);
        }

        @Override
        public Row toRow() {
            return row(point);
        }
    }

    private Value[] start() {
        Value[] values = new Value[columns.size()];
        java.util.Arrays.fill(values, Value.NULL);
        return values;
    }

    private void fill(Value[] values, Map<String, JsonWithInt.Value> payload) {
        Map<String, Value> rest = null;
        int j = 0;
        for (Map.Entry<String, JsonWithInt.Value> e : payload.entrySet()) {
            int i = column(e.getKey(), j++);
            if (i >= 0) {
                values[i] = value(e.getValue());
            } else if (other) {
                if (rest == null) {
                    rest = new LinkedHashMap<>();
                }
                rest.put(e.getKey(), value(e.getValue()));
            }
        }
        if (rest != null) {
            values[values.length - 1] = new Value.Doc(rest);
        }
    }

    boolean scored() {
        return scored;
    }

    static Value id(PointId id) {
        if (id.hasUuid()) {
            try {
                return Value.of(UUID.fromString(id.getUuid()));
            } catch (IllegalArgumentException e) {
                return Value.of(id.getUuid());
            }
        }
        return Value.of(id.getNum());
    }

    static Value vectors(VectorsOutput v) {
        if (v.hasVector()) {
            return vector(v.getVector());
        }
        Map<String, Value> named = new LinkedHashMap<>();
        v.getVectors().getVectorsMap().entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> named.put(e.getKey(), vector(e.getValue())));
        return new Value.Doc(named);
    }

    @SuppressWarnings("deprecation") // servers before 1.13 fill only the deprecated data field
    static Value vector(VectorOutput v) {
        List<Float> data = v.hasDense() ? v.getDense().getDataList() : v.getDataList();
        float[] out = new float[data.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = data.get(i);
        }
        return new Value.Vector(out);
    }

    static Value value(JsonWithInt.Value v) {
        switch (v.getKindCase()) {
            case BOOL_VALUE:
                return Value.of(v.getBoolValue());
            case INTEGER_VALUE:
                return Value.of(v.getIntegerValue());
            case DOUBLE_VALUE:
                return Value.of(v.getDoubleValue());
            case STRING_VALUE:
                return Value.of(v.getStringValue());
            case LIST_VALUE: {
                List<Value> items = new ArrayList<>(v.getListValue().getValuesCount());
                for (JsonWithInt.Value x : v.getListValue().getValuesList()) {
                    items.add(value(x));
                }
                return new Value.Array(items);
            }
            case STRUCT_VALUE: {
                Map<String, Value> fields = new LinkedHashMap<>();
                v.getStructValue().getFieldsMap().forEach((k, x) -> fields.put(k, value(x)));
                return new Value.Doc(fields);
            }
            default:
                return Value.NULL;
        }
    }

    static Value.Kind kind(JsonWithInt.Value v) {
        switch (v.getKindCase()) {
            case BOOL_VALUE:
                return Value.Kind.BOOL;
            case INTEGER_VALUE:
                return Value.Kind.INT;
            case DOUBLE_VALUE:
                return Value.Kind.FLOAT;
            case STRING_VALUE:
                return Value.Kind.TEXT;
            case LIST_VALUE:
                return Value.Kind.ARRAY;
            case STRUCT_VALUE:
                return Value.Kind.DOC;
            default:
                return Value.Kind.NULL;
        }
    }
}
