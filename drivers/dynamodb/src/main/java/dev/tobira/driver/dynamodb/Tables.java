package dev.tobira.driver.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Page;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.spi.CallDeadline;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.ListTablesRequest;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * The catalogue: the one namespace (the region), the tables ({@code ListTables}, every page),
 * {@code describe} from {@code DescribeTable} plus a small sample, and the browser's pages.
 */
final class Tables {
    private static final String SAMPLED = " (sampled)";

    private final Session session;

    Tables(Session session) {
        this.session = session;
    }

    String namespace() {
        return session.target().region();
    }

    /** Accepts the empty namespace and the connection's own; anything else is NOT_FOUND. */
    void requireNamespace(String namespace, String op) {
        if (!namespace.isEmpty() && !namespace.equals(namespace())) {
            throw DriverException.of(ErrorKind.NOT_FOUND, DynamoDriver.NAME, op, "no namespace " + Display.name(namespace)
                    + ": a DynamoDB connection has one, its region " + namespace());
        }
    }

    List<CollectionRef> collections(String namespace) {
        requireNamespace(namespace, "collections");
        List<CollectionRef> out = new ArrayList<>();
        String from = null;
        do {
            ListTablesRequest.Builder b = ListTablesRequest.builder();
            if (from != null) {
                b.exclusiveStartTableName(from);
            }
            ListTablesRequest req = b.build();
            ListTablesResponse resp = session.call("collections", c -> c.listTables(req));
            for (String t : resp.tableNames()) {
                out.add(new CollectionRef(namespace(), t));
            }
            from = resp.lastEvaluatedTableName();
        } while (from != null && !from.isEmpty());
        return out;
    }

    CollectionInfo describe(CollectionRef ref) {
        requireNamespace(ref.namespace(), "describe");
        TableDescription t = session.table(ref.name(), CallDeadline.NONE, "describe");
        Map<String, Value.Kind> seen = new TreeMap<>();
        int size = session.target().describeSample();
        if (size > 0) {
            ScanRequest sampleReq = ScanRequest.builder().tableName(ref.name()).limit(size).build();
            ScanResponse sample = session.call("describe", c -> c.scan(sampleReq));
            for (Map<String, AttributeValue> item : sample.items()) {
                item.forEach((k, v) -> seen.merge(k, Items.value(v).kind(), (a, b) -> a == b ? a : merge(a, b)));
            }
        }
        List<String> primaryKey = new ArrayList<>();
        for (KeySchemaElement k : t.keySchema()) {
            primaryKey.add(k.attributeName());
        }
        Map<String, CollectionInfo.Field> fields = new LinkedHashMap<>();
        Map<String, String> defined = new LinkedHashMap<>();
        for (AttributeDefinition d : t.attributeDefinitions()) {
            defined.put(d.attributeName(), d.attributeTypeAsString());
        }
        for (String k : primaryKey) {
            fields.put(k, definedField(k, defined.get(k), seen.get(k), false));
        }
        defined.forEach((name, type) -> fields.computeIfAbsent(name, n -> definedField(n, type, seen.get(n), true)));
        seen.forEach((name, kind) -> fields.computeIfAbsent(name,
                n -> new CollectionInfo.Field(n, nativeOf(kind) + SAMPLED, kind, true)));
        List<CollectionInfo.Index> indexes = new ArrayList<>();
        for (GlobalSecondaryIndexDescription g : t.globalSecondaryIndexes()) {
            indexes.add(new CollectionInfo.Index(g.indexName(), names(g.keySchema()), false));
        }
        for (LocalSecondaryIndexDescription l : t.localSecondaryIndexes()) {
            indexes.add(new CollectionInfo.Index(l.indexName(), names(l.keySchema()), false));
        }
        return new CollectionInfo(new CollectionRef(namespace(), ref.name()), "table", List.copyOf(fields.values()),
                primaryKey, List.of(), indexes);
    }

    private static Value.Kind merge(Value.Kind a, Value.Kind b) {
        if (a == Value.Kind.NULL) {
            return b;
        }
        if (b == Value.Kind.NULL) {
            return a;
        }
        if ((a == Value.Kind.INT || a == Value.Kind.DECIMAL) && (b == Value.Kind.INT || b == Value.Kind.DECIMAL)) {
            return Value.Kind.DECIMAL;
        }
        return a; // an attribute of several types: the first type seen names it
    }

