package dev.tobira.driver.dynamodb;

import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import dev.tobira.spi.CallDeadline;
import dev.tobira.spi.base.Catalog;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;
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
 * {@code describe} from {@code DescribeTable} plus a small sample.
 */
final class DynamoCatalog implements Catalog {
    private static final String SAMPLED = " (sampled)";

    private final DynamoSession session;

    DynamoCatalog(DynamoSession session) {
        this.session = session;
    }

    @Override
    public List<String> namespaces() {
        return List.of(namespace());
    }

    String namespace() {
        return session.target().region();
    }

    /** Accepts the empty namespace and the connection's own; anything else is NOT_FOUND. */
    void requireNamespace(String namespace, String op) {
        if (!namespace.isEmpty() && !namespace.equals(namespace())) {
            throw DriverException.of(
                    ErrorKind.NOT_FOUND,
                    DynamoDriver.NAME,
                    op,
                    "no namespace " + Display.name(namespace) + ": a DynamoDB connection has one, its region "
                            + namespace());
        }
    }

    @Override
    public List<CollectionRef> collections(Optional<String> namespace) {
        requireNamespace(namespace.orElse(""), "collections");
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
                out.add(CollectionRef.of(namespace(), t));
            }
            from = resp.lastEvaluatedTableName();
        } while (from != null && !from.isEmpty());
        return out;
    }

    @Override
    public CollectionInfo describe(CollectionRef ref) {
        requireNamespace(ref.namespace().orElse(""), "describe");
        TableDescription t = session.table(ref.name(), CallDeadline.NONE, "describe");
        Map<String, Value.Kind> seen = new TreeMap<>();
        int size = session.target().describeSample();
        if (size > 0) {
            ScanRequest sampleReq =
                    ScanRequest.builder().tableName(ref.name()).limit(size).build();
            ScanResponse sample = session.call("describe", c -> c.scan(sampleReq));
            for (Map<String, AttributeValue> item : sample.items()) {
                item.forEach((k, v) -> seen.merge(k, Items.value(v).kind(), (a, b) -> a == b ? a : merge(a, b)));
            }
        }
        List<String> primaryKey = new ArrayList<>();
        for (KeySchemaElement k : t.keySchema()) {
            primaryKey.add(k.attributeName());
        }
        Map<String, Column> fields = new LinkedHashMap<>();
        Map<String, String> defined = new LinkedHashMap<>();
        for (AttributeDefinition d : t.attributeDefinitions()) {
            defined.put(d.attributeName(), d.attributeTypeAsString());
        }
        for (String k : primaryKey) {
            fields.put(k, definedField(k, defined.get(k), seen.get(k), false));
        }
        defined.forEach((name, type) -> fields.computeIfAbsent(name, n -> definedField(n, type, seen.get(n), true)));
        seen.forEach((name, kind) ->
                fields.computeIfAbsent(name, n -> Column.of(n, kind, nativeOf(kind) + SAMPLED, true)));
        List<CollectionInfo.Index> indexes = new ArrayList<>();
        for (GlobalSecondaryIndexDescription g : t.globalSecondaryIndexes()) {
            indexes.add(new CollectionInfo.Index(g.indexName(), names(g.keySchema()), false));
        }
        for (LocalSecondaryIndexDescription l : t.localSecondaryIndexes()) {
            indexes.add(new CollectionInfo.Index(l.indexName(), names(l.keySchema()), false));
        }
        return new CollectionInfo(
                CollectionRef.of(namespace(), ref.name()),
                "table",
                List.copyOf(fields.values()),
                primaryKey,
                List.of(),
                indexes);
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

    private static Column definedField(
            String name, @Nullable String type, Value.@Nullable Kind seen, boolean nullable) {
        Value.Kind kind = seen != null && seen != Value.Kind.NULL
                ? seen
                : "S".equals(type) ? Value.Kind.TEXT : "B".equals(type) ? Value.Kind.BYTES : Value.Kind.DECIMAL;
        return type == null || type.isEmpty()
                ? Column.of(name, kind).withNullable(nullable)
                : Column.of(name, kind, type, nullable);
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
}