    private static CollectionInfo.Field definedField(String name, String type, Value.Kind seen, boolean nullable) {
        Value.Kind kind = seen != null && seen != Value.Kind.NULL ? seen
                : "S".equals(type) ? Value.Kind.TEXT : "B".equals(type) ? Value.Kind.BYTES : Value.Kind.DECIMAL;
        return new CollectionInfo.Field(name, type == null ? "" : type, kind, nullable);
    }

    private static String nativeOf(Value.Kind kind) {
        switch (kind) {
            case TEXT:
                return "S";
            case INT:
            case DECIMAL:
                return "N";
            case BYTES:
                return "B";
            case BOOL:
                return "BOOL";
            case DOC:
                return "M";
            case ARRAY:
                return "L";
            default:
                return "NULL";
        }
    }

    private static List<String> names(List<KeySchemaElement> keys) {
        List<String> out = new ArrayList<>();
        for (KeySchemaElement k : keys) {
            out.add(k.attributeName());
        }
        return out;
    }

    /** One page of a Scan; the cursor is the page's LastEvaluatedKey, as base64url JSON in the AWS shape. */
    Page browse(CollectionRef ref, String cursor, int size, Executor executor) {
        requireNamespace(ref.namespace(), "browse");
        ScanRequest.Builder b = ScanRequest.builder().tableName(ref.name()).limit(size);
        if (!cursor.isEmpty()) {
            b.exclusiveStartKey(decode(cursor));
        }
        ScanRequest req = b.build();
        ScanResponse resp = session.call("browse", c -> c.scan(req));
        List<String> keys = executor.keys(ref.name(), CallDeadline.NONE);
        List<Row> rows = new ArrayList<>();
        try (ResultSet rs = ItemResultSet.start(session, d -> new ItemPage(resp.items(), false), keys, CallDeadline.NONE, 0,
                System.nanoTime(), "browse", x -> { })) {
            while (rs.hasNext()) {
                rows.add(rs.next());
            }
            String next = resp.hasLastEvaluatedKey() && !resp.lastEvaluatedKey().isEmpty() ? encode(resp.lastEvaluatedKey()) : "";
            return new Page(rs.columns(), rows, next);
        }
    }

    static String encode(Map<String, AttributeValue> key) {
        ObjectNode root = Command.JSON.createObjectNode();
        new TreeMap<>(key).forEach((name, v) -> {
            ObjectNode a = root.putObject(name);
            if (v.s() != null) {
                a.put("S", v.s());
            } else if (v.n() != null) {
                a.put("N", v.n());
            } else if (v.b() != null) {
                a.put("B", Base64.getEncoder().encodeToString(v.b().asByteArrayUnsafe()));
            }
        });
        return Base64.getUrlEncoder().withoutPadding().encodeToString(root.toString().getBytes(StandardCharsets.UTF_8));
    }

    static Map<String, AttributeValue> decode(String cursor) {
        try {
            JsonNode root = Command.JSON.readTree(Base64.getUrlDecoder().decode(cursor));
            Map<String, AttributeValue> key = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> e : root.properties()) {
                JsonNode v = e.getValue();
                if (v.size() != 1) {
                    throw badCursor();
                }
                if (v.has("S")) {
                    key.put(e.getKey(), AttributeValue.fromS(v.get("S").asText()));
                } else if (v.has("N")) {
                    key.put(e.getKey(), AttributeValue.fromN(v.get("N").asText()));
                } else if (v.has("B")) {
                    key.put(e.getKey(), AttributeValue.fromB(SdkBytes.fromByteArray(Base64.getDecoder().decode(v.get("B").asText()))));
                } else {
                    throw badCursor();
                }
            }
            if (key.isEmpty()) {
                throw badCursor();
            }
            return key;
        } catch (java.io.IOException | IllegalArgumentException e) {
            throw badCursor();
        }
    }

    private static DriverException badCursor() {
        return DriverException.of(ErrorKind.INVALID_ARGUMENT, DynamoDriver.NAME, "browse",
                "the cursor is not one this driver's browse returned");
    }
}
